import { getInputProps, type FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { FieldErrors } from '~/components/ui/forms'

export function CheckboxField({
	meta,
	label,
	hint,
}: {
	meta: FieldMetadata<boolean | undefined>
	label: ReactNode
	hint?: ReactNode
}) {
	const inputProps = getInputProps(meta, { type: 'checkbox', ariaAttributes: true })
	const hintId = `${meta.id}-hint`
	return (
		<div className="mb-2">
			<div className="flex items-start gap-3">
				<input
					{...inputProps}
					key={inputProps.key}
					aria-describedby={
						[hint ? hintId : null, inputProps['aria-describedby']].filter(Boolean).join(' ') || undefined
					}
					className="mt-1 h-5 w-5 shrink-0 accent-cinnamon"
				/>
				<div>
					<label htmlFor={meta.id} className="font-semibold">
						{label}
					</label>
					{hint ? (
						<p id={hintId} className="text-sm text-cocoa/80">
							{hint}
						</p>
					) : null}
				</div>
			</div>
			<FieldErrors id={meta.errorId} errors={meta.errors} />
		</div>
	)
}
