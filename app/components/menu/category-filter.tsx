import { Link } from '@remix-run/react'
import type { MenuCategory } from '~/generated/prisma/enums'
import { categoryLabel } from '~/utils/menu-categories'

/** 'All' plus each category present, as links (?category=) so filtering works without JavaScript. */
export function CategoryFilter({
	categories,
	active,
}: {
	categories: readonly MenuCategory[]
	active: MenuCategory | undefined
}) {
	const options = [
		{ key: 'all', label: 'All', search: '', current: active === undefined },
		...categories.map((category) => ({
			key: category,
			label: categoryLabel(category),
			search: `?category=${encodeURIComponent(categoryLabel(category))}`,
			current: active === category,
		})),
	]
	return (
		<nav aria-label="Menu categories">
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
