import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { AdminHeading } from '~/components/admin/admin-ui'
import { CheckboxField } from '~/components/admin/checkbox-field'
import { MenuItemFields } from '~/components/admin/menu-item-fields'
import { allergenColumns, editMenuItemSchema } from '~/utils/admin-schemas'
import { ownerImageUpload } from '~/utils/upload-rules'
import { useHydrated } from '~/utils/use-hydrated'
import { FormErrors, TextField } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import { StoredImage } from '~/components/stored-image'
import { findMenuItemForAdmin, updateMenuItem } from '~/models/menu-item.server'
import { checkImageForm, readImageForm, uploadFailureReply } from '~/utils/uploads.server'
import { requireAdmin } from '~/utils/auth.server'
import { allergenKeysOf, dietKeysOf } from '~/utils/allergens'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Edit menu item')

export async function loader({ request, params }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request)
	const item = await findMenuItemForAdmin(params.itemId ?? '')
	if (!item) throw new Response('Menu item not found', { status: 404, headers: adminResponseHeaders })
	return data({ adminName: admin.name, item }, { headers: adminResponseHeaders })
}

export async function action({ request, params }: ActionFunctionArgs) {
	await requireAdmin(request)
	const parsed = await readImageForm(request, ownerImageUpload)
	const form = await checkImageForm(parsed, editMenuItemSchema, ownerImageUpload, adminResponseHeaders)
	if (!form.value) return form.reply(form.refusal, { saved: false })

	const {
		name,
		description = '',
		price,
		category,
		imageAlt,
		orderable = false,
		soldOut = false,
		sortOrder,
		image,
		leadHours,
		dailyLimit,
		availableFrom,
		availableUntil,
	} = form.value
	const outcome = await updateMenuItem(
		params.itemId ?? '',
		{
			name,
			description,
			priceCents: price,
			category,
			imageAlt: imageAlt || name,
			orderable,
			soldOut,
			sortOrder,
			leadMinutes: leadHours === undefined ? null : leadHours * 60,
			dailyLimit: dailyLimit ?? null,
			availableFrom: availableFrom || null,
			availableUntil: availableUntil || null,
			...allergenColumns(form.value),
		},
		image,
	)
	if (!outcome.ok) return form.reply(uploadFailureReply(outcome.failure, ownerImageUpload), { saved: false })
	if (outcome.value === 'missing') {
		const formErrors = ['This item was deleted meanwhile, so nothing was saved.']
		return form.reply({ formErrors, status: 404 }, { saved: false })
	}
	return form.reply({}, { saved: true })
}

export default function EditMenuItem() {
	const { adminName, item } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const hydrated = useHydrated()
	const saving = navigation.state === 'submitting' && navigation.formMethod === 'POST'
	const [form, fields] = useForm({
		// A saved change gives the item a new updatedAt: the form starts over from the saved values (and no file).
		id: `edit-menu-item-${item.id}-${item.updatedAt.getTime()}`,
		// After a successful save the loader's values are the truth; after an error, the typed values are.
		lastResult: actionData?.saved ? undefined : actionData?.result,
		defaultValue: {
			name: item.name,
			description: item.description,
			price: (item.priceCents / 100).toFixed(2),
			category: item.category,
			imageAlt: item.imageAlt,
			orderable: item.orderable,
			soldOut: item.soldOut,
			sortOrder: String(item.sortOrder),
			leadHours: item.leadMinutes === null ? '' : String(item.leadMinutes / 60),
			dailyLimit: item.dailyLimit === null ? '' : String(item.dailyLimit),
			availableFrom: item.availableFrom ?? '',
			availableUntil: item.availableUntil ?? '',
			allergens: allergenKeysOf(item.allergens),
			mayContain: allergenKeysOf(item.mayContain),
			diets: dietKeysOf(item.dietaryLabels),
			allergensListed: item.allergensListed,
		},
		constraint: getZodConstraint(editMenuItemSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: editMenuItemSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const askAgainForImage = !hydrated && actionData?.imageAttached && !actionData.saved

	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title={`Edit ${item.name}`}>
				<Link to="/admin/menu" className="font-semibold underline underline-offset-4">
					Back to the menu list
				</Link>
			</AdminHeading>
			<div role="status">
				{actionData?.saved && !saving ? (
					<p className="mb-4 rounded-lg border border-leaf bg-green-50 p-3 text-green-900">
						Changes saved. The public menu shows them now.
					</p>
				) : null}
			</div>
			<div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
				<Form
					method="post"
					encType="multipart/form-data"
					{...getFormProps(form)}
					className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough"
				>
					<FormErrors id={form.errorId} errors={form.errors} />
					<MenuItemFields
						fields={fields}
						imageLabel="Replace the image"
						imageHint={
							askAgainForImage
								? ownerImageUpload.messages.chooseAgain
								: `Optional. ${ownerImageUpload.messages.hint} The current one is kept otherwise.`
						}
					/>
					<TextField
						meta={fields.sortOrder}
						label="Position on the menu"
						hint="Lower numbers come first; items with the same number are sorted by name."
						type="number"
						step={1}
					/>
					<CheckboxField
						meta={fields.orderable}
						label="Can be ordered online"
						hint="Shows an Add to Cart button and lets customers pay for it at checkout."
					/>
					<CheckboxField
						meta={fields.soldOut}
						label="Sold out"
						hint="Shows a Sold out badge; it can’t be added to the cart."
					/>
					<button type="submit" className={`${buttonClass} mt-4`} disabled={saving}>
						{saving ? 'Saving...' : 'Save changes'}
					</button>
				</Form>
				<aside aria-label="Current image">
					<h2 className="font-display text-xl font-bold">Current image</h2>
					{item.imageKey ? (
						<StoredImage
							imageKey={item.imageKey}
							alt={item.imageAlt}
							sizes="288px"
							width={288}
							height={216}
							className="mt-3 aspect-[4/3] w-full rounded-xl object-cover ring-1 ring-dough"
						/>
					) : (
						<p className="mt-3">This item has no image yet.</p>
					)}
				</aside>
			</div>
		</AdminFrame>
	)
}
