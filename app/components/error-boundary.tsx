import { isRouteErrorResponse, Link, useLocation, useRouteError, type ErrorResponse } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'

/** What a boundary shows for one HTTP status thrown by a loader or action. */
export type StatusHandler = (error: ErrorResponse) => ReactNode

/** An error page's content: an optional heading, the words, and one way on (by default: try again). */
export function ErrorNote({
	title,
	children,
	link,
}: {
	title?: string
	children: ReactNode
	/** Where to go next; without it, the same address again. */
	link?: { to: string; label: string }
}) {
	const location = useLocation()
	const { to, label } = link ?? { to: location.pathname + location.search, label: 'Try again' }
	return (
		<section className="mx-auto max-w-2xl px-4 py-16 text-center">
			{title ? <h1 className="font-display text-3xl font-bold">{title}</h1> : null}
			<p role="alert" className={title ? 'mt-4' : 'text-lg'}>
				{children}
			</p>
			{/* A whole new document: whatever failed starts afresh. */}
			<Link
				to={to}
				reloadDocument
				className="mt-6 inline-block font-semibold text-cinnamon underline underline-offset-4"
			>
				{label}
			</Link>
		</section>
	)
}

const homeLink = { to: '/', label: 'Back to the home page' }

function somethingWentWrong() {
	return (
		<ErrorNote title="Something went wrong" link={homeLink}>
			Sorry — the bakery site hit a problem. Please try again in a moment.
		</ErrorNote>
	)
}

const standardHandlers: Record<number, StatusHandler> = {
	404: () => (
		<ErrorNote title="We couldn’t find that page" link={homeLink}>
			The page you asked for is not here.
		</ErrorNote>
	),
	// A loader's withOutagePolicy threw it (the response carries Retry-After): temporary, say so.
	503: () => (
		<ErrorNote title="We’ll be right back">
			Sorry — we can’t load this page just now. Please try again shortly.
		</ErrorNote>
	),
}

/**
 * The site's one error boundary (after Epic Stack's GeneralErrorBoundary): a thrown response is shown
 * by its status's handler (404 and the 503 outage have standard ones; a route passes its own words),
 * any other status by `defaultStatusHandler`, and an unexpected error (a 500, which handleError logs
 * on the server) by `unexpectedErrorHandler`. In the browser, unexpected errors and 5xx are logged too.
 */
export function GeneralErrorBoundary({
	statusHandlers,
	defaultStatusHandler = somethingWentWrong,
	unexpectedErrorHandler = somethingWentWrong,
}: {
	statusHandlers?: Record<number, StatusHandler>
	defaultStatusHandler?: StatusHandler
	unexpectedErrorHandler?: (error: unknown) => ReactNode
}) {
	const error = useRouteError()
	const response = isRouteErrorResponse(error) ? error : undefined
	useEffect(() => {
		if (!response || response.status >= 500) console.error(error)
	}, [error, response])
	if (!response) return unexpectedErrorHandler(error)
	const handler = statusHandlers?.[response.status] ?? standardHandlers[response.status] ?? defaultStatusHandler
	return handler(response)
}

/**
 * The ErrorBoundary of a page that keeps its own heading during an outage and says so in its own
 * words, with a retry; any other failure is the site's error page.
 */
export function OutageErrorBoundary({ heading, message }: { heading: ReactNode; message: string }) {
	const outage = () => (
		<>
			{heading}
			<ErrorNote>{message}</ErrorNote>
		</>
	)
	return <GeneralErrorBoundary statusHandlers={{ 503: outage }} />
}
