import { isRouteErrorResponse, Link, useLocation, useRouteError, type ErrorResponse } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { CROSS_SITE_REFUSAL } from '~/utils/cross-site'
import type { MessageKey } from '~/utils/i18n'
import { useLocalizedPath, useT } from '~/utils/i18n-react'

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
	const t = useT()
	const { to, label } = link ?? { to: location.pathname + location.search, label: t('common.errorTryAgain') }
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

/**
 * One of the site's standard error pages, in the page's language: its title and words, and a way back home
 * or (`retry`) the same address again.
 */
function StandardNote({ title, text, retry = false }: { title: MessageKey; text: MessageKey; retry?: boolean }) {
	const t = useT()
	const home = useLocalizedPath()('/')
	return (
		<ErrorNote title={t(title)} link={retry ? undefined : { to: home, label: t('common.errorBackHome') }}>
			{t(text)}
		</ErrorNote>
	)
}

const somethingWentWrong = () => (
	<StandardNote title="common.errorSomethingWrongTitle" text="common.errorSomethingWrongText" />
)

const standardHandlers: Record<number, StatusHandler> = {
	// A post the cross-site guard refused (server/cross-site-refusal.tsx): nothing was sent; reloading helps.
	403: (error) =>
		error.data === CROSS_SITE_REFUSAL ? (
			<StandardNote title="common.errorCrossSiteTitle" text="common.errorCrossSiteText" retry />
		) : (
			somethingWentWrong()
		),
	404: () => <StandardNote title="common.errorNotFoundTitle" text="common.errorNotFoundText" />,
	// A loader's withOutagePolicy threw it (the response carries Retry-After): temporary, say so.
	503: () => <StandardNote title="common.errorOutageTitle" text="common.errorOutageText" retry />,
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
