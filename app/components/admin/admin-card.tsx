import type { ReactNode } from 'react'

/**
 * One entry of an admin list (an order, a review, an option group): a list item whose article is named by its
 * heading, with what identifies it on the left and its status or actions (`aside`) on the right.
 */
export function AdminCard({
	headingId,
	heading,
	headingLevel = 3,
	details,
	aside,
	as: Tag = 'article',
	className = 'rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough',
	children,
}: {
	headingId: string
	heading: ReactNode
	headingLevel?: 2 | 3
	/** Below the heading: what the entry is (its date, its rating, a summary). */
	details?: ReactNode
	aside?: ReactNode
	as?: 'article' | 'section'
	className?: string
	children?: ReactNode
}) {
	const Heading = headingLevel === 2 ? 'h2' : 'h3'
	return (
		<li>
			<Tag aria-labelledby={headingId} className={className}>
				<div className="flex flex-wrap items-start justify-between gap-3">
					<div>
						<Heading id={headingId} className="font-display text-xl font-bold">
							{heading}
						</Heading>
						{details}
					</div>
					{aside}
				</div>
				{children}
			</Tag>
		</li>
	)
}
