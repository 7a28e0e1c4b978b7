import { beforeEach, describe, expect, it } from 'vitest'
import type { MailJob } from '~/domain/mail/mail-jobs'
import {
	applyCakePaymentEvent,
	applyCakeRefundEvent,
	attachCakePaymentSession,
	cancelCakeRequest,
	declineQuote,
	expireOverdueQuotes,
	expireQuote,
	markBalancePaidInShop,
	markCakePickedUp,
	sendQuote,
	startCakePayment,
	withdrawQuote,
	type QuoteInput,
} from '~/domain/cake-quotes/models/cake-quote.server'
import { deleteCustomCakeRequest } from '~/domain/cake-quotes/models/custom-cake-request.server'
import { markOrderCheckoutFailed, placePendingOrder } from '~/domain/orders/models/order.server'
import { prisma } from '~/utils/db.server'
import { clearMailQueues } from './mail-helpers'
import { clearPickupHolds, pickupSlot } from './pickup-helpers'
import { createMenuItem } from '../fixtures/menu'

const HOUR = 60 * 60 * 1000
const OWNER = 'owner:owner@example.com' as const

function quote(overrides: Partial<QuoteInput> = {}): QuoteInput {
	const pickupAt = new Date(pickupSlot(5, '10:00'))
	return {
		quoteCents: 12_000,
		depositCents: 6_000,
		pickupAt,
		pickupDate: pickupAt.toISOString().slice(0, 10),
		notes: 'Three tiers, fresh flowers.',
		validUntil: new Date(Date.now() + 72 * HOUR),
		ordersPerSlot: 2,
		cakesPerDay: null,
		...overrides,
	}
}

async function newRequest(name = 'Ana Souza') {
	return prisma.customCakeRequest.create({
		data: { name, phone: '206 555 0101', email: 'ana@example.com', type: 'Birthday', size: '8″', message: 'Roses' },
	})
}

const read = (id: string) => prisma.customCakeRequest.findUniqueOrThrow({ where: { id } })
const history = (id: string) =>
	prisma.customCakeStatusChange.findMany({ where: { requestId: id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
async function slotOrders(at: Date) {
	const usage = await prisma.pickupSlotUsage.findUnique({ where: { slotStart: at } })
	return usage?.orders ?? 0
}
async function jobsFor(key: string) {
	const { getMailQueue, MAIL_QUEUE } = await import('~/domain/mail/mail-queue.server')
	return (await getMailQueue()).findJobs<MailJob>(MAIL_QUEUE, { key })
}

/** A deposit (or balance) paid through a session, as the webhook reports it. */
async function payOnline(requestId: string, version: number, kind: 'DEPOSIT' | 'BALANCE', eventId: string) {
	const started = await startCakePayment(requestId, version, kind)
	if (!started.ok) throw new Error('not payable')
	const sessionId = `cs_test_${started.paymentId}`
	await attachCakePaymentSession(started.paymentId, sessionId)
	const outcome = await applyCakePaymentEvent({ eventId, type: 'checkout.session.completed', kind: 'paid', sessionId })
	return { outcome, sessionId }
}

beforeEach(async () => {
	await prisma.cakePayment.deleteMany()
	await prisma.customCakeRequest.deleteMany()
	await prisma.processedWebhookEvent.deleteMany()
	await prisma.cakeDayUsage.deleteMany()
	await clearPickupHolds()
	await clearMailQueues()
})

describe('the quote', () => {
	it('sends a quote: QUOTED with its price, deposit and slot held, recorded with who, and the customer mail queued', async () => {
		const request = await newRequest()
		const input = quote()
		expect(await sendQuote(request.id, input, OWNER)).toEqual({ ok: true })
		const row = await read(request.id)
		expect(row).toMatchObject({
			status: 'QUOTED',
			quoteCents: 12_000,
			depositCents: 6_000,
			quoteVersion: 1,
			slotHeld: true,
		})
		expect(row.pickupAt?.toISOString()).toBe(input.pickupAt.toISOString())
		expect(await slotOrders(input.pickupAt)).toBe(1)
		expect(await history(request.id)).toMatchObject([{ fromStatus: 'REQUESTED', toStatus: 'QUOTED', actor: OWNER }])
		expect(await jobsFor(`cake-quote-sent:${request.id}:1`)).toHaveLength(1)
	})

	it('refuses a full slot and changes nothing; another slot works', async () => {
		const first = await newRequest('First')
		const second = await newRequest('Second')
		const third = await newRequest('Third')
		expect(await sendQuote(first.id, quote(), OWNER)).toEqual({ ok: true })
		expect(await sendQuote(second.id, quote(), OWNER)).toEqual({ ok: true })
		expect(await sendQuote(third.id, quote(), OWNER)).toEqual({ ok: false, reason: 'slot-full' })
		expect(await read(third.id)).toMatchObject({ status: 'REQUESTED', quoteCents: null, quoteVersion: 0 })
		expect(await history(third.id)).toEqual([])
		expect(await jobsFor(`cake-quote-sent:${third.id}:1`)).toHaveLength(0)
		const other = new Date(pickupSlot(5, '11:00'))
		expect(await sendQuote(third.id, quote({ pickupAt: other }), OWNER)).toEqual({ ok: true })
	})

	it('the owner’s cakes-per-day limit refuses one more cake that day, and a withdrawn quote frees its place', async () => {
		const first = await newRequest('First')
		const second = await newRequest('Second')
		expect(await sendQuote(first.id, quote({ cakesPerDay: 1 }), OWNER)).toEqual({ ok: true })
		const sameDay = new Date(pickupSlot(5, '14:00'))
		expect(await sendQuote(second.id, quote({ pickupAt: sameDay, cakesPerDay: 1 }), OWNER)).toEqual({
			ok: false,
			reason: 'day-full',
		})
		expect(await slotOrders(sameDay)).toBe(0)
		const nextDay = new Date(pickupSlot(6, '14:00'))
		const otherDay = quote({ pickupAt: nextDay, pickupDate: nextDay.toISOString().slice(0, 10), cakesPerDay: 1 })
		expect(await sendQuote(second.id, otherDay, OWNER)).toEqual({ ok: true })
		await withdrawQuote(second.id, OWNER)
		await withdrawQuote(first.id, OWNER)
		expect(await sendQuote(second.id, quote({ pickupAt: sameDay, cakesPerDay: 1 }), OWNER)).toEqual({ ok: true })
		const usage = await prisma.cakeDayUsage.findMany({ orderBy: { pickupDate: 'asc' } })
		expect(usage.map((day) => day.cakes)).toEqual([1, 0])
	})

	it('twelve quotes sent at once for a slot of five: exactly five hold it', async () => {
		const requests = await Promise.all(Array.from({ length: 12 }, (_, index) => newRequest(`Guest ${index}`)))
		const input = quote({ ordersPerSlot: 5 })
		const outcomes = await Promise.all(requests.map((request) => sendQuote(request.id, input, OWNER)))
		expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(5)
		expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === 'slot-full')).toHaveLength(7)
		expect(await slotOrders(input.pickupAt)).toBe(5)
		expect(await prisma.customCakeRequest.count({ where: { status: 'QUOTED' } })).toBe(5)
	})

	it('checkouts and quotes racing for one slot of five: five hold it between them, each given back once', async () => {
		const cake = await createMenuItem()
		const input = quote({ ordersPerSlot: 5 })
		const requests = await Promise.all(Array.from({ length: 10 }, (_, index) => newRequest(`Guest ${index}`)))
		const checkout = (index: number) =>
			placePendingOrder(
				{
					customer: { name: `Customer ${index}`, email: `c${index}@example.com` },
					currency: 'usd',
					lines: [{ menuItemId: cake.id, name: cake.name, unitPriceCents: 500, quantity: 1 }],
				},
				{ slotStart: input.pickupAt, pickupDate: input.pickupDate, ordersPerSlot: 5, dailyLimits: new Map() },
			)
		const [quotes, orders] = await Promise.all([
			Promise.all(requests.map((request) => sendQuote(request.id, input, OWNER))),
			Promise.all(Array.from({ length: 10 }, (_, index) => checkout(index))),
		])
		const heldOrders = orders.flatMap((order) => (order.ok ? [order.orderId] : []))
		const heldQuotes = requests.filter((_, index) => quotes[index]!.ok)
		expect(heldOrders.length + heldQuotes.length).toBe(5)
		expect([...quotes, ...orders].filter((outcome) => !outcome.ok)).toEqual(
			Array.from({ length: 15 }, () => ({ ok: false, reason: 'slot-full' })),
		)
		expect(await slotOrders(input.pickupAt)).toBe(5)
		// Everything given back at once, and twice over: the slot is free again, never below zero.
		await Promise.all([
			...[...heldQuotes, ...heldQuotes].map((request) => cancelCakeRequest(request.id, OWNER)),
			...[...heldOrders, ...heldOrders].map((orderId) => markOrderCheckoutFailed(orderId)),
		])
		expect(await slotOrders(input.pickupAt)).toBe(0)
	})

	it('an edit that keeps a full slot is not refused by its own place in it', async () => {
		const [first, second, third] = await Promise.all(['First', 'Second', 'Third'].map((name) => newRequest(name)))
		const input = quote({ ordersPerSlot: 2 })
		await sendQuote(first!.id, input, OWNER)
		await sendQuote(second!.id, input, OWNER)
		expect(await sendQuote(first!.id, { ...input, quoteCents: 15_000 }, OWNER)).toEqual({ ok: true })
		expect(await read(first!.id)).toMatchObject({ quoteCents: 15_000, quoteVersion: 2, slotHeld: true })
		expect(await slotOrders(input.pickupAt)).toBe(2)
		expect(await sendQuote(third!.id, input, OWNER)).toEqual({ ok: false, reason: 'slot-full' })
	})

	it('deleting a quoted request gives its pickup time back', async () => {
		const request = await newRequest()
		const input = quote({ cakesPerDay: 3 })
		await sendQuote(request.id, input, OWNER)
		expect(await deleteCustomCakeRequest(request.id)).toBe(true)
		expect(await slotOrders(input.pickupAt)).toBe(0)
		expect((await prisma.cakeDayUsage.findMany()).map((day) => day.cakes)).toEqual([0])
	})

	it('a request that took a deposit is kept: the owner cancels it instead of deleting it', async () => {
		const request = await newRequest()
		await sendQuote(request.id, quote(), OWNER)
		await payOnline(request.id, 1, 'DEPOSIT', 'evt_kept')
		expect(await deleteCustomCakeRequest(request.id)).toBe('took-payment')
		expect(await read(request.id)).toMatchObject({ status: 'DEPOSIT_PAID' })
		// The database refuses it from anywhere else too.
		await expect(prisma.customCakeRequest.delete({ where: { id: request.id } })).rejects.toThrow()
		expect(await prisma.cakePayment.count({ where: { requestId: request.id } })).toBe(1)
	})

	it('an edit moves the slot, raises the version and queues a new mail', async () => {
		const request = await newRequest()
		const before = quote()
		await sendQuote(request.id, before, OWNER)
		const later = new Date(pickupSlot(6, '15:00'))
		expect(await sendQuote(request.id, quote({ pickupAt: later, quoteCents: 15_000 }), OWNER)).toEqual({ ok: true })
		expect(await read(request.id)).toMatchObject({ status: 'QUOTED', quoteCents: 15_000, quoteVersion: 2 })
		expect(await slotOrders(before.pickupAt)).toBe(0)
		expect(await slotOrders(later)).toBe(1)
		expect((await history(request.id)).map((change) => [change.fromStatus, change.toStatus])).toEqual([
			['REQUESTED', 'QUOTED'],
			['QUOTED', 'QUOTED'],
		])
		expect(await jobsFor(`cake-quote-sent:${request.id}:2`)).toHaveLength(1)
	})

	it('withdraws: back to REQUESTED, slot given back once, a new version (old links stop working)', async () => {
		const request = await newRequest()
		const input = quote()
		await sendQuote(request.id, input, OWNER)
		expect(await withdrawQuote(request.id, OWNER)).toEqual({ ok: true })
		expect(await read(request.id)).toMatchObject({ status: 'REQUESTED', quoteVersion: 2, slotHeld: false })
		expect(await slotOrders(input.pickupAt)).toBe(0)
		expect(await withdrawQuote(request.id, OWNER)).toEqual({ ok: false, reason: 'wrong-status' })
		expect(await slotOrders(input.pickupAt)).toBe(0)
	})

	it('the customer declines an open quote of the current version only', async () => {
		const request = await newRequest()
		await sendQuote(request.id, quote(), OWNER)
		await sendQuote(request.id, quote(), OWNER)
		expect(await declineQuote(request.id, 1)).toEqual({ ok: false, reason: 'wrong-status' })
		expect(await declineQuote(request.id, 2)).toEqual({ ok: true })
		const row = await read(request.id)
		expect(row).toMatchObject({ status: 'DECLINED', slotHeld: false })
		expect((await history(request.id)).at(-1)).toMatchObject({ toStatus: 'DECLINED', actor: 'customer' })
	})

	it('expires only an overdue quote, giving its slot back', async () => {
		const request = await newRequest()
		const input = quote({ validUntil: new Date(Date.now() + HOUR) })
		await sendQuote(request.id, input, OWNER)
		expect(await expireQuote(request.id)).toEqual({ ok: false, reason: 'wrong-status' })
		expect(await expireOverdueQuotes(new Date(Date.now() + 2 * HOUR))).toBe(1)
		expect(await read(request.id)).toMatchObject({ status: 'EXPIRED', slotHeld: false })
		expect(await slotOrders(input.pickupAt)).toBe(0)
		expect((await history(request.id)).at(-1)).toMatchObject({ toStatus: 'EXPIRED', actor: 'system' })
		// A declined or expired quote can be sent again.
		expect(await sendQuote(request.id, quote(), OWNER)).toEqual({ ok: true })
	})
})

describe('payments and pickup', () => {
	it('deposit → balance online → picked up, each recorded; the mails of a deposit are queued', async () => {
		const request = await newRequest()
		await sendQuote(request.id, quote(), OWNER)
		expect((await payOnline(request.id, 1, 'DEPOSIT', 'evt_dep')).outcome).toBe('applied')
		expect(await read(request.id)).toMatchObject({ status: 'DEPOSIT_PAID', paidCents: 6_000 })
		expect(await jobsFor(`cake-deposit-received:${request.id}`)).toHaveLength(1)
		expect(await jobsFor(`cake-deposit-owner:${request.id}`)).toHaveLength(1)
		// No edit, withdrawal or second deposit once the deposit is paid.
		expect(await sendQuote(request.id, quote(), OWNER)).toEqual({ ok: false, reason: 'wrong-status' })
		expect(await withdrawQuote(request.id, OWNER)).toEqual({ ok: false, reason: 'wrong-status' })
		expect(await startCakePayment(request.id, 1, 'DEPOSIT')).toEqual({ ok: false, reason: 'not-payable' })
		expect(await markCakePickedUp(request.id, OWNER)).toEqual({ ok: false, reason: 'wrong-status' })
		expect((await payOnline(request.id, 1, 'BALANCE', 'evt_bal')).outcome).toBe('applied')
		expect(await read(request.id)).toMatchObject({ status: 'PAID_IN_FULL', paidCents: 12_000 })
		expect(await markCakePickedUp(request.id, OWNER)).toEqual({ ok: true })
		expect((await history(request.id)).map((change) => [change.toStatus, change.actor])).toEqual([
			['QUOTED', OWNER],
			['DEPOSIT_PAID', 'payment'],
			['PAID_IN_FULL', 'payment'],
			['PICKED_UP', OWNER],
		])
	})

	it('the owner marks the balance paid in the shop', async () => {
		const request = await newRequest()
		await sendQuote(request.id, quote(), OWNER)
		await payOnline(request.id, 1, 'DEPOSIT', 'evt_dep')
		expect(await markBalancePaidInShop(request.id, OWNER)).toEqual({ ok: true })
		expect(await markBalancePaidInShop(request.id, OWNER)).toEqual({ ok: false, reason: 'wrong-status' })
		expect(await read(request.id)).toMatchObject({ status: 'PAID_IN_FULL', paidCents: 12_000 })
		const payments = await prisma.cakePayment.findMany({ where: { requestId: request.id, status: 'PAID' } })
		expect(payments.map((payment) => [payment.kind, payment.method, payment.amountCents]).sort()).toEqual([
			['BALANCE', 'IN_SHOP', 6_000],
			['DEPOSIT', 'ONLINE', 6_000],
		])
	})

	it('paying the deposit twice (a replayed event, a second tab) counts one payment', async () => {
		const request = await newRequest()
		await sendQuote(request.id, quote(), OWNER)
		const first = await startCakePayment(request.id, 1, 'DEPOSIT')
		const second = await startCakePayment(request.id, 1, 'DEPOSIT')
		if (!first.ok || !second.ok) throw new Error('not payable')
		await attachCakePaymentSession(first.paymentId, 'cs_test_first')
		await attachCakePaymentSession(second.paymentId, 'cs_test_second')
		const paid = (eventId: string, sessionId: string) =>
			applyCakePaymentEvent({ eventId, type: 'checkout.session.completed', kind: 'paid', sessionId })
		const outcomes = await Promise.all([
			paid('evt_1', 'cs_test_first'),
			paid('evt_1', 'cs_test_first'),
			paid('evt_2', 'cs_test_second'),
			paid('evt_1b', 'cs_test_first'),
		])
		expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(1)
		expect(await read(request.id)).toMatchObject({ status: 'DEPOSIT_PAID', paidCents: 6_000 })
		const payments = await prisma.cakePayment.findMany({ where: { requestId: request.id } })
		expect(payments.filter((payment) => payment.status === 'PAID')).toHaveLength(1)
		expect(payments.filter((payment) => payment.status === 'NOT_APPLIED')).toHaveLength(1)
		expect(await jobsFor(`cake-deposit-received:${request.id}`)).toHaveLength(1)
	})

	it('a session of another order is not a cake payment', async () => {
		expect(
			await applyCakePaymentEvent({
				eventId: 'evt_x',
				type: 'checkout.session.completed',
				kind: 'paid',
				sessionId: 'cs_other',
			}),
		).toBeNull()
	})

	it('a deposit paid after the quote expired still books the cake and takes its slot again', async () => {
		const request = await newRequest()
		const input = quote({ validUntil: new Date(Date.now() + HOUR) })
		await sendQuote(request.id, input, OWNER)
		const started = await startCakePayment(request.id, 1, 'DEPOSIT')
		if (!started.ok) throw new Error('not payable')
		await attachCakePaymentSession(started.paymentId, 'cs_test_late')
		await expireOverdueQuotes(new Date(Date.now() + 2 * HOUR))
		expect(await slotOrders(input.pickupAt)).toBe(0)
		await applyCakePaymentEvent({
			eventId: 'evt_late',
			type: 'checkout.session.completed',
			kind: 'paid',
			sessionId: 'cs_test_late',
		})
		expect(await read(request.id)).toMatchObject({ status: 'DEPOSIT_PAID', slotHeld: true })
		expect(await slotOrders(input.pickupAt)).toBe(1)
	})

	it('the owner cancels, giving the slot back; a cancelled request stays cancelled', async () => {
		const request = await newRequest()
		const input = quote()
		await sendQuote(request.id, input, OWNER)
		await payOnline(request.id, 1, 'DEPOSIT', 'evt_dep')
		expect(await cancelCakeRequest(request.id, OWNER)).toEqual({ ok: true })
		expect(await slotOrders(input.pickupAt)).toBe(0)
		expect(await cancelCakeRequest(request.id, OWNER)).toEqual({ ok: false, reason: 'wrong-status' })
		expect(await sendQuote(request.id, quote(), OWNER)).toEqual({ ok: false, reason: 'wrong-status' })
		expect(await cancelCakeRequest('missing', OWNER)).toEqual({ ok: false, reason: 'missing' })
	})
})

describe('the database holds the rules', () => {
	it('refuses a transition the flow does not allow, even written directly', async () => {
		const request = await newRequest()
		await expect(
			prisma.customCakeRequest.update({ where: { id: request.id }, data: { status: 'PICKED_UP' } }),
		).rejects.toThrow(/cannot go from REQUESTED to PICKED_UP/)
		await sendQuote(request.id, quote(), OWNER)
		await expect(
			prisma.customCakeRequest.update({ where: { id: request.id }, data: { status: 'PAID_IN_FULL' } }),
		).rejects.toThrow(/cannot go from QUOTED to PAID_IN_FULL/)
		expect(await read(request.id)).toMatchObject({ status: 'QUOTED' })
	})

	it('refuses a deposit at or above the price, and a quoted request without a quote', async () => {
		const request = await newRequest()
		await expect(sendQuote(request.id, quote({ depositCents: 12_000 }), OWNER)).rejects.toThrow(/deposit_range/)
		await expect(
			prisma.customCakeRequest.update({ where: { id: request.id }, data: { status: 'QUOTED' } }),
		).rejects.toThrow(/quoted_fields/)
		expect(await read(request.id)).toMatchObject({ status: 'REQUESTED' })
		expect(await slotOrders(quote().pickupAt)).toBe(0)
	})
})

describe('the quote mails', () => {
	const context = {
		origin: 'https://bakery.example',
		reviewUrl: async () => 'https://bakery.example/review/x',
		ownerEmails: ['owner@example.com'],
	}
	const compose = async (job: MailJob) => (await import('~/domain/mail/compose.server')).composeMail(job, context)

	it('the quote mail carries the signed link, the price and the deposit; an older version sends nothing', async () => {
		const request = await newRequest()
		await sendQuote(request.id, quote(), OWNER)
		const sent = await compose({ kind: 'cake-quote-sent', requestId: request.id, quoteVersion: 1 })
		expect(sent?.to).toEqual(['ana@example.com'])
		expect(sent?.text).toContain('$120.00')
		expect(sent?.text).toContain('$60.00')
		const { quotePath } = await import('~/domain/cake-quotes/cake-quote-token.server')
		expect(sent?.html).toContain(`https://bakery.example${quotePath(request.id, 1)}`)
		await sendQuote(request.id, quote(), OWNER)
		expect(await compose({ kind: 'cake-quote-sent', requestId: request.id, quoteVersion: 1 })).toBeNull()
		expect(await compose({ kind: 'cake-quote-expiring', requestId: request.id, quoteVersion: 1 })).toBeNull()
		expect(await compose({ kind: 'cake-quote-expiring', requestId: request.id, quoteVersion: 2 })).not.toBeNull()
	})

	it('schedules the reminders with the quote and the deposit, each sent only while still true', async () => {
		const request = await newRequest()
		const input = quote()
		await sendQuote(request.id, input, OWNER)
		const [expiring] = await jobsFor(`cake-quote-expiring:${request.id}:1`)
		expect(expiring?.startAfter.getTime()).toBe(input.validUntil.getTime() - 24 * HOUR)
		const [expired] = await jobsFor(`cake-quote-expired-owner:${request.id}:1`)
		expect(expired?.startAfter.getTime()).toBe(input.validUntil.getTime())
		// Not due yet: the quote is still open, so the owner hears nothing.
		expect(await compose({ kind: 'cake-quote-expired-owner', requestId: request.id, quoteVersion: 1 })).toBeNull()

		await payOnline(request.id, 1, 'DEPOSIT', 'evt_dep')
		const [reminder] = await jobsFor(`cake-balance-reminder:${request.id}`)
		expect(reminder?.startAfter.getTime()).toBe(input.pickupAt.getTime() - 48 * HOUR)
		expect((await compose({ kind: 'cake-balance-reminder', requestId: request.id }))?.text).toContain('$60.00')
		expect(await compose({ kind: 'cake-quote-expiring', requestId: request.id, quoteVersion: 1 })).toBeNull()
		const owner = await compose({ kind: 'cake-deposit-owner', requestId: request.id })
		expect(owner?.to).toEqual(['owner@example.com'])
		await markBalancePaidInShop(request.id, OWNER)
		expect(await compose({ kind: 'cake-balance-reminder', requestId: request.id })).toBeNull()
	})

	it('the owner’s "expired" job ends an overdue quote and gives its slot back', async () => {
		const request = await newRequest()
		const input = quote({ validUntil: new Date(Date.now() + 2000) })
		await sendQuote(request.id, input, OWNER)
		await prisma.customCakeRequest.update({
			where: { id: request.id },
			data: { quoteValidUntil: new Date(Date.now() - 1000) },
		})
		const mail = await compose({ kind: 'cake-quote-expired-owner', requestId: request.id, quoteVersion: 1 })
		expect(mail?.subject).toMatch(/^Quote expired: Ana Souza/)
		expect(await read(request.id)).toMatchObject({ status: 'EXPIRED', slotHeld: false })
		expect(await slotOrders(input.pickupAt)).toBe(0)
	})
})

describe('a refund in Stripe', () => {
	it('of the deposit cancels the request and gives its slot back, once; of a second deposit changes nothing', async () => {
		const request = await newRequest()
		const input = quote()
		await sendQuote(request.id, input, OWNER)
		const { sessionId } = await payOnline(request.id, 1, 'DEPOSIT', 'evt_dep')
		const second = await startCakePayment(request.id, 1, 'BALANCE')
		if (!second.ok) throw new Error('not payable')
		await attachCakePaymentSession(second.paymentId, 'cs_test_stray')
		// A stray payment that was never applied (its refund must not cancel the cake).
		await prisma.cakePayment.update({
			where: { id: second.paymentId },
			data: { status: 'NOT_APPLIED', paidAt: new Date() },
		})
		const refund = (eventId: string, session: string) =>
			applyCakeRefundEvent({ eventId, type: 'charge.refunded', sessionId: session })
		expect(await refund('evt_r0', 'cs_test_stray')).toBe('unchanged')
		expect(await read(request.id)).toMatchObject({ status: 'DEPOSIT_PAID', slotHeld: true })
		expect(await refund('evt_r1', sessionId)).toBe('applied')
		expect(await refund('evt_r1', sessionId)).toBe('duplicate')
		expect(await refund('evt_r2', sessionId)).toBe('unchanged')
		expect(await read(request.id)).toMatchObject({ status: 'CANCELLED', slotHeld: false })
		expect(await slotOrders(input.pickupAt)).toBe(0)
		expect((await history(request.id)).at(-1)).toMatchObject({ toStatus: 'CANCELLED', actor: 'payment' })
		expect(await refund('evt_r3', 'cs_not_a_cake')).toBeNull()
	})
})
