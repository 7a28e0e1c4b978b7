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
			metadata: orderId ? { orderId } : {},
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
		if (!options.webhookUrl || !options.webhookSecret) return
		const payload = JSON.stringify({
			id: `evt_mock_${++counter}`,
			object: 'event',
			type,
			data: { object: sessionJson(session) },
		})
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
			markPaid(session)
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
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

export type MockStripe = Awaited<ReturnType<typeof startMockStripe>>
