import { useLocation, useNavigation } from '@remix-run/react'

// Kept apart from the menu page and grid: the root layout imports it, so it is in every page's bundle (docs/performance.md).
export const menuGridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3'

const MENU_PATHS = new Set(['/shop', '/menu', '/cakes', '/brazilian-pastries', '/mexican-pastries'])

/** Six placeholder cards while a menu page loads during client-side navigation. */
export function MenuSkeleton() {
	return (
		<ul className={menuGridClass} aria-busy="true" aria-label="Loading menu">
			{Array.from({ length: 6 }, (_, index) => (
				<li
					key={index}
					className="overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-dough"
					data-testid="skeleton-card"
				>
					<div className="aspect-[4/3] animate-pulse bg-dough" />
					<div className="space-y-3 p-4">
						<div className="h-5 w-2/3 animate-pulse rounded bg-dough" />
						<div className="h-4 w-1/4 animate-pulse rounded bg-dough" />
					</div>
				</li>
			))}
		</ul>
	)
}

/**
 * While the router loads a menu page's data after a link click from another page, show that
 * page's skeleton instead of leaving the old page up (never on a full page load: data is in the HTML).
 */
export function usePendingMenuPage() {
	const navigation = useNavigation()
	const location = useLocation()
	const target = navigation.state === 'loading' ? navigation.location.pathname.toLowerCase() : null
	return target !== null && MENU_PATHS.has(target) && target !== location.pathname.toLowerCase()
}

export function MenuPageSkeleton() {
	return (
		<div className="mx-auto max-w-6xl px-4 py-10">
			<div className="mb-8 h-10 w-64 animate-pulse rounded bg-dough" />
			<MenuSkeleton />
		</div>
	)
}
