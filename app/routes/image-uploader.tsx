import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { AdminLoginScreen, type AdminLoginData } from '~/components/admin/admin-login-screen'
import { MenuItemFields } from '~/components/admin/menu-item-fields'
import { FormErrors } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import { adminResponseHeaders } from '~/utils/admin-route'
import { allergenColumns, pickupRuleColumns, uploadMenuItemSchema } from '~/domain/menu/menu-schemas'
import { defaultTaxCategory } from '~/domain/menu/menu-categories'
import { ownerImageUpload } from '~/utils/upload-rules'
import { createMenuItemWithImage } from '~/domain/menu/models/menu-item.server'
import {
	getAdmin,
	isDemoSignInEnabled,
	isGoogleSignInConfigured,
	requireAdmin,
	takeSignInError,
} from '~/domain/admin-auth/auth.server'
import { checkImageForm, readImageForm, uploadFailureReply } from '~/utils/uploads.server'
import { sameSitePath } from '~/utils/page-path'
import { pageMeta } from '~/utils/seo'
import { useHydrated } from '~/utils/hydration'

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
		// Adding menu items is the owner's; staff go on to today's orders (decision 071).
		if (admin.role === 'staff' && !returnToParam) {
			throw redirect('/admin/orders', { headers: adminResponseHeaders })
		}
		if (returnToParam) throw redirect(sameSitePath(returnToParam, url.pathname), { headers: adminResponseHeaders })
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
			returnTo: sameSitePath(returnToParam, url.pathname),
		},
		{ headers },
	)
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	const parsed = await readImageForm(request, ownerImageUpload)
	const form = await checkImageForm(parsed, uploadMenuItemSchema, ownerImageUpload, adminResponseHeaders)
	if (!form.value) return form.reply(form.refusal, { uploaded: null })

	const { name, description = '', price, category, imageAlt, image, taxCategory } = form.value
	const outcome = await createMenuItemWithImage(
		{
			name,
			description,
			priceCents: price,
			category,
			imageAlt: imageAlt || name,
			// Only cakes go in the cart by default (as on the Our Cakes page); the menu editor changes it.
			orderable: category === 'CAKES',
			taxCategory: taxCategory ?? defaultTaxCategory(category),
			...pickupRuleColumns(form.value),
			...allergenColumns(form.value),
		},
		image,
	)
	if (!outcome.ok) return form.reply(uploadFailureReply(outcome.failure, ownerImageUpload), { uploaded: null })
	// The name of the item just created, for the confirmation.
	return form.reply({ resetForm: true }, { uploaded: outcome.value.name })
}

export default function ImageUploader() {
	return <AdminLoginScreen signedInContent={<UploadMenuItemForm />} />
}

function UploadMenuItemForm() {
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const location = useLocation()
	const hydrated = useHydrated()
	const uploading = navigation.state === 'submitting' && navigation.formAction?.split('?')[0] === location.pathname
	const [form, fields] = useForm({
		id: 'upload-menu-item',
		lastResult: actionData?.result,
		// No category is chosen yet: every category starts exempt (defaultTaxCategory).
		defaultValue: { taxCategory: defaultTaxCategory(undefined) },
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
					imageHint={askAgainForImage ? ownerImageUpload.messages.chooseAgain : ownerImageUpload.messages.hint}
				/>
				<button type="submit" className={`${buttonClass} mt-4`} disabled={uploading}>
					{uploading ? 'Uploading...' : 'Upload Item'}
				</button>
			</Form>
		</section>
	)
}
