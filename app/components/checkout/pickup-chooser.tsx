import { useEffect, useId, useState } from 'react'
import { FieldErrors } from '~/components/ui/forms'
import { formatPickupDate, formatPickupDateLong, formatWallTime } from '~/domain/pickup/pickup-display'
import type { MessageKey } from '~/utils/i18n'
import { useLocale, useT } from '~/utils/i18n-react'
import type { DayReason } from '~/domain/pickup/pickup-schedule'
import type { PickupDay } from '~/domain/pickup/pickup-schedule'

/** Why a day cannot be chosen ('Fully booked'), in the page's language (domain/pickup/pickup-display.ts's words). */
const dayReasonKeys = {
	closed: 'shop.dayClosed',
	'too-soon': 'shop.dayTooSoon',
	'fully-booked': 'shop.dayFullyBooked',
	'item-limit': 'shop.soldOut',
	'outside-window': 'shop.dayOutsideWindow',
} as const satisfies Record<DayReason, MessageKey>

/**
 * The pickup choice: a date (every day of the ordering horizon; days that cannot be chosen are
 * disabled and say why, e.g. 'Fully booked', 'Closed: Thanksgiving') and that day's free times as a
 * radio group. The form posts the chosen slot's start as `name` (an ISO instant).
 */
export function PickupChooser({
	days,
	name,
	errorId,
	errors,
	loading,
}: {
	/** Null until the cart's availability has loaded. */
	days: readonly PickupDay[] | null
	name: string
	errorId: string
	errors?: string[]
	loading: boolean
}) {
	const dateId = useId()
	const t = useT()
	const locale = useLocale()
	const firstOpen = days?.find((day) => day.available)?.date ?? ''
	const [date, setDate] = useState(firstOpen)
	const [chosen, setChosen] = useState('')
	const day = days?.find((candidate) => candidate.date === date)
	const slots = day?.available ? day.slots.filter((slot) => slot.available) : []

	useEffect(() => {
		// New availability (the cart changed, or a slot was just taken): keep the choice only while it is still free.
		if (!days) return
		const current = days.find((candidate) => candidate.date === date)
		if (!current?.available) setDate(firstOpen)
		if (chosen && !current?.slots.some((slot) => slot.start === chosen && slot.available)) setChosen('')
		// eslint-disable-next-line react-hooks/exhaustive-deps -- only when new availability arrives
	}, [days])

	const invalid = Boolean(errors?.length)
	const ready = Boolean(days && firstOpen)
	const notice = !days
		? loading
			? t('shop.pickupLoading')
			: t('shop.pickupLoadFailed')
		: t('shop.pickupNoneAvailable')
	// The same boxes before and after the times load (a fixed-height time grid), so nothing below moves.
	return (
		<fieldset className="space-y-3 rounded-xl border border-dough p-4">
			<legend className="px-1 font-display text-xl font-bold">{t('shop.pickup')}</legend>
			<div>
				<label htmlFor={dateId} className="block font-semibold">
					{t('shop.pickupDate')}
				</label>
				<select
					id={dateId}
					value={ready ? date : ''}
					disabled={!ready}
					onChange={(event) => {
						setDate(event.target.value)
						setChosen('')
					}}
					className="mt-1 block w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2 text-cocoa shadow-sm focus:border-cinnamon disabled:bg-cream"
				>
					{ready && days ? (
						days.map((option) => (
							<option key={option.date} value={option.date} disabled={!option.available}>
								{formatPickupDate(option.date, locale)}
								{option.available || !option.reason
									? ''
									: ` — ${option.reason === 'closed' && option.note ? t('shop.dayClosedNote', { note: option.note }) : t(dayReasonKeys[option.reason])}`}
							</option>
						))
					) : (
						<option value="">—</option>
					)}
				</select>
			</div>
			<fieldset>
				<legend className="font-semibold">
					{ready ? t('shop.pickupTimeOn', { date: formatPickupDateLong(date, locale) }) : t('shop.pickupTime')}
				</legend>
				<div className="mt-2 h-44 overflow-y-auto p-1">
					{ready ? (
						<div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
							{slots.map((slot) => (
								<label
									key={slot.start}
									className="flex cursor-pointer items-center gap-2 whitespace-nowrap rounded-lg border border-cocoa/30 px-2 py-1 has-[:checked]:border-cinnamon has-[:checked]:bg-dough has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-cinnamon"
								>
									<input
										type="radio"
										name={name}
										value={slot.start}
										checked={chosen === slot.start}
										onChange={() => setChosen(slot.start)}
										aria-describedby={invalid ? errorId : undefined}
										// The form moves focus to the first field to fix (radios have no aria-invalid).
										data-invalid={invalid || undefined}
										className="accent-cinnamon"
									/>
									{formatWallTime(slot.time, locale)}
								</label>
							))}
						</div>
					) : (
						<p role="status">{notice}</p>
					)}
				</div>
			</fieldset>
			<FieldErrors id={errorId} errors={errors} />
		</fieldset>
	)
}
