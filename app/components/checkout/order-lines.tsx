import { lineOptionsText, type LineOption } from '~/domain/menu/item-options'
import { formatPrice } from '~/utils/money'
import { useLocale, useT } from '~/utils/i18n-react'

interface OrderLine {
	key: string
	name: string
	quantity: number
	unitPriceCents: number
	options?: readonly LineOption[]
}

/** A promo code's discount and a tip, as the server priced them (decision 080). */
export interface OrderAdjustments {
	discountCents: number
	promoCode: string | null
	tipCents: number
}

/**
 * 'name x quantity' with its chosen options and the line total, then the order total (preview, test payment,
 * confirmation). When tax, a discount or a tip is charged, the figures come before the total in the order they add
 * up: Subtotal, Discount (code), Tax, Tip, Total.
 */
export function OrderLines({
	lines,
	totalCents,
	taxCents = 0,
	adjustments,
}: {
	lines: readonly OrderLine[]
	totalCents: number
	taxCents?: number
	adjustments?: OrderAdjustments | null
}) {
	const t = useT()
	const locale = useLocale()
	const discountCents = adjustments?.discountCents ?? 0
	const tipCents = adjustments?.tipCents ?? 0
	const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0)
	const itemized = taxCents > 0 || discountCents > 0 || tipCents > 0
	return (
		<>
			<ul className="mt-3 divide-y divide-dough border-y border-dough">
				{lines.map((line) => {
					const options = line.options?.length ? lineOptionsText(line.options) : ''
					return (
						<li key={line.key} className="flex justify-between gap-4 py-2">
							<span className="min-w-0 break-words">
								{t('shop.lineQuantity', { name: line.name, quantity: line.quantity })}
								{options ? <span className="block text-sm text-cocoa/80">{options}</span> : null}
							</span>
							<span className="shrink-0">{formatPrice(line.unitPriceCents * line.quantity, locale)}</span>
						</li>
					)
				})}
			</ul>
			{itemized ? (
				<div className="mt-3 text-right">
					<p>{t('shop.subtotal', { amount: formatPrice(subtotalCents, locale) })}</p>
					{discountCents > 0 ? (
						<p>
							{t('shop.promoDiscountLine', {
								code: adjustments?.promoCode ?? '',
								amount: formatPrice(discountCents, locale),
							})}
						</p>
					) : null}
					{taxCents > 0 ? <p>{t('shop.tax', { amount: formatPrice(taxCents, locale) })}</p> : null}
					{tipCents > 0 ? <p>{t('shop.promoTipAmount', { amount: formatPrice(tipCents, locale) })}</p> : null}
				</div>
			) : null}
			<p className={`${itemized ? 'mt-1' : 'mt-3'} text-right text-lg font-bold`}>
				{t('shop.total', { amount: formatPrice(totalCents, locale) })}
			</p>
		</>
	)
}
