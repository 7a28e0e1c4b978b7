import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { action as ordersAction, loader as ordersLoader } from '~/routes/admin.orders'
import { prisma } from '~/utils/db.server'
import { addLocalDays, localDateOf } from '~/domain/pickup/pickup-schedule'
import { BAKERY_TIME_ZONE } from '~/domain/pickup/bakery-time'
import { createMenuItem } from '../fixtures/menu'
import { ADMIN, FORMER_ADMIN, get, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { heldCounts, seedHeldOrder } from './owner-day-helpers'
import { clearPickupHolds } from './pickup-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let cookie: string
let formerCookie: string

beforeAll(async () => {
	env = await useAdminTestEnv()
	const { resetEnv } = await import('~/utils/env.server')
	process.env.ADMIN_EMAILS = `${ADMIN.email},${FORMER_ADMIN.email}`
	resetEnv()
	formerCookie = await sessionCookieFor(FORMER_ADMIN)
	process.env.ADMIN_EMAILS = ADMIN.email
	resetEnv()
	cookie = await sessionCookieFor(ADMIN)
})

afterAll(() => env.cleanup())

beforeEach(async () => {
	await clearPickupHolds()
	await prisma.menuItem.deleteMany()
})

// Tuesday 2026-12-01 in Los Angeles (PST, UTC−8).
const DATE = '2026-12-01'
const at = (time: string) => new Date(`${DATE}T${time}:00.000-08:00`)

type DayView = {
	view: 'day' | 'all'
	date: string | null
	today: string
	tomorrow: string
	orders: Array<{
		id: string
		customerName: string
		status: string
		pickupAt: Date | null
		customerPhone: string | null
	}>
}

const dayView = async (search: string, who = cookie) =>
	(await run(ordersLoader({ request: get(`/admin/orders${search}`, who), params: {}, context: {} }))).data as DayView

/** `who`: the admin by default; null for an anonymous visitor. */
const act = (fields: Record<string, string>, who: string | null = cookie) =>
	run(ordersAction({ request: post('/admin/orders', fields, who ?? undefined), params: {}, context: {} }))

const messageOf = (outcome: { data: unknown }) => (outcome.data as { message?: string }).message

const statusOf = async (id: string) => (await prisma.order.findUniqueOrThrow({ where: { id } })).status

describe('the day view', () => {
	it("lists a date's orders by pickup time, without other dates or unpaid checkouts", async () => {
		const cake = await createMenuItem({ name: 'Tres Leches' })
		const line = [{ menuItemId: cake.id, name: cake.name, quantity: 1 }]
		await seedHeldOrder({ pickupAt: at('14:30'), pickupDate: DATE, lines: line, customerName: 'Afternoon Ana' })
		await seedHeldOrder({ pickupAt: at('09:00'), pickupDate: DATE, lines: line, customerName: 'Early Eli' })
		await seedHeldOrder({
			pickupAt: at('11:15'),
			pickupDate: DATE,
			lines: line,
			status: 'READY',
			customerName: 'Ready Rosa',
		})
		await seedHeldOrder({
			pickupAt: at('10:00'),
			pickupDate: DATE,
			lines: line,
			status: 'PENDING',
			customerName: 'Pending Pat',
		})
		await seedHeldOrder({
			pickupAt: new Date('2026-12-02T17:00:00.000Z'),
			pickupDate: '2026-12-02',
			lines: line,
			customerName: 'Next Day Ned',
		})

		const view = await dayView(`?date=${DATE}`)
		expect(view.view).toBe('day')
		expect(view.orders.map((order) => order.customerName)).toEqual(['Early Eli', 'Ready Rosa', 'Afternoon Ana'])
		expect(view.orders[0]).toMatchObject({ status: 'PAID', customerPhone: '(425) 555-0100', pickupAt: at('09:00') })
	})

	it('knows today and tomorrow at the bakery, shows today for a malformed date, and keeps the all-orders list', async () => {
		const today = localDateOf(new Date(), BAKERY_TIME_ZONE)
		const view = await dayView('?date=2026-02-30')
		expect(view).toMatchObject({ view: 'day', date: today, today, tomorrow: addLocalDays(today, 1) })
		expect(await dayView('')).toMatchObject({ view: 'all', date: null })
	})
})

describe('one-click statuses', () => {
	async function paidOrder(status: 'PAID' | 'PENDING' = 'PAID') {
		const cake = await createMenuItem()
		return seedHeldOrder({
			pickupAt: at('09:00'),
			pickupDate: DATE,
			lines: [{ menuItemId: cake.id, name: cake.name, quantity: 1 }],
			status,
		})
	}

	it('moves PAID → READY → PICKED_UP, one post each', async () => {
		const order = await paidOrder()
		expect(messageOf(await act({ intent: 'ready', id: order.id }))).toMatch(/is marked as ready\.$/)
		expect(await statusOf(order.id)).toBe('READY')
		expect(messageOf(await act({ intent: 'picked-up', id: order.id }))).toMatch(/is marked as picked up\.$/)
		expect(await statusOf(order.id)).toBe('PICKED_UP')
	})

	it('refuses a step from the wrong status (a stale click) and says where the order is', async () => {
		const order = await paidOrder()
		await act({ intent: 'picked-up', id: order.id })
		const stale = await act({ intent: 'ready', id: order.id })
		expect(messageOf(stale)).toMatch(/was not changed: only a paid order can be marked as ready, and it is picked up\./)
		expect(await statusOf(order.id)).toBe('PICKED_UP')

		const pending = await paidOrder('PENDING')
		expect(messageOf(await act({ intent: 'picked-up', id: pending.id }))).toMatch(/only a paid order can be picked up/)
		expect(await statusOf(pending.id)).toBe('PENDING')
	})

	it('refuses anyone but the admin, changing nothing', async () => {
		const order = await paidOrder()
		expect((await act({ intent: 'ready', id: order.id }, null)).status).toBe(401)
		expect((await act({ intent: 'refund', id: order.id, confirmed: 'yes' }, formerCookie)).status).toBe(403)
		expect(await statusOf(order.id)).toBe('PAID')
	})
})

describe('Cancel & refund (test payments)', () => {
	it('asks first, then refunds and releases the slot and item quantities exactly once', async () => {
		const cake = await createMenuItem({ name: 'Rosca' })
		const lines = [{ menuItemId: cake.id, name: cake.name, quantity: 3, dailyLimit: 10 }]
		const order = await seedHeldOrder({ pickupAt: at('09:00'), pickupDate: DATE, lines, status: 'READY' })
		await seedHeldOrder({ pickupAt: at('09:00'), pickupDate: DATE, lines })
		expect(await heldCounts(at('09:00'), cake.id, DATE)).toEqual({ slotOrders: 2, itemQuantity: 6 })

		const asked = await act({ intent: 'refund', id: order.id })
		expect(asked.data).toEqual({ confirm: order.id })
		expect(await statusOf(order.id)).toBe('READY')

		const refunded = await act({ intent: 'refund', id: order.id, confirmed: 'yes' })
		expect(messageOf(refunded)).toMatch(/is cancelled and refunded in full/)
		expect(await statusOf(order.id)).toBe('REFUNDED')
		expect(await heldCounts(at('09:00'), cake.id, DATE)).toEqual({ slotOrders: 1, itemQuantity: 3 })

		const again = await act({ intent: 'refund', id: order.id, confirmed: 'yes' })
		expect(messageOf(again)).toMatch(/was not refunded: .* and it is refunded\./)
		expect(await heldCounts(at('09:00'), cake.id, DATE)).toEqual({ slotOrders: 1, itemQuantity: 3 })
	})

	it('releases the hold once when the owner clicks refund several times at once', async () => {
		const cake = await createMenuItem()
		const lines = [{ menuItemId: cake.id, name: cake.name, quantity: 2, dailyLimit: 10 }]
		const order = await seedHeldOrder({ pickupAt: at('09:00'), pickupDate: DATE, lines })
		await seedHeldOrder({ pickupAt: at('09:00'), pickupDate: DATE, lines })
		const outcomes = await Promise.all(
			Array.from({ length: 5 }, () => act({ intent: 'refund', id: order.id, confirmed: 'yes' })),
		)
		for (const outcome of outcomes) expect(messageOf(outcome)).toMatch(/is cancelled and refunded in full/)
		expect(await statusOf(order.id)).toBe('REFUNDED')
		expect(await heldCounts(at('09:00'), cake.id, DATE)).toEqual({ slotOrders: 1, itemQuantity: 2 })
	})

	it('does not refund a picked-up order', async () => {
		const cake = await createMenuItem()
		const lines = [{ menuItemId: cake.id, name: cake.name, quantity: 1 }]
		const order = await seedHeldOrder({ pickupAt: at('09:00'), pickupDate: DATE, lines, status: 'PICKED_UP' })
		expect(messageOf(await act({ intent: 'refund', id: order.id, confirmed: 'yes' }))).toMatch(/was not refunded/)
		expect(await statusOf(order.id)).toBe('PICKED_UP')
		expect(await heldCounts(at('09:00'), cake.id, DATE)).toEqual({ slotOrders: 1, itemQuantity: 1 })
	})
})
