import { Link } from '@remix-run/react'

type PageLink = { to: string; text: string }

/**
 * Links to the page before and after in a long list, as plain addresses that work without JavaScript. Nothing
 * when the list fits on one page; the "next" link stays on the right when there is no "previous" one.
 */
export function PageLinks({
	label,
	previous,
	next,
	className = 'mt-6',
	linkClassName = 'font-semibold underline underline-offset-4',
}: {
	label: string
	previous: PageLink | null
	next: PageLink | null
	className?: string
	linkClassName?: string
}) {
	if (!previous && !next) return null
	return (
		<nav aria-label={label} className={`${className} flex justify-between gap-4`}>
			{previous ? (
				<Link to={previous.to} className={linkClassName}>
					{previous.text}
				</Link>
			) : (
				<span />
			)}
			{next ? (
				<Link to={next.to} className={linkClassName}>
					{next.text}
				</Link>
			) : null}
		</nav>
	)
}
