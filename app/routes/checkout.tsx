import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useFetcher, useLoaderData } from '@remix-run/react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { CartPlaceholder } from '~/components/cart/cart-line-image'
import { EmptyCart } from '~/components/cart/empty-cart'
import { useCart } from '~/components/cart-provider'
import { CheckoutLines } from '~/components/checkout/checkout-lines'
import { ConfirmOrderDialog, type CustomerInfo } from '~/components/checkout/confirm-order-dialog'
import { buttonClass } from '~/components/forms'
import { bodyLimits, bodyProblems, readJson } from '~/utils/body.server'
import { CHECKOUT_FAILED_MESSAGE, customerSchema } from '~/utils/checkout'
import { startCheckout } from '~/utils/checkout.server'
import { paymentMode } from '~/utils/payments.server'
import { consumeRateLimit } from '~/utils/rate-limit.server'
import { clientKey, siteOrigin } from '~/utils/request.server'
import { withRetryAfter } from '~/utils/route-headers'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: 'Checkout', description: 'Review your order and pay securely.', noindex: true })

const noStore = { 'Cache-Control': 'private, no-store' }

// A rate-limited checkout says when to try again.
export const headers = withRetryAfter(noStore)

export function loader() {
	return data({ paymentsEnabled: paymentMode() !== 'disabled' }, { headers: noStore })
}

export type CheckoutActionData = { ok: true; url: string } | { ok: false; error: string }

/** Receives ids, quantities and the customer only; every amount comes from the database. */
export async function action({ request, context }: ActionFunctionArgs) {
	const limit = await consumeRateLimit('checkout', clientKey(context))
	if (!limit.allowed) {
		return data<CheckoutActionData>(
			{ ok: false, error: 'Too many checkout attempts. Please wait a few minutes and try again.' },
			{ status: 429, headers: { ...noStore, 'Retry-After': String(limit.retryAfterSeconds) } },
		)
	}
	const body = await readJson(request, bodyLimits.checkout)
	if (!body.ok) {
		const { status, message } = bodyProblems[body.problem]
		return data<CheckoutActionData>({ ok: false, error: message }, { status, headers: noStore })
	}
	const result = await startCheckout(body.value, { origin: siteOrigin(request) })
	if (result.ok) return data<CheckoutActionData>({ ok: true, url: result.url }, { headers: noStore })
	return data<CheckoutActionData>({ ok: false, error: result.error }, { status: result.status, headers: noStore })
}

const inputClass = 'mt-1 block w-full rounded-lg border border-cocoa/40 bg-white px-3 py-2'

export default function Checkout() {
	const { paymentsEnabled } = useLoaderData<typeof loader>()
	const cart = useCart()
	return (
		<section className="mx-auto max-w-6xl px-4 py-10">
			<h1 className="font-display text-4xl font-bold">Checkout</h1>
			{/* The cart is only known after hydration: reserve the form's room so the footer does not jump (CLS). */}
			<div className="mt-6 min-h-[75vh]">
				{!cart.hydrated ? (
					<CartPlaceholder />
				) : cart.items.length === 0 ? (
					<EmptyCart />
				) : paymentsEnabled ? (
					<CheckoutForm />
				) : (
					<p role="status" className="rounded-xl bg-dough/60 p-6 text-lg">
						Online ordering is unavailable right now. Please call or visit us to order.
					</p>
				)}
			</div>
			<noscript>
				<p className="mt-6 rounded-xl bg-dough/60 p-4">
					Checkout needs JavaScript turned on, as your cart is kept in this browser.
				</p>
			</noscript>
		</section>
	)
}

function CheckoutForm() {
	const cart = useCart()
	const fetcher = useFetcher<CheckoutActionData>()
	const [customer, setCustomer] = useState<CustomerInfo>({ name: '', email: '', phone: '' })
	const [formError, setFormError] = useState<string | null>(null)
	const [previewOpen, setPreviewOpen] = useState(false)
	const [checkoutError, setCheckoutError] = useState<string | null>(null)
	const ids = { name: useId(), email: useId(), phone: useId() }
	const processing = fetcher.state !== 'idle'

	useEffect(() => {
		if (fetcher.state !== 'idle' || !fetcher.data) return
		if (fetcher.data.ok) {
			// Cleared only now, just before leaving for the payment page: a failure keeps the cart,
			// and a cancelled payment gets it back (see /cancel).
			cart.stashForPayment()
			window.location.assign(fetcher.data.url)
		} else {
			setCheckoutError(fetcher.data.error || CHECKOUT_FAILED_MESSAGE)
		}
		// eslint-disable-next-line react-hooks/exhaustive-deps -- react to each finished submission only
	}, [fetcher.state, fetcher.data])

	function preview(event: FormEvent) {
		event.preventDefault()
		const parsed = customerSchema.safeParse(customer)
		if (!parsed.success) {
			setFormError(parsed.error.issues[0]?.message ?? 'Please enter name and email.')
			return
		}
		setFormError(null)
		setCheckoutError(null)
		setPreviewOpen(true)
	}

	function confirm() {
		setCheckoutError(null)
		fetcher.submit(
			{ customer: { ...customer }, items: cart.items.map(({ id, quantity }) => ({ id, quantity })) },
			{ method: 'post', action: '/checkout', encType: 'application/json' },
		)
	}

	const update = (field: keyof CustomerInfo) => (event: { target: { value: string } }) =>
		setCustomer((current) => ({ ...current, [field]: event.target.value }))

	return (
		<div className="grid gap-10 md:grid-cols-2">
			<form onSubmit={preview} noValidate className="space-y-4 rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough">
				<h2 className="font-display text-2xl font-bold">Customer Info</h2>
				<div>
					<label htmlFor={ids.name} className="font-semibold">
						Full Name
					</label>
					<input
						id={ids.name}
						name="name"
						autoComplete="name"
						className={inputClass}
						value={customer.name}
						onChange={update('name')}
					/>
				</div>
				<div>
					<label htmlFor={ids.email} className="font-semibold">
						Email Address
					</label>
					<input
						id={ids.email}
						name="email"
						type="email"
						autoComplete="email"
						className={inputClass}
						value={customer.email}
						onChange={update('email')}
					/>
				</div>
				<div>
					<label htmlFor={ids.phone} className="font-semibold">
						Phone Number (Optional)
					</label>
					<input
						id={ids.phone}
						name="phone"
						type="tel"
						autoComplete="tel"
						className={inputClass}
						value={customer.phone}
						onChange={update('phone')}
					/>
				</div>
				<div role="alert" className="min-h-6 font-semibold text-red-800">
					{formError}
				</div>
				<button type="submit" className={buttonClass}>
					Preview Order
				</button>
			</form>
			<div className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough">
				<h2 className="font-display text-2xl font-bold">Your Order</h2>
				<CheckoutLines />
			</div>
			<ConfirmOrderDialog
				open={previewOpen}
				customer={customer}
				processing={processing}
				error={checkoutError}
				onCancel={() => setPreviewOpen(false)}
				onConfirm={confirm}
			/>
		</div>
	)
}
