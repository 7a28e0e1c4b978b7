import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useId } from 'react'
import { CartLineImage, CartPlaceholder } from '~/components/cart/cart-line-image'
import { CartLineOptions, cartLineName } from '~/components/cart/cart-line-options'
import { EmptyCart } from '~/components/cart/empty-cart'
import { useCart } from '~/components/cart-provider'
import { buttonClass } from '~/components/ui/button-classes'
import { QuantityStepper } from '~/components/menu/quantity-stepper'
import type { CartItem } from '~/utils/cart'
import { loadUnavailableForCart } from '~/utils/menu-page.server'
import { formatPrice } from '~/utils/money'
import { metaTranslator, pageMeta } from '~/utils/seo'
import { useLocale, useLocalizedPath, useT } from '~/utils/i18n-react'
import { requestLocale } from '~/utils/i18n.server'

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('shop.cartTitle'), description: t('shop.cartDescription'), noindex: true })
}

/** Which items cannot be picked up within the ordering horizon (the cart itself lives in the browser). */
export async function loader({ request }: LoaderFunctionArgs) {
	return { unavailable: await loadUnavailableForCart(requestLocale(request)) }
}

export default function Cart() {
	const cart = useCart()
	const { unavailable } = useLoaderData<typeof loader>()
	const blocked = cart.items.some((item) => unavailable[item.id])
	const t = useT()
	const locale = useLocale()
	const localize = useLocalizedPath()
	return (
		<section className="mx-auto max-w-3xl px-4 py-10">
			<h1 className="font-display text-4xl font-bold">{t('shop.cartTitle')}</h1>
			<div className="mt-6">
				{!cart.hydrated ? (
					<CartPlaceholder />
				) : cart.items.length === 0 ? (
					<EmptyCart />
				) : (
					<>
						<ul className="divide-y divide-dough rounded-2xl bg-white px-4 shadow-md ring-1 ring-dough">
							{cart.items.map((item) => (
								<CartLine key={item.key} item={item} unavailable={unavailable[item.id]} />
							))}
						</ul>
						<p className="mt-6 text-right text-2xl font-bold">
							{t('shop.total', { amount: formatPrice(cart.totalCents, locale) })}
						</p>
						<div className="mt-6 flex flex-wrap items-center justify-end gap-4">
							<button
								type="button"
								onClick={cart.clear}
								className="rounded-full border-2 border-cocoa px-6 py-3 font-semibold hover:bg-dough"
							>
								{t('shop.clearCart')}
							</button>
							{blocked ? null : (
								<Link to={localize('/checkout')} className={buttonClass}>
									{t('shop.checkoutLink')}
								</Link>
							)}
						</div>
						{blocked ? (
							<p role="status" className="mt-4 text-right font-semibold text-red-800">
								{t('shop.cartUnavailable')}
							</p>
						) : null}
					</>
				)}
			</div>
		</section>
	)
}

function CartLine({ item, unavailable }: { item: CartItem; unavailable?: string }) {
	const cart = useCart()
	const quantityId = useId()
	const lineName = cartLineName(item)
	const t = useT()
	const locale = useLocale()
	return (
		<li className="flex flex-wrap items-center gap-4 py-4">
			<CartLineImage item={item} />
			<div className="min-w-40 flex-1">
				<p className="font-display text-lg font-bold">{item.name}</p>
				<CartLineOptions item={item} />
				<p>{t('shop.each', { price: formatPrice(item.priceCents, locale) })}</p>
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
			<p className="w-24 text-right font-semibold" aria-label={t('shop.lineTotalFor', { name: lineName })}>
				{formatPrice(item.priceCents * item.quantity, locale)}
			</p>
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
