import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { AdminHeading, secondaryButtonClass, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import { ConfirmDeletePanel, DeleteForm } from '~/components/admin/delete-form'
import { buttonClass } from '~/components/ui/button-classes'
import { StoredImage } from '~/components/stored-image'
import {
	deleteMenuItem,
	listMenuItemsForAdmin,
	setMenuItemSoldOut,
	type AdminMenuItem,
} from '~/domain/menu/models/menu-item.server'
import {
	adminReply,
	deleteAfterConfirming,
	readAdminForm,
	refuseAdminAction,
} from '~/domain/admin-auth/admin-actions.server'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { allergenBadges, allergenFormWords, itemAllergensOf } from '~/domain/menu/allergens'
import { categoryLabel } from '~/domain/menu/menu-categories'
import { missingTranslations } from '~/domain/content/localized-content'
import { formatPrice } from '~/utils/money'
import { dailyLimitLabel, leadTimeLabel, preorderLabel } from '~/domain/pickup/pickup-display'
import type { Translate } from '~/utils/i18n'
import { useT } from '~/utils/i18n-react'
import { taxCategoryLabels } from '~/domain/orders/sales-tax'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Menu items')

const DELETE_QUESTION = 'Are you sure you want to delete this menu item?'

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	return data({ adminName: admin.name, items: await listMenuItemsForAdmin() }, { headers: adminResponseHeaders })
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	const { form, id, intent, problemReply } = await readAdminForm(request)
	if (!form) return problemReply
	if (intent === 'sold-out' || intent === 'available') {
		const changed = await setMenuItemSoldOut(id, intent === 'sold-out')
		if (!changed) return adminReply({ message: 'That item no longer exists.' })
		return adminReply({
			message: `${String(form.get('name') ?? 'The item')} is now ${intent === 'sold-out' ? 'sold out' : 'available'}.`,
		})
	}
	if (intent === 'delete') return deleteAfterConfirming(form, id, deleteMenuItem, 'item')
	refuseAdminAction()
}

export default function AdminMenu() {
	const { adminName, items } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Menu items">
				<Link to="/admin-upload" className={buttonClass}>
					Upload a new item
				</Link>
			</AdminHeading>
			<p className="-mt-4 mb-6 text-cocoa/80">
				Changes show on the public menu pages at once. Items are listed in menu order (the lowest position first).
			</p>
			<StatusRegion message={actionData?.message} />
			{items.length === 0 ? (
				<p className="text-lg">No menu items yet.</p>
			) : (
				<ul className="grid gap-4">
					{items.map((item) => (
						<MenuItemRow key={item.id} item={item} confirming={actionData?.confirm === item.id} />
					))}
				</ul>
			)}
		</AdminFrame>
	)
}

function pickupRuleLabels(item: AdminMenuItem, t: Translate) {
	return [
		item.leadMinutes ? leadTimeLabel(item.leadMinutes, t) : null,
		item.dailyLimit ? dailyLimitLabel(item.dailyLimit) : null,
		preorderLabel(item.availableFrom, item.availableUntil, t, 'en'),
	].filter((label): label is string => Boolean(label))
}

/** 'Options: Size, Message on the cake' and 'Prepared food (taxable)': what the item's page sets up. */
function optionAndTaxLabels(item: AdminMenuItem) {
	return [
		item.optionGroups.length > 0 ? `Options: ${item.optionGroups.map((group) => group.name).join(', ')}` : null,
		item.taxCategory === 'PREPARED_FOOD' ? taxCategoryLabels.PREPARED_FOOD : null,
	].filter((label): label is string => Boolean(label))
}

/** 'Contains: milk, eggs', 'Gluten-free'…, or a reminder that the allergens are not listed yet. */
function allergenLabels(item: AdminMenuItem) {
	const listed = itemAllergensOf(item)
	return listed ? allergenBadges(listed) : [allergenFormWords.unlistedBadge]
}

const needsWords = { es: 'Needs Spanish', 'pt-BR': 'Needs Portuguese' } as const

/**
 * The languages the item still lacks a translation in: its name or description, or a name of one of its
 * option groups or choices (the visitor then reads that part in English).
 */
function translationBadges(item: AdminMenuItem) {
	const missing = new Set(missingTranslations(item, ['name', 'description']))
	for (const group of item.optionGroups) {
		for (const locale of missingTranslations(group, ['name'])) missing.add(locale)
		for (const option of group.options) {
			for (const locale of missingTranslations(option, ['name'])) missing.add(locale)
		}
	}
	return (['es', 'pt-BR'] as const).filter((locale) => missing.has(locale)).map((locale) => needsWords[locale])
}

function MenuItemRow({ item, confirming }: { item: AdminMenuItem; confirming: boolean }) {
	const t = useT()
	const navigation = useNavigation()
	const pendingIntent = navigation.formData?.get('id') === item.id ? navigation.formData.get('intent') : null
	// Shown at once while the change is being saved.
	const soldOut = pendingIntent === 'sold-out' ? true : pendingIntent === 'available' ? false : item.soldOut
	const headingId = `item-${item.id}`
	return (
		<li>
			<article
				aria-labelledby={headingId}
				className="flex flex-wrap items-center gap-4 rounded-2xl bg-white p-4 shadow-md ring-1 ring-dough"
			>
				<div className="h-20 w-24 shrink-0 overflow-hidden rounded-lg bg-dough">
					{item.imageKey ? (
						<StoredImage
							imageKey={item.imageKey}
							alt={item.imageAlt}
							sizes="96px"
							width={96}
							height={80}
							className="h-full w-full object-cover"
						/>
					) : null}
				</div>
				<div className="min-w-48 flex-1">
					<h2 id={headingId} className="font-display text-xl font-bold">
						{item.name}
					</h2>
					<p>
						{formatPrice(item.priceCents)} · {categoryLabel(item.category)} · position {item.sortOrder}
					</p>
					<p className="mt-1 flex flex-wrap gap-2 text-sm">
						{soldOut ? (
							<span className="rounded-full bg-cocoa px-3 py-0.5 font-semibold text-cream">Sold out</span>
						) : null}
						<span className="rounded-full bg-dough px-3 py-0.5 font-semibold">
							{item.orderable ? 'In the online shop' : 'Not ordered online'}
						</span>
						{[...pickupRuleLabels(item, t), ...optionAndTaxLabels(item), ...allergenLabels(item)].map((label) => (
							<span key={label} className="rounded-full bg-dough px-3 py-0.5 font-semibold">
								{label}
							</span>
						))}
						{translationBadges(item).map((label) => (
							<span key={label} className="rounded-full border border-dashed border-cocoa px-3 py-0.5 font-semibold">
								{label}
							</span>
						))}
					</p>
				</div>
				<div className="flex flex-wrap items-center gap-2">
					<Form method="post">
						<input type="hidden" name="id" value={item.id} />
						<input type="hidden" name="name" value={item.name} />
						<button
							type="submit"
							name="intent"
							value={soldOut ? 'available' : 'sold-out'}
							className={secondaryButtonClass}
						>
							{soldOut ? 'Mark available' : 'Mark sold out'}
							<VisuallyHidden>: {item.name}</VisuallyHidden>
						</button>
					</Form>
					<Link to={`/admin/menu/${item.id}`} className={secondaryButtonClass}>
						Edit <VisuallyHidden>{item.name}</VisuallyHidden>
					</Link>
					<DeleteForm id={item.id} question={DELETE_QUESTION}>
						Delete <VisuallyHidden>{item.name}</VisuallyHidden>
					</DeleteForm>
				</div>
				{confirming ? (
					<div className="basis-full">
						<ConfirmDeletePanel id={item.id} question={DELETE_QUESTION} />
					</div>
				) : null}
			</article>
		</li>
	)
}
