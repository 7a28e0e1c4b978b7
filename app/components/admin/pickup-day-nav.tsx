import { Form, Link } from '@remix-run/react'
import { secondaryButtonClass } from './admin-ui'

export interface DayTab {
	to: string
	label: string
	current: boolean
}

/** The owner's day screens (orders, prep list): Today / Tomorrow links as pills. */
export function DayTabs({ label, tabs }: { label: string; tabs: DayTab[] }) {
	return (
		<nav aria-label={label}>
			<ul className="flex flex-wrap gap-2">
				{tabs.map((tab) => (
					<li key={tab.label}>
						<Link
							to={tab.to}
							aria-current={tab.current ? 'page' : undefined}
							className={`inline-block rounded-full border border-cocoa px-4 py-1.5 font-semibold ${
								tab.current ? 'bg-cocoa text-cream' : 'hover:bg-dough'
							}`}
						>
							{tab.label}
						</Link>
					</li>
				))}
			</ul>
		</nav>
	)
}

/** Any other day: a GET form (`?date=YYYY-MM-DD`), so it works without JavaScript. */
export function PickupDateForm({ id, date, label = 'Pickup date' }: { id: string; date: string; label?: string }) {
	return (
		<Form method="get" className="flex flex-wrap items-end gap-2">
			<div>
				<label htmlFor={id} className="block font-semibold">
					{label}
				</label>
				<input
					id={id}
					type="date"
					name="date"
					required
					defaultValue={date}
					key={date}
					className="mt-1 rounded-lg border border-cocoa/30 bg-white px-3 py-2"
				/>
			</div>
			<button type="submit" className={secondaryButtonClass}>
				Show day
			</button>
		</Form>
	)
}
