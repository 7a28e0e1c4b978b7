/**
 * Text messages end to end against the Twilio-protocol stand-in (decision 074): consent and STOP/START/HELP, the
 * inbound webhook's signature, exactly-once sending with two workers and a crash between the provider's answer and our
 * record of it, quiet hours across both daylight-saving changes at the queue, and retries on provider errors.
 */
import { PgBoss } from 'pg-boss'
import twilio from 'twilio'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTwilioStandIn, TWILIO_FAILURES, type TwilioStandIn } from '../mocks/twilio-server'
import { useAdminTestEnv } from './admin-helpers'

const ORIGIN = 'https://docedulce.example'
const FROM = '+14255550100'
const AUTH_TOKEN = 'integration-twilio-token-0123'
const ACCOUNT_SID = 'AC11111111111111111111111111111111'

let standIn: TwilioStandIn
let adminEnv: Awaited<ReturnType<typeof useAdminTestEnv>>
let prisma: (typeof import('~/utils/db.server'))['prisma']
let texts: typeof import('~/domain/texts/index.server')
let advanceOrder: (typeof import('~/domain/orders/models/owner-orders.server'))['advanceOrder']
let phoneCounter = 0

beforeAll(async () => {
	adminEnv = await useAdminTestEnv()
	standIn = await startTwilioStandIn({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN })
	Object.assign(process.env, {
		APP_URL: ORIGIN,
		TWILIO_ACCOUNT_SID: ACCOUNT_SID,
		TWILIO_AUTH_TOKEN: AUTH_TOKEN,
		TWILIO_FROM: FROM,
		TWILIO_WHATSAPP_FROM: '+14255550101',
		TWILIO_API_URL: standIn.baseUrl,
	})
	;(await import('~/utils/env.server')).resetEnv()
	prisma = (await import('~/utils/db.server')).prisma
	texts = await import('~/domain/texts/index.server')
	advanceOrder = (await import('~/domain/orders/models/owner-orders.server')).advanceOrder
	// Retries after 1 s (production: 30 s, 2 min, 10 min, 30 min); two retries, so three attempts.
	await texts.startTextWorker({ origin: ORIGIN, retryDelaysSeconds: [1, 1], pollingIntervalSeconds: 0.5 })
})

afterAll(async () => {
	await (await import('~/domain/mail/mail-queue.server')).stopMailQueue(0)
	await standIn.close()
	await adminEnv.cleanup()
})

beforeEach(() => standIn.reset())

/** A new US mobile number for each test's customer. */
function newPhone() {
	phoneCounter += 1
	return `+1425555${String(1000 + phoneCounter).padStart(4, '0')}`
}

async function optIn(phone: string, channel: 'SMS' | 'WHATSAPP' = 'SMS') {
	await texts.grantTextConsent({
		phone,
		channel,
		wording: 'Text me about my order.',
		version: 'test',
		source: 'checkout',
		client: '203.0.113.7',
		userAgent: 'Vitest',
	})
}

/**
 * A paid order, its phone written as a customer types it, for pickup in half an hour: its texts go at once at any time
 * of day (in quiet hours too, since the pickup comes before 08:00; the quiet hours tests below set their own clock).
 */
async function paidOrder(phone: string | null, locale = 'en') {
	return prisma.order.create({
		data: {
			customerName: 'Pat',
			customerEmail: 'pat@example.com',
			customerPhone: phone && `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`,
			status: 'PAID',
			paidAt: new Date(),
			totalCents: 700,
			locale,
			pickupAt: new Date(Date.now() + 30 * 60 * 1000),
		},
	})
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000) {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		const value = await read()
		if (done(value)) return value
		if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value)}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

const textOf = (key: string) => prisma.textMessage.findUnique({ where: { key } })
const settled = (text: { status: string } | null) =>
	Boolean(text && ['SENT', 'FAILED', 'SKIPPED'].includes(text.status))

/** Posts to the inbound webhook as Twilio would, signed for `signedUrl` with `token` (or unsigned). */
async function inbound(fields: Record<string, string>, sign: { token?: string; url?: string } | null = {}) {
	const { action } = await import('~/routes/webhooks.twilio')
	const params = { AccountSid: ACCOUNT_SID, MessageSid: `SM${Date.now()}`, To: FROM, ...fields }
	const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' })
	if (sign) {
		const url = sign.url ?? `${ORIGIN}/webhooks/twilio`
		headers.set('X-Twilio-Signature', twilio.getExpectedTwilioSignature(sign.token ?? AUTH_TOKEN, url, params))
	}
	// The request arrives at the machine's own address, as behind Fly's proxy: only APP_URL's URL is signed.
	const request = new Request('http://10.0.0.7:8080/webhooks/twilio', {
		method: 'POST',
		headers,
		body: new URLSearchParams(params).toString(),
	})
	const response = await action({ request, params: {}, context: {} })
	return { status: response.status, body: await response.text() }
}

describe('consent and STOP', () => {
	it('texts only a number that opted in: Ready on an order without consent queues no text, with consent one, in the customer’s language', async () => {
		const without = await paidOrder(newPhone())
		expect(await advanceOrder(without.id, 'ready')).toEqual({ changed: true })
		expect(await prisma.textMessage.count({ where: { orderId: without.id } })).toBe(0)

		const phone = newPhone()
		await optIn(phone)
		const order = await paidOrder(phone, 'es')
		expect(await advanceOrder(order.id, 'ready')).toEqual({ changed: true })
		const text = await eventually(() => textOf(`order-ready:${order.id}`), settled)
		expect(text).toMatchObject({ status: 'SENT', to: phone, channel: 'SMS', locale: 'es', attempts: 1 })
		const [sent] = standIn.messages
		expect(standIn.messages).toHaveLength(1)
		expect(sent).toMatchObject({ to: phone, from: FROM, sid: text!.providerSid })
		expect(sent!.body).toContain(`¡el pedido #${order.id.slice(-8).toUpperCase()} está listo para recoger!`)
		expect(sent!.body).toMatch(new RegExp(`${ORIGIN}/es/here/\\S+$`))
	})

	it('sends a phone order’s payment link the customer asked for without consent, and creates none (decision 075)', async () => {
		const phone = newPhone()
		const order = await paidOrder(phone, 'pt-BR')
		const paymentUrl = 'https://checkout.stripe.com/c/pay/cs_test_phone'
		await prisma.order.update({
			where: { id: order.id },
			data: { status: 'PENDING', paidAt: null, source: 'PHONE', paymentUrl },
		})
		const { sendPaymentLink } = await import('~/domain/orders/phone-orders.server')
		expect(await sendPaymentLink(order.id, 'text')).toBe('queued')
		const text = await eventually(() => textOf(`order-payment-link:${order.id}`), settled)
		expect(text).toMatchObject({ status: 'SENT', to: phone, channel: 'SMS', locale: 'pt-BR' })
		expect(standIn.messages).toHaveLength(1)
		expect(standIn.messages[0]!.body).toContain(`link de pagamento que você pediu para o pedido #`)
		expect(standIn.messages[0]!.body).toContain(paymentUrl)
		expect(await prisma.textConsent.findUnique({ where: { phone } })).toBeNull()

		// Not an opt-in: the order's other texts stay unsent.
		await prisma.order.update({ where: { id: order.id }, data: { status: 'PAID', paidAt: new Date() } })
		expect(await advanceOrder(order.id, 'ready')).toEqual({ changed: true })
		expect(await prisma.textMessage.count({ where: { orderId: order.id } })).toBe(1)
	})

	it('STOP withdraws consent: a text already queued is skipped, no later one is queued; START gives it back', async () => {
		const phone = newPhone()
		await optIn(phone, 'WHATSAPP')
		const order = await paidOrder(phone)
		// Queued to go in two seconds; STOP arrives first.
		await prisma.$transaction((tx) =>
			texts.enqueueText(
				tx,
				{ kind: 'order-confirmed', orderId: order.id },
				{ startAfter: new Date(Date.now() + 2_000) },
			),
		)
		expect(await inbound({ From: `whatsapp:${phone}`, Body: ' stop ' })).toMatchObject({ status: 200 })
		expect(await prisma.textConsent.findUnique({ where: { phone } })).toMatchObject({ withdrawnBy: 'keyword' })
		const skipped = await eventually(() => textOf(`order-confirmed:${order.id}`), settled)
		expect(skipped).toMatchObject({ status: 'SKIPPED', reason: 'no-consent' })
		expect(await advanceOrder(order.id, 'ready')).toEqual({ changed: true })
		expect(await textOf(`order-ready:${order.id}`)).toBeNull()
		expect(standIn.messages).toHaveLength(0)

		// "Can I cancel my order?" is a message for the bakery, not an opt-out word.
		expect(await inbound({ From: `whatsapp:${phone}`, Body: 'Start? Can I cancel my order?' })).toMatchObject({
			status: 200,
		})
		expect(await prisma.textConsent.findUnique({ where: { phone } })).toMatchObject({ withdrawnBy: 'keyword' })
		expect(await inbound({ From: `whatsapp:${phone}`, Body: 'START' })).toMatchObject({ status: 200 })
		expect(await prisma.textConsent.findUnique({ where: { phone } })).toMatchObject({
			withdrawnAt: null,
			channel: 'WHATSAPP',
		})
		const again = await paidOrder(phone)
		expect(await advanceOrder(again.id, 'ready')).toEqual({ changed: true })
		await eventually(
			() => textOf(`order-ready:${again.id}`),
			(text) => text?.status === 'SENT',
		)
		expect(standIn.messages.map((message) => message.to)).toEqual([`whatsapp:${phone}`])
	})

	it('START from a number that never opted in gives it nothing', async () => {
		const phone = newPhone()
		expect(await inbound({ From: phone, Body: 'START' })).toMatchObject({ status: 200 })
		expect(await prisma.textConsent.findUnique({ where: { phone } })).toBeNull()
	})

	it('HELP answers with the bakery’s name and phone in TwiML', async () => {
		const { body, status } = await inbound({ From: newPhone(), Body: 'help' })
		expect(status).toBe(200)
		expect(body).toBe(
			'<?xml version="1.0" encoding="UTF-8"?><Response><Message>Doce Dulce Bakery order texts. Call us at (425) 555-0164. ' +
				'Reply STOP to stop texts, START to get them again.</Message></Response>',
		)
	})
})

describe('the inbound webhook’s signature', () => {
	it.each([
		['unsigned', null],
		['forged (another token)', { token: 'not-the-auth-token-0000' }],
		['signed for another URL (the request’s own host)', { url: 'http://10.0.0.7:8080/webhooks/twilio' }],
	] as const)('refuses a call %s with 403 and changes nothing', async (_, sign) => {
		const phone = newPhone()
		await optIn(phone)
		expect(await inbound({ From: phone, Body: 'STOP' }, sign)).toEqual({ status: 403, body: 'Forbidden' })
		expect(await prisma.textConsent.findUnique({ where: { phone } })).toMatchObject({ withdrawnAt: null })
	})

	it('a valid signature over APP_URL’s address is accepted', async () => {
		const phone = newPhone()
		await optIn(phone)
		expect(await inbound({ From: phone, Body: 'STOP' })).toEqual({
			status: 200,
			body: '<?xml version="1.0" encoding="UTF-8"?><Response/>',
		})
		expect(await prisma.textConsent.findUnique({ where: { phone } })).toMatchObject({ withdrawnBy: 'keyword' })
	})
})

describe('exactly once', () => {
	it('two workers (two queue clients, as two processes) and each event queued twice: one text per event', async () => {
		const second = new PgBoss({ connectionString: process.env.DATABASE_URL!, schema: 'pgboss', max: 2 })
		await second.start()
		try {
			await texts.startTextWorker({
				origin: ORIGIN,
				boss: second,
				retryDelaysSeconds: [1, 1],
				pollingIntervalSeconds: 0.5,
			})
			const phone = newPhone()
			await optIn(phone)
			const orders = await Promise.all(Array.from({ length: 12 }, () => paidOrder(phone)))
			// Each order's Ready twice at once, and its confirmation queued from two transactions at once.
			await Promise.all(
				orders.flatMap((order) => [
					advanceOrder(order.id, 'ready'),
					advanceOrder(order.id, 'ready'),
					prisma.$transaction((tx) => texts.enqueueText(tx, { kind: 'order-confirmed', orderId: order.id })),
					prisma.$transaction((tx) => texts.enqueueText(tx, { kind: 'order-confirmed', orderId: order.id })),
				]),
			)
			await standIn.waitFor(24)
			await new Promise((resolve) => setTimeout(resolve, 2_000))
			expect(standIn.messages).toHaveLength(24)
			expect(await prisma.textMessage.count({ where: { orderId: { in: orders.map((order) => order.id) } } })).toBe(24)
			expect(
				await prisma.textMessage.count({
					where: { orderId: { in: orders.map((order) => order.id) }, status: 'SENT', attempts: 1 },
				}),
			).toBe(24)
		} finally {
			await second.stop({ graceful: false })
		}
	})

	it('an attempt cut off after the provider took the text (a crash) is recorded from the provider, not sent again', async () => {
		const phone = newPhone()
		await optIn(phone)
		const order = await paidOrder(phone)
		const key = `order-confirmed:${order.id}`
		// Queued for later, so the worker leaves it while the crash is staged.
		await prisma.$transaction((tx) =>
			texts.enqueueText(
				tx,
				{ kind: 'order-confirmed', orderId: order.id },
				{ startAfter: new Date(Date.now() + 60_000) },
			),
		)
		const body = 'Doce Dulce Bakery: thank you! (the words the crashed attempt sent)'
		// The crashed attempt: it took the text two minutes ago, the provider accepted it, nothing was recorded.
		const crashedAt = new Date(Date.now() - 2 * 60_000)
		await prisma.textMessage.update({
			where: { key },
			data: { status: 'SENDING', attempts: 1, attemptStartedAt: crashedAt, body },
		})
		const sid = await fetch(`${standIn.baseUrl}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`, {
			method: 'POST',
			headers: { Authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}` },
			body: new URLSearchParams({ To: phone, From: FROM, Body: body }),
		}).then(async (response) => ((await response.json()) as { sid: string }).sid)
		standIn.messages[0]!.createdAt = new Date(crashedAt.getTime() + 1_000)
		// Its job comes due again (as pg-boss retries an expired one).
		await prisma.$executeRaw`UPDATE pgboss.job SET start_after = now() WHERE name = 'text' AND singleton_key = ${key}`
		const text = await eventually(() => textOf(key), settled)
		expect(text).toMatchObject({ status: 'SENT', providerSid: sid, attempts: 2, body })
		expect(standIn.messages).toHaveLength(1)
	})
})

describe('quiet hours at the queue', () => {
	/** Queues a confirmation at `now` (the bakery's clock) for a pickup at `pickupAt`: when does its job start? */
	async function queuedAt(now: string, pickupAt: string) {
		const phone = newPhone()
		await optIn(phone)
		const order = await prisma.order.update({
			where: { id: (await paidOrder(phone)).id },
			data: { pickupAt: new Date(pickupAt) },
		})
		await prisma.$transaction((tx) =>
			texts.enqueueText(tx, { kind: 'order-confirmed', orderId: order.id }, { now: new Date(now) }),
		)
		const key = `order-confirmed:${order.id}`
		const [job] = await prisma.$queryRaw<Array<{ start_after: Date }>>`
			SELECT start_after FROM pgboss.job WHERE name = 'text' AND singleton_key = ${key}`
		const text = await textOf(key)
		expect(text!.sendAfter.toISOString()).toBe(job!.start_after.toISOString())
		return job!.start_after.toISOString()
	}

	it('a text due at 22:30 the night clocks spring forward waits for 08:00 PDT', async () => {
		expect(await queuedAt('2027-03-13T22:30:00-08:00', '2027-03-14T12:00:00-07:00')).toBe('2027-03-14T15:00:00.000Z')
	})

	it('a text due at 22:30 the night clocks fall back waits for 08:00 PST', async () => {
		expect(await queuedAt('2027-11-06T22:30:00-07:00', '2027-11-07T12:00:00-08:00')).toBe('2027-11-07T16:00:00.000Z')
	})

	it('a pickup before 08:00 is told at once', async () => {
		expect(await queuedAt('2027-11-06T22:30:00-07:00', '2027-11-07T07:30:00-08:00')).toBe('2027-11-07T05:30:00.000Z')
	})
})

describe('provider errors', () => {
	it('a 500 is retried and the retry sends the text once', async () => {
		const phone = newPhone()
		await optIn(phone)
		const order = await paidOrder(phone)
		standIn.failNext(TWILIO_FAILURES.serverError)
		await prisma.$transaction((tx) => texts.enqueueText(tx, { kind: 'order-confirmed', orderId: order.id }))
		const text = await eventually(() => textOf(`order-confirmed:${order.id}`), settled)
		expect(text).toMatchObject({ status: 'SENT', attempts: 2, lastError: null })
		expect(standIn.requests()).toBe(2)
		expect(standIn.messages).toHaveLength(1)
	})

	it('an invalid number is not retried', async () => {
		const phone = newPhone()
		await optIn(phone)
		const order = await paidOrder(phone)
		standIn.failNext(TWILIO_FAILURES.invalidNumber)
		await prisma.$transaction((tx) => texts.enqueueText(tx, { kind: 'order-confirmed', orderId: order.id }))
		const text = await eventually(() => textOf(`order-confirmed:${order.id}`), settled)
		expect(text).toMatchObject({ status: 'FAILED', attempts: 1 })
		expect(text!.reason).toContain('21211')
		await new Promise((resolve) => setTimeout(resolve, 2_500))
		expect(standIn.requests()).toBe(1)
	})

	it('21610 (the number opted out with the provider) is not retried and ends the number’s consent', async () => {
		const phone = newPhone()
		await optIn(phone)
		const order = await paidOrder(phone)
		standIn.failNext(TWILIO_FAILURES.unsubscribed)
		await prisma.$transaction((tx) => texts.enqueueText(tx, { kind: 'order-confirmed', orderId: order.id }))
		const text = await eventually(() => textOf(`order-confirmed:${order.id}`), settled)
		expect(text).toMatchObject({ status: 'FAILED', attempts: 1 })
		expect(await prisma.textConsent.findUnique({ where: { phone } })).toMatchObject({ withdrawnBy: 'provider' })
		await new Promise((resolve) => setTimeout(resolve, 2_500))
		expect(standIn.requests()).toBe(1)
	})
})

describe('pickup reminders', () => {
	it('the evening before at 18:00 queues one reminder per order, however often the schedule runs', async () => {
		const phone = newPhone()
		await optIn(phone)
		const order = await prisma.order.update({
			where: { id: (await paidOrder(phone)).id },
			data: {
				pickupAt: new Date('2027-05-20T10:00:00-07:00'),
				pickupDate: new Date('2027-05-20'),
				paidAt: new Date('2027-05-18T09:00:00-07:00'),
			},
		})
		expect(await texts.enqueueDueReminders(new Date('2027-05-19T17:55:00-07:00'))).toBe(0)
		expect(await texts.enqueueDueReminders(new Date('2027-05-19T18:05:00-07:00'))).toBe(1)
		expect(await texts.enqueueDueReminders(new Date('2027-05-19T18:10:00-07:00'))).toBe(0)
		expect(await textOf(`order-reminder-evening:${order.id}`)).toMatchObject({
			sendAfter: new Date('2027-05-19T18:05:00-07:00'),
		})
		// The two-hour one only when the owner turns it on.
		expect(await texts.enqueueDueReminders(new Date('2027-05-20T08:05:00-07:00'))).toBe(0)
		await texts.saveTextSettings({ remindEveningBefore: true, remindHoursBefore: true })
		expect(await texts.enqueueDueReminders(new Date('2027-05-20T08:05:00-07:00'))).toBe(1)
	})
})
