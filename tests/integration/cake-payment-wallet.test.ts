/**
 * Gift cards and store credit on custom cake deposits and balances (issue 38, decision 087): the wallet's part is
 * held with the pending payment in one transaction, captured when the payment is paid and released when it lapses,
 * exactly once; a wallet that pays it all needs no payment page; a card spent by two checkouts at once never goes
 * below zero; a code that does not work leaves nothing behind.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { get, post, run } from './admin-helpers'
import { clearMailQueues } from './mail-helpers'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'

let stripe: MockStripe
let quotes: typeof import('~/domain/cake-quotes/models/cake-quote.server')
let checkout: typeof import('~/domain/cake-quotes/quote-checkout.server')
let tokens: typeof import('~/domain/cake-quotes/cake-quote-token.server')
let cards: typeof import('~/domain/wallet/models/gift-cards.server')
let credit: typeof import('~/domain/wallet/models/store-credit.server')
let spend: typeof import('~/domain/wallet/models/wallet-spend.server')
let ledger: typeof import('~/domain/wallet/models/ledger.server')
let route: typeof import('~/routes/quote.$token')
let prisma: (typeof import('~/utils/db.server'))['prisma']
const origin = 'https://bakery.test'

beforeAll(async () => {
	stripe = await startMockStripe()
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_cake_wallet',
		STRIPE_WEBHOOK_SECRET: 'whsec_cake_wallet',
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
		RATE_LIMIT_MULTIPLIER: '100',
	})
	const { resetEnv } = await import('~/utils/env.server')
	resetEnv()
	quotes = await import('~/domain/cake-quotes/models/cake-quote.server')
	checkout = await import('~/domain/cake-quotes/quote-checkout.server')
	tokens = await import('~/domain/cake-quotes/cake-quote-token.server')
	cards = await import('~/domain/wallet/models/gift-cards.server')
	credit = await import('~/domain/wallet/models/store-credit.server')
	spend = await import('~/domain/wallet/models/wallet-spend.server')
	ledger = await import('~/domain/wallet/models/ledger.server')
	route = await import('~/routes/quote.$token')
	prisma = (await import('~/utils/db.server')).prisma
	await openEveryDay({ ordersPerSlot: 100 })
})

afterAll(async () => {
	await stripe.close()
})

beforeEach(async () => {
	const { resetRateLimits } = await import('~/utils/rate-limit.server')
	resetRateLimits()
	await prisma.cakePayment.deleteMany()
	await prisma.customCakeRequest.deleteMany()
	await clearPickupHolds()
	await clearMailQueues()
})

/** A quoted request: $120, deposit $60. */
async function quoted() {
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
	return { requestId: request.id, token: tokens.quotePath(request.id, 1).split('/').at(-1)! }
}

/** A request whose deposit a gift card paid: $60 balance due. */
async function depositPaid() {
	const quote = await quoted()
	const card = await newCard(6_000)
	const started = await checkout.startQuotePayment(quote.token, 'DEPOSIT', {
		origin,
		wallet: { giftCardCode: card.code },
	})
	expect(started).toMatchObject({ ok: true })
	expect(await request(quote.requestId)).toMatchObject({ status: 'DEPOSIT_PAID', paidCents: 6_000 })
	return quote
}

function newCard(amountCents: number) {
	return cards.issueGiftCard({ amountCents, source: 'SHOP', issuedBy: 'owner@example.com', note: 'test' })
}

const account = (accountId: string) =>
	prisma.walletAccount.findUniqueOrThrow({ where: { id: accountId }, select: { balanceCents: true, heldCents: true } })
const request = (requestId: string) => prisma.customCakeRequest.findUniqueOrThrow({ where: { id: requestId } })
const payments = (requestId: string) =>
	prisma.cakePayment.findMany({ where: { requestId }, orderBy: { createdAt: 'asc' } })
const holdsOf = (paymentId: string) =>
	prisma.walletHold.findMany({
		where: { reference: { startsWith: `cake-payment:${paymentId}` } },
		select: { accountId: true, reference: true, amountCents: true, status: true },
		orderBy: { accountId: 'asc' },
	})
const sessionRequests = () => stripe.requests.filter((entry) => entry.path === '/v1/checkout/sessions').length

/** A signed-in customer with `cents` of store credit, and the cookie a browser would send. */
async function customerWithCredit(cents: number) {
	const { customerSessionCookie } = await import('~/domain/customers/session.server')
	const customer = await prisma.customer.create({
		data: { email: `ana-${crypto.randomUUID()}@example.com`, name: 'Ana', locale: 'en' },
	})
	const sessionId = crypto.randomBytes(32).toString('base64url')
	await prisma.customerSession.create({
		data: { id: sessionId, customerId: customer.id, expiresAt: new Date(Date.now() + 3_600_000) },
	})
	if (cents > 0) {
		await credit.issueStoreCredit({
			customerId: customer.id,
			amountCents: cents,
			reason: 'goodwill',
			note: '',
			issuedBy: 'owner@example.com',
		})
	}
	const accountId = (await prisma.walletAccount.findUnique({ where: { customerId: customer.id } }))?.id ?? null
	return { customer, accountId, cookie: (await customerSessionCookie(sessionId)).split(';')[0]! }
}

function postQuote(token: string, fields: Record<string, string>, cookie?: string) {
	return run(
		route.action({
			request: post(`/quote/${token}`, fields, cookie),
			params: { token },
			context: { clientIp: 'wallet' },
		}),
	)
}

describe('a gift card pays part, the card the rest', () => {
	it('holds the card’s part with the payment, charges the rest through one coupon, captures it once paid', async () => {
		const { requestId, token } = await quoted()
		const card = await newCard(2_500)
		const started = await checkout.startQuotePayment(token, 'DEPOSIT', { origin, wallet: { giftCardCode: card.code } })
		expect(started).toMatchObject({ ok: true })
		const [payment] = await payments(requestId)
		expect(payment).toMatchObject({ status: 'PENDING', amountCents: 6_000, walletCents: 2_500 })
		expect(await holdsOf(payment!.id)).toEqual([
			{ accountId: card.accountId, reference: `cake-payment:${payment!.id}`, amountCents: 2_500, status: 'HELD' },
		])
		expect(await account(card.accountId)).toEqual({ balanceCents: 0, heldCents: 2_500 })
		// Stripe is asked for the whole deposit less one coupon of the wallet's part, named after it.
		const session = stripe.requests.filter((entry) => entry.path === '/v1/checkout/sessions').at(-1)!.params
		expect(session.get('line_items[0][price_data][unit_amount]')).toBe('6000')
		const coupon = stripe.coupons.get(session.get('discounts[0][coupon]')!)
		expect(coupon).toMatchObject({ amount_off: 2_500, name: 'Gift card' })

		stripe.pay(payment!.providerSessionId!)
		await checkout.confirmQuotePayment(token, payment!.providerSessionId!)
		// Stripe charged $35: what the card was to pay. The deposit counts in full.
		expect(await payments(requestId)).toMatchObject([{ status: 'PAID', walletCents: 2_500, heldChargeCents: null }])
		expect(await request(requestId)).toMatchObject({ status: 'DEPOSIT_PAID', paidCents: 6_000 })
		expect(await holdsOf(payment!.id)).toMatchObject([{ status: 'CAPTURED' }])
		expect(await account(card.accountId)).toEqual({ balanceCents: 0, heldCents: 0 })
		// The webhook arriving late spends nothing twice.
		expect(
			await quotes.applyCakePaymentEvent({
				eventId: 'evt_late_paid',
				type: 'checkout.session.completed',
				kind: 'paid',
				sessionId: payment!.providerSessionId!,
				charged: { totalCents: 3_500, taxCents: 0 },
			}),
		).toBe('unchanged')
		const entries = await ledger.listWalletEntries(card.accountId)
		expect(entries.map((entry) => entry.kind)).toEqual(['ISSUE', 'HOLD', 'CAPTURE'])
	})

	it('a charge of the whole amount (the wallet’s part not taken off) is held for the owner, the request unmoved', async () => {
		const { requestId, token } = await quoted()
		const card = await newCard(2_500)
		await checkout.startQuotePayment(token, 'DEPOSIT', { origin, wallet: { giftCardCode: card.code } })
		const [payment] = await payments(requestId)
		const outcome = await quotes.applyCakePaymentEvent({
			eventId: 'evt_wrong_amount',
			type: 'checkout.session.completed',
			kind: 'paid',
			sessionId: payment!.providerSessionId!,
			charged: { totalCents: 6_000, taxCents: 0 },
		})
		expect(outcome).toBe('applied')
		expect(await payments(requestId)).toMatchObject([{ status: 'NOT_APPLIED', heldChargeCents: 6_000 }])
		expect(await request(requestId)).toMatchObject({ status: 'QUOTED', paidCents: 0 })
		// Paid is paid: the wallet's part is spent with it, for the owner to settle as a whole.
		expect(await holdsOf(payment!.id)).toMatchObject([{ status: 'CAPTURED' }])
	})

	it('a signed-in customer’s store credit pays after the gift card, both held in account id order', async () => {
		const { requestId, token } = await depositPaid()
		const card = await newCard(2_000)
		const { accountId: creditId, cookie } = await customerWithCredit(1_500)
		const page = await run(route.loader({ request: get(`/quote/${token}`, cookie), params: { token }, context: {} }))
		expect(page.data).toMatchObject({ quote: { storeCreditCents: 1_500 } })
		const before = sessionRequests()
		const pay = await postQuote(
			token,
			{ intent: 'pay-balance', giftCardCode: card.code, useStoreCredit: 'yes' },
			cookie,
		)
		expect(pay.status).toBe(302)
		expect(sessionRequests()).toBe(before + 1)
		const balance = (await payments(requestId)).at(-1)!
		expect(balance).toMatchObject({ kind: 'BALANCE', status: 'PENDING', amountCents: 6_000, walletCents: 3_500 })
		const expected = [
			{ accountId: card.accountId, reference: `cake-payment:${balance.id}`, amountCents: 2_000, status: 'HELD' },
			{ accountId: creditId!, reference: `cake-payment:${balance.id}`, amountCents: 1_500, status: 'HELD' },
		].sort((a, b) => (a.accountId < b.accountId ? -1 : 1))
		expect(await holdsOf(balance.id)).toEqual(expected)
		const session = stripe.requests.filter((entry) => entry.path === '/v1/checkout/sessions').at(-1)!.params
		expect(stripe.coupons.get(session.get('discounts[0][coupon]')!)).toMatchObject({
			amount_off: 3_500,
			name: 'Gift card + Store credit',
		})
		stripe.pay(balance.providerSessionId!)
		await checkout.confirmQuotePayment(token, balance.providerSessionId!)
		expect(await request(requestId)).toMatchObject({ status: 'PAID_IN_FULL', paidCents: 12_000 })
		expect(await account(creditId!)).toEqual({ balanceCents: 0, heldCents: 0 })

		// A customer who never had credit has no account made for them by looking.
		const stranger = (await customerWithCredit(0)).customer.id
		expect(await spend.spendableStoreCredit(stranger)).toBeNull()
		expect(await prisma.walletAccount.count({ where: { customerId: stranger } })).toBe(0)
	})
})

describe('a wallet that pays it all', () => {
	it('records the payment paid at once, through the paid path, with no payment page', async () => {
		const { requestId, token } = await quoted()
		const card = await newCard(10_000)
		const before = sessionRequests()
		const pay = await postQuote(token, { intent: 'pay-deposit', giftCardCode: card.code.toLowerCase() })
		expect(pay.status).toBe(302)
		expect(pay.headers.get('Location')).toBe(`/quote/${token}?paid=wallet`)
		expect(sessionRequests()).toBe(before)
		const [payment] = await payments(requestId)
		expect(payment).toMatchObject({
			status: 'PAID',
			walletCents: 6_000,
			amountCents: 6_000,
			providerSessionId: null,
		})
		expect(payment!.paidAt).not.toBeNull()
		expect(await request(requestId)).toMatchObject({ status: 'DEPOSIT_PAID', paidCents: 6_000 })
		expect(await holdsOf(payment!.id)).toMatchObject([{ amountCents: 6_000, status: 'CAPTURED' }])
		expect(await account(card.accountId)).toEqual({ balanceCents: 4_000, heldCents: 0 })
		expect(
			await prisma.processedWebhookEvent.count({ where: { eventId: `wallet-paid:cake-payment:${payment!.id}` } }),
		).toBe(1)
		const page = await run(
			route.loader({ request: get(`/quote/${token}?paid=wallet`), params: { token }, context: {} }),
		)
		expect(page.data).toMatchObject({ quote: { status: 'DEPOSIT_PAID', paidWithWallet: true } })

		// The same card pays the balance's first $40; the card the rest.
		const balance = await checkout.startQuotePayment(token, 'BALANCE', { origin, wallet: { giftCardCode: card.code } })
		expect(balance).toMatchObject({ ok: true })
		expect((await payments(requestId)).at(-1)).toMatchObject({ status: 'PENDING', walletCents: 4_000 })
	})
})

describe('a payment that lapses', () => {
	it('gives the hold back exactly once; a replayed or second expiry changes nothing', async () => {
		const { requestId, token } = await quoted()
		const card = await newCard(2_500)
		await checkout.startQuotePayment(token, 'DEPOSIT', { origin, wallet: { giftCardCode: card.code } })
		const [payment] = await payments(requestId)
		const sessionId = payment!.providerSessionId!
		const expired = {
			eventId: 'evt_expired',
			type: 'checkout.session.expired',
			kind: 'expired' as const,
			sessionId,
		}
		expect(await quotes.applyCakePaymentEvent(expired)).toBe('applied')
		expect(await quotes.applyCakePaymentEvent(expired)).toBe('duplicate')
		expect(await quotes.applyCakePaymentEvent({ ...expired, eventId: 'sweep-expired:x', type: 'sweep.expired' })).toBe(
			'unchanged',
		)
		stripe.expire(sessionId)
		await prisma.cakePayment.update({
			where: { id: payment!.id },
			data: { createdAt: new Date(Date.now() - 40 * 60_000) },
		})
		expect(await checkout.sweepLapsedCakePayments()).toBe(0)
		expect(await payments(requestId)).toMatchObject([{ status: 'EXPIRED' }])
		expect(await account(card.accountId)).toEqual({ balanceCents: 2_500, heldCents: 0 })
		const entries = await ledger.listWalletEntries(card.accountId)
		expect(entries.map((entry) => entry.kind)).toEqual(['ISSUE', 'HOLD', 'RELEASE'])
	})

	it('a payment Stripe took after its hold went back holds again and spends it', async () => {
		const { requestId, token } = await quoted()
		const card = await newCard(3_000)
		await checkout.startQuotePayment(token, 'DEPOSIT', { origin, wallet: { giftCardCode: card.code } })
		const [payment] = await payments(requestId)
		const sessionId = payment!.providerSessionId!
		await quotes.applyCakePaymentEvent({
			eventId: 'evt_exp_1',
			type: 'checkout.session.expired',
			kind: 'expired',
			sessionId,
		})
		expect(
			await quotes.applyCakePaymentEvent({
				eventId: 'evt_paid_1',
				type: 'checkout.session.completed',
				kind: 'paid',
				sessionId,
				charged: { totalCents: 3_000, taxCents: 0 },
			}),
		).toBe('applied')
		expect(await payments(requestId)).toMatchObject([{ status: 'PAID', walletCents: 3_000 }])
		expect(await request(requestId)).toMatchObject({ status: 'DEPOSIT_PAID', paidCents: 6_000 })
		expect(await holdsOf(payment!.id)).toMatchObject([
			{ reference: `cake-payment:${payment!.id}`, status: 'RELEASED' },
			{ reference: `cake-payment:${payment!.id}:late`, amountCents: 3_000, status: 'CAPTURED' },
		])
		expect(await account(card.accountId)).toEqual({ balanceCents: 0, heldCents: 0 })
	})

	it('…and when the card was spent meanwhile, keeps the payment for the owner, spending nothing', async () => {
		const { requestId, token } = await quoted()
		const card = await newCard(3_000)
		await checkout.startQuotePayment(token, 'DEPOSIT', { origin, wallet: { giftCardCode: card.code } })
		const [payment] = await payments(requestId)
		const sessionId = payment!.providerSessionId!
		await quotes.applyCakePaymentEvent({
			eventId: 'evt_exp_2',
			type: 'checkout.session.expired',
			kind: 'expired',
			sessionId,
		})
		await ledger.holdWalletAmount({ accountId: card.accountId, reference: 'order:elsewhere', amountCents: 2_000 })
		await quotes.applyCakePaymentEvent({
			eventId: 'evt_paid_2',
			type: 'checkout.session.completed',
			kind: 'paid',
			sessionId,
			charged: { totalCents: 3_000, taxCents: 0 },
		})
		expect(await payments(requestId)).toMatchObject([{ status: 'NOT_APPLIED', walletCents: 0, heldChargeCents: 3_000 }])
		expect(await request(requestId)).toMatchObject({ status: 'QUOTED', paidCents: 0 })
		expect(await account(card.accountId)).toEqual({ balanceCents: 1_000, heldCents: 2_000 })
		expect(await holdsOf(payment!.id)).toMatchObject([{ status: 'RELEASED' }])
		const owner = await quotes.findCakeRequestForOwner(requestId)
		expect(owner?.payments).toMatchObject([{ heldChargeCents: 3_000, giftCardCents: 0 }])
	})

	it('a payment whose page never opened gives its hold back; so does the sweep for one left without a session', async () => {
		const { requestId, token } = await quoted()
		const card = await newCard(2_500)
		const started = await quotes.startCakePayment(requestId, 1, 'DEPOSIT', new Date(), {
			wallet: { giftCardAccountId: card.accountId },
		})
		expect(started).toMatchObject({ ok: true, walletCents: 2_500, paid: false })
		expect(await account(card.accountId)).toEqual({ balanceCents: 0, heldCents: 2_500 })
		await prisma.cakePayment.updateMany({
			where: { requestId },
			data: { createdAt: new Date(Date.now() - 40 * 60_000) },
		})
		expect(await checkout.sweepLapsedCakePayments()).toBe(1)
		expect(await account(card.accountId)).toEqual({ balanceCents: 2_500, heldCents: 0 })

		// The provider's session could not be opened: the route marks the payment failed (twice changes nothing).
		await checkout.startQuotePayment(token, 'DEPOSIT', { origin, wallet: { giftCardCode: card.code } })
		const [, second] = await payments(requestId)
		await quotes.markCakePaymentFailed(second!.id)
		await quotes.markCakePaymentFailed(second!.id)
		expect(await account(card.accountId)).toEqual({ balanceCents: 2_500, heldCents: 0 })
		expect((await ledger.listWalletEntries(card.accountId)).map((entry) => entry.kind)).toEqual([
			'ISSUE',
			'HOLD',
			'RELEASE',
			'HOLD',
			'RELEASE',
		])
	})
})

describe('one card, many checkouts at once', () => {
	it('five balance payments of $60 on a $100 card hold at most $100, and those refused hear the balance now', async () => {
		const requests = []
		for (let index = 0; index < 5; index += 1) requests.push(await depositPaid())
		const card = await newCard(10_000)
		const results = await Promise.all(
			requests.map(({ token }) =>
				checkout.startQuotePayment(token, 'BALANCE', { origin, wallet: { giftCardCode: card.code } }),
			),
		)
		const holds = await prisma.walletHold.findMany({ where: { accountId: card.accountId } })
		// A payment the card covers is paid (captured) at once; one it covers in part waits for Stripe (held).
		const held = holds.reduce((sum, hold) => sum + hold.amountCents, 0)
		expect(held).toBeLessThanOrEqual(10_000)
		const after = await account(card.accountId)
		expect(after.balanceCents).toBeGreaterThanOrEqual(0)
		expect(after.balanceCents + held).toBe(10_000)
		expect(after.heldCents).toBe(
			holds.filter((hold) => hold.status === 'HELD').reduce((sum, hold) => sum + hold.amountCents, 0),
		)
		// Every payment's recorded wallet part is exactly what its hold took; refused ones left nothing.
		const pendingBalances = await prisma.cakePayment.findMany({ where: { kind: 'BALANCE' } })
		expect(pendingBalances.reduce((sum, payment) => sum + payment.walletCents, 0)).toBe(held)
		for (const result of results) {
			if (result.ok) continue
			expect(result).toMatchObject({ reason: 'gift-card-balance' })
			if ('balanceCents' in result) expect(result.balanceCents).toBeLessThan(6_000)
		}
		expect(pendingBalances.length).toBe(results.filter((result) => result.ok).length)
		expect(results.filter((result) => result.ok).length).toBeGreaterThanOrEqual(1)
	})
})

describe('a gift card code that does not work', () => {
	it('malformed, unknown and void read the same, keep what was typed and leave nothing behind', async () => {
		const { requestId, token } = await quoted()
		const voided = await newCard(5_000)
		await cards.voidGiftCard(voided.giftCardId, 'reported stolen', 'owner@example.com')
		const unknown = 'ABCD-EFGH-JKLM-NPQR'
		const before = stripe.requests.length
		for (const code of ['not a code', unknown, voided.code]) {
			const pay = await postQuote(token, { intent: 'pay-deposit', giftCardCode: code })
			expect(pay.status).toBe(422)
			expect(pay.data).toEqual({
				error: 'That gift card code doesn’t work. Check it and try again.',
				confirmDecline: false,
				giftCardCode: code,
			})
		}
		expect(stripe.requests.length).toBe(before)
		expect(await payments(requestId)).toEqual([])
		expect(await prisma.walletHold.count({ where: { accountId: voided.accountId } })).toBe(0)
		expect(await request(requestId)).toMatchObject({ status: 'QUOTED', paidCents: 0 })
	})

	it('a card spent meanwhile rolls the payment back and says what is left', async () => {
		const { requestId, token } = await quoted()
		const card = await newCard(500)
		await ledger.holdWalletAmount({ accountId: card.accountId, reference: 'order:other', amountCents: 500 })
		const pay = await postQuote(token, { intent: 'pay-deposit', giftCardCode: card.code })
		expect(pay.status).toBe(409)
		expect((pay.data as { error: string }).error).toBe(
			'That gift card was just used elsewhere: it has $0.00 left now. Try again to use what’s left.',
		)
		expect(await payments(requestId)).toEqual([])
	})
})
