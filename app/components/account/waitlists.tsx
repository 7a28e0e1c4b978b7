import { Form } from '@remix-run/react'
import { outlineButtonClass } from '~/components/ui/button-classes'
import { formatPickupDateLong } from '~/domain/pickup/pickup-display'
import { useLocale, useT } from '~/utils/i18n-react'

export interface AccountWaitlist {
	id: string
	item: string
	pickupDate: string
	quantity: number
	/** Null: a place is held for them now (its link is in their mail). */
	position: number | null
}

/** The items and days the customer waits for (decision 091), each with its place and a way out of the line. */
export function AccountWaitlists({ waitlists }: { waitlists: readonly AccountWaitlist[] }) {
	const t = useT()
	const locale = useLocale()
	return (
		<section aria-labelledby="waitlists-heading" id="waitlists">
			<h2 id="waitlists-heading" className="font-display text-3xl font-bold">
				{t('account.waitlistsHeading')}
			</h2>
			<ul className="mt-4 grid gap-4">
				{waitlists.map((entry) => (
					<li key={entry.id} className="rounded-2xl bg-white p-4 shadow ring-1 ring-dough">
						<p className="font-semibold">
							{t('account.waitlistLine', {
								quantity: entry.quantity,
								item: entry.item,
								date: formatPickupDateLong(entry.pickupDate, locale),
							})}
						</p>
						{entry.position === null ? (
							<p>{t('account.waitlistOffered')}</p>
						) : (
							<>
								<p>{t('account.waitlistPosition', { position: entry.position })}</p>
								<Form method="post" className="mt-2">
									<input type="hidden" name="entryId" value={entry.id} />
									<button type="submit" name="intent" value="leave-waitlist" className={outlineButtonClass}>
										{t('account.waitlistLeave', { item: entry.item })}
									</button>
								</Form>
							</>
						)}
					</li>
				))}
			</ul>
		</section>
	)
}
