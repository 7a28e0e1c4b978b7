import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import { SIGN_IN_PATH } from '~/utils/sign-in-path'

/** 401/403 from requireAdmin on a form post, e.g. after the session ended: say so and offer sign-in. */
export function AdminErrorBoundary() {
	const error = useRouteError()
	const status = isRouteErrorResponse(error) ? error.status : 500
	if (status >= 500) console.error(error)
	const { title, text } =
		status === 401
			? { title: 'Please sign in again', text: 'Your admin session has ended, so nothing was changed.' }
			: status === 403
				? { title: 'Not allowed', text: 'This account may no longer manage the bakery, so nothing was changed.' }
				: status === 404
					? { title: 'Not found', text: 'This item doesn’t exist any more; it may have been deleted.' }
					: {
							title: 'Something went wrong',
							text: 'Sorry — the admin page hit a problem. Please try again in a moment.',
						}
	return (
		<section className="mx-auto max-w-2xl px-4 py-16 text-center">
			<h1 className="font-display text-3xl font-bold">{title}</h1>
			<p className="mt-4">{text}</p>
			<Link
				className="mt-6 inline-block font-semibold underline underline-offset-4"
				to={status === 401 || status === 403 ? SIGN_IN_PATH : '/admin'}
				reloadDocument
			>
				{status === 401 || status === 403 ? 'Go to the admin sign-in' : 'Back to the admin dashboard'}
			</Link>
		</section>
	)
}
