import { Link } from '@remix-run/react'
import type { CakeRequestStatus } from '~/generated/prisma/enums'
import { statusLabels } from '~/domain/cake-quotes/cake-quote'
import { formatPrice } from '~/utils/money'
import { formatPickupDate, formatWallTime } from '~/domain/pickup/pickup-display'
import { wallTimeOf } from '~/domain/pickup/pickup-schedule'

export interface DayCake {
	id: string
	name: string
	phone: string
	type: string
	size: string
	message: string
	quoteNotes: string
	status: CakeRequestStatus
	pickupAt: Date | null
	quoteCents: number | null
	paidCents: number
}

/** The day's booked custom cakes (the owner's day view and prep list): time, cake, what the customer asked, what is owed. */
export function DayCakes({
	cakes,
	date,
	timeZone,
	headingLevel,
}: {
	cakes: ReadonlyArray<DayCake>
	date: string
	timeZone: string
	headingLevel: 2 | 3
}) {
	const Heading = `h${headingLevel}` as const
	const ItemHeading = `h${headingLevel + 1}` as 'h3' | 'h4'
	return (
		<section aria-labelledby="day-cakes-heading" className="mt-8">
			<Heading id="day-cakes-heading" className="font-display text-2xl font-bold">
				Custom cakes on {formatPickupDate(date)}
			</Heading>
			{cakes.length === 0 ? (
				<p className="mt-2">No custom cakes to collect that day.</p>
			) : (
				<ol className="mt-3 grid gap-4" aria-label={`Custom cakes by pickup time, ${formatPickupDate(date)}`}>
					{cakes.map((cake) => (
						<li key={cake.id} className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
							<ItemHeading className="font-display text-xl font-bold">
								{cake.pickupAt ? formatWallTime(wallTimeOf(cake.pickupAt, timeZone)) : ''} — {cake.type}, {cake.size}
							</ItemHeading>
							<p>
								For {cake.name} ({cake.phone}) · {statusLabels[cake.status]} ·{' '}
								{cake.quoteCents !== null && cake.quoteCents > cake.paidCents
									? `${formatPrice(cake.quoteCents - cake.paidCents)} to collect`
									: 'nothing to collect'}
							</p>
							{cake.message ? <p className="mt-2 whitespace-pre-line break-words">Asked: {cake.message}</p> : null}
							{cake.quoteNotes ? (
								<p className="mt-1 whitespace-pre-line break-words">Agreed: {cake.quoteNotes}</p>
							) : null}
							<p className="mt-2">
								<Link to={`/admin/custom-cakes/${cake.id}`} className="font-semibold underline underline-offset-4">
									Open the request<span className="sr-only"> from {cake.name}</span>
								</Link>
							</p>
						</li>
					))}
				</ol>
			)}
		</section>
	)
}
