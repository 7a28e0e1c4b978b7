import type { FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { FieldErrors } from '~/components/ui/forms'

/**
 * A fieldset of radios named after the field: the legend asks, each option may carry a hint. Written out
 * (like the allergen checkboxes) rather than with Conform's collection helpers, to keep the forms chunk small.
 */
export function RadioGroupField({
	meta,
	legend,
	hint,
	options,
}: {
	meta: FieldMetadata<string | undefined>
	legend: ReactNode
	hint?: ReactNode
	options: ReadonlyArray<{ value: string; label: string; hint?: string }>
}) {
	const hintId = `${meta.id}-hint`
	// After a refused save, what was chosen; else the saved value.
	const chosen = typeof meta.initialValue === 'string' ? meta.initialValue : undefined
	return (
		<fieldset
			className="mb-3"
			aria-describedby={
				[hint ? hintId : null, meta.errors ? meta.errorId : null].filter(Boolean).join(' ') || undefined
			}
		>
			<legend className="font-semibold">{legend}</legend>
			{hint ? (
				<p id={hintId} className="text-sm text-cocoa/80">
					{hint}
				</p>
			) : null}
			<div key={meta.key} className="mt-2 grid gap-1">
				{options.map((option) => {
					const id = `${meta.id}-${option.value}`
					return (
						<div key={option.value} className="flex items-start gap-2">
							<input
								type="radio"
								id={id}
								name={meta.name}
								value={option.value}
								form={meta.formId}
								defaultChecked={chosen === option.value}
								aria-describedby={option.hint ? `${id}-hint` : undefined}
								className="mt-1 h-5 w-5 accent-cinnamon"
							/>
							<div>
								<label htmlFor={id}>{option.label}</label>
								{option.hint ? (
									<p id={`${id}-hint`} className="text-sm text-cocoa/80">
										{option.hint}
									</p>
								) : null}
							</div>
						</div>
					)
				})}
			</div>
			<FieldErrors id={meta.errorId} errors={meta.errors} />
		</fieldset>
	)
}
