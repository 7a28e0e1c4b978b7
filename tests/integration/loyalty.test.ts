/**
 * The loyalty card (decision 085): a stamp for each paid order of an account that is picked up (at least the owner's
 * minimum, paid since the card started), one reward per full card created exactly once under concurrent pickups, a
 * stamp reversed when its order is refunded, stamps for orders the account claims at sign-in, and orders joining
 * their account when paid.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { prisma } from '~/utils/db.server'
import { advanceOrder, applyRefundEvent } from '~/domain/orders/models/owner-orders.server'
import { applyCheckoutEvent } from '~/domain/orders/models/order.server'
import { customerLoyaltyCard, saveLoyaltyProgram } from '~/domain/loyalty/index.server'
import { addLocalDays, defaultPickupSettings, instantAt, localDateOf } from '~/domain/pickup/pickup-schedule'
import { createMenuItem } from '../fixtures/menu'
import { useAdminTestEnv } from './admin-helpers'
import { clearMailQueues } from './mail-helpers'
import { seedHeldOrder } from './owner-day-helpers'
import { clearPickupHolds } from './pickup-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>

beforeAll(async () => {
	env = await useAdminTestEnv()
})

afterAll(() => env.cleanup())

const CARD = {
	enabled: true,
	minOrderCents: 1000,
	stampsPerReward: 4,
	rewardCents: 450,
	rewardNameEn: 'a free concha',
	rewardNameEs: 'una concha gratis',
	rewardNamePtBr: 'uma concha grátis',
}

beforeEach(async () => {
	await clearMailQueues()
	await clearPickupHolds()
	await prisma.loyaltyProgram.deleteMany()
	await prisma.order.deleteMany()
	await prisma.customer.deleteMany()
	await prisma.menuItem.deleteMany()
})

const { timeZone } = defaultPickupSettings
const tomorrow = () => addLocalDays(localDateOf(new Date(), timeZone), 1)
let slotMinute = 0

/** A paid order of `cents` (one line) of the account `customerId` (null: a guest's), waiting to be picked up. */
async function paidOrder(menuItemId: string, cents: number, customerId: string | null) {
	slotMinute += 1
	const time = `${String(8 + Math.floor(slotMinute / 60)).padStart(2, '0')}:${String(slotMinute % 60).padStart(2, '0')}`
	const order = await seedHeldOrder({
		pickupAt: instantAt(tomorrow(), time, timeZone),
		pickupDate: tomorrow(),
		lines: [{ menuItemId, name: 'Concha', quantity: 1, unitPriceCents: cents }],
		ordersPerSlot: 1000,
	})
	return prisma.order.update({ where: { id: order.id }, data: { customerId } })
}

const account = (name = 'Ana') =>
	prisma.customer.create({ data: { email: `${name.toLowerCase()}-${crypto.randomUUID()}@example.com`, name } })

const card = (customerId: string | null, locale: 'en' | 'es' = 'en') => customerLoyaltyCard(customerId, locale)

describe('earning stamps', () => {
	it('gives nothing while the owner has the card off, and shows no card', async () => {
		const bread = await createMenuItem()
		const ana = await account()
		const order = await paidOrder(bread.id, 1200, ana.id)
		expect(await advanceOrder(order.id, 'picked-up')).toEqual({ changed: true })
		expect(await prisma.loyaltyStamp.count()).toBe(0)
		expect(await card(ana.id)).toBeNull()
	})

	it('stamps a paid order of the account once it is picked up, at the minimum or more without the tip, and only then', async () => {
		await saveLoyaltyProgram(CARD)
		const bread = await createMenuItem()
		const ana = await account()
		const big = await paidOrder(bread.id, 1000, ana.id)
		const small = await paidOrder(bread.id, 999, ana.id)
		const guest = await paidOrder(bread.id, 2000, null)
		// $9.00 of bread and a $2.00 tip: the tip buys no stamp.
		const tipped = await paidOrder(bread.id, 900, ana.id)
		await prisma.order.update({ where: { id: tipped.id }, data: { tipCents: 200, totalCents: { increment: 200 } } })
		expect(await prisma.loyaltyStamp.count()).toBe(0)
		for (const order of [big, small, guest, tipped]) await advanceOrder(order.id, 'picked-up')
		expect(await prisma.loyaltyStamp.findMany({ select: { orderId: true, customerId: true } })).toEqual([
			{ orderId: big.id, customerId: ana.id },
		])
		// A second click on a handed-over order changes nothing, and stamps nothing twice.
		expect(await advanceOrder(big.id, 'picked-up')).toMatchObject({ changed: false })
		expect(await card(ana.id, 'es')).toMatchObject({ onCard: 1, toGo: 3, reward: 'una concha gratis' })
	})

	it('does not count orders paid before the card started', async () => {
		const bread = await createMenuItem()
		const ana = await account()
		const before = await paidOrder(bread.id, 1500, ana.id)
		await prisma.order.update({ where: { id: before.id }, data: { paidAt: new Date(Date.now() - 60_000) } })
		await saveLoyaltyProgram(CARD)
		await advanceOrder(before.id, 'picked-up')
		expect(await prisma.loyaltyStamp.count()).toBe(0)
	})

	it('gives an order to be paid at pickup its stamp when it is paid at the counter', async () => {
		await saveLoyaltyProgram(CARD)
		const bread = await createMenuItem()
		const ana = await account()
		const order = await paidOrder(bread.id, 1500, ana.id)
		await prisma.order.update({ where: { id: order.id }, data: { paidAt: null, payAtPickup: true, source: 'PHONE' } })
		await advanceOrder(order.id, 'picked-up')
		expect(await prisma.loyaltyStamp.count({ where: { orderId: order.id } })).toBe(1)
	})
})

describe('rewards', () => {
	it('a full card creates one reward, credited once, however many pickups land at the same moment', async () => {
		await saveLoyaltyProgram(CARD)
		const bread = await createMenuItem()
		const ana = await account()
		for (let index = 0; index < 3; index += 1) {
			await advanceOrder((await paidOrder(bread.id, 1200, ana.id)).id, 'picked-up')
		}
		expect(await prisma.loyaltyReward.count()).toBe(0)
		const racing = []
		for (let index = 0; index < 6; index += 1) racing.push(await paidOrder(bread.id, 1200, ana.id))
		await Promise.all(racing.map((order) => advanceOrder(order.id, 'picked-up')))
		// 9 stamps on a card of 4: two rewards, numbered once each, whatever order the pickups committed in.
		expect(await prisma.loyaltyStamp.count({ where: { customerId: ana.id } })).toBe(9)
		expect(
			await prisma.loyaltyReward.findMany({
				where: { customerId: ana.id },
				select: { number: true, creditCents: true },
				orderBy: { number: 'asc' },
			}),
		).toEqual([
			{ number: 1, creditCents: 450 },
			{ number: 2, creditCents: 450 },
		])
		expect(await card(ana.id)).toMatchObject({ onCard: 1, toGo: 3 })
		// Each reward is store credit, credited once with it.
		const { customerStoreCredit } = await import('~/domain/wallet/models/store-credit.server')
		const credit = await customerStoreCredit(ana.id)
		expect(credit.balanceCents).toBe(900)
		expect(credit.entries.map((entry) => [entry.kind, entry.amountCents])).toEqual([
			['CREDIT', 450],
			['CREDIT', 450],
		])
	})

	it('a refund reverses the order’s stamp exactly once; the next reward then needs one more', async () => {
		await saveLoyaltyProgram(CARD)
		const bread = await createMenuItem()
		const ana = await account()
		const orders = []
		for (let index = 0; index < 4; index += 1) {
			const order = await paidOrder(bread.id, 1200, ana.id)
			await advanceOrder(order.id, 'picked-up')
			orders.push(order)
		}
		expect(await prisma.loyaltyReward.count()).toBe(1)
		const refunded = orders[0]!
		const event = {
			eventId: `evt_${crypto.randomUUID()}`,
			type: 'charge.refunded',
			sessionId: refunded.providerSessionId,
		}
		expect(await applyRefundEvent(event)).toBe('applied')
		expect(await applyRefundEvent(event)).toBe('duplicate')
		expect(await prisma.loyaltyStamp.findUniqueOrThrow({ where: { orderId: refunded.id } })).toMatchObject({
			reversedAt: expect.any(Date),
		})
		expect(await prisma.loyaltyReward.count()).toBe(1)
		expect(await card(ana.id)).toMatchObject({ onCard: 0, toGo: 5 })
	})
})

describe('orders and accounts', () => {
	it('a paid order joins the account with its address at once, and stamps follow its pickup', async () => {
		await saveLoyaltyProgram(CARD)
		const bread = await createMenuItem()
		const ana = await account()
		const order = await seedHeldOrder({
			pickupAt: instantAt(tomorrow(), '15:00', timeZone),
			pickupDate: tomorrow(),
			lines: [{ menuItemId: bread.id, name: 'Concha', quantity: 4, unitPriceCents: 300 }],
			status: 'PENDING',
		})
		await prisma.order.update({ where: { id: order.id }, data: { customerEmail: ` ${ana.email.toUpperCase()} ` } })
		expect(
			await applyCheckoutEvent({
				eventId: `evt_${crypto.randomUUID()}`,
				type: 'checkout.session.completed',
				kind: 'paid',
				sessionId: order.providerSessionId!,
			}),
		).toBe('applied')
		expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
			status: 'PAID',
			customerId: ana.id,
		})
		await advanceOrder(order.id, 'picked-up')
		expect(await card(ana.id)).toMatchObject({ onCard: 1 })
	})

	it('orders picked up before the account claimed them earn their stamps at sign-in', async () => {
		await saveLoyaltyProgram(CARD)
		const bread = await createMenuItem()
		const order = await paidOrder(bread.id, 1200, null)
		await advanceOrder(order.id, 'picked-up')
		const ana = await account()
		await prisma.order.update({ where: { id: order.id }, data: { customerEmail: ana.email } })
		const { openCustomerSession } = await import('~/domain/customers/models/customer.server')
		await prisma.$transaction((tx) =>
			openCustomerSession(tx, {
				customerId: ana.id,
				email: ana.email,
				sessionId: crypto.randomUUID(),
				now: new Date(),
			}),
		)
		expect(await prisma.loyaltyStamp.findMany({ select: { orderId: true, customerId: true } })).toEqual([
			{ orderId: order.id, customerId: ana.id },
		])
	})
})
