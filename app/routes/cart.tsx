import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useId } from 'react'
import { CartLineImage, CartPlaceholder } from '~/components/cart/cart-line-image'
import { CartLineOptions, cartLineName } from '~/components/cart/cart-line-options'
import { EmptyCart } from '~/components/cart/empty-cart'
import { lineProblemText, PriceChanges, useCurrentCart } from '~/components/cart/current-cart'
import { useCart } from '~/components/cart-provider'
import { buttonClass } from '~/components/ui/button-classes'
import { QuantityStepper } from '~/components/menu/quantity-stepper'
import type { CartItem } from '~/domain/orders/cart'
import type { CartLineProblem } from '~/domain/orders/cart-prices'
import { loadCartMenu } from '~/domain/menu/menu-page.server'
import { takeOrderAgain } from '~/domain/customers/order-again.server'
import { OrderAgainNotice } from '~/components/cart/order-again-notice'
import { formatPrice } from '~/utils/money'
import { metaTranslator, pageMeta } from '~/utils/seo'
import { useLocale, useLocalizedPath, useT } from '~/utils/i18n-react'
import { requestLocale } from '~/utils/i18n.server'

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('shop.cartTitle'), description: t('shop.cartDescription'), noindex: true })
}

/**
 * The menu as the cart prices it now (the cart itself lives in the browser): every line is shown at the server's
 * current price and options, with what cannot be bought or picked up said on its line (decision 051). After
 * "Order again" on the account (decision 065), also that order's lines to add, once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const locale = requestLocale(request)
	const [menu, taken] = await Promise.all([loadCartMenu(locale), takeOrderAgain(request, locale)])
	if (!taken) return { menu }
	return data({ menu, again: taken.again }, { headers: { ...taken.headers, 'Cache-Control': 'private, no-store' } })
}

export default function Cart() {
	const cart = useCart()
	const loaded = useLoaderData<typeof loader>()
	const { menu } = loaded
	const again = 'again' in loaded ? loaded.again : null
	const { current, changes } = useCurrentCart(menu)
	const t = useT()
	const locale = useLocale()
	const localize = useLocalizedPath()
	const cannotBuy = current ? current.payable.length < current.lines.length : true
	const unpickable = current ? Object.keys(current.unpickable).length > 0 : false
	return (
		<section className="mx-auto max-w-3xl px-4 py-10">
			<h1 className="font-display text-4xl font-bold">{t('shop.cartTitle')}</h1>
			{again ? <OrderAgainNotice again={again} /> : null}
			<div className="mt-6">
				{!cart.hydrated ? (
					<CartPlaceholder />
				) : cart.items.length === 0 ? (
					<EmptyCart />
				) : (
					<>
						<PriceChanges changes={changes} />
						<ul className="divide-y divide-dough rounded-2xl bg-white px-4 shadow-md ring-1 ring-dough">
							{(current?.lines ?? cart.items).map((item) => (
								<CartLine
									key={item.key}
									item={item}
									problem={current ? current.problems[item.key] : undefined}
									priced={current !== null}
									unavailable={current?.unpickable[item.key]}
								/>
							))}
						</ul>
						<p className="mt-6 text-right text-2xl font-bold">
							{t('shop.total', { amount: formatPrice(current?.totalCents, locale) })}
						</p>
						<div className="mt-6 flex flex-wrap items-center justify-end gap-4">
							<button
								type="button"
								onClick={cart.clear}
								className="rounded-full border-2 border-cocoa px-6 py-3 font-semibold hover:bg-dough"
							>
								{t('shop.clearCart')}
							</button>
							{cannotBuy || unpickable ? null : (
								<Link to={localize('/checkout')} className={buttonClass}>
									{t('shop.checkoutLink')}
								</Link>
							)}
						</div>
						{/* Always there, so a line that can no longer be bought is announced. */}
						<p role="status" className="mt-4 text-right font-semibold text-red-800">
							{!current
								? t('shop.orderingUnavailable')
								: cannotBuy
									? t('shop.cartLinesBlocked')
									: unpickable
										? t('shop.cartUnavailable')
										: null}
						</p>
					</>
				)}
			</div>
			<noscript>
				<p className="mt-6 rounded-xl bg-dough/60 p-4">{t('shop.cartNeedsJs')}</p>
			</noscript>
		</section>
	)
}

function CartLine({
	item,
	problem,
	priced,
	unavailable,
}: {
	item: CartItem
	/** Why it cannot be bought now: said instead of its price. */
	problem?: CartLineProblem
	/** False while the menu's prices are unknown (database unavailable): no price is shown. */
	priced: boolean
	/** Why no pickup day of the ordering horizon can take it ('Sold out for the next 14 days'). */
	unavailable?: string
}) {
	const cart = useCart()
	const quantityId = useId()
	const lineName = cartLineName(item)
	const t = useT()
	const locale = useLocale()
	const unitCents = priced && !problem ? item.priceCents : null
	return (
		<li className="flex flex-wrap items-center gap-4 py-4">
			<CartLineImage item={item} />
			<div className="min-w-40 flex-1">
				<p className="font-display text-lg font-bold">{item.name}</p>
				<CartLineOptions item={item} />
				{problem ? (
					<p className="mt-1 font-semibold text-red-800">{lineProblemText(item.name, problem, t)}</p>
				) : (
					<p>{t('shop.each', { price: formatPrice(unitCents, locale) })}</p>
				)}
				{unavailable ? (
					<p className="mt-1">
						<span className="rounded-full bg-cocoa px-3 py-0.5 text-sm font-semibold text-cream">{unavailable}</span>
					</p>
				) : null}
			</div>
			<QuantityStepper
				id={quantityId}
				label={<span className="sr-only">{t('shop.quantityOf', { name: lineName })}</span>}
				value={item.quantity}
				itemName={lineName}
				onChange={(quantity) => cart.updateQuantity(item.key, quantity)}
			/>
			{problem ? (
				<span className="w-24" />
			) : (
				<p className="w-24 text-right font-semibold" aria-label={t('shop.lineTotalFor', { name: lineName })}>
					{formatPrice(unitCents === null ? null : unitCents * item.quantity, locale)}
				</p>
			)}
			<button
				type="button"
				onClick={() => cart.remove(item.key)}
				className="font-semibold text-cinnamon underline underline-offset-4 hover:text-cocoa"
				aria-label={t('shop.removeItem', { name: lineName })}
			>
				{t('shop.remove')}
			</button>
		</li>
	)
}
