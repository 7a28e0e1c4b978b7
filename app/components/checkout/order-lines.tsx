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

/**
 * 'name x quantity' with its chosen options and the line total, then the order total (preview, test payment,
 * confirmation). When tax is charged, the subtotal and the tax come before the total (the tax is inside it).
 */
export function OrderLines({
	lines,
	totalCents,
	taxCents = 0,
}: {
	lines: readonly OrderLine[]
	totalCents: number
	taxCents?: number
}) {
	const t = useT()
	const locale = useLocale()
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
			{taxCents > 0 ? (
				<div className="mt-3 text-right">
					<p>{t('shop.subtotal', { amount: formatPrice(totalCents - taxCents, locale) })}</p>
					<p>{t('shop.tax', { amount: formatPrice(taxCents, locale) })}</p>
				</div>
			) : null}
			<p className={`${taxCents > 0 ? 'mt-1' : 'mt-3'} text-right text-lg font-bold`}>
				{t('shop.total', { amount: formatPrice(totalCents, locale) })}
			</p>
		</>
	)
}
