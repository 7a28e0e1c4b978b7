/**
 * Waitlists (issue 40, decision 091): a customer waits for an item on a sold-out day; a freed place is offered to the
 * first in line as an order held in their name with its payment page and link; unpaid, the offer lapses and the next
 * in line is offered the place; one offer at a time per item and day, however many runs race.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { defaultPickupSettings, localDateOf } from '~/domain/pickup/pickup-schedule'
import { createMenuItem } from '../fixtures/menu'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { clearMailQueues } from './mail-helpers'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'

const origin = 'https://bakery.test'
let stripe: MockStripe
let checkout: typeof import('./checkout-helpers')
let waitlist: typeof import('~/domain/waitlist/index.server')
let prisma: (typeof import('~/utils/db.server'))['prisma']

beforeAll(async () => {
	stripe = await startMockStripe()
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_waitlist',
		STRIPE_WEBHOOK_SECRET: 'whsec_waitlist',
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
	})
	checkout = await import('./checkout-helpers')
	waitlist = await import('~/domain/waitlist/index.server')
	prisma = (await import('~/utils/db.server')).prisma
})

afterAll(() => stripe.close())

beforeEach(async () => {
	await prisma.waitlistEntry.deleteMany()
	await clearPickupHolds()
	await prisma.menuItem.deleteMany()
	await clearMailQueues()
	await openEveryDay({ ordersPerSlot: 1000 })
})

const pickupAt = pickupSlot(2, '12:00')
const pickupDate = localDateOf(pickupAt, defaultPickupSettings.timeZone)

/** An item with a daily limit of 2, both taken by unpaid checkouts: sold out for the day. Returns their orders. */
async function soldOutItem() {
	const item = await createMenuItem({ name: 'Pão de Queijo (dozen)', priceCents: 1800 })
	await prisma.menuItem.update({ where: { id: item.id }, data: { dailyLimit: 2 } })
	const orders = []
	for (const name of ['Ana', 'Bia']) {
		const started = await checkout.startCheckout(
			{
				customer: { name, email: `${name.toLowerCase()}@example.com` },
				items: [{ id: item.id, quantity: 1 }],
				pickupAt,
			},
			{ origin },
		)
		if (!started.ok) throw new Error(`checkout refused: ${started.error}`)
		orders.push(started.orderId)
	}
	return { item, orders }
}

function join(
	menuItemId: string,
	name: string,
	more: Partial<import('~/domain/waitlist/index.server').WaitlistRequest> = {},
) {
	return waitlist.joinWaitlist({
		menuItemId,
		pickupDate,
		quantity: 1,
		customer: { name, email: `${name.toLowerCase()}@example.com` },
		textOffer: false,
		locale: 'en',
		...more,
	})
}

async function sessionOf(orderId: string) {
	const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId }, select: { providerSessionId: true } })
	return order.providerSessionId!
}

const statuses = async () =>
	Object.fromEntries(
		(await prisma.waitlistEntry.findMany({ select: { customerName: true, status: true } })).map((entry) => [
			entry.customerName,
			entry.status,
		]),
	)

async function paymentLinkMails() {
	const jobs = await prisma.$queryRaw<Array<{ orderId: string }>>`
		SELECT data ->> 'orderId' AS "orderId" FROM pgboss.job WHERE name = 'mail' AND data ->> 'kind' = 'order-payment-link'`
	return jobs.map((job) => job.orderId)
}

describe('joining', () => {
	it('is refused while the item can be ordered that day, and for an item not sold online', async () => {
		const item = await createMenuItem({ name: 'Concha' })
		expect(await join(item.id, 'Caio')).toEqual({ ok: false, reason: 'available' })
		const offline = await createMenuItem({ name: 'Counter only', orderable: false })
		expect(await join(offline.id, 'Caio')).toEqual({ ok: false, reason: 'not-for-sale' })
		expect(await prisma.waitlistEntry.count()).toBe(0)
	})

	it('puts customers in line for a sold-out day; joining again keeps the first place', async () => {
		const { item } = await soldOutItem()
		const first = await join(item.id, 'Caio')
		expect(first).toMatchObject({ ok: true, position: 1, alreadyWaiting: false })
		expect(await join(item.id, 'Duda')).toMatchObject({ ok: true, position: 2, alreadyWaiting: false })
		const again = await join(item.id, 'Caio', { quantity: 1 })
		expect(again).toMatchObject({ ok: true, position: 1, alreadyWaiting: true })
		expect(again.ok && first.ok && again.entryId === first.entryId).toBe(true)
		expect(await prisma.waitlistEntry.count()).toBe(2)
	})

	it('a day that cannot free up (closed, beyond the horizon) takes nobody', async () => {
		const { item } = await soldOutItem()
		expect(await join(item.id, 'Caio', { pickupDate: '2099-01-01' })).toEqual({ ok: false, reason: 'not-waitable' })
	})
})

describe('offers', () => {
	it('nothing freed: nobody is offered anything and nothing is held', async () => {
		const { item } = await soldOutItem()
		await join(item.id, 'Caio')
		const run = await waitlist.offerFreedPlaces({ origin })
		expect(run).toEqual({ offered: [], stillWaiting: 1 })
		expect(await statuses()).toEqual({ Caio: 'WAITING' })
		expect(await prisma.order.count()).toBe(2)
	})

	it('a freed place is held for the first in line with a payment link; the second waits; one offer at a time', async () => {
		const { item, orders } = await soldOutItem()
		await join(item.id, 'Caio', { pickupAt })
		await join(item.id, 'Duda')
		await checkout.cancelCheckoutSession(await sessionOf(orders[0]!))

		const run = await waitlist.offerFreedPlaces({ origin })
		expect(run.offered).toHaveLength(1)
		expect(await statuses()).toEqual({ Caio: 'OFFERED', Duda: 'WAITING' })
		const entry = await prisma.waitlistEntry.findFirstOrThrow({ where: { customerName: 'Caio' } })
		const offered = await prisma.order.findUniqueOrThrow({
			where: { id: entry.offerOrderId! },
			include: { items: true },
		})
		expect(offered).toMatchObject({ status: 'PENDING', capacityHeld: true, customerEmail: 'caio@example.com' })
		expect(offered.pickupAt?.toISOString()).toBe(new Date(pickupAt).toISOString())
		expect(offered.items.map((line) => [line.menuItemId, line.quantity, line.unitPriceCents])).toEqual([
			[item.id, 1, 1800],
		])
		expect(offered.paymentUrl).toMatch(/^http/)
		expect(await paymentLinkMails()).toEqual([offered.id])
		// The day is sold out again: the place is theirs for the payment page's 30 minutes.
		expect(await join(item.id, 'Eva')).toMatchObject({ ok: true, position: 2 })

		expect((await waitlist.offerFreedPlaces({ origin })).offered).toEqual([])
		expect(await prisma.order.count({ where: { status: 'PENDING', capacityHeld: true } })).toBe(2)
	})

	it('unpaid, the offer lapses and the place goes to the next in line; paid, it is claimed', async () => {
		const { item, orders } = await soldOutItem()
		await join(item.id, 'Caio')
		await join(item.id, 'Duda')
		await checkout.cancelCheckoutSession(await sessionOf(orders[0]!))
		await waitlist.offerFreedPlaces({ origin })
		const caio = await prisma.waitlistEntry.findFirstOrThrow({ where: { customerName: 'Caio' } })
		await checkout.cancelCheckoutSession(await sessionOf(caio.offerOrderId!))

		await waitlist.offerFreedPlaces({ origin })
		expect(await statuses()).toEqual({ Caio: 'LAPSED', Duda: 'OFFERED' })
		const duda = await prisma.waitlistEntry.findFirstOrThrow({ where: { customerName: 'Duda' } })
		stripe.pay(await sessionOf(duda.offerOrderId!))
		await checkout.confirmCheckoutSession(await sessionOf(duda.offerOrderId!))
		await waitlist.offerFreedPlaces({ origin })
		expect(await statuses()).toEqual({ Caio: 'LAPSED', Duda: 'CLAIMED' })
		expect(await prisma.order.findUniqueOrThrow({ where: { id: duda.offerOrderId! } })).toMatchObject({
			status: 'PAID',
		})
	})

	it('runs racing each other make one offer per freed place, never two', async () => {
		const { item, orders } = await soldOutItem()
		for (const name of ['Caio', 'Duda', 'Eva', 'Fabi']) await join(item.id, name)
		await checkout.cancelCheckoutSession(await sessionOf(orders[0]!))
		const runs = await Promise.all(Array.from({ length: 4 }, () => waitlist.offerFreedPlaces({ origin })))
		expect(runs.flatMap((run) => run.offered)).toHaveLength(1)
		expect(await statuses()).toEqual({ Caio: 'OFFERED', Duda: 'WAITING', Eva: 'WAITING', Fabi: 'WAITING' })
		expect(await prisma.order.count({ where: { status: 'PENDING', capacityHeld: true } })).toBe(2)
		const usage = await prisma.itemDayUsage.findFirstOrThrow({ where: { menuItemId: item.id } })
		expect(usage.quantity).toBe(2)
	})

	it('an entry for a day gone by lapses without an offer; one who left is never offered', async () => {
		const { item, orders } = await soldOutItem()
		await join(item.id, 'Caio')
		const duda = await join(item.id, 'Duda')
		if (!duda.ok) throw new Error('not joined')
		expect(await waitlist.leaveWaitlist(duda.entryId, 'DUDA@example.com ')).toBe(true)
		await prisma.waitlistEntry.updateMany({
			where: { customerName: 'Caio' },
			data: { pickupDate: new Date('2020-01-01') },
		})
		await checkout.cancelCheckoutSession(await sessionOf(orders[0]!))
		expect((await waitlist.offerFreedPlaces({ origin })).offered).toEqual([])
		expect(await statuses()).toEqual({ Caio: 'LAPSED', Duda: 'LEFT' })
	})
})
