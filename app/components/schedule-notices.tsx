import type { ScheduleNotice } from '~/config/business'
import { closureNoticeText, specialHoursNoticeText } from '~/utils/pickup-display'

export function scheduleNoticeText(notice: ScheduleNotice) {
	return notice.kind === 'closure'
		? closureNoticeText(notice.startDate, notice.endDate, notice.note)
		: specialHoursNoticeText(notice.date, notice.opensAt, notice.closesAt)
}

/** Closures and special hours ahead, as a list under a heading; nothing when there are none. */
export function ScheduleNotices({
	notices,
	headingId,
	headingLevel: Heading = 'h2',
	className = '',
}: {
	notices: readonly ScheduleNotice[]
	headingId: string
	headingLevel?: 'h2' | 'h3'
	className?: string
}) {
	if (notices.length === 0) return null
	return (
		<section aria-labelledby={headingId} className={`rounded-2xl border-2 border-cinnamon bg-white p-4 ${className}`}>
			<Heading id={headingId} className="font-semibold">
				Closures and special hours
			</Heading>
			<ul className="mt-1 grid gap-1">
				{notices.map((notice) => (
					<li
						key={
							notice.kind === 'closure' ? `c-${notice.startDate}-${notice.endDate}-${notice.note}` : `s-${notice.date}`
						}
					>
						{scheduleNoticeText(notice)}
					</li>
				))}
			</ul>
		</section>
	)
}
