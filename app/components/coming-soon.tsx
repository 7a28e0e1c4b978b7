import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { OrderOnlineLink, orderButtonClass } from './order-online-link'

/** An honest placeholder for a screen whose issue has not landed yet. */
export function ComingSoon({
	title,
	children,
	showOrderLink = true,
}: {
	title: string
	children?: ReactNode
	showOrderLink?: boolean
}) {
	return (
		<section className="mx-auto max-w-2xl px-4 py-20 text-center">
			<p className="font-semibold tracking-wide text-cinnamon uppercase">Coming soon</p>
			<h1 className="mt-2 font-display text-4xl font-bold">{title}</h1>
			<p className="mt-4 text-lg">
				{children ?? 'We’re still putting this page together. In the meantime, come and see us or order online.'}
			</p>
			<div className="mt-8 flex flex-wrap items-center justify-center gap-4">
				{showOrderLink ? <OrderOnlineLink className={orderButtonClass} /> : null}
				<Link to="/" className="font-semibold underline underline-offset-4">
					Back to the home page
				</Link>
			</div>
		</section>
	)
}
