/**
 * Issue 38 (decision 086): gift cards and store credit pay for orders. What they pay is held in the statement that
 * places the pending order, spent when it is paid, given back exactly once when it is not; Stripe charges only the
 * rest, and nothing when they cover it all. A refund returns each part to where it came from.
 */
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMenuItem } from '../fixtures/menu'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { clearMailQueues } from './mail-helpers'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'

const SECRET = 'whsec_wallet_checkout'
const signer = new Stripe('sk_test_signer')
const origin = 'https://bakery.test'
let stripe: MockStripe
let checkout: typeof import('./checkout-helpers')
let webhook: (typeof import('~/routes/webhooks.stripe'))['action']
let prisma: (typeof import('~/utils/db.server'))['prisma']
let wallet: typeof import('~/domain/wallet/models/gift-cards.server')
let credit: typeof import('~/domain/wallet/models/store-credit.server')
let refunds: typeof import('~/domain/orders/order-refund.server')

beforeAll(async () => {
	stripe = await startMockStripe()
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_wallet_checkout',
		STRIPE_WEBHOOK_SECRET: SECRET,
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
		SALES_TAX_RATE: '10.6',
	})
	checkout = await import('./checkout-helpers')
	webhook = (await import('~/routes/webhooks.stripe')).action
	prisma = (await import('~/utils/db.server')).prisma
	wallet = await import('~/domain/wallet/models/gift-cards.server')
	credit = await import('~/domain/wallet/models/store-credit.server')
	refunds = await import('~/domain/orders/order-refund.server')
})

afterAll(() => stripe.close())

beforeEach(async () => {
	stripe.requests.length = 0
	stripe.refunds.length = 0
	await clearPickupHolds()
	await clearMailQueues()
	await openEveryDay({ ordersPerSlot: 1000 })
})

const giftCard = (amountCents: number) =>
	wallet.issueGiftCard({ amountCents, source: 'SHOP', issuedBy: 'owner@example.com' })

let customers = 0
function start(
	items: Array<{ id: string; quantity: number }>,
	{
		giftCardCode,
		useStoreCredit,
		customerId,
		email,
		locale,
	}: {
		giftCardCode?: string
		useStoreCredit?: boolean
		customerId?: string
		email?: string
		locale?: 'en' | 'es' | 'pt-BR'
	} = {},
) {
	customers += 1
	const customer = { name: `Customer ${customers}`, email: email ?? `w${customers}@example.com` }
	return checkout.startCheckout(
		{
			customer,
			items,
			pickupAt: pickupSlot(2, '10:00'),
			giftCardCode,
			...(useStoreCredit ? { useStoreCredit: 'on' } : {}),
		},
		{ origin, client: `198.51.100.${customers % 250}`, locale, customerId },
	)
}

let events = 0
function deliver(type: string, session: Record<string, unknown>) {
	const payload = JSON.stringify({ id: `evt_wallet_${++events}`, object: 'event', type, data: { object: session } })
	const headers = new Headers({
		'Content-Type': 'application/json',
		'Stripe-Signature': signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
	})
	return webhook({
		request: new Request(`${origin}/webhooks/stripe`, { method: 'POST', headers, body: payload }),
		params: {},
		context: {},
	})
}

const orderOf = (orderId: string) => prisma.order.findUniqueOrThrow({ where: { id: orderId } })
const account = (id: string) =>
	prisma.walletAccount.findUniqueOrThrow({ where: { id }, select: { balanceCents: true, heldCents: true } })
const holdsOf = (orderId: string) =>
	prisma.walletHold.findMany({ where: { reference: `order:${orderId}` }, orderBy: { accountId: 'asc' } })
const entryKinds = async (accountId: string) =>
	(await prisma.walletEntry.findMany({ where: { accountId }, orderBy: { id: 'asc' } })).map((entry) => entry.kind)

async function customerWithCredit(amountCents: number) {
	customers += 1
	const customer = await prisma.customer.create({ data: { email: `credit${customers}@example.com` } })
	await credit.issueStoreCredit({
		customerId: customer.id,
		amountCents,
		reason: 'goodwill',
		note: 'test',
		issuedBy: 'owner@example.com',
	})
	const { id } = await prisma.walletAccount.findUniqueOrThrow({ where: { customerId: customer.id } })
	return { customer, accountId: id }
}

describe('a gift card pays part of an order', () => {
	it('holds its part with the order, Stripe charges the rest, and the payment spends the hold', async () => {
		const cake = await createMenuItem({ priceCents: 3000 })
		const card = await giftCard(2000)
		const started = await start([{ id: cake.id, quantity: 1 }], { giftCardCode: card.code.toLowerCase() })
		if (!started.ok) throw new Error(started.error)
		const order = await orderOf(started.orderId)
		expect(order).toMatchObject({ status: 'PENDING', totalCents: 3000, walletCents: 2000 })
		expect(await account(card.accountId)).toEqual({ balanceCents: 0, heldCents: 2000 })
		const session = stripe.sessionJson(order.providerSessionId!)
		expect(session.amount_total).toBe(1000)
		const params = stripe.sessions.get(order.providerSessionId!)!.params
		expect(stripe.coupons.get(params.get('discounts[0][coupon]')!)).toMatchObject({
			amount_off: 2000,
			name: 'Gift card',
		})
		await deliver('checkout.session.completed', stripe.pay(order.providerSessionId!))
		await deliver('checkout.session.completed', stripe.sessionJson(order.providerSessionId!))
		expect(await orderOf(started.orderId)).toMatchObject({ status: 'PAID', heldChargeCents: null })
		expect(await account(card.accountId)).toEqual({ balanceCents: 0, heldCents: 0 })
		expect(await entryKinds(card.accountId)).toEqual(['ISSUE', 'HOLD', 'CAPTURE'])
	})

	it('an expired payment gives the card back exactly once; a payment after that waits for the owner', async () => {
		const cake = await createMenuItem({ priceCents: 3000 })
		const card = await giftCard(2000)
		const started = await start([{ id: cake.id, quantity: 1 }], { giftCardCode: card.code })
		if (!started.ok) throw new Error(started.error)
		const { providerSessionId } = await orderOf(started.orderId)
		const expired = stripe.expire(providerSessionId!)
		await deliver('checkout.session.expired', expired)
		await deliver('checkout.session.expired', expired)
		expect(await account(card.accountId)).toEqual({ balanceCents: 2000, heldCents: 0 })
		expect(await entryKinds(card.accountId)).toEqual(['ISSUE', 'HOLD', 'RELEASE'])
		// Stripe took $10 for a $30 order whose card part went back: kept, held for the owner to settle.
		await deliver('checkout.session.completed', stripe.pay(providerSessionId!))
		expect(await orderOf(started.orderId)).toMatchObject({ status: 'PAID', heldChargeCents: 1000 })
		expect(await account(card.accountId)).toEqual({ balanceCents: 2000, heldCents: 0 })
	})

	it('the customer’s cancel gives the card back; so does a payment page Stripe refuses to open', async () => {
		const cake = await createMenuItem({ priceCents: 3000 })
		const card = await giftCard(5000)
		const started = await start([{ id: cake.id, quantity: 1 }], { giftCardCode: card.code, email: 'a@example.com' })
		if (!started.ok) throw new Error(started.error)
		expect((await orderOf(started.orderId)).walletCents).toBe(3000)
		const partial = await createMenuItem({ priceCents: 9000 })
		const second = await start([{ id: partial.id, quantity: 1 }], { giftCardCode: card.code })
		if (!second.ok) throw new Error(second.error)
		const { providerSessionId } = await orderOf(second.orderId)
		expect(await checkout.cancelCheckoutSession(providerSessionId!)).toBe('cancelled')
		expect(await checkout.cancelCheckoutSession(providerSessionId!)).toBe('not-pending')
		stripe.failNext(500, 500, 500)
		expect(await start([{ id: partial.id, quantity: 1 }], { giftCardCode: card.code })).toMatchObject({ status: 502 })
		expect(await account(card.accountId)).toEqual({ balanceCents: 2000, heldCents: 0 })
	})

	it('a customer who checks out again with the same card replaces their unpaid order instead of being refused', async () => {
		const cake = await createMenuItem({ priceCents: 3000 })
		const card = await giftCard(2000)
		const first = await start([{ id: cake.id, quantity: 1 }], { giftCardCode: card.code, email: 'Dee@example.com' })
		const again = await start([{ id: cake.id, quantity: 1 }], { giftCardCode: card.code, email: 'dee@example.com' })
		if (!first.ok || !again.ok) throw new Error('refused')
		expect((await orderOf(first.orderId)).status).toBe('CANCELLED')
		expect((await orderOf(again.orderId)).walletCents).toBe(2000)
		expect(await account(card.accountId)).toEqual({ balanceCents: 0, heldCents: 2000 })
		expect(await entryKinds(card.accountId)).toEqual(['ISSUE', 'HOLD', 'RELEASE', 'HOLD'])
	})

	it('a code that cannot pay is refused beside its field, the same words for unknown and void; nothing is held', async () => {
		const cake = await createMenuItem({ priceCents: 1500 })
		const voided = await giftCard(2000)
		await wallet.voidGiftCard(
			(await prisma.giftCard.findUniqueOrThrow({ where: { accountId: voided.accountId } })).id,
			'lost',
			'owner@example.com',
		)
		const words = { ok: false, status: 409, field: 'giftCardCode' }
		const unknown = await start([{ id: cake.id, quantity: 1 }], { giftCardCode: 'ABCD-EFGH-JKLM-NPQR' })
		const void_ = await start([{ id: cake.id, quantity: 1 }], { giftCardCode: voided.code })
		expect(unknown).toMatchObject(words)
		expect(void_).toEqual(unknown)
		expect(await start([{ id: cake.id, quantity: 1 }], { giftCardCode: 'x', locale: 'es' })).toMatchObject({
			error: 'Ese código de tarjeta de regalo no funciona. Revísalo e inténtalo de nuevo.',
		})
		expect(await prisma.order.count()).toBe(0)
	})
})

describe('the wallet pays all of it', () => {
	it('no card payment: the order is paid at once, announced, and /success reads it', async () => {
		const cake = await createMenuItem({ priceCents: 3000 })
		const card = await giftCard(5000)
		const started = await start([{ id: cake.id, quantity: 1 }], { giftCardCode: card.code, locale: 'pt-BR' })
		if (!started.ok) throw new Error(started.error)
		expect(started.url).toMatch(/^https:\/\/bakery\.test\/pt-br\/success\?session_id=wallet_[\w-]{24}$/)
		expect(stripe.requests.filter((request) => request.path === '/v1/checkout/sessions')).toHaveLength(0)
		const order = await orderOf(started.orderId)
		expect(order).toMatchObject({ status: 'PAID', walletCents: 3000, capacityHeld: true })
		expect(order.paidAt).not.toBeNull()
		expect(await account(card.accountId)).toEqual({ balanceCents: 2000, heldCents: 0 })
		const sessionId = new URL(started.url).searchParams.get('session_id')!
		expect(await checkout.confirmCheckoutSession(sessionId)).toMatchObject({ id: started.orderId, status: 'PAID' })
		const mails = await prisma.$queryRaw<Array<{ kind: string }>>`
			SELECT data ->> 'kind' AS kind FROM pgboss.job WHERE name = 'mail' AND data ->> 'orderId' = ${started.orderId}`
		expect(mails.map((mail) => mail.kind).sort()).toEqual(['order-paid-owner', 'order-receipt'])
		const { composeMail } = await import('~/domain/mail/compose.server')
		const receipt = await composeMail(
			{ kind: 'order-receipt', orderId: started.orderId },
			{ origin, reviewUrl: async () => origin, ownerEmails: ['owner@example.com'] },
		)
		expect(receipt?.text).toMatch(/Total\s+US\$ 30,00\s+Vale-presente e crédito\s+−US\$ 30,00\s+Vamos/)
	})

	it('a gift card, then the store credit: the card part is what is left', async () => {
		const cake = await createMenuItem({ priceCents: 3000 })
		const card = await giftCard(1000)
		const { customer, accountId } = await customerWithCredit(500)
		const started = await start([{ id: cake.id, quantity: 1 }], {
			giftCardCode: card.code,
			useStoreCredit: true,
			customerId: customer.id,
		})
		if (!started.ok) throw new Error(started.error)
		const order = await orderOf(started.orderId)
		expect(order.walletCents).toBe(1500)
		expect((await holdsOf(order.id)).map((hold) => [hold.accountId, hold.amountCents]).sort()).toEqual(
			[
				[card.accountId, 1000],
				[accountId, 500],
			].sort(),
		)
		const params = stripe.sessions.get(order.providerSessionId!)!.params
		expect(stripe.coupons.get(params.get('discounts[0][coupon]')!)).toMatchObject({
			amount_off: 1500,
			name: 'Gift card + Store credit',
		})
		expect(stripe.sessionJson(order.providerSessionId!).amount_total).toBe(1500)
	})

	it('store credit is asked for by a signed-in customer only: without one the box is ignored', async () => {
		const cake = await createMenuItem({ priceCents: 3000 })
		await customerWithCredit(500)
		const started = await start([{ id: cake.id, quantity: 1 }], { useStoreCredit: true })
		if (!started.ok) throw new Error(started.error)
		expect((await orderOf(started.orderId)).walletCents).toBe(0)
	})
})

describe('one card, many checkouts at once', () => {
	it('10 concurrent $5 orders on a $20 card: exactly 4 hold it, the others are told its balance now', async () => {
		const concha = await createMenuItem({ priceCents: 500 })
		const card = await giftCard(2000)
		const results = await Promise.all(
			Array.from({ length: 10 }, () => start([{ id: concha.id, quantity: 1 }], { giftCardCode: card.code })),
		)
		expect(results.filter((result) => result.ok)).toHaveLength(4)
		for (const result of results.filter((result) => !result.ok)) {
			expect(result).toMatchObject({
				status: 409,
				error:
					'Your gift card’s balance just changed: it now holds $0.00. Please check the new total and confirm again.',
			})
		}
		expect(await account(card.accountId)).toEqual({ balanceCents: 0, heldCents: 0 })
		expect(await prisma.order.count()).toBe(4)
		expect(await prisma.order.count({ where: { status: 'PAID', walletCents: 500 } })).toBe(4)
	})
})

describe('refunds return each part to where it came from', () => {
	async function paidSplitOrder() {
		const cake = await createMenuItem({ priceCents: 3000 })
		const card = await giftCard(1000)
		const { customer, accountId } = await customerWithCredit(500)
		const started = await start([{ id: cake.id, quantity: 1 }], {
			giftCardCode: card.code,
			useStoreCredit: true,
			customerId: customer.id,
			email: customer.email,
		})
		if (!started.ok) throw new Error(started.error)
		const { providerSessionId } = await orderOf(started.orderId)
		await deliver('checkout.session.completed', stripe.pay(providerSessionId!))
		await prisma.order.update({ where: { id: started.orderId }, data: { customerId: customer.id } })
		return { orderId: started.orderId, card, creditAccountId: accountId }
	}

	it('the owner’s cancel & refund: Stripe refunds the card’s $15, the gift card and the credit get theirs back', async () => {
		const { orderId, card, creditAccountId } = await paidSplitOrder()
		expect(await refunds.cancelAndRefund(orderId)).toEqual({ outcome: 'refunded' })
		expect(await refunds.cancelAndRefund(orderId)).toMatchObject({ outcome: 'not-refundable' })
		expect(stripe.refunds).toHaveLength(1)
		expect(await orderOf(orderId)).toMatchObject({ status: 'REFUNDED' })
		expect(await account(card.accountId)).toEqual({ balanceCents: 1000, heldCents: 0 })
		expect(await account(creditAccountId)).toEqual({ balanceCents: 500, heldCents: 0 })
		expect(await entryKinds(card.accountId)).toEqual(['ISSUE', 'HOLD', 'CAPTURE', 'REFUND'])
	})

	it('the customer takes store credit instead of a card refund: no Stripe refund, the credit gets the card’s part too', async () => {
		const { orderId, card, creditAccountId } = await paidSplitOrder()
		expect(await refunds.cancelOrder(orderId, 'customer', 'store-credit')).toEqual({ outcome: 'refunded' })
		expect(stripe.refunds).toHaveLength(0)
		expect(await account(card.accountId)).toEqual({ balanceCents: 1000, heldCents: 0 })
		expect(await account(creditAccountId)).toEqual({ balanceCents: 500 + 1500, heldCents: 0 })
	})

	it('an order the wallet paid in full is refunded without Stripe', async () => {
		const cake = await createMenuItem({ priceCents: 1200 })
		const card = await giftCard(2000)
		const started = await start([{ id: cake.id, quantity: 1 }], { giftCardCode: card.code })
		if (!started.ok) throw new Error(started.error)
		expect(await refunds.cancelAndRefund(started.orderId)).toEqual({ outcome: 'refunded' })
		expect(stripe.refunds).toHaveLength(0)
		expect(await account(card.accountId)).toEqual({ balanceCents: 2000, heldCents: 0 })
	})
})
