/**
 * A local server speaking the slice of Stripe's API the shop uses (create/retrieve Checkout
 * Sessions), plus a stand-in hosted checkout page that pays or cancels and then delivers a signed
 * webhook, as Stripe does. The official `stripe` SDK talks to it through its host/port/protocol options.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

interface RecordedRequest {
	method: string
	path: string
	headers: http.IncomingHttpHeaders
	params: URLSearchParams
}

interface MockSession {
	id: string
	params: URLSearchParams
	status: 'open' | 'complete' | 'expired'
	payment_status: 'paid' | 'unpaid'
	/** Set when the session is paid, as Stripe does. */
	payment_intent?: string
	/** A subscription-mode session's Customer and Subscription, made when it completes. */
	customer?: string
	subscription?: string
}

/** Stripe Billing as the mock plays it (decision 093): recurring Prices, Customers with a balance, Subscriptions. */
export interface MockSubscription {
	id: string
	customer: string
	price: string
	status: 'active' | 'past_due' | 'canceled'
	metadata: Record<string, string>
	billing_cycle_anchor: number | null
	pause_collection: { behavior: string; resumes_at: number | null } | null
	/** The renewals charged so far: what each invoice asked and whether it was paid. */
	invoices: Array<{ id: string; amount_due: number; status: 'paid' | 'open' | 'void' }>
}

export interface MockCustomer {
	id: string
	email: string | null
	/** Stripe's customer balance: negative is credit the next invoice uses. */
	balance: number
}

export interface MockRefund {
	id: string
	params: URLSearchParams
	idempotencyKey: string
}

export interface MockStripeOptions {
	/** Where the hosted page sends `checkout.session.completed`, signed with `webhookSecret`. */
	webhookUrl?: string
	webhookSecret?: string
	port?: number
}

/** Stripe Tax as the mock plays it: this rate on every line whose tax code is not Nontaxable. */
export const MOCK_STRIPE_TAX_PERCENT = 10

/** A coupon as the mock keeps it (`amount_off` only, the one kind the shop makes). */
export interface MockCoupon {
	id: string
	amount_off: number
	currency: string
	name: string | null
}

/**
 * The session's lines' sum, its coupon's discount and, with automatic_tax, the mock Stripe Tax: as Stripe does, the
 * discount is spread over the lines in proportion to their amounts and each line is taxed on what is left of it
 * (rounded half up per line).
 */
/** The `prefix[key]=value` entries of a form-encoded body, as Stripe reads metadata. */
function metadataOf(params: URLSearchParams, prefix: string) {
	const entries: Array<[string, string]> = []
	for (const [key, value] of params) {
		if (key.startsWith(`${prefix}[`) && key.endsWith(']')) entries.push([key.slice(prefix.length + 1, -1), value])
	}
	return entries
}

function sessionAmounts(params: URLSearchParams, coupons: ReadonlyMap<string, MockCoupon>) {
	const automaticTax = params.get('automatic_tax[enabled]') === 'true'
	const lines: Array<{ amount: number; taxed: boolean }> = []
	for (let index = 0; params.has(`line_items[${index}][quantity]`); index += 1) {
		const line = `line_items[${index}]`
		const amount = Number(params.get(`${line}[price_data][unit_amount]`)) * Number(params.get(`${line}[quantity]`))
		const taxCode = params.get(`${line}[price_data][product_data][tax_code]`)
		lines.push({ amount, taxed: automaticTax && taxCode !== 'txcd_00000000' })
	}
	const subtotal = lines.reduce((sum, line) => sum + line.amount, 0)
	const coupon = coupons.get(params.get('discounts[0][coupon]') ?? '')
	const discount = Math.min(coupon?.amount_off ?? 0, subtotal)
	let tax = 0
	for (const line of lines) {
		const share = subtotal > 0 ? Math.floor((discount * line.amount) / subtotal) : 0
		if (line.taxed) tax += Math.round(((line.amount - share) * MOCK_STRIPE_TAX_PERCENT) / 100)
	}
	return { subtotal, discount, tax }
}

export async function startMockStripe(options: MockStripeOptions = {}) {
	const requests: RecordedRequest[] = []
	const sessions = new Map<string, MockSession>()
	const coupons = new Map<string, MockCoupon>()
	const couponsByKey = new Map<string, MockCoupon>()
	const byIdempotencyKey = new Map<string, MockSession>()
	const signer = new Stripe('sk_test_mock_signer')
	const refunds: MockRefund[] = []
	const refundsByKey = new Map<string, MockRefund>()
	/** Session creations to refuse, in order; one with an `email` refuses only that customer's (parallel e2e workers). */
	let failures: Array<{ status: number; email?: string }> = []
	let expireFailures: number[] = []
	let refundFailures: Array<{ status: number; message: string }> = []
	let delayMs = 0
	let counter = 0
	const prices = new Map<string, { id: string; unit_amount: number; interval_count: number; product: string }>()
	const subscriptions = new Map<string, MockSubscription>()
	const customers = new Map<string, MockCustomer>()
	const balanceMovesByKey = new Map<string, { id: string; amount: number }>()
	const byKey = new Map<string, { id: string }>()
	const portals = new Map<string, string>()

	function sessionJson(session: MockSession) {
		const orderId = session.params.get('metadata[orderId]')
		const { subtotal, discount, tax } = sessionAmounts(session.params, coupons)
		return {
			id: session.id,
			object: 'checkout.session',
			url: `${baseUrl}/pay/${session.id}`,
			status: session.status,
			payment_status: session.payment_status,
			payment_intent: session.payment_intent ?? null,
			mode: session.params.get('mode'),
			client_reference_id: session.params.get('client_reference_id'),
			customer_email: session.params.get('customer_email'),
			metadata: orderId ? { orderId } : Object.fromEntries(metadataOf(session.params, 'metadata')),
			customer: session.customer ?? null,
			subscription: session.subscription ?? null,
			success_url: session.params.get('success_url'),
			cancel_url: session.params.get('cancel_url'),
			locale: session.params.get('locale'),
			currency: session.params.get('line_items[0][price_data][currency]'),
			amount_subtotal: subtotal,
			amount_total: subtotal - discount + tax,
			total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: tax },
		}
	}

	function send(res: http.ServerResponse, status: number, body: unknown) {
		res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_mock_${counter}` })
		res.end(JSON.stringify(body))
	}

	async function deliverWebhook(type: string, session: MockSession) {
		await deliverEvent(type, sessionJson(session))
	}

	async function deliverEvent(type: string, object: unknown) {
		if (!options.webhookUrl || !options.webhookSecret) return
		const payload = JSON.stringify({ id: `evt_mock_${++counter}`, object: 'event', type, data: { object } })
		const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret })
		await fetch(options.webhookUrl, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
			body: payload,
		})
	}

	async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
		const url = new URL(req.url ?? '/', baseUrl)
		const params = new URLSearchParams(body)
		if (url.pathname.startsWith('/v1/')) {
			requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, params })
			if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
		}
		if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
			const email = params.get('customer_email') ?? undefined
			const failing = failures.findIndex((failure) => failure.email === undefined || failure.email === email)
			if (failing >= 0) {
				const [failure] = failures.splice(failing, 1)
				return send(res, failure!.status, { error: { type: 'api_error', message: 'Mock Stripe failure' } })
			}
			const key = String(req.headers['idempotency-key'] ?? '')
			const existing = key ? byIdempotencyKey.get(key) : undefined
			if (existing) return send(res, 200, sessionJson(existing))
			const session: MockSession = { id: `cs_test_mock${++counter}`, params, status: 'open', payment_status: 'unpaid' }
			sessions.set(session.id, session)
			if (key) byIdempotencyKey.set(key, session)
			return send(res, 200, sessionJson(session))
		}
		const billing = await handleBilling(req, res, url, params)
		if (billing !== false) return billing
		if (req.method === 'POST' && url.pathname === '/v1/coupons') {
			const key = String(req.headers['idempotency-key'] ?? '')
			const existing = key ? couponsByKey.get(key) : undefined
			const coupon = existing ?? {
				id: `coupon_mock_${++counter}`,
				amount_off: Number(params.get('amount_off')),
				currency: params.get('currency') ?? 'usd',
				name: params.get('name'),
			}
			coupons.set(coupon.id, coupon)
			if (key) couponsByKey.set(key, coupon)
			return send(res, 200, { ...coupon, object: 'coupon', duration: params.get('duration'), valid: true })
		}
		const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname)
		if (req.method === 'POST' && expire) {
			const failure = expireFailures.shift()
			if (failure) return send(res, failure, { error: { type: 'api_error', message: 'Mock Stripe failure' } })
			const session = sessions.get(decodeURIComponent(expire[1]!))
			if (!session) {
				return send(res, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } })
			}
			// As Stripe: only an open session can be expired.
			if (session.status !== 'open') {
				return send(res, 400, {
					error: { type: 'invalid_request_error', message: `Only open sessions can be expired (${session.status}).` },
				})
			}
			session.status = 'expired'
			return send(res, 200, sessionJson(session))
		}
		if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
			const paymentIntent = url.searchParams.get('payment_intent')
			const found = [...sessions.values()].filter(
				(session) => !paymentIntent || session.payment_intent === paymentIntent,
			)
			return send(res, 200, {
				object: 'list',
				url: '/v1/checkout/sessions',
				has_more: false,
				data: found.map(sessionJson),
			})
		}
		if (req.method === 'POST' && url.pathname === '/v1/refunds') {
			const failure = refundFailures.shift()
			if (failure) {
				return send(res, failure.status, { error: { type: 'invalid_request_error', message: failure.message } })
			}
			const key = String(req.headers['idempotency-key'] ?? '')
			const existing = key ? refundsByKey.get(key) : undefined
			const refund = existing ?? { id: `re_mock_${++counter}`, params, idempotencyKey: key }
			if (!existing) {
				refunds.push(refund)
				if (key) refundsByKey.set(key, refund)
			}
			return send(res, 200, {
				id: refund.id,
				object: 'refund',
				status: 'succeeded',
				payment_intent: refund.params.get('payment_intent'),
			})
		}
		const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname)
		if (req.method === 'GET' && retrieve) {
			const session = sessions.get(decodeURIComponent(retrieve[1]!))
			if (!session) {
				return send(res, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } })
			}
			return send(res, 200, sessionJson(session))
		}
		const page = /^\/pay\/([^/]+)(?:\/(complete|cancel))?$/.exec(url.pathname)
		const session = page ? sessions.get(page[1]!) : undefined
		if (page && session && req.method === 'GET' && !page[2]) {
			res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
			return res.end(
				`<!doctype html><html lang="en"><title>Mock Stripe Checkout</title><main><h1>Mock Stripe Checkout</h1>` +
					`<form method="post" action="/pay/${session.id}/complete"><button>Pay</button></form>` +
					`<form method="post" action="/pay/${session.id}/cancel"><button>Cancel</button></form></main></html>`,
			)
		}
		if (page && session && req.method === 'POST' && page[2] === 'complete') {
			if (session.params.get('mode') === 'subscription') startSubscription(session)
			else markPaid(session)
			await deliverWebhook('checkout.session.completed', session)
			const successUrl = session.params.get('success_url')!.replace('{CHECKOUT_SESSION_ID}', session.id)
			res.writeHead(303, { Location: successUrl })
			return res.end()
		}
		if (page && session && req.method === 'POST' && page[2] === 'cancel') {
			// Stripe fills in {CHECKOUT_SESSION_ID} in the return URLs.
			res.writeHead(303, { Location: session.params.get('cancel_url')!.replace('{CHECKOUT_SESSION_ID}', session.id) })
			return res.end()
		}
		if (req.method === 'POST' && url.pathname === '/__control/fail-next') {
			const email = url.searchParams.get('email') ?? undefined
			failures.push({ status: Number(url.searchParams.get('status') ?? 500), ...(email ? { email } : {}) })
			return send(res, 200, { ok: true })
		}
		send(res, 404, { error: { type: 'invalid_request_error', message: `Unknown mock route ${url.pathname}` } })
	}

	function subscriptionJson(subscription: MockSubscription) {
		return {
			id: subscription.id,
			object: 'subscription',
			customer: subscription.customer,
			status: subscription.status,
			metadata: subscription.metadata,
			billing_cycle_anchor: subscription.billing_cycle_anchor,
			pause_collection: subscription.pause_collection,
			items: { object: 'list', data: [{ price: { id: subscription.price } }] },
		}
	}

	/** A subscription page paid: its Customer and Subscription, as Stripe makes them (nothing charged before the anchor). */
	function startSubscription(session: MockSession) {
		const customer: MockCustomer = {
			id: `cus_mock_${++counter}`,
			email: session.params.get('customer_email'),
			balance: 0,
		}
		customers.set(customer.id, customer)
		const anchor = session.params.get('subscription_data[billing_cycle_anchor]')
		const subscription: MockSubscription = {
			id: `sub_mock_${++counter}`,
			customer: customer.id,
			price: session.params.get('line_items[0][price]') ?? '',
			status: 'active',
			metadata: Object.fromEntries(metadataOf(session.params, 'subscription_data[metadata]')),
			billing_cycle_anchor: anchor ? Number(anchor) : null,
			pause_collection: null,
			invoices: [],
		}
		subscriptions.set(subscription.id, subscription)
		session.status = 'complete'
		session.customer = customer.id
		session.subscription = subscription.id
	}

	/**
	 * One renewal, as Stripe bills it at a period's start: voided while collection is paused; else the price less the
	 * customer's credit, paid (`invoice.paid`) or, with `fail`, refused (`invoice.payment_failed`, past_due).
	 */
	async function renew(subscriptionId: string, { fail = false, now = Date.now() } = {}) {
		const subscription = subscriptions.get(subscriptionId)
		if (!subscription || subscription.status === 'canceled') throw new Error(`no live subscription ${subscriptionId}`)
		const id = `in_mock_${++counter}`
		const paused = subscription.pause_collection
		if (paused && (paused.resumes_at === null || paused.resumes_at * 1000 > now)) {
			const invoice = { id, amount_due: 0, status: 'void' as const }
			subscription.invoices.push(invoice)
			return invoice
		}
		const customer = customers.get(subscription.customer)!
		const price = prices.get(subscription.price)?.unit_amount ?? 0
		const due = Math.max(0, price + customer.balance)
		customer.balance = Math.min(0, price + customer.balance)
		const invoice = { id, amount_due: due, status: fail ? ('open' as const) : ('paid' as const) }
		subscription.invoices.push(invoice)
		subscription.status = fail ? 'past_due' : 'active'
		await deliverEvent(fail ? 'invoice.payment_failed' : 'invoice.paid', {
			id,
			object: 'invoice',
			customer: customer.id,
			amount_due: due,
			amount_paid: fail ? 0 : due,
			status: invoice.status,
			parent: {
				type: 'subscription_details',
				subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
			},
		})
		return invoice
	}

	/** Ends a subscription as Stripe does (the API, or its retries exhausted) and says so by webhook. */
	function endSubscription(subscription: MockSubscription) {
		subscription.status = 'canceled'
		// Not awaited: the shop may be waiting for this very answer inside the transaction the webhook needs.
		void deliverEvent('customer.subscription.deleted', subscriptionJson(subscription)).catch(() => {})
	}

	function idempotent<T extends { id: string }>(req: http.IncomingMessage, make: () => T): T {
		const key = String(req.headers['idempotency-key'] ?? '')
		const existing = key ? (byKey.get(`${req.url}|${key}`) as T | undefined) : undefined
		if (existing) return existing
		const made = make()
		if (key) byKey.set(`${req.url}|${key}`, made)
		return made
	}

	async function handleBilling(
		req: http.IncomingMessage,
		res: http.ServerResponse,
		url: URL,
		params: URLSearchParams,
	): Promise<void | false> {
		if (req.method === 'POST' && url.pathname === '/v1/products') {
			const product = idempotent(req, () => ({ id: `prod_mock_${++counter}`, name: params.get('name') }))
			return send(res, 200, { ...product, object: 'product' })
		}
		if (req.method === 'POST' && url.pathname === '/v1/prices') {
			const price = idempotent(req, () => ({
				id: `price_mock_${++counter}`,
				unit_amount: Number(params.get('unit_amount')),
				interval_count: Number(params.get('recurring[interval_count]') ?? 1),
				product: params.get('product') ?? '',
			}))
			prices.set(price.id, price)
			return send(res, 200, {
				...price,
				object: 'price',
				currency: params.get('currency'),
				recurring: { interval: params.get('recurring[interval]'), interval_count: price.interval_count },
			})
		}
		const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname)
		const subscription = subscriptionPath ? subscriptions.get(decodeURIComponent(subscriptionPath[1]!)) : undefined
		if (subscriptionPath && !subscription) {
			return send(res, 404, { error: { type: 'invalid_request_error', message: 'No such subscription' } })
		}
		if (subscription && req.method === 'GET') return send(res, 200, subscriptionJson(subscription))
		if (subscription && req.method === 'DELETE') {
			if (subscription.status === 'canceled') {
				return send(res, 400, {
					error: {
						type: 'invalid_request_error',
						message: 'A canceled subscription can only update its cancellation_details.',
					},
				})
			}
			endSubscription(subscription)
			return send(res, 200, subscriptionJson(subscription))
		}
		if (subscription && req.method === 'POST') {
			if (params.has('pause_collection')) subscription.pause_collection = null
			if (params.has('pause_collection[behavior]')) {
				const resumesAt = params.get('pause_collection[resumes_at]')
				subscription.pause_collection = {
					behavior: params.get('pause_collection[behavior]')!,
					resumes_at: resumesAt ? Number(resumesAt) : null,
				}
			}
			return send(res, 200, subscriptionJson(subscription))
		}
		const balance = /^\/v1\/customers\/([^/]+)\/balance_transactions$/.exec(url.pathname)
		if (req.method === 'POST' && balance) {
			const customer = customers.get(decodeURIComponent(balance[1]!))
			if (!customer) return send(res, 404, { error: { type: 'invalid_request_error', message: 'No such customer' } })
			const key = String(req.headers['idempotency-key'] ?? '')
			let move = key ? balanceMovesByKey.get(key) : undefined
			if (!move) {
				move = { id: `cbtxn_mock_${++counter}`, amount: Number(params.get('amount')) }
				customer.balance += move.amount
				if (key) balanceMovesByKey.set(key, move)
			}
			return send(res, 200, { ...move, object: 'customer_balance_transaction', customer: customer.id })
		}
		if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
			const id = `bps_mock_${++counter}`
			portals.set(id, params.get('return_url') ?? '/')
			return send(res, 200, {
				id,
				object: 'billing_portal.session',
				url: `${baseUrl}/portal/${id}`,
				customer: params.get('customer'),
			})
		}
		const portal = /^\/portal\/([^/]+)$/.exec(url.pathname)
		if (req.method === 'GET' && portal && portals.has(portal[1]!)) {
			res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
			res.end(
				`<!doctype html><html lang="en"><title>Mock Stripe billing portal</title><main><h1>Mock Stripe billing portal</h1>` +
					`<p>Your card is updated.</p><a href="${portals.get(portal[1]!)}">Return</a></main></html>`,
			)
			return
		}
		if (req.method === 'POST' && url.pathname === '/__control/renew') {
			const invoice = await renew(url.searchParams.get('subscription') ?? '', {
				fail: url.searchParams.get('fail') === '1',
			})
			return send(res, 200, invoice)
		}
		if (req.method === 'POST' && url.pathname === '/__control/end-subscription') {
			const ended = subscriptions.get(url.searchParams.get('subscription') ?? '')
			if (!ended) return send(res, 404, { error: { message: 'No such subscription' } })
			endSubscription(ended)
			return send(res, 200, subscriptionJson(ended))
		}
		return false
	}

	function markPaid(session: MockSession) {
		session.status = 'complete'
		session.payment_status = 'paid'
		session.payment_intent ??= `pi_mock_${++counter}`
	}

	const server = http.createServer((req, res) => {
		let body = ''
		req.on('data', (chunk) => (body += chunk))
		req.on('end', () => {
			handle(req, res, body).catch((error: unknown) => send(res, 500, { error: { message: String(error) } }))
		})
	})
	await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	const baseUrl = `http://127.0.0.1:${port}`

	return {
		port,
		baseUrl,
		requests,
		sessions,
		/** The ad-hoc coupons made for promo codes' discounts, by id. */
		coupons,
		/** The next N session creations answer with these HTTP statuses. */
		failNext: (...statuses: number[]) => (failures = [...failures, ...statuses.map((status) => ({ status }))]),
		/** Refunds created (one per idempotency key, as Stripe does). */
		refunds,
		/** The next refund answers with this HTTP status and error message. */
		failNextRefund: (status: number, message: string) => (refundFailures = [...refundFailures, { status, message }]),
		setDelay: (ms: number) => (delayMs = ms),
		/** The next N session expirations answer with these HTTP statuses. */
		failNextExpire: (...statuses: number[]) => (expireFailures = [...expireFailures, ...statuses]),
		/** Marks a session expired as Stripe does when its `expires_at` passes. */
		expire(sessionId: string) {
			const session = sessions.get(sessionId)
			if (!session) throw new Error(`unknown session ${sessionId}`)
			session.status = 'expired'
			return sessionJson(session)
		},
		/** Marks a session paid as Stripe would after a successful payment. */
		pay(sessionId: string) {
			const session = sessions.get(sessionId)
			if (!session) throw new Error(`unknown session ${sessionId}`)
			markPaid(session)
			return sessionJson(session)
		},
		sessionJson: (sessionId: string) => sessionJson(sessions.get(sessionId)!),
		/** Stripe Billing's side (decision 093): subscriptions, customers (with their balance) and renewals. */
		subscriptions,
		customers,
		/** Completes a subscription page as its customer would, without delivering the webhook. */
		startSubscription(sessionId: string) {
			const session = sessions.get(sessionId)
			if (!session) throw new Error(`unknown session ${sessionId}`)
			startSubscription(session)
			return sessionJson(session)
		},
		/** Delivers a signed event of this type about the session (as the hosted page does). */
		deliverSessionEvent: (type: string, sessionId: string) => deliverWebhook(type, sessions.get(sessionId)!),
		renew,
		endSubscription: (subscriptionId: string) => endSubscription(subscriptions.get(subscriptionId)!),
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

export type MockStripe = Awaited<ReturnType<typeof startMockStripe>>
