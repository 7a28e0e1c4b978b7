/** Closures and special hours ahead, as a list under a heading; nothing when there are none. */
export function ScheduleNotices({
	notices,
	headingId,
	headingLevel: Heading = 'h2',
	className = '',
}: {
	notices: readonly string[]
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
					<li key={notice}>{notice}</li>
				))}
			</ul>
		</section>
	)
}
