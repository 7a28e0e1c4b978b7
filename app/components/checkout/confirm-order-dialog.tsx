import { useId } from 'react'
import { PriceChanges } from '~/components/cart/current-cart'
import { FormErrors } from '~/components/ui/forms'
import { Modal } from '~/components/ui/modal'
import type { CartItem } from '~/domain/orders/cart'
import type { CartPriceChange } from '~/domain/orders/cart-prices'
import type { CheckoutRequest } from '~/domain/orders/checkout'
import { taxOrder, type TaxPolicy } from '~/domain/orders/sales-tax'
import { OrderLines } from './order-lines'
import type { ServerPrice } from './promo-and-tip'
import { useT } from '~/utils/i18n-react'

/** The shop's tax policy and which of the cart's items it taxes (from the checkout loader). */
export interface CheckoutTax {
	policy: TaxPolicy
	preparedFoodIds: string[]
}

/** 'Confirm Your Order': who, what and how much, then Cancel or Confirm & Pay. */
export function ConfirmOrderDialog({
	open,
	customer,
	notes,
	pickup,
	processing,
	lines,
	changes,
	tax,
	price,
	errorId,
	errors,
	onCancel,
	onConfirm,
}: {
	open: boolean
	/** What the checkout form validated (trimmed; no phone when none was given). */
	customer: CheckoutRequest['customer'] | null
	/** The customer's note and allergy note as validated (missing when left empty). */
	notes: Pick<CheckoutRequest, 'customerNote' | 'allergyNote'> | null
	/** The chosen pickup time, as the customer reads it. */
	pickup: string | null
	processing: boolean
	/** The lines as the checkout sends them, at the menu's current prices (`useCurrentCart`). */
	lines: readonly CartItem[]
	/** Prices the cart took from the server since it was stored, said above the lines. */
	changes: readonly CartPriceChange[]
	/** Null until the checkout loader has answered: no tax line is shown then. */
	tax: CheckoutTax | null
	/** The order as the server priced it with its promo code and tip (decision 080); null while it is asked. */
	price: ServerPrice | null
	/** Why the last Confirm & Pay failed (the form's errors, under the form's error id). */
	errorId: string
	errors?: string[]
	onCancel: () => void
	onConfirm: () => void
}) {
	const t = useT()
	const titleId = useId()
	const taxable = new Set(tax?.preparedFoodIds)
	const order = taxOrder(
		lines.map((item) => ({
			...item,
			unitPriceCents: item.priceCents,
			taxCategory: taxable.has(item.id) ? ('PREPARED_FOOD' as const) : ('BAKERY' as const),
		})),
		tax?.policy ?? { mode: 'none' },
	)
	return (
		<Modal open={open} onClose={processing ? () => {} : onCancel} labelledBy={titleId}>
			<h2 id={titleId} className="font-display text-2xl font-bold">
				{t('shop.confirmTitle')}
			</h2>
			<dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
				<dt className="font-semibold">{t('shop.name')}</dt>
				<dd>{customer?.name}</dd>
				<dt className="font-semibold">{t('shop.email')}</dt>
				<dd>{customer?.email}</dd>
				<dt className="font-semibold">{t('shop.phone')}</dt>
				<dd>{customer?.phone ?? t('shop.notGiven')}</dd>
				<dt className="font-semibold">{t('shop.pickup')}</dt>
				<dd>{pickup}</dd>
				{notes?.allergyNote ? (
					<>
						<dt className="font-semibold">{t('shop.allergies')}</dt>
						<dd className="break-words whitespace-pre-line">{notes.allergyNote}</dd>
					</>
				) : null}
				{notes?.customerNote ? (
					<>
						<dt className="font-semibold">{t('shop.noteForBakery')}</dt>
						<dd className="break-words whitespace-pre-line">{notes.customerNote}</dd>
					</>
				) : null}
			</dl>
			<div className="mt-4">
				<PriceChanges changes={changes} />
			</div>
			{price ? (
				<OrderLines lines={order.lines} totalCents={price.totalCents} taxCents={price.taxCents} adjustments={price} />
			) : (
				<OrderLines lines={order.lines} totalCents={order.totalCents} taxCents={order.taxCents} />
			)}
			{tax?.policy.mode === 'stripe' ? <p className="mt-2 text-sm">{t('shop.stripeTaxNote')}</p> : null}
			<div className="mt-3">
				<FormErrors id={errorId} errors={processing ? undefined : errors} />
			</div>
			<div className="mt-5 flex flex-wrap justify-end gap-3">
				<button
					type="button"
					onClick={onCancel}
					disabled={processing}
					className="rounded-full border-2 border-cocoa px-6 py-3 font-semibold hover:bg-dough disabled:opacity-50"
				>
					{t('shop.cancel')}
				</button>
				<button
					type="button"
					onClick={onConfirm}
					disabled={processing}
					className="rounded-full bg-cinnamon px-6 py-3 font-semibold text-white hover:bg-cocoa disabled:cursor-not-allowed disabled:bg-stone-500"
				>
					{processing
						? t('shop.processing')
						: price && price.dueCents === 0
							? t('shop.confirmPlaceOrder')
							: t('shop.confirmAndPay')}
				</button>
			</div>
		</Modal>
	)
}
