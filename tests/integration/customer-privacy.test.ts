/**
 * A customer's data and the owner's customers screen (decision 067): "Download my data" holds the account, its
 * orders with lines, cake requests with quotes and reviews, and nobody else's; deleting the account keeps the orders
 * for the books without the person, ends every session and code, cancels the mails still queued for them, leaves
 * another customer untouched, and is refused while a paid pickup is ahead; the owner's list, search and private note,
 * and who may see them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { MailJob } from '~/domain/mail/mail-jobs'
import { ADMIN, get, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { signedInCustomer } from './customer-helpers'
import { clearMailQueues } from './mail-helpers'

let prisma: (typeof import('~/utils/db.server'))['prisma']
let cleanup: () => Promise<void>
let adminCookie: string

beforeAll(async () => {
	;({ cleanup } = await useAdminTestEnv())
	prisma = (await import('~/utils/db.server')).prisma
	adminCookie = await sessionCookieFor(ADMIN)
})
afterAll(() => cleanup())

beforeEach(async () => {
	await clearMailQueues()
	await prisma.review.deleteMany()
	await prisma.customerSignInCode.deleteMany()
	await prisma.customerSession.deleteMany()
	await prisma.order.deleteMany()
	await prisma.customCakeRequest.deleteMany()
	await prisma.customer.deleteMany()
	await prisma.textMessage.deleteMany()
	await prisma.textConsent.deleteMany()
})

const context = { clientIp: '203.0.113.9' }
const DAY = 24 * 60 * 60 * 1000

async function paidOrder(
	customer: { id: string | null; email: string; name: string },
	{
		status = 'PICKED_UP',
		pickupInDays = -7,
		cakeMessage,
	}: { status?: 'PAID' | 'READY' | 'PICKED_UP'; pickupInDays?: number; cakeMessage?: string } = {},
) {
	const options = cakeMessage
		? [
				{ group: 'Size', choice: '8″', priceDeltaCents: 0 },
				{ group: 'Message on the cake', text: cakeMessage, priceDeltaCents: 0 },
			]
		: []
	return prisma.order.create({
		data: {
			customerId: customer.id,
			customerName: customer.name,
			customerEmail: customer.email,
			customerPhone: '(425) 555-0100',
			status,
			paidAt: new Date(Date.now() - 10 * DAY),
			pickupAt: new Date(Date.now() + pickupInDays * DAY),
			totalCents: 4200,
			taxCents: 0,
			items: {
				create: [
					{ name: 'Tres Leches Cake', unitPriceCents: 3500, quantity: 1, options, localizedOptions: options },
					{ name: 'Conchas', unitPriceCents: 350, quantity: 2 },
				],
			},
		},
		include: { items: true },
	})
}

async function queue(jobs: MailJob[]) {
	const { enqueueMail } = await import('~/domain/mail/index.server')
	await prisma.$transaction((tx) => enqueueMail(tx, jobs, { startAfter: new Date(Date.now() + DAY) }))
}

async function mailStates() {
	const rows = await prisma.$queryRaw<Array<{ kind: string; state: string; data: MailJob }>>`
		SELECT data ->> 'kind' AS kind, state::text AS state, data FROM pgboss.job WHERE name = 'mail'`
	return rows
}

async function download(cookie?: string) {
	const { loader } = await import('~/routes/account_.data[.]json')
	return run(loader({ request: get('/account/data.json', cookie), params: {}, context }))
}

async function deleteAccount(
	cookie: string | undefined,
	fields: Record<string, string> = { intent: 'delete-account' },
) {
	const { action } = await import('~/routes/account_.delete')
	return run(action({ request: post('/account/delete', fields, cookie), params: {}, context }))
}

describe('download my data', () => {
	it('is a private JSON attachment of the account, its orders with lines, cake requests with quotes and reviews', async () => {
		const ana = await signedInCustomer('Ana Souza', { email: 'ana@example.com', phone: '(425) 555-0100' })
		const other = await signedInCustomer('Bruno Lima', { email: 'bruno@example.com', phone: '(425) 555-0100' })
		const order = await paidOrder(ana, { cakeMessage: 'Feliz aniversário, Maria' })
		await prisma.order.update({ where: { id: order.id }, data: { allergyNote: 'Sesame', customerNote: 'Candles' } })
		await prisma.order.create({
			data: { customerId: ana.id, customerName: 'Ana', customerEmail: ana.email, status: 'PENDING', totalCents: 100 },
		})
		await paidOrder(other)
		await prisma.review.create({
			data: { name: 'Ana S.', comment: 'Best tres leches in town.', rating: 5, source: 'CUSTOMER', orderId: order.id },
		})
		await prisma.customCakeRequest.create({
			data: {
				customerId: ana.id,
				name: 'Ana Souza',
				phone: '(425) 555-0100',
				email: ana.email,
				type: 'Chocolate',
				size: '10-inch',
				message: 'Gold sprinkles',
				status: 'DECLINED',
				quoteCents: 8000,
				depositCents: 4000,
				quoteNotes: 'Includes the gold leaf.',
				quoteVersion: 1,
				quotedAt: new Date(),
				quoteValidUntil: new Date(Date.now() - DAY),
				pickupAt: new Date(Date.now() + 20 * DAY),
				pickupDate: new Date(Date.now() + 20 * DAY),
			},
		})

		// Her number's consent to texts and a text about her order (decision 074); Bruno's stay out.
		const given = new Date('2026-11-20T17:00:00Z')
		await prisma.textConsent.createMany({
			data: [
				{
					phone: '+14255550100',
					channel: 'SMS',
					wording: 'Text me',
					version: 'v1',
					source: 'checkout',
					grantedAt: given,
				},
				{
					phone: '+14255550199',
					channel: 'SMS',
					wording: 'Text me',
					version: 'v1',
					source: 'checkout',
					grantedAt: given,
				},
			],
		})
		await prisma.textMessage.create({
			data: {
				key: `order-ready:${order.id}`,
				kind: 'order-ready',
				orderId: order.id,
				to: '+14255550100',
				channel: 'SMS',
				body: 'Order ready',
				status: 'SENT',
				sendAfter: given,
				sentAt: given,
			},
		})

		const outcome = await download(ana.cookie)
		expect(outcome.status).toBe(200)
		expect(outcome.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
		expect(outcome.headers.get('Content-Disposition')).toMatch(
			/^attachment; filename="doce-dulce-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
		)
		expect(outcome.headers.get('Cache-Control')).toBe('private, no-store')
		const file = JSON.parse(outcome.data as string)
		expect(file.account).toMatchObject({ email: 'ana@example.com', name: 'Ana Souza', phone: '(425) 555-0100' })
		// Paid orders only (an abandoned checkout is not an order), with their lines and typed answers.
		expect(file.orders).toHaveLength(1)
		expect(file.orders[0]).toMatchObject({
			status: 'picked_up',
			totalCents: 4200,
			// The promo code, tip and wallet columns are the customer's data too (decisions 080, 086).
			discountCents: 0,
			promoCode: null,
			tipCents: 0,
			paidWithGiftCardOrCreditCents: 0,
			email: 'ana@example.com',
			allergyNote: 'Sesame',
			note: 'Candles',
		})
		expect(file.orders[0].number).toMatch(/^[0-9A-Z]{8}$/)
		expect(file.orders[0].lines).toEqual([
			{
				name: 'Tres Leches Cake',
				quantity: 1,
				unitPriceCents: 3500,
				options: [
					{ group: 'Size', choice: '8″' },
					{ group: 'Message on the cake', text: 'Feliz aniversário, Maria' },
				],
			},
			{ name: 'Conchas', quantity: 2, unitPriceCents: 350, options: [] },
		])
		expect(file.cakeRequests).toEqual([
			expect.objectContaining({
				type: 'Chocolate',
				message: 'Gold sprinkles',
				status: 'declined',
				quote: expect.objectContaining({ priceCents: 8000, depositCents: 4000, notes: 'Includes the gold leaf.' }),
			}),
		])
		expect(file.reviews).toEqual([
			expect.objectContaining({ order: file.orders[0].number, rating: 5, comment: 'Best tres leches in town.' }),
		])
		expect(file.texts).toEqual({
			consents: [expect.objectContaining({ phone: '+14255550100', channel: 'sms', wording: 'Text me', version: 'v1' })],
			messages: [
				expect.objectContaining({ kind: 'order-ready', to: '+14255550100', text: 'Order ready', status: 'sent' }),
			],
		})
		expect(outcome.data as string).not.toContain('bruno@example.com')
	})

	it('sends a signed-out visitor to sign in, coming back to the download', async () => {
		const outcome = await download()
		expect(outcome.status).toBe(302)
		expect(outcome.headers.get('Location')).toBe('/account/sign-in?redirectTo=%2Faccount%2Fdata.json')
	})
})

describe('delete my account', () => {
	it('keeps the orders for the books without the person, ends sessions, codes and mails; others are untouched', async () => {
		const ana = await signedInCustomer('Ana Souza', { email: 'ana@example.com', phone: '(425) 555-0100' })
		const bruno = await signedInCustomer('Bruno Lima', { email: 'bruno@example.com', phone: '(425) 555-0100' })
		const { customerSessionCookie } = await import('~/domain/customers/session.server')
		await prisma.customerSession.create({
			data: { id: 'ana-phone', customerId: ana.id, expiresAt: new Date(Date.now() + DAY) },
		})
		const anaOrder = await paidOrder(ana, { cakeMessage: 'Feliz aniversário, Maria' })
		await prisma.order.update({
			where: { id: anaOrder.id },
			data: { allergyNote: 'Tree nuts', customerNote: 'My sister picks it up' },
		})
		// Paid as a guest with the same address after her last sign-in: hers too.
		const guestOrder = await paidOrder({ id: null, email: ' Ana@Example.com', name: 'Ana' })
		const brunoOrder = await paidOrder(bruno, { cakeMessage: 'Parabéns, Bruno' })
		await prisma.review.create({
			data: { name: 'Ana S.', comment: 'Best in town.', rating: 5, source: 'CUSTOMER', orderId: anaOrder.id },
		})
		await prisma.reviewInvitation.create({ data: { orderId: anaOrder.id, expiresAt: new Date(Date.now() + DAY) } })
		const request = (status: 'REQUESTED' | 'DECLINED') =>
			prisma.customCakeRequest.create({
				data: {
					customerId: ana.id,
					name: 'Ana Souza',
					phone: '(425) 555-0100',
					email: ana.email,
					type: 'Chocolate',
					size: '10-inch',
					message: 'For Maria’s birthday',
					status,
				},
			})
		const asked = await request('REQUESTED')
		const declined = await request('DECLINED')
		const code = await prisma.customerSignInCode.create({
			data: { email: ana.email, codeHash: 'x', expiresAt: new Date(Date.now() + 60_000) },
		})
		await queue([
			{ kind: 'review-request', orderId: anaOrder.id },
			{ kind: 'cake-request-received', requestId: asked.id },
			{ kind: 'customer-sign-in-code', codeId: code.id },
			{ kind: 'review-request', orderId: brunoOrder.id },
		])

		const outcome = await deleteAccount(ana.cookie)
		expect(outcome.status).toBe(302)
		expect(outcome.headers.get('Location')).toBe('/account/delete?deleted=1')
		expect(outcome.headers.get('Set-Cookie')).toMatch(/^__bakery_customer=;.*Max-Age=0/i)

		expect(await prisma.customer.findUnique({ where: { id: ana.id } })).toBeNull()
		expect(await prisma.customerSession.count({ where: { customerId: ana.id } })).toBe(0)
		expect(await prisma.customerSignInCode.count({ where: { email: ana.email } })).toBe(0)
		for (const id of [anaOrder.id, guestOrder.id]) {
			const kept = await prisma.order.findUniqueOrThrow({
				where: { id },
				include: { items: { orderBy: { name: 'desc' } } },
			})
			expect(kept).toMatchObject({
				customerName: 'Deleted customer',
				customerEmail: '',
				customerPhone: null,
				customerId: null,
				allergyNote: null,
				customerNote: null,
				status: 'PICKED_UP',
				totalCents: 4200,
			})
			expect(kept.items.map((item) => [item.name, item.quantity, item.unitPriceCents])).toEqual([
				['Tres Leches Cake', 1, 3500],
				['Conchas', 2, 350],
			])
		}
		const anaLines = await prisma.orderItem.findMany({ where: { orderId: anaOrder.id, name: 'Tres Leches Cake' } })
		expect(JSON.stringify(anaLines)).not.toContain('Maria')
		expect(anaLines[0]!.options).toEqual([
			{ group: 'Size', choice: '8″', priceDeltaCents: 0 },
			{ group: 'Message on the cake', text: '', priceDeltaCents: 0 },
		])
		expect(await prisma.review.count({ where: { orderId: anaOrder.id } })).toBe(0)
		expect(await prisma.reviewInvitation.count({ where: { orderId: anaOrder.id } })).toBe(0)
		const requests = await prisma.customCakeRequest.findMany({ where: { id: { in: [asked.id, declined.id] } } })
		for (const kept of requests)
			expect(kept).toMatchObject({ name: 'Deleted customer', email: '', phone: '', message: '', customerId: null })
		expect(requests.find((kept) => kept.id === asked.id)!.status).toBe('CANCELLED')
		expect(requests.find((kept) => kept.id === declined.id)!.status).toBe('DECLINED')

		const mails = await mailStates()
		expect(
			mails
				.filter((mail) => mail.state === 'cancelled')
				.map((mail) => mail.kind)
				.sort(),
		).toEqual(['cake-request-received', 'customer-sign-in-code', 'review-request'])
		expect(mails.find((mail) => mail.state === 'created')?.data).toEqual({
			kind: 'review-request',
			orderId: brunoOrder.id,
		})

		// Bruno: his account, session, order and its typed message are as they were.
		expect(await prisma.customer.findUnique({ where: { id: bruno.id } })).toMatchObject({ email: 'bruno@example.com' })
		expect(await prisma.order.findUniqueOrThrow({ where: { id: brunoOrder.id } })).toMatchObject({
			customerName: 'Bruno Lima',
			customerEmail: 'bruno@example.com',
			customerId: bruno.id,
		})
		expect(JSON.stringify(await prisma.orderItem.findMany({ where: { orderId: brunoOrder.id } }))).toContain(
			'Parabéns, Bruno',
		)
		const { loader } = await import('~/routes/account')
		const page = (cookie: string) => run(loader({ request: get('/account', cookie), params: {}, context }))
		expect((await page(bruno.cookie)).status).toBe(200)
		// Ana's other browser is signed out too.
		const phoneCookie = (await customerSessionCookie('ana-phone')).split(';')[0]!
		expect((await page(phoneCookie)).status).toBe(302)
		expect((await page(ana.cookie)).headers.get('Location')).toBe('/account/sign-in?redirectTo=%2Faccount')
	})

	it('takes the account’s texts and its numbers’ consent to texts with it (decision 074); others keep theirs', async () => {
		const ana = await signedInCustomer('Ana Souza', { email: 'ana@example.com', phone: '(425) 555-0100' })
		await prisma.customer.update({ where: { id: ana.id }, data: { phone: '(425) 555-0101' } })
		const anaOrder = await prisma.order.update({
			where: { id: (await paidOrder(ana)).id },
			data: { customerPhone: '425 555 0102' },
		})
		const consent = (phone: string) => ({
			phone,
			channel: 'SMS' as const,
			wording: 'Text me about my order.',
			version: 'test',
			source: 'checkout',
			grantedAt: new Date(),
		})
		await prisma.textConsent.createMany({
			data: [consent('+14255550101'), consent('+14255550102'), consent('+14255550103')],
		})
		const text = (key: string, orderId: string, to: string) => ({
			key,
			kind: 'order-confirmed',
			orderId,
			to,
			channel: 'SMS' as const,
			sendAfter: new Date(),
		})
		await prisma.textMessage.create({ data: text(`order-confirmed:${anaOrder.id}`, anaOrder.id, '+14255550102') })
		await prisma.textMessage.create({ data: text('order-confirmed:someone-else', 'someone-else', '+14255550103') })

		expect((await deleteAccount(ana.cookie)).status).toBe(302)
		expect(await prisma.textMessage.findMany({ select: { key: true } })).toEqual([
			{ key: 'order-confirmed:someone-else' },
		])
		expect(await prisma.textConsent.findMany({ select: { phone: true } })).toEqual([{ phone: '+14255550103' }])
	})

	it('is refused while a paid pickup is ahead, naming it, and nothing changes', async () => {
		const ana = await signedInCustomer('Ana Souza', { email: 'ana@example.com', phone: '(425) 555-0100' })
		const upcoming = await paidOrder(ana, { status: 'PAID', pickupInDays: 2 })
		await paidOrder(ana)
		const { orderNumber } = await import('~/domain/orders/index.server')

		const outcome = await deleteAccount(ana.cookie)
		expect(outcome.status).toBe(409)
		expect(outcome.data).toMatchObject({
			problem: 'open-business',
			open: [{ kind: 'order', number: orderNumber(upcoming.id), pickup: expect.any(String) }],
		})
		expect(await prisma.customer.findUnique({ where: { id: ana.id } })).not.toBeNull()
		expect(await prisma.customerSession.count({ where: { customerId: ana.id } })).toBe(1)
		expect(await prisma.order.count({ where: { customerId: ana.id, customerName: 'Ana Souza' } })).toBe(2)

		// Once it is collected, the account can go.
		await prisma.order.update({ where: { id: upcoming.id }, data: { status: 'PICKED_UP' } })
		expect((await deleteAccount(ana.cookie)).status).toBe(302)
		expect(await prisma.customer.count()).toBe(0)
	})

	it('is refused while a bread club membership is live (decision 093), which the download lists with its boxes', async () => {
		const ana = await signedInCustomer('Ana Souza', { email: 'ana@example.com' })
		const item = await prisma.menuItem.create({
			data: { name: 'Pão de Queijo', priceCents: 1500, category: 'BRAZILIAN_PASTRIES', orderable: true },
		})
		const plan = await prisma.clubPlan.create({
			data: {
				name: 'Pão de queijo club',
				lines: [{ menuItemId: item.id, quantity: 2, choices: [] }],
				pickupWeekday: 6,
				windowStart: '09:00',
				windowEnd: '11:00',
				priceCents: 2400,
				maxSubscribers: 10,
				cutoffDaysBefore: 3,
				cutoffTime: '20:00',
			},
		})
		const membership = await prisma.clubSubscription.create({
			data: {
				planId: plan.id,
				customerId: ana.id,
				status: 'ACTIVE',
				pickupTime: '10:00',
				firstPickupDate: new Date('2026-12-05T00:00:00Z'),
				priceCents: 2400,
				pickups: { create: { pickupDate: new Date('2026-12-05T00:00:00Z'), status: 'SKIPPED' } },
			},
		})

		expect(JSON.parse((await download(ana.cookie)).data as string).breadClub).toEqual([
			expect.objectContaining({
				plan: 'Pão de queijo club',
				status: 'active',
				pickupTime: '10:00',
				priceCentsPerBox: 2400,
				boxes: [{ pickupDate: '2026-12-05', status: 'skipped', order: null }],
			}),
		])
		const outcome = await deleteAccount(ana.cookie)
		expect(outcome.status).toBe(409)
		expect(outcome.data).toMatchObject({ problem: 'open-business', open: [{ kind: 'club', number: null }] })

		await prisma.clubSubscription.update({
			where: { id: membership.id },
			data: { status: 'CANCELLED', cancelledAt: new Date() },
		})
		expect((await deleteAccount(ana.cookie)).status).toBe(302)
		expect(await prisma.clubSubscription.count()).toBe(0)
		await prisma.clubPlan.delete({ where: { id: plan.id } })
		await prisma.menuItem.delete({ where: { id: item.id } })
	})

	it('deletes nothing without the confirmation’s intent, or for a signed-out visitor', async () => {
		const ana = await signedInCustomer('Ana Souza', { email: 'ana@example.com', phone: '(425) 555-0100' })
		expect((await deleteAccount(ana.cookie, {})).status).toBe(400)
		const signedOut = await deleteAccount(undefined)
		expect(signedOut.status).toBe(302)
		expect(signedOut.headers.get('Location')).toMatch(/^\/account\/sign-in\?redirectTo=/)
		expect(await prisma.customer.count()).toBe(1)
	})
})

describe('the owner’s customers screen', () => {
	async function list(query = '', cookie: string | undefined = adminCookie) {
		const { loader } = await import('~/routes/admin.customers')
		return run(loader({ request: get(`/admin/customers${query}`, cookie), params: {}, context }))
	}
	async function detail(id: string, cookie: string | undefined = adminCookie) {
		const { loader } = await import('~/routes/admin.customers_.$customerId')
		return run(loader({ request: get(`/admin/customers/${id}`, cookie), params: { customerId: id }, context }))
	}
	async function saveNote(id: string, note: string, cookie: string | undefined = adminCookie) {
		const { action } = await import('~/routes/admin.customers_.$customerId')
		return run(
			action({ request: post(`/admin/customers/${id}`, { note }, cookie), params: { customerId: id }, context }),
		)
	}
	type Listed = { customers: Array<{ email: string; orders: number; spentCents: number; lastOrderAt: Date | null }> }

	it('lists accounts with orders, spent and last order; searches by name or e-mail', async () => {
		const ana = await signedInCustomer('Ana Souza', { email: 'ana@example.com', phone: '(425) 555-0100' })
		await signedInCustomer('Bruno Lima', { email: 'bruno_l@bakery-fans.org', phone: '(425) 555-0100' })
		await paidOrder(ana)
		await paidOrder(ana, { status: 'PAID', pickupInDays: 3 })
		const refunded = await paidOrder(ana)
		await prisma.order.update({ where: { id: refunded.id }, data: { status: 'REFUNDED' } })
		await prisma.customCakeRequest.create({
			data: {
				customerId: ana.id,
				...{ name: 'Ana', phone: '1', email: ana.email, type: 'Chocolate', size: '8-inch' },
				status: 'DEPOSIT_PAID',
				quoteCents: 8000,
				depositCents: 4000,
				paidCents: 4000,
				quoteVersion: 1,
				quotedAt: new Date(),
				quoteValidUntil: new Date(Date.now() + DAY),
				pickupAt: new Date(Date.now() + 9 * DAY),
				pickupDate: new Date(Date.now() + 9 * DAY),
			},
		})

		const everyone = await list()
		expect(everyone.status).toBe(200)
		const rows = (everyone.data as Listed).customers
		expect(rows.map((row) => row.email)).toEqual(['ana@example.com', 'bruno_l@bakery-fans.org'])
		// Three paid orders; spent: two kept orders and the cake's deposit (the refund is not spent).
		expect(rows[0]).toMatchObject({ orders: 3, spentCents: 4200 * 2 + 4000 })
		expect(rows[0]!.lastOrderAt).toBeInstanceOf(Date)
		expect(rows[1]).toMatchObject({ orders: 0, spentCents: 0, lastOrderAt: null })

		const emails = async (query: string) => ((await list(query)).data as Listed).customers.map((row) => row.email)
		expect(await emails('?q=souza')).toEqual(['ana@example.com'])
		expect(await emails('?q=BAKERY-FANS')).toEqual(['bruno_l@bakery-fans.org'])
		// Wildcards are only characters: `_` matches an underscore, `%` matches nothing here.
		expect(await emails('?q=o_l')).toEqual(['bruno_l@bakery-fans.org'])
		expect(await emails('?q=%25')).toEqual([])
	})

	it('shows one customer with their orders and cake requests, and saves a bounded private note', async () => {
		const ana = await signedInCustomer('Ana Souza', { email: 'ana@example.com', phone: '(425) 555-0100' })
		const order = await paidOrder(ana)
		const page = await detail(ana.id)
		expect(page.status).toBe(200)
		const { orderNumber } = await import('~/domain/orders/index.server')
		expect((page.data as { customer: { orders: Array<{ number: string }> } }).customer.orders).toEqual([
			expect.objectContaining({ number: orderNumber(order.id), totalCents: 4200 }),
		])

		const saved = await saveNote(ana.id, '  Nut allergy — always check.  ')
		expect(saved.status).toBe(200)
		expect(saved.data).toMatchObject({ saved: true })
		expect(await prisma.customer.findUniqueOrThrow({ where: { id: ana.id } })).toMatchObject({
			ownerNote: 'Nut allergy — always check.',
			ownerNoteBy: ADMIN.email,
		})

		const tooLong = await saveNote(ana.id, 'x'.repeat(1001))
		expect(tooLong.status).toBe(400)
		expect(JSON.stringify(tooLong.data)).toContain('A note can be at most 1,000 characters.')
		expect((await prisma.customer.findUniqueOrThrow({ where: { id: ana.id } })).ownerNote).toBe(
			'Nut allergy — always check.',
		)
		// The note never reaches the customer's own page or download.
		expect(await download(ana.cookie).then((outcome) => outcome.data as string)).not.toContain('Nut allergy')

		expect((await detail('no-such-customer')).status).toBe(404)
		expect((await saveNote('no-such-customer', 'x')).status).toBe(404)
	})

	it('is the owner’s only: a customer’s session or a signed-out visitor sees nothing and changes nothing', async () => {
		const ana = await signedInCustomer('Ana Souza', { email: 'ana@example.com', phone: '(425) 555-0100' })
		for (const cookie of [ana.cookie, '']) {
			const listed = await list('', cookie)
			expect(listed.status).toBe(302)
			expect(listed.headers.get('Location')).toMatch(/^\/image-uploader\?returnTo=/)
			expect((await detail(ana.id, cookie)).status).toBe(302)
			expect((await saveNote(ana.id, 'Planted', cookie)).status).toBe(401)
		}
		expect((await prisma.customer.findUniqueOrThrow({ where: { id: ana.id } })).ownerNote).toBe('')
	})

	it('the orders screen names the account an order belongs to (its link to the customer)', async () => {
		const ana = await signedInCustomer('Ana Souza', { email: 'ana@example.com', phone: '(425) 555-0100' })
		await paidOrder(ana)
		await paidOrder({ id: null, email: 'guest@example.com', name: 'Guest' })
		const { loader } = await import('~/routes/admin.orders')
		const page = await run(loader({ request: get('/admin/orders', adminCookie), params: {}, context }))
		const orders = (page.data as { orders: Array<{ customerEmail: string; customerId: string | null }> }).orders
		expect(Object.fromEntries(orders.map((order) => [order.customerEmail, order.customerId]))).toEqual({
			'ana@example.com': ana.id,
			'guest@example.com': null,
		})
	})
})

describe('the account page with a long history', () => {
	it('shows the upcoming pickups and 20 past orders a page, newest first, with a way to older ones', async () => {
		const ana = await signedInCustomer('Ana Souza', { email: 'ana@example.com', phone: '(425) 555-0100' })
		const other = await signedInCustomer('Bruno Lima', { email: 'bruno@example.com', phone: '(425) 555-0100' })
		const { orderNumber } = await import('~/domain/orders/index.server')
		const past = []
		for (let day = 1; day <= 25; day++) past.push(await paidOrder(ana, { pickupInDays: -day }))
		const ahead = await paidOrder(ana, { status: 'PAID', pickupInDays: 2 })
		await paidOrder(other, { pickupInDays: -1 })
		const { loader } = await import('~/routes/account')
		type Page = { upcoming: Array<{ number: string }>; past: Array<{ number: string }>; olderPast: boolean }
		const page = async (query: string) =>
			(await run(loader({ request: get(`/account${query}`, ana.cookie), params: {}, context }))).data as Page

		const first = await page('')
		expect(first.upcoming.map((order) => order.number)).toEqual([orderNumber(ahead.id)])
		expect(first.past.map((order) => order.number)).toEqual(past.slice(0, 20).map((order) => orderNumber(order.id)))
		expect(first.olderPast).toBe(true)
		const second = await page('?past=2')
		expect(second.past.map((order) => order.number)).toEqual(past.slice(20).map((order) => orderNumber(order.id)))
		expect(second.olderPast).toBe(false)
		expect((await page('?past=junk')).past).toHaveLength(20)
	})
})
