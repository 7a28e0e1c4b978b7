import { Form } from '@remix-run/react'
import { secondaryButtonClass } from './admin-ui'

/** A list screen's filter by status: a GET form, so the filtered list has its own address (and works without JavaScript). */
export function StatusFilterForm({
	id,
	label,
	everything,
	current,
	options,
	className,
}: {
	id: string
	label: string
	/** The choice that shows every row, e.g. 'All orders'. */
	everything: string
	current: string | undefined
	options: ReadonlyArray<{ value: string; label: string }>
	className?: string
}) {
	return (
		<Form method="get" className={`flex flex-wrap items-end gap-2 ${className ?? ''}`}>
			<div>
				<label htmlFor={id} className="block font-semibold">
					{label}
				</label>
				<select
					id={id}
					name="status"
					defaultValue={current ?? ''}
					key={current ?? ''}
					className="mt-1 rounded-lg border border-cocoa/30 bg-white px-3 py-2"
				>
					<option value="">{everything}</option>
					{options.map(({ value, label: text }) => (
						<option key={value} value={value}>
							{text}
						</option>
					))}
				</select>
			</div>
			<button type="submit" className={secondaryButtonClass}>
				Filter
			</button>
		</Form>
	)
}
