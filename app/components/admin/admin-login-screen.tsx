import { useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { FormStatus } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import { AdminBar } from './admin-bar'

export type AdminLoginData =
	| {
			admin: { name: string }
			authError?: undefined
			googleSignIn?: undefined
			demoSignIn?: undefined
			returnTo?: undefined
	  }
	| { admin: null; authError: string | null; googleSignIn: boolean; demoSignIn: boolean; returnTo: string }

/**
 * The Admin Login screen of /image-uploader, /admin-upload and /admin-custom-cake-orders/image-uploader:
 * 'Sign in with Google' when signed out; 'Welcome, {name}', Logout and the route's Upload Menu Item
 * form (`signedInContent`) when signed in.
 */
export function AdminLoginScreen({ signedInContent }: { signedInContent: ReactNode }) {
	const data = useLoaderData<AdminLoginData>()
	return (
		<section className="mx-auto max-w-3xl px-4 py-12">
			{data.admin ? <SignedIn name={data.admin.name}>{signedInContent}</SignedIn> : <SignedOut {...data} />}
		</section>
	)
}

function SignedOut({
	authError,
	googleSignIn,
	demoSignIn,
	returnTo,
}: {
	authError: string | null
	googleSignIn: boolean
	demoSignIn: boolean
	returnTo: string
}) {
	return (
		<div className="mx-auto max-w-xl text-center">
			<h1 className="font-display text-4xl font-bold">Admin Login</h1>
			<p className="mt-4 text-lg">
				Sign in with the bakery’s Google account to upload menu items and manage custom cake requests, orders, messages
				and the gallery.
			</p>
			{authError ? (
				<div className="mt-6 text-left">
					<FormStatus tone="error">
						<p>{authError}</p>
					</FormStatus>
				</div>
			) : null}
			{/* Plain forms: the answer is a redirect to Google, another site. */}
			{googleSignIn ? (
				<form method="post" action="/auth/google" className="mt-8">
					<input type="hidden" name="returnTo" value={returnTo} />
					<button type="submit" className={buttonClass}>
						Sign in with Google
					</button>
				</form>
			) : null}
			{demoSignIn ? (
				<>
					<form method="post" action="/auth/demo" className="mt-8">
						<input type="hidden" name="returnTo" value={returnTo} />
						<button type="submit" className={buttonClass}>
							Sign in as demo admin (development only)
						</button>
					</form>
					<p className="mt-4 text-sm text-cocoa/80">
						Google sign-in is off in this development copy. To use it, set <code>GOOGLE_CLIENT_ID</code>,{' '}
						<code>GOOGLE_CLIENT_SECRET</code> and <code>ADMIN_EMAILS</code> in <code>.env</code> (see{' '}
						<code>.env.example</code>) and restart.
					</p>
				</>
			) : null}
			{!googleSignIn && !demoSignIn ? (
				<FormStatus tone="error">
					<p>
						Sign-in is not configured: set both <code>GOOGLE_CLIENT_ID</code> and <code>GOOGLE_CLIENT_SECRET</code>, or
						neither to use the demo sign-in in development.
					</p>
				</FormStatus>
			) : null}
		</div>
	)
}

function SignedIn({ name, children }: { name: string; children: ReactNode }) {
	return (
		<>
			<h1 className="font-display text-4xl font-bold">Welcome, {name}</h1>
			<div className="mt-6">
				<AdminBar />
			</div>
			{children}
		</>
	)
}
