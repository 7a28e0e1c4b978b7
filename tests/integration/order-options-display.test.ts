/**
 * Issue 16 where an order is shown: a cake bought with a size and a message, taxed as prepared food,
 * keeps its choices, prices and tax on the test payment page, /success, the owner's orders and the
 * receipt mail — also after the owner renames the choice and changes its price and the item's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LineOption } from '~/domain/menu/item-options'
import { createMenuItem } from '../fixtures/menu'
import { ADMIN, get, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { openEveryDay, pickupSlot } from './pickup-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let cookie: string

beforeAll(async () => {
	env = await useAdminTestEnv()
	// The built-in test provider stands in for Stripe; prepared food is taxed at 10.6 %.
	delete process.env.STRIPE_SECRET_KEY
	process.env.SALES_TAX_RATE = '10.6'
	const { resetEnv } = await import('~/utils/env.server')
	resetEnv()
	cookie = await sessionCookieFor(ADMIN)
	await openEveryDay({ ordersPerSlot: 1000 })
})

afterAll(async () => {
	delete process.env.SALES_TAX_RATE
	const { resetEnv } = await import('~/utils/env.server')
	resetEnv()
	await env.cleanup()
})

const ORDERED_OPTIONS: LineOption[] = [
	{ group: 'Size', choice: '10″', priceDeltaCents: 1500 },
	{ group: 'Message on the cake', text: 'Feliz cumpleaños Ana', priceDeltaCents: 0 },
]
const OPTIONS_TEXT = 'Size: 10″ · Message on the cake: “Feliz cumpleaños Ana”'
// 4200 + 1500 = 5700 for the cake, taxed 10.6 % (604.2 → 604); 2 × 300 conchas, exempt bakery items.
const CAKE_CENTS = 5700
const TAX_CENTS = 604
const TOTAL_CENTS = CAKE_CENTS + 600 + TAX_CENTS

type ShownOrder = {
	totalCents: number
	taxCents: number
	items: Array<{ name: string; quantity: number; unitPriceCents: number; options: LineOption[] }>
}

/** A paid order through the real checkout and the test payment page; what each screen shows on the way. */
async function buyCake() {
	const { prisma } = await import('~/utils/db.server')
	const checkout = await import('./checkout-helpers')
	const testPayment = await import('~/routes/test-payment.$sessionId')
	const cake = await createMenuItem({ name: 'Tres leches', priceCents: 4200 })
	await prisma.menuItem.update({ where: { id: cake.id }, data: { taxCategory: 'PREPARED_FOOD' } })
	const conchas = await createMenuItem({ name: 'Conchas', priceCents: 300 })
	const size = await prisma.menuOptionGroup.create({
		data: {
			menuItemId: cake.id,
			name: 'Size',
			kind: 'SINGLE',
			required: true,
			options: {
				create: [
					{ name: '8″', priceDeltaCents: 0, position: 0 },
					{ name: '10″', priceDeltaCents: 1500, position: 1 },
				],
			},
		},
		include: { options: true },
	})
	const message = await prisma.menuOptionGroup.create({
		data: { menuItemId: cake.id, name: 'Message on the cake', kind: 'TEXT', position: 1 },
	})
	const ten = size.options.find((option) => option.name === '10″')!
	const started = await checkout.startCheckout(
		{
			customer: { name: 'Ana Souza', email: 'ana@example.com' },
			items: [
				{
					id: cake.id,
					quantity: 1,
					unitPriceCents: CAKE_CENTS,
					choices: [
						{ groupId: size.id, optionIds: [ten.id] },
						{ groupId: message.id, text: '  Feliz cumpleaños   Ana ' },
					],
				},
				{ id: conchas.id, quantity: 2 },
			],
			pickupAt: pickupSlot(),
		},
		{ origin: 'http://localhost:3000' },
	)
	if (!started.ok) throw new Error(started.error)
	const sessionId = new URL(started.url).pathname.split('/').pop()!
	const paymentPage = await testPayment.loader({
		request: new Request(started.url),
		params: { sessionId },
		context: {},
	})
	const body = new FormData()
	body.set('intent', 'pay')
	await testPayment.action({
		request: new Request(started.url, { method: 'POST', body }),
		params: { sessionId },
		context: {},
	})
	const order = await prisma.order.findUniqueOrThrow({ where: { providerSessionId: sessionId } })
	expect(order.status).toBe('PAID')
	return { cake, ten, order, sessionId, paymentPage: paymentPage.data.order as ShownOrder }
}

async function successPage(sessionId: string) {
	const success = await import('~/routes/success')
	const request = new Request(`http://localhost:3000/success?session_id=${sessionId}`)
	const result = (await success.loader({ request, params: {}, context: {} })) as unknown as {
		data: { order: ShownOrder | null }
	}
	return result.data.order
}

async function ownersOrder(orderId: string, date: string) {
	const { loader } = await import('~/routes/admin.orders')
	const outcome = await run(loader({ request: get(`/admin/orders?date=${date}`, cookie), params: {}, context: {} }))
	const { orders } = outcome.data as { orders: Array<ShownOrder & { id: string }> }
	return orders.find((order) => order.id === orderId)
}

async function receipt(orderId: string) {
	const { composeMail } = await import('~/domain/mail/compose.server')
	const mail = await composeMail(
		{ kind: 'order-receipt', orderId },
		{ origin: 'https://bakery.test', reviewUrl: async () => '', ownerEmails: ['owner@example.com'] },
	)
	if (!mail) throw new Error('no receipt')
	return mail
}

/** The HTML as a reader sees its text: without React's text separators, entities read. */
const visible = (html: string) => html.replace(/<!-- -->/g, '').replaceAll('&quot;', '"')

function expectAsOrdered(order: ShownOrder | null | undefined) {
	expect(order).toMatchObject({
		totalCents: TOTAL_CENTS,
		taxCents: TAX_CENTS,
		items: [
			{ name: 'Tres leches', quantity: 1, unitPriceCents: CAKE_CENTS, options: ORDERED_OPTIONS },
			{ name: 'Conchas', quantity: 2, unitPriceCents: 300, options: [] },
		],
	})
}

function expectReceiptAsOrdered(mail: { text: string; html: string }) {
	for (const part of [mail.text, visible(mail.html)]) {
		expect(part).toContain('1 × Tres leches')
		expect(part).toContain(OPTIONS_TEXT)
		expect(part).toContain('$57.00')
		expect(part).toMatch(/Subtotal[\s\S]*\$63\.00[\s\S]*Tax[\s\S]*\$6\.04[\s\S]*Total[\s\S]*\$69\.04/)
	}
}

describe('an order with options and tax, wherever it is shown', () => {
	it('shows its choices and tax on the test payment page, /success, the owner’s orders and the receipt, unchanged by later menu edits', async () => {
		const { prisma } = await import('~/utils/db.server')
		const { cake, ten, order, sessionId, paymentPage } = await buyCake()
		const date = order.pickupDate!.toISOString().slice(0, 10)

		expectAsOrdered(paymentPage)
		expectAsOrdered(await successPage(sessionId))
		expectAsOrdered(await ownersOrder(order.id, date))
		expectReceiptAsOrdered(await receipt(order.id))

		// The owner renames the choice and raises its price and the cake's.
		await prisma.menuOption.update({ where: { id: ten.id }, data: { name: '10-inch', priceDeltaCents: 2000 } })
		await prisma.menuItem.update({ where: { id: cake.id }, data: { priceCents: 4800, name: 'Tres leches cake' } })

		expectAsOrdered(await successPage(sessionId))
		expectAsOrdered(await ownersOrder(order.id, date))
		const later = await receipt(order.id)
		expectReceiptAsOrdered(later)
		expect(later.text).not.toContain('10-inch')
	})

	it('shows no tax lines for an order without tax', async () => {
		const { prisma } = await import('~/utils/db.server')
		const { order } = await buyCake()
		// The same order as if no tax had applied: the tax out of the total.
		await prisma.orderItem.updateMany({ where: { orderId: order.id }, data: { taxCents: 0 } })
		await prisma.order.update({
			where: { id: order.id },
			data: { taxCents: 0, totalCents: TOTAL_CENTS - TAX_CENTS },
		})
		const mail = await receipt(order.id)
		for (const part of [mail.text, visible(mail.html)]) {
			expect(part).toContain(OPTIONS_TEXT)
			expect(part).not.toMatch(/Subtotal|Tax/)
			expect(part).toMatch(/Total[\s\S]*\$63\.00/)
		}
	})
})
