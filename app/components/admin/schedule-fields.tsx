import { getInputProps, type FieldMetadata } from '@conform-to/react'
import type { ComponentProps, ReactNode } from 'react'
import { FieldErrors } from '~/components/ui/forms'

const controlClass =
	'mt-1 block w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2 text-cocoa shadow-sm focus:border-cinnamon aria-[invalid=true]:border-red-700'

/**
 * A labelled date, time or number input for the pickup schedule forms (the shared TextField has no
 * date or time type), with its hint and errors linked by aria-describedby.
 */
export function ScheduleInput({
	meta,
	label,
	hint,
	type,
	...props
}: {
	meta: FieldMetadata<unknown>
	label: ReactNode
	hint?: ReactNode
	type: 'date' | 'time' | 'number'
} & Omit<ComponentProps<'input'>, 'type' | 'name' | 'id' | 'defaultValue'>) {
	const inputProps = getInputProps(meta as FieldMetadata<string>, { type, ariaAttributes: true })
	const hintId = `${meta.id}-hint`
	const describedBy = [hint ? hintId : null, inputProps['aria-describedby']].filter(Boolean).join(' ') || undefined
	return (
		<div className="mb-2">
			<label htmlFor={meta.id} className="block font-semibold">
				{label}
			</label>
			{hint ? (
				<p id={hintId} className="text-sm text-cocoa/80">
					{hint}
				</p>
			) : null}
			<input {...inputProps} {...props} key={inputProps.key} aria-describedby={describedBy} className={controlClass} />
			<FieldErrors id={meta.errorId} errors={meta.errors} />
		</div>
	)
}
