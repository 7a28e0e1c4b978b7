import type { ReactNode } from 'react'
import { RevealItem, RevealSection } from './reveal'

/**
 * A public page's list of the owner's content (gallery pictures, reviews) below its intro: the cards revealed
 * one after another, three to a row at most, or what to say when there are none yet.
 */
export function RevealedCards<Item extends { id: string }>({
	items,
	empty,
	before,
	listClassName,
	itemClassName,
	children: card,
}: {
	items: readonly Item[]
	empty: ReactNode
	/** Shown above the cards (a summary of them). */
	before?: ReactNode
	listClassName: string
	itemClassName?: string
	children: (item: Item, index: number) => ReactNode
}) {
	return (
		<div className="mx-auto max-w-6xl px-4 py-14 md:py-16">
			{items.length === 0 ? (
				empty
			) : (
				<RevealSection as="div" group>
					{before}
					<ul className={listClassName}>
						{items.map((item, index) => (
							<li key={item.id}>
								<RevealItem index={index % 3} className={itemClassName}>
									{card(item, index)}
								</RevealItem>
							</li>
						))}
					</ul>
				</RevealSection>
			)}
		</div>
	)
}
