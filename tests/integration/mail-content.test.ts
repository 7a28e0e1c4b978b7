/**
 * The mails of issue 15 as composeMail builds them from real rows: who gets each, its subject and
 * Reply-To, what the text and HTML parts say and link to, the receipt's calendar file, escaping of
 * what customers type, and nothing to send once the record is gone.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultBusiness } from '~/config/business'
import type { OrderStatus } from '~/generated/prisma/enums'
import { composeMail, type MailContext } from '~/domain/mail/compose.server'
import type { MailJob, OutgoingMail } from '~/domain/mail/mail-jobs'
import { orderNumber } from '~/domain/orders/models/order.server'
import { prisma } from '~/utils/db.server'
import { instantAt } from '~/domain/pickup/pickup-schedule'
import { createMenuItem } from '../fixtures/menu'
import { seedHeldOrder } from './owner-day-helpers'
import { clearPickupHolds, openEveryDay } from './pickup-helpers'

const ORIGIN = 'https://bakery.test'
const OWNERS = ['owner@example.com', 'baker@example.com']
const BAKERY_EMAIL = defaultBusiness.email
const PICKUP_DATE = '2026-11-28'
const PICKUP_AT = instantAt(PICKUP_DATE, '09:15', 'America/Los_Angeles')
const PICKUP_TEXT = 'Sat, Nov 28 at 9:15 AM'

const reviewUrl = vi.fn(async (orderId: string) => `${ORIGIN}/reviews/new?token=signed-${orderId}`)
const context: MailContext = { origin: ORIGIN, reviewUrl, ownerEmails: OWNERS }

/** The HTML as a reader sees its text: without React's text separators. */
const visible = (html: string) => html.replace(/<!-- -->/g, '')

async function compose(job: MailJob, overrides: Partial<MailContext> = {}) {
	const mail = await composeMail(job, { ...context, ...overrides })
	if (!mail) throw new Error(`no mail for ${job.kind}`)
	return mail
}

/** Every image is the logo at an absolute URL: no tracking pixel, nothing attached inline. */
function expectOnlyTheLogo(mail: OutgoingMail) {
	const images = [...mail.html.matchAll(/<img[^>]*src="([^"]+)"/g)].map((match) => match[1])
	expect(images).toEqual([`${ORIGIN}/images/site/icon-192.png`])
	expect(mail.html).not.toMatch(/<script|<link[^>]+stylesheet|@import|fonts\.googleapis/i)
}

let conchas: { id: string; name: string }
let tresLeches: { id: string; name: string }

async function paidOrder(status: OrderStatus = 'PAID', customerName?: string) {
	const order = await seedHeldOrder({
		pickupAt: PICKUP_AT,
		pickupDate: PICKUP_DATE,
		status,
		customerName,
		lines: [
			{ menuItemId: conchas.id, name: conchas.name, quantity: 2 },
			{ menuItemId: tresLeches.id, name: tresLeches.name, quantity: 1 },
		],
	})
	return { ...order, number: orderNumber(order.id) }
}

beforeAll(async () => {
	conchas = await createMenuItem({ name: 'Conchas' })
	tresLeches = await createMenuItem({ name: 'Tres Leches Slice' })
})

beforeEach(async () => {
	reviewUrl.mockClear()
	await clearPickupHolds()
	await prisma.customCakeRequest.deleteMany()
	await prisma.contactMessage.deleteMany()
	await openEveryDay()
})

describe('paid order, to the owner', () => {
	it('goes to every owner address, answers to the customer, and says number, pickup, lines, total and customer', async () => {
		const order = await paidOrder('PAID', 'Mariana Souza')
		const mail = await compose({ kind: 'order-paid-owner', orderId: order.id })

		expect(mail.to).toEqual(OWNERS)
		expect(mail.replyTo).toBe(order.customerEmail)
		expect(mail.subject).toBe(`New order #${order.number} — pickup ${PICKUP_TEXT}`)
		expect(mail.attachments).toBeUndefined()
		for (const part of [mail.text, visible(mail.html)]) {
			expect(part).toContain(`New order #${order.number}`)
			expect(part).toContain(`Pickup ${PICKUP_TEXT}`)
			expect(part).toContain('2 × Conchas')
			expect(part).toContain('1 × Tres Leches Slice')
			// Seeded lines cost $3.00 each: 2 × $3.00 and 1 × $3.00.
			expect(part).toContain('$6.00')
			expect(part).toMatch(/Total[\s\S]*\$9\.00/)
			expect(part).toContain('Mariana Souza')
			expect(part).toContain(order.customerEmail)
			expect(part).toContain('(425) 555-0100')
		}
		expect(mail.html).toContain(`href="${ORIGIN}/admin/orders?date=${PICKUP_DATE}"`)
		expect(mail.text).toContain(`${ORIGIN}/admin/orders?date=${PICKUP_DATE}`)
		// The phone reads once in the text part, not followed by its tel: link.
		expect(mail.text).not.toContain('tel:')
		expect(mail.html).toContain('href="tel:+14255550100"')
		expectOnlyTheLogo(mail)
	})

	it('is not sent when no owner address is configured', async () => {
		const order = await paidOrder()
		expect(
			await composeMail({ kind: 'order-paid-owner', orderId: order.id }, { ...context, ownerEmails: [] }),
		).toBeNull()
	})
})

describe('receipt, to the customer', () => {
	it('answers to the bakery and holds lines, total, pickup, address, map link and the calendar file', async () => {
		const order = await paidOrder('PAID', 'Mariana Souza')
		const mail = await compose({ kind: 'order-receipt', orderId: order.id })

		expect(mail.to).toEqual([order.customerEmail])
		expect(mail.replyTo).toBe(BAKERY_EMAIL)
		expect(mail.subject).toBe(`Your Doce Dulce Bakery order #${order.number} — pickup ${PICKUP_TEXT}`)
		for (const part of [mail.text, visible(mail.html)]) {
			expect(part).toContain('Hi Mariana Souza')
			expect(part).toContain(`#${order.number}`)
			expect(part).toContain(`Pickup ${PICKUP_TEXT}`)
			expect(part).toContain('2814 Colby Ave, Everett, WA 98201')
			expect(part).toContain('2 × Conchas')
			expect(part).toMatch(/Total[\s\S]*\$9\.00/)
		}
		expect(mail.html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=Doce%20Dulce%20Bakery')
		expectOnlyTheLogo(mail)

		expect(mail.attachments).toHaveLength(1)
		const [calendar] = mail.attachments!
		expect(calendar!.filename).toBe(`order-${order.number}.ics`)
		expect(calendar!.contentType).toMatch(/^text\/calendar/)
		expect(calendar!.content).toContain('DTSTART:20261128T171500Z')
		expect(calendar!.content).toContain(`SUMMARY:Pick up order #${order.number} at Doce Dulce Bakery`)
	})

	it('attaches the same event /order-pickup.ics serves for that order', async () => {
		const order = await paidOrder()
		const mail = await compose({ kind: 'order-receipt', orderId: order.id })
		const { loader } = await import('~/routes/order-pickup[.]ics')
		const response = (await loader({
			request: new Request(`${ORIGIN}/order-pickup.ics?session_id=${order.providerSessionId}`),
			params: {},
			context: {},
		})) as Response
		expect(response.status).toBe(200)
		const withoutStamp = (file: string) => file.replace(/DTSTAMP:\S+/, '')
		expect(withoutStamp(mail.attachments![0]!.content)).toBe(withoutStamp(await response.text()))
	})

	it('shows the hours the owner set, and the days closed', async () => {
		await prisma.openingHours.deleteMany()
		await prisma.openingHours.createMany({
			data: [2, 3, 4, 5].map((weekday) => ({ weekday, opensAt: '07:00', closesAt: '18:00' })),
		})
		const order = await paidOrder()
		const mail = await compose({ kind: 'order-receipt', orderId: order.id })
		expect(mail.text).toContain('Tue–Fri: 7 am – 6 pm')
		expect(mail.text).toContain('Mon: Closed')
		expect(mail.text).toContain('Sun: Closed')
	})
})

describe('an order placed before pickup times', () => {
	it('gets a receipt without a calendar file, and the owner a link to the orders list', async () => {
		const { id } = await paidOrder()
		const order = await prisma.order.update({ where: { id }, data: { pickupAt: null, pickupDate: null } })
		const receipt = await compose({ kind: 'order-receipt', orderId: order.id })
		const alert = await compose({ kind: 'order-paid-owner', orderId: order.id })

		expect(receipt.subject).toBe(`Your Doce Dulce Bakery order #${orderNumber(order.id)}`)
		expect(receipt.attachments).toBeUndefined()
		expect(receipt.text).not.toContain('Pickup')
		expect(alert.text).toContain('No pickup time chosen.')
		expect(alert.html).toContain(`href="${ORIGIN}/admin/orders"`)
	})
})

describe('order ready, to the customer', () => {
	it('says the order is ready, with its pickup time and the address', async () => {
		const order = await paidOrder('READY', 'Mariana Souza')
		const mail = await compose({ kind: 'order-ready', orderId: order.id })

		expect(mail.to).toEqual([order.customerEmail])
		expect(mail.replyTo).toBe(BAKERY_EMAIL)
		expect(mail.subject).toBe(`Your order #${order.number} is ready for pickup`)
		for (const part of [mail.text, visible(mail.html)]) {
			expect(part).toContain('Your order is ready')
			expect(part).toContain(PICKUP_TEXT)
			expect(part).toContain('2 × Conchas')
			expect(part).toContain('2814 Colby Ave, Everett, WA 98201')
		}
		expect(mail.attachments).toBeUndefined()
	})
})

describe('an order with options and tax', () => {
	async function cakeOrder(status: OrderStatus, text = 'Feliz cumpleaños Ana') {
		const order = await seedHeldOrder({
			pickupAt: PICKUP_AT,
			pickupDate: PICKUP_DATE,
			status,
			lines: [
				{
					menuItemId: tresLeches.id,
					name: 'Tres Leches Cake',
					quantity: 1,
					unitPriceCents: 5700,
					options: [
						{ group: 'Size', choice: '10″', priceDeltaCents: 1500 },
						{ group: 'Message on the cake', text, priceDeltaCents: 0 },
					],
					taxCategory: 'PREPARED_FOOD',
					taxCents: 604,
				},
				{ menuItemId: conchas.id, name: conchas.name, quantity: 2 },
			],
		})
		return { ...order, number: orderNumber(order.id) }
	}

	it('tells the owner each line’s options, the subtotal, the tax and the total', async () => {
		const order = await cakeOrder('PAID')
		const mail = await compose({ kind: 'order-paid-owner', orderId: order.id })
		for (const part of [mail.text, visible(mail.html)]) {
			expect(part).toMatch(
				/1 × Tres Leches Cake\s*(<br\/>\s*<span[^>]*>)?Size: 10″ · Message on the cake: “Feliz cumpleaños Ana”/,
			)
			expect(part).toMatch(/Subtotal[\s\S]*\$63\.00[\s\S]*Tax[\s\S]*\$6\.04[\s\S]*Total[\s\S]*\$69\.04/)
		}
	})

	it('tells the customer which cake is ready, with its options', async () => {
		const order = await cakeOrder('READY')
		const mail = await compose({ kind: 'order-ready', orderId: order.id })
		for (const part of [mail.text, visible(mail.html)]) {
			expect(part).toContain('Size: 10″ · Message on the cake: “Feliz cumpleaños Ana”')
			expect(part).toContain('2 × Conchas')
		}
	})

	it('escapes a cake message in the HTML', async () => {
		const order = await cakeOrder('PAID', '<img src=x onerror=alert(1)>')
		const mail = await compose({ kind: 'order-receipt', orderId: order.id })
		expect(mail.html).not.toContain('<img src=x')
		expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
		expect(mail.text).toContain('“<img src=x onerror=alert(1)>”')
	})
})

describe('review request, to the customer', () => {
	it('links to the signed review page for that order', async () => {
		const order = await paidOrder('PICKED_UP', 'Mariana Souza')
		const mail = await compose({ kind: 'review-request', orderId: order.id })

		expect(reviewUrl).toHaveBeenCalledWith(order.id)
		expect(mail.to).toEqual([order.customerEmail])
		expect(mail.replyTo).toBe(BAKERY_EMAIL)
		expect(mail.subject).toBe('How was your order from Doce Dulce Bakery?')
		expect(mail.html).toContain(`href="${ORIGIN}/reviews/new?token=signed-${order.id}"`)
		expect(mail.text).toContain('Tell us how it was')
		expect(mail.text).toContain(`${ORIGIN}/reviews/new?token=signed-${order.id}`)
		expectOnlyTheLogo(mail)
	})
})

describe('an order no longer in the state the mail speaks of', () => {
	const stale: Array<[Extract<MailJob, { orderId: string }>['kind'], OrderStatus]> = [
		['order-paid-owner', 'PENDING'],
		['order-receipt', 'PENDING'],
		['order-receipt', 'EXPIRED'],
		// The customer collected (or was refunded) before a delayed "ready" mail left.
		['order-ready', 'PAID'],
		['order-ready', 'PICKED_UP'],
		['order-ready', 'REFUNDED'],
		['review-request', 'READY'],
		['review-request', 'REFUNDED'],
	]
	it.each(stale)('gives no %s mail for a %s order', async (kind, status) => {
		const order = await paidOrder(status)
		expect(await composeMail({ kind, orderId: order.id }, context)).toBeNull()
		expect(reviewUrl).not.toHaveBeenCalled()
	})

	it('still sends the paid alert and the receipt once the order has moved on to ready or picked up', async () => {
		const order = await paidOrder('PICKED_UP')
		expect(await composeMail({ kind: 'order-paid-owner', orderId: order.id }, context)).not.toBeNull()
		expect(await composeMail({ kind: 'order-receipt', orderId: order.id }, context)).not.toBeNull()
	})
})

async function cakeRequest(
	overrides: Partial<{ name: string; email: string; message: string; imageKey: string | null }> = {},
) {
	return prisma.customCakeRequest.create({
		data: {
			name: 'Lucía Hernández',
			phone: '(425) 555-0123',
			email: 'lucia@example.com',
			type: 'Tres Leches',
			size: '10-inch',
			message: 'For 20 people.\nWith strawberries on top.',
			imageKey: 'customCakeImages/inspiration-1.webp',
			...overrides,
		},
	})
}

describe('custom cake request', () => {
	it('tells the owner every field, links to it in the admin and to the photo behind sign-in, never attaching it', async () => {
		const request = await cakeRequest()
		const mail = await compose({ kind: 'cake-request-owner', requestId: request.id })

		expect(mail.to).toEqual(OWNERS)
		expect(mail.replyTo).toBe('lucia@example.com')
		expect(mail.subject).toBe('New cake request from Lucía Hernández — Tres Leches, 10-inch')
		expect(mail.attachments).toBeUndefined()
		for (const part of [mail.text, visible(mail.html)]) {
			for (const value of ['Lucía Hernández', '(425) 555-0123', 'lucia@example.com', 'Tres Leches', '10-inch']) {
				expect(part).toContain(value)
			}
			expect(part).toContain('For 20 people.')
			expect(part).toContain('With strawberries on top.')
		}
		expect(mail.html).toContain(`href="${ORIGIN}/admin/custom-cakes/${request.id}"`)
		expect(mail.html).toContain(`href="${ORIGIN}/admin/cake-photos/customCakeImages/inspiration-1.webp?w=1280"`)
		expect(mail.text).toContain(`${ORIGIN}/admin/cake-photos/customCakeImages/inspiration-1.webp?w=1280`)
		expectOnlyTheLogo(mail)
	})

	it('says "no photo" when none was sent', async () => {
		const request = await cakeRequest({ imageKey: null })
		const mail = await compose({ kind: 'cake-request-owner', requestId: request.id })
		expect(mail.html).not.toContain('/admin/cake-photos/')
		expect(mail.text).toMatch(/Photo\s+None/)
	})

	// Issue 35: the address is not verified, so the mail carries nothing the sender typed (a relay for phishing).
	it('tells the address what happens next in the bakery’s own words, with nothing the sender typed', async () => {
		const request = await cakeRequest({
			name: 'Your bank: verify your account at https://phish.example',
			message: 'Urgent: your account is locked, log in at https://phish.example/login',
		})
		const mail = await compose({ kind: 'cake-request-received', requestId: request.id })

		expect(mail.to).toEqual(['lucia@example.com'])
		expect(mail.replyTo).toBe(BAKERY_EMAIL)
		expect(mail.subject).toBe('We received your cake request — Doce Dulce Bakery')
		for (const part of [mail.text, visible(mail.html)]) {
			expect(part).toContain('We received a custom cake request sent with this e-mail address')
			expect(part).toContain('What happens next')
			expect(part).toContain('We’ll read your request and contact you soon')
			expect(part).toContain('Not you? Reply and let us know')
			for (const typed of ['phish.example', 'Your bank', 'Urgent', '(425) 555-0123', 'Tres Leches', '10-inch']) {
				expect(part).not.toContain(typed)
			}
		}
		expect(mail.html).toContain(`href="${ORIGIN}/custom-cakes"`)
		// The customer never gets a link to the admin or to the stored photo.
		expect(mail.html).not.toContain('/admin/')
		expectOnlyTheLogo(mail)
	})
})

describe('contact message, to the owner', () => {
	it('answers to the sender and keeps the message as written, with a link to the inbox', async () => {
		const message = await prisma.contactMessage.create({
			data: {
				name: 'Mariana Souza',
				email: 'mariana@example.com',
				message: 'Do you make brigadeiros?\nFor 50 guests.',
			},
		})
		const mail = await compose({ kind: 'contact-message-owner', messageId: message.id })

		expect(mail.to).toEqual(OWNERS)
		expect(mail.replyTo).toBe('mariana@example.com')
		expect(mail.subject).toBe('New message from Mariana Souza')
		for (const part of [mail.text, visible(mail.html)]) {
			expect(part).toContain('Mariana Souza')
			expect(part).toContain('mariana@example.com')
			expect(part).toContain('Do you make brigadeiros?')
			expect(part).toContain('For 50 guests.')
		}
		// The text part keeps the sender's lines apart.
		expect(mail.text).toContain('Do you make brigadeiros?\nFor 50 guests.')
		expect(mail.html).toContain(`href="${ORIGIN}/admin/messages#message-${message.id}"`)
		expectOnlyTheLogo(mail)
	})
})

describe('what customers type', () => {
	const script = '<script>alert(1)</script>'

	it('is escaped in the HTML of every mail it appears in', async () => {
		const order = await paidOrder('PAID', `Ana ${script}`)
		const request = await cakeRequest({ name: `Lucía ${script}`, message: `<img src=x onerror=alert(1)> ${script}` })
		const message = await prisma.contactMessage.create({
			data: { name: `Bo ${script}`, email: 'bo@example.com', message: `Hi ${script}` },
		})
		const mails = await Promise.all([
			compose({ kind: 'order-paid-owner', orderId: order.id }),
			compose({ kind: 'order-receipt', orderId: order.id }),
			compose({ kind: 'cake-request-owner', requestId: request.id }),
			compose({ kind: 'contact-message-owner', messageId: message.id }),
		])
		for (const mail of mails) {
			expect(mail.html, mail.subject).not.toContain('<script')
			expect(mail.html, mail.subject).not.toContain('<img src=x')
			expect(mail.html, mail.subject).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
		}
	})

	it('never breaks a header: CR/LF in a name stays on the subject line, a bad address is no Reply-To', async () => {
		const request = await cakeRequest({ name: 'Lucía\r\nBcc: everyone@example.com' })
		const message = await prisma.contactMessage.create({
			data: { name: 'Bo\r\nX-Spam: no', email: 'bo@example.com\r\nBcc: everyone@example.com', message: 'Hello' },
		})
		const order = await paidOrder('PAID', 'Ana\nBcc: everyone@example.com')
		const cakeMail = await compose({ kind: 'cake-request-owner', requestId: request.id })
		const contactMail = await compose({ kind: 'contact-message-owner', messageId: message.id })
		const orderMail = await composeMail({ kind: 'order-paid-owner', orderId: order.id }, context)
		const noPickup = await prisma.order.update({ where: { id: order.id }, data: { pickupAt: null, pickupDate: null } })
		const orderWithoutPickup = await compose({ kind: 'order-paid-owner', orderId: noPickup.id })

		expect(cakeMail.subject).toBe('New cake request from Lucía Bcc: everyone@example.com — Tres Leches, 10-inch')
		expect(contactMail.subject).toBe('New message from Bo X-Spam: no')
		expect(contactMail.replyTo).toBeUndefined()
		expect(orderWithoutPickup.subject).toBe(`New order #${orderNumber(order.id)} — Ana Bcc: everyone@example.com`)
		for (const mail of [cakeMail, contactMail, orderMail!, orderWithoutPickup]) {
			expect(mail.subject).not.toMatch(/[\r\n]/)
			expect(mail.replyTo ?? '').not.toMatch(/[\r\n]/)
			expect(mail.to.join()).not.toMatch(/[\r\n]/)
		}
	})
})

describe('a record that no longer exists', () => {
	it('gives no mail, for every kind', async () => {
		const jobs: MailJob[] = [
			{ kind: 'order-paid-owner', orderId: 'gone' },
			{ kind: 'order-receipt', orderId: 'gone' },
			{ kind: 'order-ready', orderId: 'gone' },
			{ kind: 'review-request', orderId: 'gone' },
			{ kind: 'cake-request-owner', requestId: 'gone' },
			{ kind: 'cake-request-received', requestId: 'gone' },
			{ kind: 'contact-message-owner', messageId: 'gone' },
		]
		for (const job of jobs) expect(await composeMail(job, context), job.kind).toBeNull()
	})
})

describe('every mail', () => {
	it('carries the bakery header and footer and a dark-mode scheme, readable on a phone', async () => {
		const order = await paidOrder()
		const mail = await compose({ kind: 'order-receipt', orderId: order.id })
		expect(mail.html).toContain('<meta name="color-scheme" content="light dark"/>')
		expect(mail.html).toContain('@media (prefers-color-scheme: dark)')
		expect(mail.html).toContain('max-width:600px')
		expect(mail.html).toContain(`href="${ORIGIN}"`)
		expect(mail.text).toContain('(425) 555-0164')
		expect(mail.text).toContain(BAKERY_EMAIL)
	})
})
