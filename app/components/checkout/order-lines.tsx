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

/** A promo code's discount and a tip, as the server priced them (decision 080), and what the wallet pays (086). */
export interface OrderAdjustments {
	discountCents: number
	promoCode: string | null
	tipCents: number
	/** The gift card's part (its last four characters) and the store credit's, as the preview priced them. */
	giftCard?: { last4: string; cents: number } | null
	storeCreditCents?: number
	/** A placed order read back: what gift cards and credit paid in all (the parts are not told apart). */
	walletCents?: number
}

/** What the wallet pays of an order, line by line, and what is left for the card (decision 086). */
export function WalletLines({ adjustments, totalCents }: { adjustments: OrderAdjustments; totalCents: number }) {
	const t = useT()
	const locale = useLocale()
	const { giftCard, storeCreditCents = 0, walletCents = 0 } = adjustments
	const paidCents = (giftCard?.cents ?? 0) + storeCreditCents + (giftCard || storeCreditCents ? 0 : walletCents)
	if (paidCents <= 0) return null
	const amount = (cents: number) => formatPrice(cents, locale)
	return (
		<div className="mt-1 text-right">
			{giftCard ? <p>{t('shop.giftCardLine', { last4: giftCard.last4, amount: amount(giftCard.cents) })}</p> : null}
			{storeCreditCents > 0 ? <p>{t('shop.storeCreditLine', { amount: amount(storeCreditCents) })}</p> : null}
			{!giftCard && storeCreditCents === 0 ? <p>{t('shop.walletPaidLine', { amount: amount(walletCents) })}</p> : null}
			<p className="font-bold">
				{paidCents >= totalCents
					? t('shop.paidByWallet')
					: t('shop.dueByCard', { amount: amount(totalCents - paidCents) })}
			</p>
		</div>
	)
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
			{adjustments ? <WalletLines adjustments={adjustments} totalCents={totalCents} /> : null}
		</>
	)
}
