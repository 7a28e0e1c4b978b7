/**
 * The live order board and "I'm here" (decision 070): the arrival link's token, the customer's arrival, the
 * no-show move, and the NOTIFY every change of a paid order sends in its own transaction, heard by the board's
 * live feed.
 */
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { action as boardAction, loader as boardLoader } from '~/routes/admin.board'
import { loader as customersLoader } from '~/routes/admin.customers'
import { loader as eventsLoader } from '~/routes/admin.board_.events'
import { action as hereAction, loader as hereLoader } from '~/routes/here.$token'
import { prisma } from '~/utils/db.server'
import { getEnv } from '~/utils/env.server'
import { startCacheSync } from '~/utils/cache-sync.server'
import { localDateOf } from '~/domain/pickup/pickup-schedule'
import { BAKERY_TIME_ZONE } from '~/domain/pickup/bakery-time'
import { advanceOrder } from '~/domain/orders/models/owner-orders.server'
import {
	countUncollected,
	markNoShow,
	markUncollectedAsNoShow,
	recordArrival,
} from '~/domain/orders/models/order-board.server'
import { arrivalPath, readArrivalToken, signArrivalToken } from '~/domain/orders/order-arrival-token.server'
import { createMenuItem } from '../fixtures/menu'
import { ADMIN, get, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { seedHeldOrder } from './owner-day-helpers'
import { clearPickupHolds } from './pickup-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let cookie: string

beforeAll(async () => {
	env = await useAdminTestEnv()
	cookie = await sessionCookieFor(ADMIN)
})

afterAll(() => env.cleanup())

beforeEach(async () => {
	await clearPickupHolds()
	await prisma.order.deleteMany()
	await prisma.menuItem.deleteMany()
})

const HOUR = 60 * 60 * 1000
// Tuesday 2026-12-01 at 6 pm in Los Angeles (PST, UTC−8): closing time.
const DAY = '2026-12-01'
const CLOSING = new Date(`${DAY}T18:00:00.000-08:00`)

/** A paid order picking up `offsetHours` from `now` (on that bakery day). */
async function todaysOrder(offsetHours: number, status: 'PAID' | 'READY' | 'PICKED_UP' = 'PAID', now = new Date()) {
	const item = await createMenuItem({ name: `Concha ${Math.random()}` })
	const pickupAt = new Date(Math.floor((now.getTime() + offsetHours * HOUR) / 60_000) * 60_000)
	return seedHeldOrder({
		pickupAt,
		pickupDate: localDateOf(pickupAt, BAKERY_TIME_ZONE),
		lines: [{ menuItemId: item.id, name: item.name, quantity: 2 }],
		status,
		customerName: 'Rosa Ramos',
	})
}

const boardAct = (fields: Record<string, string>) =>
	run(boardAction({ request: post('/admin/board', fields, cookie), params: {}, context: {} }))

const here = (token: string, fields?: Record<string, string>) =>
	fields
		? run(
				hereAction({
					request: post(`/here/${token}`, fields),
					params: { token },
					context: { clientIp: '203.0.113.9' },
				}),
			)
		: run(hereLoader({ request: get(`/here/${token}`), params: { token }, context: {} }))

const statusOf = async (id: string) => (await prisma.order.findUniqueOrThrow({ where: { id } })).status

describe('the arrival link', () => {
	it('names its order and refuses a changed id or signature', async () => {
		const token = signArrivalToken('order123')
		expect(readArrivalToken(token)).toBe('order123')
		const [, signature] = token.split('.')
		expect(readArrivalToken(`order124.${signature}`)).toBeNull()
		expect(readArrivalToken(`order123.${signature!.slice(0, -1)}A`)).toBeNull()
		expect(readArrivalToken('order123')).toBeNull()
		expect(arrivalPath('order123', 'es')).toBe(`/es/here/${token}`)
	})

	it('a forged link finds nothing (404) and records nothing', async () => {
		const order = await todaysOrder(-1)
		const [, signature] = signArrivalToken('someone-else').split('.')
		const forged = `${order.id}.${signature}`
		expect((await here(forged)).status).toBe(404)
		expect((await here(forged, { spot: 'CURB' })).status).toBe(404)
		expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).arrivedAt).toBeNull()
	})

	it('"I\'m here" records the arrival once, keeps its first time and takes the spot and car', async () => {
		const order = await todaysOrder(-1)
		const token = signArrivalToken(order.id)
		expect((await here(token)).data).toMatchObject({ view: { state: 'open' } })
		const first = await here(token, { spot: 'CURB', car: 'Red Honda Civic' })
		expect(first.data).toMatchObject({ saved: true })
		const arrived = await prisma.order.findUniqueOrThrow({ where: { id: order.id } })
		expect(arrived).toMatchObject({ arrivalSpot: 'CURB', arrivalCar: 'Red Honda Civic', status: 'PAID' })
		expect(arrived.arrivedAt).not.toBeNull()

		// Saying it again (a double tap, a changed car) keeps the first arrival time.
		await here(token, { spot: 'INSIDE', car: 'Blue van' })
		const again = await prisma.order.findUniqueOrThrow({ where: { id: order.id } })
		expect(again.arrivedAt).toEqual(arrived.arrivedAt)
		expect(again).toMatchObject({ arrivalSpot: 'INSIDE', arrivalCar: 'Blue van' })
		expect((await here(token)).data).toMatchObject({ view: { state: 'arrived', car: 'Blue van' } })
	})

	it('refuses a car description longer than 80 characters', async () => {
		const order = await todaysOrder(-1)
		const outcome = await here(signArrivalToken(order.id), { car: 'x'.repeat(81) })
		expect(outcome.status).toBe(400)
		expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).arrivedAt).toBeNull()
	})

	it('an order already picked up, or picking up another day, does not arrive', async () => {
		const collected = await todaysOrder(-1, 'PICKED_UP')
		expect((await here(signArrivalToken(collected.id))).data).toMatchObject({ view: { state: 'picked-up' } })
		const tomorrow = await todaysOrder(72)
		const today = localDateOf(new Date(), BAKERY_TIME_ZONE)
		expect(await recordArrival(tomorrow.id, { spot: null, car: null, today })).toEqual({ outcome: 'too-early' })
		expect(await recordArrival(collected.id, { spot: null, car: null, today })).toEqual({ outcome: 'picked-up' })
		expect((await prisma.order.findUniqueOrThrow({ where: { id: tomorrow.id } })).arrivedAt).toBeNull()
	})
})

describe('no-show', () => {
	it('only after the pickup time, only from paid or ready', async () => {
		const later = await todaysOrder(2, 'PAID', CLOSING)
		expect(await markNoShow(later.id, CLOSING)).toBe('too-early')
		expect(await statusOf(later.id)).toBe('PAID')

		const late = await todaysOrder(-1, 'READY', CLOSING)
		expect(await markNoShow(late.id, CLOSING)).toBe('marked')
		expect(await statusOf(late.id)).toBe('NO_SHOW')
		expect(await markNoShow(late.id, CLOSING)).toBe('not-open')

		const collected = await todaysOrder(-1, 'PICKED_UP', CLOSING)
		expect(await markNoShow(collected.id, CLOSING)).toBe('not-open')
		expect(await statusOf(collected.id)).toBe('PICKED_UP')
	})

	it("closing marks only the day's uncollected orders past their time", async () => {
		const late = await todaysOrder(-2, 'PAID', CLOSING)
		const lateReady = await todaysOrder(-1, 'READY', CLOSING)
		const collected = await todaysOrder(-1, 'PICKED_UP', CLOSING)
		const stillAhead = await todaysOrder(1, 'PAID', CLOSING)
		const yesterday = await todaysOrder(-24, 'PAID', CLOSING)
		expect(await countUncollected(DAY, CLOSING)).toBe(2)
		expect(await markUncollectedAsNoShow(DAY, CLOSING)).toBe(2)
		expect(await statusOf(yesterday.id)).toBe('PAID')
		expect(await statusOf(late.id)).toBe('NO_SHOW')
		expect(await statusOf(lateReady.id)).toBe('NO_SHOW')
		expect(await statusOf(collected.id)).toBe('PICKED_UP')
		expect(await statusOf(stillAhead.id)).toBe('PAID')
	})

	it('the board refuses a no-show before the pickup time and says why', async () => {
		const later = await todaysOrder(72)
		const outcome = await boardAct({ intent: 'no-show', id: later.id })
		expect(outcome.status).toBe(409)
		expect(outcome.data).toMatchObject({ problem: true })
		expect(String((outcome.data as { message: string }).message)).toContain('pickup time has not passed')
		expect(await statusOf(later.id)).toBe('PAID')
	})

	it('the board marks a late order with one tap and shows it among the done', async () => {
		const late = await todaysOrder(-0.25)
		const outcome = await boardAct({ intent: 'no-show', id: late.id })
		expect(outcome.data).toMatchObject({ message: `Order ${late.id.slice(-8).toUpperCase()} is marked as a no-show.` })
		expect(await statusOf(late.id)).toBe('NO_SHOW')
	})

	it("the customers screen counts each account's no-shows, and their spend still counts", async () => {
		const customer = await prisma.customer.create({ data: { email: 'nina@example.com', name: 'Nina Noshow' } })
		for (const offset of [-3, -2]) {
			const order = await todaysOrder(offset, 'PAID', CLOSING)
			await prisma.order.update({ where: { id: order.id }, data: { customerId: customer.id } })
		}
		expect(await markUncollectedAsNoShow(DAY, CLOSING)).toBe(2)
		const screen = await run(
			customersLoader({ request: get('/admin/customers?q=nina', cookie), params: {}, context: {} }),
		)
		const row = (screen.data as { customers: Array<{ name: string; noShows: number; orders: number }> }).customers[0]
		expect(row).toMatchObject({ name: 'Nina Noshow', noShows: 2, orders: 2 })
		await prisma.order.deleteMany({ where: { customerId: customer.id } })
		await prisma.customer.delete({ where: { id: customer.id } })
	})

	it('the board is for the admin only', async () => {
		const anonymous = await run(boardLoader({ request: get('/admin/board'), params: {}, context: {} }))
		expect(anonymous.status).toBe(302)
		const feed = await run(eventsLoader({ request: get('/admin/board/events'), params: {}, context: {} }))
		expect(feed.status).toBe(302)
	})
})

interface Heard {
	orderId: string
	kind: string
}

/** A LISTEN on the board's channel through a connection of its own, as another process would have. */
async function listen() {
	const client = new pg.Client({ connectionString: getEnv().DATABASE_URL })
	await client.connect()
	const heard: Heard[] = []
	client.on('notification', ({ payload }) => heard.push(JSON.parse(payload ?? '{}') as Heard))
	await client.query('LISTEN bakery_board')
	const waitFor = async (predicate: (events: Heard[]) => boolean) => {
		for (let tries = 0; tries < 50 && !predicate(heard); tries++) await new Promise((r) => setTimeout(r, 20))
		return heard
	}
	return { heard, waitFor, close: () => client.end() }
}

describe('every change of a paid order is announced in its transaction', () => {
	it('paid, ready, arrival, pickup moved, picked up, no-show, cancelled', async () => {
		const listener = await listen()
		try {
			const order = await todaysOrder(-1, 'PAID')
			await listener.waitFor((events) => events.some((event) => event.orderId === order.id))
			expect(listener.heard.find((event) => event.orderId === order.id)?.kind).toBe('paid')

			/** The kinds announced for `id` by `change` (a seeded order's own "paid" is heard first). */
			const kindsAfter = async (id: string, change: () => Promise<unknown>) => {
				await listener.waitFor((events) => events.some((event) => event.orderId === id && event.kind === 'paid'))
				listener.heard.length = 0
				await change()
				const heard = await listener.waitFor((events) => events.some((event) => event.orderId === id))
				return heard.filter((event) => event.orderId === id).map((event) => event.kind)
			}
			expect(await kindsAfter(order.id, () => advanceOrder(order.id, 'ready'))).toEqual(['changed'])
			const today = localDateOf(new Date(), BAKERY_TIME_ZONE)
			expect(await kindsAfter(order.id, () => recordArrival(order.id, { spot: 'CURB', car: null, today }))).toEqual([
				'arrived',
			])
			expect(
				await kindsAfter(order.id, () =>
					prisma.order.update({ where: { id: order.id }, data: { pickupAt: new Date(Date.now() - 30 * 60_000) } }),
				),
			).toEqual(['changed'])
			expect(await kindsAfter(order.id, () => markNoShow(order.id))).toEqual(['changed'])

			const other = await todaysOrder(1)
			expect(await kindsAfter(other.id, () => advanceOrder(other.id, 'picked-up'))).toEqual(['changed'])
			const cancelled = await todaysOrder(1)
			expect(
				await kindsAfter(cancelled.id, () =>
					prisma.order.update({ where: { id: cancelled.id }, data: { status: 'REFUNDED' } }),
				),
			).toEqual(['changed'])
		} finally {
			await listener.close()
		}
	})

	it('a change rolled back announces nothing; an unpaid checkout announces nothing', async () => {
		const listener = await listen()
		try {
			const order = await todaysOrder(1)
			const pending = await todaysOrder(1)
			await prisma.order.update({ where: { id: pending.id }, data: { status: 'PENDING', paidAt: null } })
			await listener.waitFor(() => false)
			listener.heard.length = 0
			await prisma
				.$transaction(async (tx) => {
					await tx.order.update({ where: { id: order.id }, data: { status: 'READY' } })
					throw new Error('rolled back')
				})
				.catch(() => undefined)
			await prisma.order.update({ where: { id: pending.id }, data: { status: 'EXPIRED' } })
			await listener.waitFor(() => false)
			expect(listener.heard).toEqual([])
			expect(await statusOf(order.id)).toBe('PAID')
		} finally {
			await listener.close()
		}
	})
})

describe("the board's live feed", () => {
	it('streams a change of one of today’s orders from the one listening connection, uncompressed', async () => {
		const stop = startCacheSync(getEnv().DATABASE_URL)
		const abort = new AbortController()
		try {
			const order = await todaysOrder(0)
			// Wait for the process's listener to be up.
			await new Promise((r) => setTimeout(r, 300))
			const request = new Request('http://localhost:3000/admin/board/events', {
				headers: { Cookie: cookie },
				signal: abort.signal,
			})
			const response = (await eventsLoader({ request, params: {}, context: {} })) as Response
			expect(response.headers.get('Content-Type')).toContain('text/event-stream')
			expect(response.headers.get('Cache-Control')).toContain('no-transform')
			const reader = response.body!.getReader()
			const decoder = new TextDecoder()
			let text = ''
			const started = Date.now()
			await advanceOrder(order.id, 'ready')
			while (!text.includes('event: board')) {
				const { value, done } = await reader.read()
				if (done) break
				text += decoder.decode(value)
			}
			expect(Date.now() - started).toBeLessThan(1_000)
			expect(text).toContain(`"orderId":"${order.id}"`)
			expect(text).toContain('"kind":"changed"')
		} finally {
			abort.abort()
			await stop()
		}
	})
})
