import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { Modal, ModalCloseButton } from '~/components/ui/modal'
import { StoredImage } from '~/components/stored-image'
import { formatPrice } from '~/utils/money'
import { useBusiness } from '~/config/business'
import { useLocale, useT } from '~/utils/i18n-react'
import { AllergenBadges } from './allergen-badges'
import { OrderElsewhere, useItemOrdering } from './item-ordering'
import { PickupLabels } from './menu-grid'
import { QuantityStepper } from './quantity-stepper'
import {
	optionProblemMessage,
	priceChoices,
	type ChosenOption,
	type LineOption,
	type OptionGroupView,
} from '~/domain/menu/item-options'
import type { MenuItemView } from '~/domain/menu/menu-item-view'
import type { OptionAnswers, OptionFieldsProblem } from './item-option-fields'

// Most items have no options: their fields load only when an item with options is opened. If that fails
// (offline), the dialog says so instead of the page falling to its error boundary.
const ItemOptionFields = lazy(() => import('./item-option-fields').catch(() => ({ default: OptionFieldsUnavailable })))

function OptionFieldsUnavailable({ problem }: { problem: OptionFieldsProblem | null }) {
	const t = useT()
	return (
		<div role="alert" className="mt-4 font-semibold text-red-800">
			<p>{t('shop.optionsUnavailable')}</p>
			{problem ? <p>{problem.message}</p> : null}
		</div>
	)
}

/** The chosen options of a line, priced and checked (`priceChoices`): what the cart keeps. */
export interface PricedLine {
	unitPriceCents: number
	chosen: ChosenOption[]
	options: LineOption[]
}

/**
 * Nothing is chosen for the customer, except in a required one-choice group that has a single choice
 * left to buy: there is nothing to decide there.
 */
function initialAnswers(groups: readonly OptionGroupView[] | undefined): OptionAnswers {
	const answers: OptionAnswers = {}
	for (const group of groups ?? []) {
		const available = group.options.filter((option) => !option.soldOut)
		const only = group.kind === 'SINGLE' && group.required && available.length === 1 ? available[0]!.id : null
		answers[group.id] = { optionIds: only ? [only] : [], text: '' }
	}
	return answers
}

function chosenOptions(groups: readonly OptionGroupView[], answers: OptionAnswers): ChosenOption[] {
	return groups.flatMap((group): ChosenOption[] => {
		const answer = answers[group.id]
		if (!answer) return []
		if (group.kind === 'TEXT') return answer.text.trim() ? [{ groupId: group.id, text: answer.text }] : []
		return answer.optionIds.length ? [{ groupId: group.id, optionIds: answer.optionIds }] : []
	})
}

/** The unit price with what is ticked so far (before it is complete enough to add). */
function runningUnitPrice(basePriceCents: number, groups: readonly OptionGroupView[], answers: OptionAnswers) {
	return groups.reduce(
		(total, group) =>
			group.options.reduce(
				(sum, option) => sum + (answers[group.id]?.optionIds.includes(option.id) ? option.priceDeltaCents : 0),
				total,
			),
		basePriceCents,
	)
}

/**
 * The one item modal for every menu page (docs/product.md): picture, details, options, quantity and the action. An
 * item not sold in the cart says where to get it instead, with no quantity (decision 051). A successful Add hands
 * the line to `onAdd`, whose page closes the dialog and confirms it.
 */
export function ItemDialog({
	item,
	onClose,
	onAdd,
}: {
	item: MenuItemView | null
	onClose: () => void
	/** `line` is set for an item with options: its unit price and the customer's choices. The page closes the dialog. */
	onAdd: (item: MenuItemView, quantity: number, line?: PricedLine) => void
}) {
	const [quantity, setQuantity] = useState(1)
	const [answers, setAnswers] = useState<OptionAnswers>({})
	const [problem, setProblem] = useState<(OptionFieldsProblem & { attempt: number }) | null>(null)
	const optionsRef = useRef<HTMLDivElement>(null)
	const titleId = useId()
	const quantityId = useId()
	const { allergenStatement } = useBusiness()
	const t = useT()
	const locale = useLocale()

	useEffect(() => {
		setQuantity(1)
		setAnswers(initialAnswers(item?.optionGroups))
		setProblem(null)
	}, [item])

	// A refused Add moves focus to the first control of the group at fault (each attempt, even the same problem).
	useEffect(() => {
		if (!problem?.groupId) return
		const group = optionsRef.current?.querySelector(`[data-option-group="${CSS.escape(problem.groupId)}"]`)
		group?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus()
	}, [problem])

	const ordering = useItemOrdering({ orderable: item?.orderable ?? false })
	const canAdd = item !== null && ordering.way === 'cart' && !item.soldOut && !item.unavailable
	const groups = item?.optionGroups ?? []
	const unitPriceCents = item ? runningUnitPrice(item.priceCents, groups, answers) : 0

	function add(item: MenuItemView) {
		if (groups.length === 0) {
			onAdd(item, quantity)
			return
		}
		const priced = priceChoices(item.priceCents, groups, chosenOptions(groups, answers))
		if (!priced.ok) {
			const { problem } = priced
			const group = 'group' in problem ? groups.find(({ name }) => name === problem.group) : undefined
			setProblem({
				groupId: group?.id ?? null,
				message: optionProblemMessage(item.name, problem, t),
				attempt: Date.now(),
			})
			return
		}
		setProblem(null)
		onAdd(item, quantity, { unitPriceCents: priced.unitPriceCents, chosen: priced.chosen, options: priced.options })
	}

	return (
		<Modal open={item !== null} onClose={onClose} labelledBy={titleId}>
			{item ? (
				<>
					<div className="flex items-start justify-between gap-4">
						<h2 id={titleId} className="font-display text-2xl font-bold">
							{item.name}
						</h2>
						<ModalCloseButton onClose={onClose} />
					</div>
					{item.imageKey ? (
						<StoredImage
							imageKey={item.imageKey}
							alt={item.imageAlt}
							sizes="(min-width: 672px) 592px, calc(100vw - 4.5rem)"
							width={800}
							height={600}
							loading="high-priority"
							className="mt-3 aspect-[4/3] w-full rounded-xl object-cover"
						/>
					) : null}
					<p className="mt-4">{item.description}</p>
					<p className="mt-2 text-lg font-semibold">
						{formatPrice(unitPriceCents, locale)}
						{item.soldOut ? (
							<span className="ml-3 rounded-full bg-cocoa px-3 py-1 text-sm text-cream">{t('shop.soldOut')}</span>
						) : null}
					</p>
					{item.pickupLabels?.length ? (
						<div className="mt-3">
							<PickupLabels labels={item.pickupLabels} />
						</div>
					) : null}
					<div className="mt-3">
						<AllergenBadges allergens={item.allergens} />
						{allergenStatement ? <p className="mt-2 text-sm text-cocoa/90">{allergenStatement}</p> : null}
					</div>
					{canAdd && groups.length > 0 ? (
						<div ref={optionsRef}>
							<Suspense fallback={<OptionFieldsSkeleton count={groups.length} />}>
								<ItemOptionFields
									groups={groups}
									answers={answers}
									problem={problem}
									onChange={(groupId, answer) => {
										setAnswers((current) => ({ ...current, [groupId]: answer }))
										if (problem?.groupId === groupId) setProblem(null)
									}}
								/>
							</Suspense>
						</div>
					) : null}
					{ordering.way !== 'cart' ? (
						<OrderElsewhere ordering={ordering} />
					) : canAdd ? (
						<div className="mt-4 flex flex-wrap items-center justify-between gap-4">
							<QuantityStepper id={quantityId} label={t('shop.quantity')} value={quantity} onChange={setQuantity} />
							<button
								type="button"
								className="rounded-full bg-cinnamon px-6 py-3 font-semibold text-white hover:bg-cocoa"
								onClick={() => add(item)}
							>
								{t('shop.addToCart', { price: formatPrice(unitPriceCents * quantity, locale) })}
							</button>
						</div>
					) : (
						<div className="mt-4">
							<button
								type="button"
								disabled
								className="cursor-not-allowed rounded-full bg-stone-500 px-6 py-3 font-semibold text-white"
							>
								{item.soldOut || !item.unavailable ? t('shop.soldOut') : item.unavailable}
							</button>
						</div>
					)}
					{/* A refusal that belongs to no group (the group's own is said inside it). */}
					<p role="status" className="mt-3 font-semibold text-red-800">
						{problem && !problem.groupId ? problem.message : null}
					</p>
				</>
			) : null}
		</Modal>
	)
}

function OptionFieldsSkeleton({ count }: { count: number }) {
	const t = useT()
	return (
		<div className="mt-4 space-y-4" aria-busy="true">
			<p className="sr-only">{t('shop.loadingOptions')}</p>
			{Array.from({ length: count }, (_, index) => (
				<div key={index} className="h-24 animate-pulse rounded-xl bg-dough" />
			))}
		</div>
	)
}
