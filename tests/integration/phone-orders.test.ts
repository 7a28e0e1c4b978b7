/**
 * Phone and walk-in orders (decision 075) through the staff screen's action, as a browser posts it: priced on the
 * server, held by the online checkout's statement (racing online checkouts for the last place), a payment link
 * mailed in the customer's language, and pay at pickup only where the owner allows it.
 */
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createCakeOptions, createMenuItem } from '../fixtures/menu'
import { ADMIN, ORIGIN, STAFF, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { clearMailQueues } from './mail-helpers'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let staffCookie: string
let prisma: (typeof import('~/utils/db.server'))['prisma']
let phoneAction: (typeof import('~/routes/admin.orders_.new'))['action']
let phoneLoader: (typeof import('~/routes/admin.orders_.new'))['loader']
let checkout: typeof import('./checkout-helpers')

beforeAll(async () => {
	env = await useAdminTestEnv()
	process.env.STAFF_EMAILS = STAFF.email
	const { resetEnv } = await import('~/utils/env.server')
	resetEnv()
	staffCookie = await sessionCookieFor(STAFF)
	prisma = (await import('~/utils/db.server')).prisma
	;({ action: phoneAction, loader: phoneLoader } = await import('~/routes/admin.orders_.new'))
	checkout = await import('./checkout-helpers')
})

afterAll(async () => {
	delete process.env.STAFF_EMAILS
	await env.cleanup()
})

beforeEach(async () => {
	await clearPickupHolds()
	await prisma.menuItem.deleteMany()
	await clearMailQueues()
	await openEveryDay({ ordersPerSlot: 1000 })
	await prisma.pickupSettings.update({ where: { id: 1 }, data: { payAtPickupAllowed: false } })
})

type Fields = Record<string, string | readonly string[]>

function phoneOrder(fields: Fields, cookie: string | undefined = staffCookie) {
	return run(
		phoneAction({
			request: post('/admin/orders/new', fields, cookie),
			params: {},
			context: { clientIp: '203.0.113.7' },
		}),
	)
}

/** A phone order's form: one item, tomorrow at noon, a payment link, in English, unless `more` says otherwise. */
function orderFields(menuItemId: string, more: Fields = {}): Fields {
	return {
		'customer.name': 'Dona Cida',
		'customer.phone': '(425) 555-0123',
		locale: 'en',
		pickupAt: pickupSlot(1, '12:00'),
		payment: 'link',
		'rows[0].id': menuItemId,
		'rows[0].quantity': '2',
		...more,
	}
}

function enteredId(outcome: { status: number; headers: Headers }) {
	expect(outcome.status).toBe(302)
	const location = new URL(outcome.headers.get('Location')!, ORIGIN)
	expect(location.pathname).toBe('/admin/orders/new')
	return location.searchParams.get('order')!
}

async function queuedMails(kind: string) {
	return prisma.$queryRaw<Array<{ data: { orderId: string } }>>`
		SELECT data FROM pgboss.job WHERE name = 'mail' AND data ->> 'kind' = ${kind}`
}

describe('a phone order is priced by the server', () => {
	it('ignores prices, totals and names the form sends: the menu, its options and the tax decide', async () => {
		const cake = await createMenuItem({ name: 'Bolo de Cenoura', priceCents: 3000 })
		await createCakeOptions(cake.id)
		const groups = await prisma.menuOptionGroup.findMany({
			where: { menuItemId: cake.id },
			include: { options: { orderBy: { position: 'asc' } } },
			orderBy: { position: 'asc' },
		})
		const size = groups.find((group) => group.kind === 'SINGLE')!
		const eightInch = size.options.find((option) => option.priceDeltaCents === 1200)!
		const message = groups.find((group) => group.kind === 'TEXT')!
		const outcome = await phoneOrder(
			orderFields(cake.id, {
				'customer.email': 'cida@example.com',
				'rows[0].quantity': '2',
				'rows[0].choices[0].groupId': size.id,
				'rows[0].choices[0].optionIds': eightInch.id,
				'rows[0].choices[1].groupId': message.id,
				'rows[0].choices[1].text': 'Feliz aniversário',
				// What a forged form might add: none of it is read.
				'rows[0].unitPriceCents': '1',
				'rows[0].name': 'Free cake',
				totalCents: '1',
				taxCents: '0',
			}),
		)
		const order = await prisma.order.findUniqueOrThrow({ where: { id: enteredId(outcome) }, include: { items: true } })
		expect(order.totalCents).toBe(2 * (3000 + 1200))
		expect(order.items).toEqual([
			expect.objectContaining({ name: 'Bolo de Cenoura', unitPriceCents: 4200, quantity: 2 }),
		])
		expect(order).toMatchObject({
			source: 'PHONE',
			enteredBy: STAFF.email,
			status: 'PENDING',
			capacityHeld: true,
			customerPhone: '+14255550123',
			customerEmail: 'cida@example.com',
		})
	})

	it('keeps what was typed and saves nothing when a detail is missing or wrong', async () => {
		const cake = await createMenuItem()
		const missingContact = await phoneOrder(
			orderFields(cake.id, { 'customer.phone': '', 'customer.email': '', customerNote: 'Candles, please' }),
		)
		expect(missingContact.status).toBe(400)
		const { result } = missingContact.data as {
			result: { error: Record<string, string[]>; initialValue: Record<string, unknown> }
		}
		expect(result.error['customer.phone']).toEqual(['Enter a phone number or an e-mail address (or both).'])
		expect(result.initialValue).toMatchObject({ customer: { name: 'Dona Cida' }, customerNote: 'Candles, please' })

		const nothingOrdered = await phoneOrder(orderFields(cake.id, { 'rows[0].quantity': '0' }))
		expect((nothingOrdered.data as { result: { error: Record<string, string[]> } }).result.error.rows).toEqual([
			'Enter a quantity for at least one item.',
		])
		expect(await prisma.order.count()).toBe(0)
	})

	it('refuses a time the schedule does not offer, on the pickup field', async () => {
		const cake = await createMenuItem()
		const outcome = await phoneOrder(orderFields(cake.id, { pickupAt: pickupSlot(1, '12:07') }))
		expect(outcome.status).toBe(409)
		const { result } = outcome.data as { result: { error: Record<string, string[]> } }
		expect(result.error.pickupAt).toEqual(['That pickup time is no longer offered. Choose another time.'])
		expect(await prisma.order.count()).toBe(0)
	})
})

describe('the payment link', () => {
	it('opens the hosted checkout for the order and mails it once, in the customer’s language', async () => {
		const cake = await createMenuItem({ name: 'Pão de Queijo', priceCents: 900 })
		const outcome = await phoneOrder(orderFields(cake.id, { 'customer.email': 'cida@example.com', locale: 'pt-BR' }))
		const orderId = enteredId(outcome)
		const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId } })
		expect(order.paymentUrl).toMatch(/^http.*\/test-payment\//)
		expect(order.locale).toBe('pt-BR')
		expect((await queuedMails('order-payment-link')).map((job) => job.data.orderId)).toEqual([orderId])

		const { composeMail } = await import('~/domain/mail/compose.server')
		const mail = await composeMail(
			{ kind: 'order-payment-link', orderId },
			{ origin: ORIGIN, reviewUrl: async () => '', ownerEmails: [] },
		)
		expect(mail?.to).toEqual(['cida@example.com'])
		expect(mail?.subject).toBe(`Sua encomenda nº ${orderId.slice(-8).toUpperCase()}: pague on-line para confirmá-la`)
		expect(mail?.html).toContain(order.paymentUrl!.replace(/&/g, '&amp;'))
		expect(mail?.text).toContain('Pagar minha encomenda')

		// Shown to staff on the screen the action sent them to.
		const screen = await run(
			phoneLoader({
				request: new Request(`${ORIGIN}/admin/orders/new?order=${orderId}`, { headers: { Cookie: staffCookie } }),
				params: {},
				context: {},
			}),
		)
		expect(screen.data).toMatchObject({ entered: { id: orderId, paymentUrl: order.paymentUrl, status: 'PENDING' } })

		// Paid: nothing more to send.
		await prisma.order.update({ where: { id: orderId }, data: { status: 'PAID', paidAt: new Date() } })
		expect(
			await composeMail(
				{ kind: 'order-payment-link', orderId },
				{ origin: ORIGIN, reviewUrl: async () => '', ownerEmails: [] },
			),
		).toBeNull()
	})

	it('without an e-mail or the text box, is shown to staff only', async () => {
		const cake = await createMenuItem()
		const orderId = enteredId(await phoneOrder(orderFields(cake.id)))
		expect((await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).customerEmail).toBe('')
		expect(await queuedMails('order-payment-link')).toEqual([])
		const { sendPaymentLink } = await import('~/domain/orders/phone-orders.server')
		expect(await sendPaymentLink(orderId, 'email')).toBe('no-address')
	})

	it('two phone-only customers do not replace each other’s held orders', async () => {
		const cake = await createMenuItem()
		const first = enteredId(await phoneOrder(orderFields(cake.id)))
		await phoneOrder(orderFields(cake.id, { 'customer.phone': '425 555 0199' }))
		await phoneOrder(orderFields(cake.id, { 'customer.phone': '425 555 0188' }))
		expect(await prisma.order.count({ where: { status: 'PENDING', capacityHeld: true } })).toBe(3)
		expect((await prisma.order.findUniqueOrThrow({ where: { id: first } })).status).toBe('PENDING')
	})
})

describe('cancelling a pay-at-pickup order', () => {
	it('the owner cancels it before handover: nothing to refund, its time and items free again', async () => {
		await prisma.pickupSettings.update({ where: { id: 1 }, data: { payAtPickupAllowed: true } })
		const cake = await createMenuItem()
		const pickupAt = pickupSlot(1, '16:00')
		const orderId = enteredId(await phoneOrder(orderFields(cake.id, { payment: 'pay-at-pickup', pickupAt })))
		const { action: ordersAction } = await import('~/routes/admin.orders')
		const cancel = (cookie: string) =>
			run(
				ordersAction({
					request: post('/admin/orders', { intent: 'refund', id: orderId, confirmed: 'yes' }, cookie),
					params: {},
					context: {},
				}),
			)
		// Cancelling stays the owner's (decision 071).
		expect((await cancel(staffCookie)).status).toBe(403)
		const outcome = await cancel(await sessionCookieFor(ADMIN))
		expect(outcome.status).toBe(200)
		expect((outcome.data as { message: string }).message).toMatch(/is cancelled; it was to be paid at pickup/)
		expect(await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
			status: 'CANCELLED',
			capacityHeld: false,
			paidAt: null,
		})
		expect((await prisma.pickupSlotUsage.findUniqueOrThrow({ where: { slotStart: new Date(pickupAt) } })).orders).toBe(
			0,
		)
	})
})

describe('the payment link’s hold', () => {
	it('lapses like an online checkout’s: the sweep expires the unpaid order and gives its time back', async () => {
		const cake = await createMenuItem()
		const pickupAt = pickupSlot(1, '15:00')
		const orderId = enteredId(await phoneOrder(orderFields(cake.id, { pickupAt, 'rows[0].quantity': '1' })))
		const slotOrders = async () =>
			(await prisma.pickupSlotUsage.findUnique({ where: { slotStart: new Date(pickupAt) } }))?.orders ?? 0
		expect(await slotOrders()).toBe(1)
		// Still open: the sweep leaves it.
		expect(await checkout.sweepAbandonedCheckouts(new Date(Date.now() + 10 * 60_000))).toBe(0)
		// The link's 30 minutes have passed.
		await prisma.order.update({ where: { id: orderId }, data: { createdAt: new Date(Date.now() - 40 * 60_000) } })
		expect(await checkout.sweepAbandonedCheckouts()).toBe(1)
		expect(await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
			status: 'EXPIRED',
			capacityHeld: false,
		})
		expect(await slotOrders()).toBe(0)
	})
})

describe('pay at pickup', () => {
	it('is refused while the owner has not allowed it, and nothing is saved', async () => {
		const cake = await createMenuItem()
		const outcome = await phoneOrder(orderFields(cake.id, { payment: 'pay-at-pickup' }))
		expect(outcome.status).toBe(403)
		const { result } = outcome.data as { result: { error: Record<string, string[]> } }
		expect(result.error.payment).toEqual(['The owner has not allowed pay at pickup: send a payment link instead.'])
		expect(await prisma.order.count()).toBe(0)
		expect(await prisma.pickupSlotUsage.count()).toBe(0)
	})

	it('where allowed, confirms the order at once: held, on the board to make, paid when handed over', async () => {
		await prisma.pickupSettings.update({ where: { id: 1 }, data: { payAtPickupAllowed: true } })
		const cake = await createMenuItem({ name: 'Conchas', priceCents: 350 })
		const pickupAt = pickupSlot(1, '09:00')
		const orderId = enteredId(
			await phoneOrder(
				orderFields(cake.id, {
					payment: 'pay-at-pickup',
					pickupAt,
					customerNote: 'Pink conchas only',
					allergyNote: 'Peanuts',
				}),
			),
		)
		const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId } })
		expect(order).toMatchObject({
			status: 'PAID',
			payAtPickup: true,
			paidAt: null,
			capacityHeld: true,
			providerSessionId: null,
			customerNote: 'Pink conchas only',
			allergyNote: 'Peanuts',
			totalCents: 700,
		})
		expect((await prisma.pickupSlotUsage.findUniqueOrThrow({ where: { slotStart: new Date(pickupAt) } })).orders).toBe(
			1,
		)

		const { listBoardOrders } = await import('~/domain/orders/models/order-board.server')
		const board = await listBoardOrders(order.pickupDate!.toISOString().slice(0, 10))
		expect(board).toEqual([expect.objectContaining({ id: orderId, status: 'PAID', payAtPickup: true, paidAt: null })])

		const { advanceOrder } = await import('~/domain/orders/models/owner-orders.server')
		expect(await advanceOrder(orderId, 'picked-up')).toEqual({ changed: true })
		const handedOver = await prisma.order.findUniqueOrThrow({ where: { id: orderId } })
		expect(handedOver.status).toBe('PICKED_UP')
		expect(handedOver.paidAt).toBeInstanceOf(Date)
	})
})

describe('the live boards', () => {
	it('hear a pay-at-pickup order when it is entered, a payment-link order only once paid', async () => {
		await prisma.pickupSettings.update({ where: { id: 1 }, data: { payAtPickupAllowed: true } })
		const { getEnv } = await import('~/utils/env.server')
		const client = new pg.Client({ connectionString: getEnv().DATABASE_URL })
		await client.connect()
		const heard: Array<{ orderId: string; kind: string }> = []
		client.on('notification', ({ payload }) => heard.push(JSON.parse(payload ?? '{}') as (typeof heard)[number]))
		await client.query('LISTEN bakery_board')
		const settle = () => new Promise((resolve) => setTimeout(resolve, 300))
		try {
			const cake = await createMenuItem()
			const atCounter = enteredId(await phoneOrder(orderFields(cake.id, { payment: 'pay-at-pickup' })))
			const byLink = enteredId(await phoneOrder(orderFields(cake.id, { 'customer.phone': '425 555 0166' })))
			await settle()
			expect(heard).toEqual([expect.objectContaining({ orderId: atCounter, kind: 'paid' })])

			heard.length = 0
			const { advanceOrder } = await import('~/domain/orders/models/owner-orders.server')
			await advanceOrder(atCounter, 'picked-up')
			await settle()
			expect(heard.length).toBeGreaterThan(0)
			expect(heard.every((event) => event.orderId === atCounter && event.kind === 'changed')).toBe(true)

			heard.length = 0
			const sessionId = (await prisma.order.findUniqueOrThrow({ where: { id: byLink } })).providerSessionId!
			const { applyCheckoutEvent } = await import('~/domain/orders/models/order.server')
			await applyCheckoutEvent({
				eventId: `evt_${byLink}`,
				type: 'checkout.session.completed',
				kind: 'paid',
				sessionId,
			})
			await settle()
			expect(heard).toEqual([expect.objectContaining({ orderId: byLink, kind: 'paid' })])
		} finally {
			await client.end()
		}
	})
})

describe('a phone order racing an online checkout', () => {
	it('for the last place in a slot: exactly one wins each time, the other hears the time just filled', async () => {
		await openEveryDay({ ordersPerSlot: 1 })
		const cake = await createMenuItem()
		for (let round = 0; round < 8; round += 1) {
			const pickupAt = pickupSlot(2, `${String(8 + round).padStart(2, '0')}:00`)
			const [phone, online] = await Promise.all([
				phoneOrder(orderFields(cake.id, { pickupAt, 'rows[0].quantity': '1' })),
				checkout.startCheckout(
					{
						customer: { name: 'Online', email: `online${round}@example.com` },
						items: [{ id: cake.id, quantity: 1 }],
						pickupAt,
					},
					{ origin: ORIGIN },
				),
			])
			const phoneWon = phone.status === 302
			expect(phoneWon).toBe(!online.ok)
			if (phoneWon) {
				expect(online).toMatchObject({
					ok: false,
					status: 409,
					error: 'That pickup time was just taken — please choose another.',
				})
			} else {
				const { result } = phone.data as { result: { error: Record<string, string[]> } }
				expect(result.error.pickupAt).toEqual([
					'That pickup time just filled up. Nothing was saved: choose another time.',
				])
			}
			expect(await prisma.order.count({ where: { pickupAt: new Date(pickupAt) } })).toBe(1)
			expect(
				(await prisma.pickupSlotUsage.findUniqueOrThrow({ where: { slotStart: new Date(pickupAt) } })).orders,
			).toBe(1)
		}
	})

	it('for the last of an item’s daily quantity: one order takes it, the other is told it is sold out', async () => {
		const cake = await createMenuItem({ name: 'Tres Leches Slice' })
		await prisma.menuItem.update({ where: { id: cake.id }, data: { dailyLimit: 1 } })
		for (let round = 0; round < 6; round += 1) {
			const [phone, online] = await Promise.all([
				phoneOrder(orderFields(cake.id, { pickupAt: pickupSlot(3 + round, '10:00'), 'rows[0].quantity': '1' })),
				checkout.startCheckout(
					{
						customer: { name: 'Online', email: `slice${round}@example.com` },
						items: [{ id: cake.id, quantity: 1 }],
						pickupAt: pickupSlot(3 + round, '11:00'),
					},
					{ origin: ORIGIN },
				),
			])
			expect(phone.status === 302).toBe(!online.ok)
			if (phone.status !== 302) {
				const { result } = phone.data as { result: { error: Record<string, string[]> } }
				expect(result.error.pickupAt).toEqual([
					'Tres Leches Slice is sold out for that day. Choose another day or lower the quantity.',
				])
			}
		}
		const held = await prisma.itemDayUsage.findMany({ where: { menuItemId: cake.id } })
		expect(held).toHaveLength(6)
		expect(held.every((day) => day.quantity === 1)).toBe(true)
		expect(await prisma.order.count()).toBe(6)
	})
})

describe('texts on a phone order', () => {
	const phone = '+14255550123'
	const textJobs = (key: string) =>
		prisma.$queryRaw<Array<{ id: string }>>`SELECT id FROM pgboss.job WHERE name = 'text' AND singleton_key = ${key}`

	beforeEach(async () => {
		await prisma.textMessage.deleteMany()
		await prisma.textConsent.deleteMany()
	})

	it('texts the payment link once, in the customer’s language, without signing them up for texts', async () => {
		const cake = await createMenuItem({ name: 'Conchas', priceCents: 350 })
		const orderId = enteredId(await phoneOrder(orderFields(cake.id, { locale: 'es', linkByText: 'on' })))
		const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId } })
		const key = `order-payment-link:${orderId}`
		expect(await prisma.textMessage.findMany({ where: { orderId } })).toEqual([
			expect.objectContaining({ key, kind: 'order-payment-link', to: phone, channel: 'SMS', locale: 'es' }),
		])
		expect(await textJobs(key)).toHaveLength(1)
		// At once, also in quiet hours: the customer is waiting for it and the link lapses in 30 minutes.
		expect((await prisma.textMessage.findUniqueOrThrow({ where: { key } })).sendAfter.getTime()).toBeLessThanOrEqual(
			Date.now(),
		)
		// Asked for on the phone: no standing consent follows from it, so no other text goes.
		expect(await prisma.textConsent.count()).toBe(0)
		// No e-mail was given: the text is the only way the link went.
		expect(await queuedMails('order-payment-link')).toEqual([])

		// Sent again (a second click, a retry): still one text.
		const { sendPaymentLink } = await import('~/domain/orders/phone-orders.server')
		expect(await sendPaymentLink(orderId, 'text')).toBe('queued')
		expect(await prisma.textMessage.count({ where: { orderId } })).toBe(1)
		expect(await textJobs(key)).toHaveLength(1)

		const { composeText } = await import('~/domain/texts/compose.server')
		const words = await composeText({ kind: 'order-payment-link', orderId }, 'es', ORIGIN)
		expect(words).toContain(`el enlace de pago que pediste para el pedido #${orderId.slice(-8).toUpperCase()} ($7.00`)
		expect(words).toContain(order.paymentUrl!)
		expect(words).toContain('Funciona durante 30 minutos')

		// The staff screen says where the link went.
		const screen = await run(
			phoneLoader({
				request: new Request(`${ORIGIN}/admin/orders/new?order=${orderId}`, { headers: { Cookie: staffCookie } }),
				params: {},
				context: {},
			}),
		)
		expect(screen.data).toMatchObject({ entered: { id: orderId, linkTextedTo: phone } })

		// Paid meanwhile: a link that can no longer be paid is not texted.
		await prisma.order.update({ where: { id: orderId }, data: { status: 'PAID', paidAt: new Date() } })
		expect(await composeText({ kind: 'order-payment-link', orderId }, 'es', ORIGIN)).toBeNull()
		expect(await sendPaymentLink(orderId, 'text')).toBe('not-payable')
	})

	it('mails and texts the link when the customer wants both; without the box, no text', async () => {
		const cake = await createMenuItem()
		const both = enteredId(
			await phoneOrder(orderFields(cake.id, { 'customer.email': 'cida@example.com', linkByText: 'on' })),
		)
		expect((await queuedMails('order-payment-link')).map((job) => job.data.orderId)).toEqual([both])
		expect(await prisma.textMessage.count({ where: { orderId: both, kind: 'order-payment-link' } })).toBe(1)

		const mailOnly = enteredId(
			await phoneOrder(orderFields(cake.id, { 'customer.email': 'lia@example.com', 'customer.phone': '425 555 0177' })),
		)
		expect(await prisma.textMessage.count({ where: { orderId: mailOnly } })).toBe(0)
	})

	it('refuses a text without a phone number, beside the phone field, and saves nothing', async () => {
		const cake = await createMenuItem()
		const outcome = await phoneOrder(
			orderFields(cake.id, { 'customer.phone': '', 'customer.email': 'cida@example.com', linkByText: 'on' }),
		)
		expect(outcome.status).toBe(400)
		const { result } = outcome.data as { result: { error: Record<string, string[]> } }
		expect(result.error['customer.phone']).toEqual(['Enter the phone number to text.'])
		expect(await prisma.order.count()).toBe(0)
	})

	it('records the consent staff took down (source phone, who read it) so the order’s texts follow', async () => {
		const cake = await createMenuItem()
		const orderId = enteredId(await phoneOrder(orderFields(cake.id, { locale: 'pt-BR', textsConsent: 'on' })))
		expect(await prisma.textConsent.findUniqueOrThrow({ where: { phone } })).toMatchObject({
			channel: 'SMS',
			source: 'phone',
			recordedBy: STAFF.email,
			clientDigest: null,
			userAgent: null,
			withdrawnAt: null,
			wording: expect.stringMatching(/^Quero receber mensagens sobre meu pedido/),
		})

		// Paid through the link: the "order confirmed" text follows, as for an online opt-in.
		const { advanceOrder } = await import('~/domain/orders/models/owner-orders.server')
		await prisma.order.update({ where: { id: orderId }, data: { status: 'PAID', paidAt: new Date() } })
		expect(await advanceOrder(orderId, 'ready')).toEqual({ changed: true })
		expect(await prisma.textMessage.findUnique({ where: { key: `order-ready:${orderId}` } })).toMatchObject({
			to: phone,
			locale: 'pt-BR',
		})
	})

	it('confirms a pay-at-pickup order with the confirmed text and the receipt, by the paid orders’ path', async () => {
		await prisma.pickupSettings.update({ where: { id: 1 }, data: { payAtPickupAllowed: true } })
		const cake = await createMenuItem({ name: 'Conchas', priceCents: 350 })
		const orderId = enteredId(
			await phoneOrder(
				orderFields(cake.id, {
					payment: 'pay-at-pickup',
					textsConsent: 'on',
					'customer.email': 'cida@example.com',
					locale: 'es',
				}),
			),
		)
		const key = `order-confirmed:${orderId}`
		expect(await prisma.textMessage.findUnique({ where: { key } })).toMatchObject({ to: phone, locale: 'es' })
		expect(await textJobs(key)).toHaveLength(1)
		expect((await queuedMails('order-receipt')).map((job) => job.data.orderId)).toEqual([orderId])
		expect((await queuedMails('order-paid-owner')).map((job) => job.data.orderId)).toEqual([orderId])

		const { composeText } = await import('~/domain/texts/compose.server')
		expect(await composeText({ kind: 'order-confirmed', orderId }, 'es', ORIGIN)).toContain(
			`El pedido #${orderId.slice(-8).toUpperCase()} está confirmado`,
		)
		// The receipt says nothing was paid yet.
		const { composeMail } = await import('~/domain/mail/compose.server')
		const receipt = await composeMail(
			{ kind: 'order-receipt', orderId },
			{ origin: ORIGIN, reviewUrl: async () => '', ownerEmails: [] },
		)
		expect(receipt?.text).toContain('Lo pagas cuando lo recojas.')
		expect(receipt?.text).not.toContain('tu pago se realizó')
	})

	it('gives a pay-at-pickup order without consent no text, and one without an e-mail no receipt to send', async () => {
		await prisma.pickupSettings.update({ where: { id: 1 }, data: { payAtPickupAllowed: true } })
		const cake = await createMenuItem()
		const orderId = enteredId(await phoneOrder(orderFields(cake.id, { payment: 'pay-at-pickup' })))
		expect(await prisma.textMessage.count({ where: { orderId } })).toBe(0)
		const { composeMail } = await import('~/domain/mail/compose.server')
		expect(
			await composeMail(
				{ kind: 'order-receipt', orderId },
				{ origin: ORIGIN, reviewUrl: async () => '', ownerEmails: [] },
			),
		).toBeNull()
	})
})
