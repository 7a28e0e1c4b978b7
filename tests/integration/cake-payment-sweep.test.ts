import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { post, run } from './admin-helpers'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'

let stripe: MockStripe
let quotes: typeof import('~/domain/cake-quotes/models/cake-quote.server')
let checkout: typeof import('~/domain/cake-quotes/quote-checkout.server')
let tokens: typeof import('~/domain/cake-quotes/cake-quote-token.server')
let prisma: (typeof import('~/utils/db.server'))['prisma']
const origin = 'https://bakery.test'

beforeAll(async () => {
	stripe = await startMockStripe()
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_cake_sweep',
		STRIPE_WEBHOOK_SECRET: 'whsec_cake_sweep',
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
	})
	quotes = await import('~/domain/cake-quotes/models/cake-quote.server')
	checkout = await import('~/domain/cake-quotes/quote-checkout.server')
	tokens = await import('~/domain/cake-quotes/cake-quote-token.server')
	prisma = (await import('~/utils/db.server')).prisma
	await openEveryDay({ ordersPerSlot: 100 })
})

afterAll(async () => {
	await stripe.close()
})

beforeEach(async () => {
	await prisma.cakePayment.deleteMany()
	await prisma.customCakeRequest.deleteMany()
	await clearPickupHolds()
})

/** A quoted request whose customer opened the deposit's payment page, `minutesAgo` minutes ago. */
async function depositStarted(minutesAgo: number) {
	const request = await prisma.customCakeRequest.create({
		data: { name: 'Ana Souza', phone: '206 555 0101', email: 'ana@example.com', type: 'Birthday', size: '8″' },
	})
	const pickupAt = new Date(pickupSlot(5, '10:00'))
	const sent = await quotes.sendQuote(
		request.id,
		{
			quoteCents: 12_000,
			depositCents: 6_000,
			pickupAt,
			pickupDate: pickupAt.toISOString().slice(0, 10),
			notes: '',
			validUntil: new Date(Date.now() + 72 * 60 * 60 * 1000),
			ordersPerSlot: 100,
			cakesPerDay: null,
		},
		'owner:owner@example.com',
	)
	expect(sent).toEqual({ ok: true })
	const token = tokens.quotePath(request.id, 1).split('/').at(-1)!
	expect(await checkout.startQuotePayment(token, 'DEPOSIT', { origin })).toMatchObject({ ok: true })
	const payment = await prisma.cakePayment.findFirstOrThrow({ where: { requestId: request.id } })
	await prisma.cakePayment.update({
		where: { id: payment.id },
		data: { createdAt: new Date(Date.now() - minutesAgo * 60_000) },
	})
	return { requestId: request.id, sessionId: payment.providerSessionId! }
}

describe('the cake payment sweep (a lost webhook, a customer who never came back)', () => {
	it('records a deposit Stripe took, once, and leaves a session still open or too recent alone', async () => {
		const lapsed = await depositStarted(40)
		const recent = await depositStarted(5)
		stripe.pay(lapsed.sessionId)
		stripe.pay(recent.sessionId)

		expect(await checkout.sweepLapsedCakePayments()).toBe(1)
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: lapsed.requestId } })).toMatchObject({
			status: 'DEPOSIT_PAID',
			paidCents: 6_000,
		})
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: recent.requestId } })).toMatchObject({
			status: 'QUOTED',
		})
		// A second sweep, or the webhook arriving late, finds nothing more to do.
		expect(await checkout.sweepLapsedCakePayments()).toBe(0)
		expect(await prisma.cakePayment.count({ where: { status: 'PAID' } })).toBe(1)
	})

	it('expires a payment whose session lapsed unpaid; the quote stays open for another try', async () => {
		const { requestId, sessionId } = await depositStarted(40)
		stripe.expire(sessionId)
		expect(await checkout.sweepLapsedCakePayments()).toBe(1)
		expect(await prisma.cakePayment.findFirstOrThrow({ where: { requestId } })).toMatchObject({ status: 'EXPIRED' })
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({
			status: 'QUOTED',
		})
	})

	it('waits while Stripe cannot be reached', async () => {
		const { requestId, sessionId } = await depositStarted(40)
		stripe.pay(sessionId)
		await stripe.close()
		try {
			expect(await checkout.sweepLapsedCakePayments()).toBe(0)
			expect(await prisma.cakePayment.findFirstOrThrow({ where: { requestId } })).toMatchObject({ status: 'PENDING' })
		} finally {
			stripe = await startMockStripe({ port: stripe.port })
		}
	})
})

describe('paying from a quote page in Spanish or Portuguese', () => {
	it('opens Stripe Checkout in that language, with the words and return URLs of that page', async () => {
		const { requestId } = await depositStarted(0)
		const english = stripe.requests.at(-1)!.params
		expect(english.get('locale')).toBe('en')
		expect(english.get('line_items[0][price_data][product_data][name]')).toBe('Deposit: custom cake (Birthday, 8″)')
		await prisma.cakePayment.deleteMany()

		const token = tokens.quotePath(requestId, 1).split('/').at(-1)!
		expect(await checkout.startQuotePayment(token, 'DEPOSIT', { origin, locale: 'es' })).toMatchObject({ ok: true })
		const spanish = stripe.requests.at(-1)!.params
		expect(spanish.get('locale')).toBe('es-419')
		expect(spanish.get('line_items[0][price_data][product_data][name]')).toBe(
			'Anticipo: pastel personalizado (Birthday, 8″)',
		)
		expect(spanish.get('success_url')).toBe(`${origin}/es/quote/${token}?session_id={CHECKOUT_SESSION_ID}`)
		expect(spanish.get('cancel_url')).toBe(`${origin}/es/quote/${token}`)
		expect(spanish.get('custom_text[submit][message]')).toMatch(/^Recogida: /)
		await prisma.cakePayment.deleteMany()

		expect(await checkout.startQuotePayment(token, 'DEPOSIT', { origin, locale: 'pt-BR' })).toMatchObject({ ok: true })
		const portuguese = stripe.requests.at(-1)!.params
		expect(portuguese.get('locale')).toBe('pt-BR')
		expect(portuguese.get('cancel_url')).toBe(`${origin}/pt-br/quote/${token}`)
	})
})

describe('when Stripe cannot open the payment page', () => {
	it('the quote page says online payment is unavailable (503), in its language, and leaves nothing pending', async () => {
		const { requestId } = await depositStarted(0)
		await prisma.cakePayment.deleteMany()
		const token = tokens.quotePath(requestId, 1).split('/').at(-1)!
		const { action } = await import('~/routes/quote.$token')
		stripe.failNext(500, 500, 500)
		const refused = await run(
			action({ request: post(`/es/quote/${token}`, { intent: 'pay-deposit' }), params: { token }, context: {} }),
		)
		expect(refused).toMatchObject({
			status: 503,
			data: {
				error: 'El pago en línea no está disponible en este momento. Inténtalo de nuevo en unos minutos o llámanos.',
			},
		})
		expect(await prisma.cakePayment.findFirstOrThrow({ where: { requestId } })).toMatchObject({ status: 'EXPIRED' })
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({
			status: 'QUOTED',
		})
	})
})

describe('the cake payment sweep with the built-in test provider (no Stripe key)', () => {
	let testPage: typeof import('~/routes/test-payment.$sessionId')
	let payments: typeof import('~/domain/payments/index.server')
	let resetEnv: () => void
	let stripeKey: string | undefined

	beforeAll(async () => {
		testPage = await import('~/routes/test-payment.$sessionId')
		payments = await import('~/domain/payments/index.server')
		resetEnv = (await import('~/utils/env.server')).resetEnv
		stripeKey = process.env.STRIPE_SECRET_KEY
		delete process.env.STRIPE_SECRET_KEY
		resetEnv()
	})

	afterAll(() => {
		process.env.STRIPE_SECRET_KEY = stripeKey
		resetEnv()
	})

	/** The test payment page's Pay button, as the customer presses it. */
	function payOnTestPage(sessionId: string) {
		const request = new Request(`${origin}/test-payment/${sessionId}`, {
			method: 'POST',
			body: new URLSearchParams({ intent: 'pay' }),
		})
		return testPage.action({ request, params: { sessionId }, context: {} })
	}

	it('expires a deposit whose test page lapsed unpaid; the quote stays open for another try', async () => {
		const { requestId, sessionId } = await depositStarted(40)
		expect(sessionId).toMatch(/^test_cs_/)
		// The provider reads the cake payment's own session (not an order's): lapsed, not unknown.
		expect(await payments.paymentProvider('cake-payment')!.retrieveSession(sessionId)).toEqual({
			id: sessionId,
			paid: false,
			status: 'expired',
		})

		expect(await checkout.sweepLapsedCakePayments()).toBe(1)
		expect(await prisma.cakePayment.findFirstOrThrow({ where: { requestId } })).toMatchObject({
			status: 'EXPIRED',
			paidAt: null,
		})
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({
			status: 'QUOTED',
			paidCents: 0,
		})
		expect(await checkout.sweepLapsedCakePayments()).toBe(0)
	})

	it('leaves a deposit paid on the test page as paid: the quote is booked, never expired', async () => {
		const { requestId, sessionId } = await depositStarted(5)
		expect(await payments.paymentProvider('cake-payment')!.retrieveSession(sessionId)).toMatchObject({
			paid: false,
			status: 'open',
		})
		await payOnTestPage(sessionId)
		// The session lapses after it was paid: its payment page was opened 40 minutes ago.
		await prisma.cakePayment.updateMany({
			where: { providerSessionId: sessionId },
			data: { createdAt: new Date(Date.now() - 40 * 60_000) },
		})
		expect(await payments.paymentProvider('cake-payment')!.retrieveSession(sessionId)).toEqual({
			id: sessionId,
			paid: true,
			status: 'complete',
		})

		expect(await checkout.sweepLapsedCakePayments()).toBe(0)
		expect(await prisma.cakePayment.findFirstOrThrow({ where: { requestId } })).toMatchObject({ status: 'PAID' })
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({
			status: 'DEPOSIT_PAID',
			paidCents: 6_000,
		})
	})
})
