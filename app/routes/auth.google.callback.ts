import type { LoaderFunctionArgs } from '@remix-run/node'
import { finishGoogleSignIn } from '~/domain/admin-auth/auth.server'

/** Google sends the browser back here with a code (or an error); the OAuth state is checked by the strategy. */
export function loader({ request }: LoaderFunctionArgs) {
	return finishGoogleSignIn(request)
}
