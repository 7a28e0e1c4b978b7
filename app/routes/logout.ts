import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { signOut } from '~/domain/admin-auth/auth.server'
import { SIGN_IN_PATH } from '~/domain/admin-auth/sign-in-path'

/** Logout is a POST (a link or image cannot sign the owner out); it deletes the server-side session. */
export async function action({ request }: ActionFunctionArgs) {
	return signOut(request)
}

export async function loader() {
	return redirect(SIGN_IN_PATH)
}
