import { Link } from '@remix-run/react'
import type { MenuCategory } from '~/generated/prisma/enums'
import { menuSearch, type AllergenKey } from '~/domain/menu/allergens'
import { categoryLabel, categoryLabelKeys } from '~/domain/menu/menu-categories'
import { useT } from '~/utils/i18n-react'

/**
 * 'All' plus each category present, as links (?category=) so filtering works without JavaScript; they keep
 * the allergens being hidden (?hide=).
 */
export function CategoryFilter({
	categories,
	active,
	hide = [],
}: {
	categories: readonly MenuCategory[]
	active: MenuCategory | undefined
	hide?: readonly AllergenKey[]
}) {
	const t = useT()
	const options = [
		{ key: 'all', label: t('shop.categoryAll'), search: menuSearch({ hide }), current: active === undefined },
		...categories.map((category) => ({
			key: category,
			label: t(categoryLabelKeys[category]),
			search: menuSearch({ category: categoryLabel(category), hide }),
			current: active === category,
		})),
	]
	return (
		<nav aria-label={t('shop.categoriesLabel')}>
			<ul className="flex flex-wrap gap-2">
				{options.map((option) => (
					<li key={option.key}>
						<Link
							to={{ search: option.search }}
							preventScrollReset
							aria-current={option.current ? 'page' : undefined}
							className="inline-block rounded-full border border-cinnamon px-4 py-2 font-semibold text-cinnamon hover:bg-dough aria-[current=page]:bg-cinnamon aria-[current=page]:text-white"
						>
							{option.label}
						</Link>
					</li>
				))}
			</ul>
		</nav>
	)
}
