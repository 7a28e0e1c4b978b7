import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { AdminLoginScreen, type AdminLoginData, type UploadActionData } from '~/components/admin/admin-login-screen'
import { adminResponseHeaders } from '~/utils/admin-route'
import { uploadMenuItemSchema } from '~/utils/admin-schemas'
import { imageRejectionMessages } from '~/utils/upload-rules'
import { createMenuItemWithImage } from '~/models/menu-item.server'
import {
	getAdmin,
	isDemoSignInEnabled,
	isGoogleSignInConfigured,
	requireAdmin,
	takeSignInError,
} from '~/utils/auth.server'
import { readAdminImageForm, submitAdminImageForm } from '~/utils/admin-uploads.server'
import { safeRedirectPath } from '~/utils/request.server'
import { pageMeta } from '~/utils/seo'

// The same screen is also served at /admin-upload and /admin-custom-cake-orders/image-uploader (docs/product.md).
export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

// Signed out it is the sign-in screen; signed in, the screen where the owner adds menu items.
export const meta: MetaFunction<typeof loader> = (args) =>
	args.data?.admin
		? pageMeta(args, { title: 'Upload Menu Item', description: 'Add an item to the bakery’s menu.', noindex: true })
		: pageMeta(args, {
				title: 'Admin Login',
				description: 'Sign in to manage the bakery’s menu, custom cake requests and orders.',
				noindex: true,
			})

export async function loader({ request }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const returnToParam = url.searchParams.get('returnTo')
	const admin = await getAdmin(request)
	if (admin) {
		if (returnToParam) throw redirect(safeRedirectPath(returnToParam, url.pathname), { headers: adminResponseHeaders })
		return data<AdminLoginData>({ admin: { name: admin.name } }, { headers: adminResponseHeaders })
	}
	// A failed sign-in leaves its message in a cookie, shown once.
	const authError = await takeSignInError(request)
	const headers = new Headers(adminResponseHeaders)
	if (authError.setCookie) headers.append('Set-Cookie', authError.setCookie)
	return data<AdminLoginData>(
		{
			admin: null,
			authError: authError.message,
			googleSignIn: isGoogleSignInConfigured(),
			demoSignIn: isDemoSignInEnabled(),
			// After signing in, come back to this screen (or to the admin page that sent the visitor here).
			returnTo: safeRedirectPath(returnToParam, url.pathname),
		},
		{ headers },
	)
}

function reply(body: UploadActionData, status = 200) {
	return data(body, { status, headers: adminResponseHeaders })
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request)
	const { submission, imageAttached, problem } = submitAdminImageForm(
		await readAdminImageForm(request),
		uploadMenuItemSchema,
	)
	if (problem) return reply({ result: problem.result, uploaded: null, imageAttached }, problem.status)
	if (submission.status !== 'success') return reply({ result: submission.reply(), uploaded: null, imageAttached }, 400)

	const { name, description = '', price, category, imageAlt, image: file } = submission.value
	const outcome = await createMenuItemWithImage(
		// Only cakes go in the cart by default (as on the Our Cakes page); the menu editor changes it.
		{ name, description, priceCents: price, category, imageAlt: imageAlt || name, orderable: category === 'CAKES' },
		file,
	)
	if (outcome.ok)
		return reply({ result: submission.reply({ resetForm: true }), uploaded: outcome.value.name, imageAttached: false })
	if ('imageRejection' in outcome) {
		const result = submission.reply({ fieldErrors: { image: [imageRejectionMessages[outcome.imageRejection]] } })
		return reply({ result, uploaded: null, imageAttached: false }, 400)
	}
	return reply({ result: submission.reply({ formErrors: [outcome.formError] }), uploaded: null, imageAttached }, 503)
}

export default function ImageUploader() {
	return <AdminLoginScreen />
}
