/**
 * The customer's note and allergy note (decision 077): typed at checkout, bounded (by the form and by the columns),
 * kept on a refusal, stored on the order, and shown to the staff on the board, the orders screen and the prep list,
 * in the owner's new-order mail and in the customer's receipt.
 */
import type { SubmissionResult } from '@conform-to/react'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMenuItem } from '../fixtures/menu'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { get, run, sessionCookieFor, STAFF, useAdminTestEnv } from './admin-helpers'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'

let stripe: MockStripe
let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let staffCookie: string
let prisma: (typeof import('~/utils/db.server'))['prisma']
const origin = 'https://bakery.test'
const pickupAt = pickupSlot()
const pickupDate = pickupAt.slice(0, 10)

const ALLERGY = 'Tree nuts (severe).\nNo sesame either.'
const NOTE = 'My sister Ana will pick it up.'

beforeAll(async () => {
	stripe = await startMockStripe()
	env = await useAdminTestEnv()
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_integration',
		STRIPE_WEBHOOK_SECRET: 'whsec_integration',
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
		STAFF_EMAILS: STAFF.email,
	})
	const { resetEnv } = await import('~/utils/env.server')
	resetEnv()
	prisma = (await import('~/utils/db.server')).prisma
	staffCookie = await sessionCookieFor(STAFF)
	await openEveryDay({ ordersPerSlot: 1000 })
})

afterAll(async () => {
	delete process.env.STAFF_EMAILS
	await stripe.close()
	await env.cleanup()
})

beforeEach(async () => {
	;(await import('~/utils/rate-limit.server')).resetRateLimits()
	await clearPickupHolds()
})

type CheckoutReply = { url: string | null; result: SubmissionResult<string[]> }

async function postCheckout(fields: Record<string, string>, itemId: string, pathname = '/checkout') {
	const { action } = await import('~/routes/checkout')
	const body = new URLSearchParams({
		'customer.name': 'Ana Souza',
		'customer.email': 'ana@example.com',
		pickupAt,
		'items[0].id': itemId,
		'items[0].quantity': '1',
		...fields,
	})
	const request = new Request(`${origin}${pathname}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body,
	})
	const outcome = await run(action({ request, context: { clientIp: 'notes-test' }, params: {} }))
	return { ...outcome, data: outcome.data as CheckoutReply }
}

/** A checkout with the notes, paid on the payment page: the order staff will see. */
async function paidOrderWithNotes(fields: Record<string, string>) {
	const cake = await createMenuItem({ name: 'Tres Leches Cake', priceCents: 4200 })
	const outcome = await postCheckout(fields, cake.id)
	expect(outcome.status).toBe(200)
	const order = await prisma.order.findFirstOrThrow({ where: { customerEmail: 'ana@example.com' } })
	const { confirmCheckoutSession } = await import('~/domain/orders/checkout.server')
	stripe.pay(order.providerSessionId!)
	expect(await confirmCheckoutSession(order.providerSessionId!)).toMatchObject({ status: 'PAID' })
	return order
}

describe('at checkout', () => {
	it('stores both notes trimmed, and nothing for notes left empty or blank', async () => {
		const order = await paidOrderWithNotes({ allergyNote: `  ${ALLERGY}  `, customerNote: ` ${NOTE}\n` })
		expect(order).toMatchObject({ allergyNote: ALLERGY, customerNote: NOTE })

		await clearPickupHolds()
		const plain = await paidOrderWithNotes({ allergyNote: '   ', customerNote: '' })
		expect(plain).toMatchObject({ allergyNote: null, customerNote: null })
	})

	it('refuses a note over its bound in the page’s language, keeping everything typed, and stores nothing', async () => {
		const cake = await createMenuItem({ name: 'Bolo de Cenoura', priceCents: 3600 })
		const longAllergy = 'a'.repeat(301)
		const outcome = await postCheckout(
			{ allergyNote: longAllergy, customerNote: 'n'.repeat(501) },
			cake.id,
			'/es/checkout',
		)
		expect(outcome.status).toBe(400)
		expect(outcome.data.url).toBeNull()
		expect(outcome.data.result.error).toMatchObject({
			allergyNote: ['La nota de alergias debe tener menos de 300 caracteres.'],
			customerNote: ['La nota debe tener menos de 500 caracteres.'],
		})
		expect(outcome.data.result.initialValue).toMatchObject({
			allergyNote: longAllergy,
			customer: { name: 'Ana Souza' },
		})
		expect(await prisma.order.count()).toBe(0)

		const atTheBound = await postCheckout({ allergyNote: 'a'.repeat(300), customerNote: 'n'.repeat(500) }, cake.id)
		expect(atTheBound.status).toBe(200)
	})

	it('the columns themselves refuse a longer note, whatever path writes it', async () => {
		const order = await paidOrderWithNotes({})
		await expect(
			prisma.order.update({ where: { id: order.id }, data: { allergyNote: 'a'.repeat(301) } }),
		).rejects.toThrow()
		await expect(
			prisma.order.update({ where: { id: order.id }, data: { customerNote: 'n'.repeat(501) } }),
		).rejects.toThrow()
	})
})

describe('what the staff see', () => {
	type NotedOrder = { id: string; allergyNote: string | null; customerNote: string | null }

	it('the board, the orders screen and the prep list show both notes to a staff member', async () => {
		const order = await paidOrderWithNotes({ allergyNote: ALLERGY, customerNote: NOTE })
		const { loader: boardLoader } = await import('~/routes/admin.board')
		const { loader: ordersLoader } = await import('~/routes/admin.orders')
		const { loader: prepListLoader } = await import('~/routes/admin.prep-list')
		const call = (loader: (args: LoaderFunctionArgs) => unknown, pathname: string) =>
			run(loader({ request: get(pathname, staffCookie), params: {}, context: {} }))

		const board = await call(boardLoader, `/admin/board?date=${pickupDate}`)
		expect(board.status).toBe(200)
		expect((board.data as { orders: NotedOrder[] }).orders).toEqual([
			expect.objectContaining({ id: order.id, allergyNote: ALLERGY, customerNote: NOTE }),
		])

		const orders = await call(ordersLoader, `/admin/orders?date=${pickupDate}`)
		expect(orders.status).toBe(200)
		expect((orders.data as { orders: NotedOrder[] }).orders).toEqual([
			expect.objectContaining({ id: order.id, allergyNote: ALLERGY, customerNote: NOTE, customerEmail: '' }),
		])

		const prepList = await call(prepListLoader, `/admin/prep-list?date=${pickupDate}`)
		expect(prepList.status).toBe(200)
		expect((prepList.data as { allergies: unknown[] }).allergies).toEqual([
			{
				orderNumber: expect.any(String),
				customerName: 'Ana Souza',
				allergyNote: ALLERGY,
				pickup: '12:00 PM',
				items: [{ name: 'Tres Leches Cake', quantity: 1 }],
			},
		])
	})
})

describe('the mails', () => {
	it('the owner’s new-order alert and the customer’s receipt carry the notes; without notes, neither says one', async () => {
		const { composeMail } = await import('~/domain/mail/compose.server')
		const context = { origin, reviewUrl: async () => `${origin}/reviews/new`, ownerEmails: ['owner@example.com'] }
		const visible = (html: string) => html.replace(/<!-- -->/g, '')

		const order = await paidOrderWithNotes({ allergyNote: 'Peanuts', customerNote: 'Candles, please' })
		const alert = (await composeMail({ kind: 'order-paid-owner', orderId: order.id }, context))!
		expect(alert.text).toContain('Allergies: Peanuts')
		expect(alert.text).toMatch(/Note\s+Candles, please/)
		expect(visible(alert.html)).toContain('Allergies: Peanuts')
		const receipt = (await composeMail({ kind: 'order-receipt', orderId: order.id }, context))!
		expect(receipt.text).toMatch(/Allergies you told us\s+Peanuts/)
		expect(receipt.text).toMatch(/Your note\s+Candles, please/)

		await clearPickupHolds()
		const plain = await paidOrderWithNotes({})
		const plainAlert = (await composeMail({ kind: 'order-paid-owner', orderId: plain.id }, context))!
		expect(plainAlert.text).not.toContain('Allergies')
		const plainReceipt = (await composeMail({ kind: 'order-receipt', orderId: plain.id }, context))!
		expect(plainReceipt.text).not.toContain('Allergies you told us')
		expect(plainReceipt.text).not.toContain('Your note')
	})
})
