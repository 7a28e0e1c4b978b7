import { ErrorNote, GeneralErrorBoundary, type StatusHandler } from '~/components/error-boundary'
import { SIGN_IN_PATH } from '~/domain/admin-auth/sign-in-path'

const signIn = { to: SIGN_IN_PATH, label: 'Go to the admin sign-in' }
const dashboard = { to: '/admin', label: 'Back to the admin dashboard' }

/** 401/403 from requireAdmin on a form post, e.g. after the session ended: say so and offer sign-in. */
const adminHandlers: Record<number, StatusHandler> = {
	401: () => (
		<ErrorNote title="Please sign in again" link={signIn}>
			Your admin session has ended, so nothing was changed.
		</ErrorNote>
	),
	403: () => (
		<ErrorNote title="Not allowed" link={signIn}>
			This account may no longer manage the bakery, so nothing was changed.
		</ErrorNote>
	),
	404: () => (
		<ErrorNote title="Not found" link={dashboard}>
			This item doesn’t exist any more; it may have been deleted.
		</ErrorNote>
	),
}

function adminProblem() {
	return (
		<ErrorNote title="Something went wrong" link={dashboard}>
			Sorry — the admin page hit a problem. Please try again in a moment.
		</ErrorNote>
	)
}

/** Every admin route's ErrorBoundary: the site's boundary with the admin area's words and links. */
export function AdminErrorBoundary() {
	return (
		<GeneralErrorBoundary
			statusHandlers={adminHandlers}
			defaultStatusHandler={adminProblem}
			unexpectedErrorHandler={adminProblem}
		/>
	)
}
