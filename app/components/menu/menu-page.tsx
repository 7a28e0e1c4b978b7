import { Link, useLocation, useNavigation } from '@remix-run/react'
import { useMemo, type ReactNode, type ComponentProps } from 'react'
import { ErrorNote, GeneralErrorBoundary } from '~/components/error-boundary'
import type { MenuCategory } from '~/generated/prisma/enums'
import { outlineButtonClass } from '~/components/ui/button-classes'
import type { AllergenKey } from '~/domain/menu/allergens'
import { useLocalizedPath, useT } from '~/utils/i18n-react'
import { categoryLabel } from '~/domain/menu/menu-categories'
import { AllergenFilter } from './allergen-filter'
import { CategoryFilter } from './category-filter'
import { MenuBrowser } from './menu-browser'
import { CardOrderAction } from './item-ordering'
import { MenuSkeleton } from './menu-skeleton'
import { fromJsonText, type JsonText } from '~/utils/json-text'
import type { MenuItemView } from '~/domain/menu/menu-item-view'

/** A menu page's loader data with its items read back from their JSON text (utils/json-text.ts), once per load. */
export function useMenuData<Data extends { items: JsonText<MenuItemView[]> }>(data: Data) {
	const items = useMemo(() => fromJsonText(data.items), [data.items])
	return { ...data, items }
}

/** True while the router loads new data for this same page (e.g. a category filter change). */
function useReloadingThisPage() {
	const navigation = useNavigation()
	const location = useLocation()
	return navigation.state === 'loading' && navigation.location.pathname === location.pathname
}

function MenuPageHeader({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
	return (
		<header className="mb-8 flex flex-wrap items-end justify-between gap-4">
			<div className="max-w-2xl">
				<h1 className="font-display text-4xl font-bold">{title}</h1>
				{children ? <p className="mt-3 text-lg">{children}</p> : null}
			</div>
			{actions}
		</header>
	)
}

const pageLinkClass = `${outlineButtonClass} px-5 py-2`

// One function for the page's life, so the memoized grid is not rendered again for a new one.
const orderNowFooter = (item: MenuItemView) => <CardOrderAction item={item} />

/**
 * The grid of a menu page: six skeleton cards while reloading, the category filter when given, the allergen
 * filter, the item dialog.
 */
function MenuSection({
	items,
	categories,
	activeCategory,
	hidden,
	hiddenCount,
	showDescription = false,
	showOrderNow = false,
}: {
	items: readonly MenuItemView[]
	categories?: readonly MenuCategory[]
	activeCategory?: MenuCategory | null
	/** The allergens hidden by ?hide= and how many items that left out. */
	hidden: readonly AllergenKey[]
	hiddenCount: number
	showDescription?: boolean
	showOrderNow?: boolean
}) {
	const reloading = useReloadingThisPage()
	const t = useT()
	return (
		<>
			{categories ? (
				<div className="mb-4">
					<CategoryFilter categories={categories} active={activeCategory ?? undefined} hide={hidden} />
				</div>
			) : null}
			<div className="mb-6">
				<AllergenFilter
					hidden={hidden}
					hiddenCount={hiddenCount}
					category={activeCategory ? categoryLabel(activeCategory) : null}
				/>
			</div>
			{reloading ? (
				<MenuSkeleton />
			) : (
				<MenuBrowser
					items={items}
					emptyMessage={hiddenCount > 0 ? t('shop.allergenNoneLeft') : t('shop.noItems')}
					showDescription={showDescription}
					cardFooter={showOrderNow ? orderNowFooter : undefined}
				/>
			)}
		</>
	)
}

/** A menu page's ErrorBoundary: every failure (outage or bug) in the page's own words, with a retry. */
export function MenuErrorBoundary({ message }: { message: string }) {
	const note = () => <ErrorNote>{message}</ErrorNote>
	return (
		<GeneralErrorBoundary statusHandlers={{ 503: note }} defaultStatusHandler={note} unexpectedErrorHandler={note} />
	)
}

/**
 * A menu page: its heading, intro and actions, then the menu (`before`: what goes ahead of them, such as the
 * menu's structured data).
 */
export function MenuPage({
	title,
	intro,
	actions,
	before,
	section,
}: {
	title: string
	intro: ReactNode
	actions?: ReactNode
	before?: ReactNode
	section: ComponentProps<typeof MenuSection>
}) {
	return (
		<div className="mx-auto max-w-6xl px-4 py-10">
			{before}
			<MenuPageHeader title={title} actions={actions}>
				{intro}
			</MenuPageHeader>
			<MenuSection {...section} />
		</div>
	)
}

export function ViewCartLink({ to = '/cart' }: { to?: string }) {
	const t = useT()
	const localize = useLocalizedPath()
	return (
		<Link to={localize(to)} className={pageLinkClass}>
			{t('shop.viewCartButton')}
		</Link>
	)
}
