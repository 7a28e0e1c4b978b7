/**
 * Each state machine is one table of moves (decision 055). The custom cake request's is held by a database
 * trigger as well: it must refuse exactly the changes of status the table does not make, tried for every pair
 * of the enum against the migrated database. The order's has no trigger: every model function that moves an
 * order must move it exactly as the table says, from every status.
 */
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { CAKE_REQUEST_MOVES } from '~/domain/cake-quotes/cake-request-states'
import {
	applyCheckoutEvent,
	expireAbandonedOrder,
	markOrderCheckoutFailed,
	type CheckoutEventKind,
} from '~/domain/orders/models/order.server'
import { advanceOrder, applyRefundEvent, markOrderRefunded } from '~/domain/orders/models/owner-orders.server'
import { ORDER_MOVES, type OrderMove } from '~/domain/orders/order-states'
import { markNoShow } from '~/domain/orders/models/order-board.server'
import type { CakeRequestStatus, OrderStatus } from '~/generated/prisma/enums'
import { prisma } from '~/utils/db.server'
import { canMove, transitionsOf } from '~/utils/state-machine'
import { clearMailQueues } from './mail-helpers'
import { sqlClientForFile } from './sql-client'

const client = sqlClientForFile()

afterAll(async () => {
	await clearMailQueues()
})

/** The enum's values as the migrated database has them. */
async function enumValues<Status extends string>(type: string) {
	const { rows } = await client.query<{ value: Status }>(
		`SELECT unnest(enum_range(NULL::${pg.escapeIdentifier(type)}))::text AS value`,
	)
	return rows.map((row) => row.value)
}

describe('the custom cake request', () => {
	const QUOTE_CENTS = 12_000
	const DEPOSIT_CENTS = 6_000
	/** What a request in this status has paid, as the table's CHECK constraints want it. */
	function paidIn(status: CakeRequestStatus) {
		if (status === 'DEPOSIT_PAID') return DEPOSIT_CENTS
		return status === 'PAID_IN_FULL' || status === 'PICKED_UP' ? QUOTE_CENTS : 0
	}

	it('the database trigger refuses exactly the changes of status the table does not make', async () => {
		const statuses = await enumValues<CakeRequestStatus>('CakeRequestStatus')
		const pickupAt = new Date('2030-06-01T17:00:00Z')
		const allowed: string[] = []
		const refusedUnchanged: string[] = []
		for (const from of statuses) {
			for (const to of statuses) {
				// Every quote field set (any status may have them), so only the status guard can refuse.
				const request = await prisma.customCakeRequest.create({
					data: {
						name: `${from} to ${to}`,
						phone: '206 555 0101',
						email: 'ana@example.com',
						type: 'Birthday',
						size: '8″',
						status: from,
						quoteCents: QUOTE_CENTS,
						depositCents: DEPOSIT_CENTS,
						paidCents: paidIn(from),
						pickupAt,
						pickupDate: new Date('2030-06-01'),
						quoteValidUntil: pickupAt,
					},
				})
				try {
					await client.query(`UPDATE "CustomCakeRequest" SET "status" = $2, "paidCents" = $3 WHERE "id" = $1`, [
						request.id,
						to,
						paidIn(to),
					])
					if (from !== to) allowed.push(`${from}→${to}`)
				} catch (error) {
					// The guard's own refusal; anything else (a CHECK constraint) would be this test's mistake.
					if ((error as { code?: string }).code !== 'BK010') throw error
					if (from === to) refusedUnchanged.push(from)
				}
			}
		}
		expect(refusedUnchanged).toEqual([])
		expect(allowed.sort()).toEqual(transitionsOf(CAKE_REQUEST_MOVES))
		// The table speaks of no status the database lacks.
		const named = Object.values(CAKE_REQUEST_MOVES).flatMap(({ from, to }) => [...from, to])
		expect(named.filter((status) => !statuses.includes(status))).toEqual([])
	})
})

describe('the order', () => {
	const event = (kind: CheckoutEventKind) => (order: { providerSessionId: string }) =>
		applyCheckoutEvent({ eventId: crypto.randomUUID(), type: `test.${kind}`, kind, sessionId: order.providerSessionId })
	/** Every model function that changes an order's status, and the move of the table it makes. */
	const operations: Record<
		string,
		{ move: OrderMove; run: (order: { id: string; providerSessionId: string }) => unknown }
	> = {
		'a payment': { move: 'pay', run: event('paid') },
		'a failed payment': { move: 'cancel', run: event('payment_failed') },
		'a cancelled session': { move: 'cancel', run: event('cancelled') },
		'an expired session': { move: 'expire', run: event('expired') },
		'a checkout the provider refused': { move: 'cancel', run: (order) => markOrderCheckoutFailed(order.id) },
		'the sweep': { move: 'expire', run: (order) => expireAbandonedOrder(order.id) },
		'the owner’s "ready"': { move: 'ready', run: (order) => advanceOrder(order.id, 'ready') },
		'the owner’s "picked up"': { move: 'picked-up', run: (order) => advanceOrder(order.id, 'picked-up') },
		'the board’s "no-show" after the pickup time': {
			move: 'no-show',
			run: async (order) => {
				await prisma.order.update({ where: { id: order.id }, data: { pickupAt: new Date('2026-12-01T17:00:00Z') } })
				return (await markNoShow(order.id, new Date('2026-12-01T18:00:00Z'))) === 'marked'
			},
		},
		'the owner’s refund': { move: 'refund', run: (order) => markOrderRefunded(order.id, 'owner') },
		'a refund in Stripe': {
			move: 'refunded-by-provider',
			run: (order) =>
				applyRefundEvent({ eventId: crypto.randomUUID(), type: 'charge.refunded', sessionId: order.providerSessionId }),
		},
	}

	/** Whether the function says it moved the order (each says it its own way). */
	function saysMoved(result: unknown) {
		if (result === true || result === 'applied') return true
		return typeof result === 'object' && result !== null && 'changed' in result && result.changed === true
	}

	it('every model function moves an order exactly as the table says, from every status', async () => {
		const statuses = await enumValues<OrderStatus>('OrderStatus')
		const expected: Record<string, string> = {}
		const actual: Record<string, string> = {}
		for (const [name, { move, run }] of Object.entries(operations)) {
			for (const status of statuses) {
				const order = await prisma.order.create({
					data: {
						customerName: 'Ana',
						customerEmail: 'ana@example.com',
						totalCents: 1_000,
						status,
						providerSessionId: `cs_test_${crypto.randomUUID()}`,
					},
					select: { id: true, providerSessionId: true },
				})
				const moved = saysMoved(await run({ id: order.id, providerSessionId: order.providerSessionId! }))
				const now = (await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status
				const key = `${name} from ${status}`
				expected[key] = canMove(ORDER_MOVES[move], status) ? `moved to ${ORDER_MOVES[move].to}` : `stays ${status}`
				actual[key] = moved ? `moved to ${now}` : `stays ${now}`
			}
		}
		expect(actual).toEqual(expected)
	})
})
