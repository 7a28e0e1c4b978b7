import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { buttonClass, FormErrors, FormStatus } from '~/components/forms'
import { AdminBar } from './admin-bar'
import { MenuItemFields } from './menu-item-fields'
import { uploadMenuItemSchema } from '~/utils/admin-schemas'
import { useHydrated } from '~/utils/use-hydrated'

export type AdminLoginData =
	| {
			admin: { name: string }
			authError?: undefined
			googleSignIn?: undefined
			demoSignIn?: undefined
			returnTo?: undefined
	  }
	| { admin: null; authError: string | null; googleSignIn: boolean; demoSignIn: boolean; returnTo: string }

export interface UploadActionData {
	result: SubmissionResult<string[]>
	/** The name of the item just created. */
	uploaded: string | null
	/** A file was sent: without JavaScript the browser has forgotten it, so the page asks for it again. */
	imageAttached: boolean
}

/**
 * The Admin Login screen of /image-uploader, /admin-upload and /admin-custom-cake-orders/image-uploader:
 * 'Sign in with Google' when signed out; 'Welcome, {name}', Logout and the Upload Menu Item form when signed in.
 */
export function AdminLoginScreen() {
	const data = useLoaderData<AdminLoginData>()
	return (
		<section className="mx-auto max-w-3xl px-4 py-12">
			{data.admin ? <SignedIn name={data.admin.name} /> : <SignedOut {...data} />}
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

function SignedIn({ name }: { name: string }) {
	return (
		<>
			<h1 className="font-display text-4xl font-bold">Welcome, {name}</h1>
			<div className="mt-6">
				<AdminBar />
			</div>
			<UploadMenuItemForm />
		</>
	)
}

function UploadMenuItemForm() {
	const actionData = useActionData<UploadActionData>()
	const navigation = useNavigation()
	const location = useLocation()
	const hydrated = useHydrated()
	const uploading = navigation.state === 'submitting' && navigation.formAction?.split('?')[0] === location.pathname
	const [form, fields] = useForm({
		id: 'upload-menu-item',
		lastResult: actionData?.result,
		constraint: getZodConstraint(uploadMenuItemSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: uploadMenuItemSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const askAgainForImage = !hydrated && actionData?.imageAttached && !actionData.uploaded

	return (
		<section aria-labelledby="upload-heading" className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough">
			<h2 id="upload-heading" className="font-display text-2xl font-bold">
				Upload Menu Item
			</h2>
			<p className="mt-1 text-cocoa/80">The new item appears on the menu pages straight away.</p>
			<div role="status" className="mt-4">
				{actionData?.uploaded && !uploading ? (
					<p className="rounded-lg border border-leaf bg-green-50 p-3 text-green-900">
						Item uploaded successfully!{' '}
						<Link to="/admin/menu" className="font-semibold underline underline-offset-4">
							See it in the menu list
						</Link>
					</p>
				) : null}
			</div>
			<Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4">
				<FormErrors id={form.errorId} errors={form.errors} />
				<MenuItemFields
					fields={fields}
					imageLabel="Image"
					imageHint={
						askAgainForImage
							? 'Please choose the image again: browsers can’t keep a file when the page reloads.'
							: 'A JPEG, PNG, WebP, AVIF or GIF image up to 10 MB.'
					}
				/>
				<button type="submit" className={`${buttonClass} mt-4`} disabled={uploading}>
					{uploading ? 'Uploading...' : 'Upload Item'}
				</button>
			</Form>
		</section>
	)
}
