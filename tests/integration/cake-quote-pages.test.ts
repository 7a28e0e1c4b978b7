import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { expireOverdueQuotes, sendQuote, withdrawQuote } from '~/domain/cake-quotes/models/cake-quote.server'
import { action as adminAction, loader as adminLoader } from '~/routes/admin.custom-cakes_.$requestId'
import { loader as csvLoader } from '~/routes/admin.custom-cakes[.]csv'
import { loader as ordersLoader } from '~/routes/admin.orders'
import { loader as prepLoader } from '~/routes/admin.prep-list'
import { loader as photoLoader } from '~/routes/quote-photo.$token'
import { action as quoteAction, loader as quoteLoader } from '~/routes/quote.$token'
import { action as testPaymentAction } from '~/routes/test-payment.$sessionId'
import { DAY_NOT_SHOWN_MESSAGE } from '~/domain/cake-quotes/cake-quote'
import { quotePath } from '~/domain/cake-quotes/cake-quote-token.server'
import { prisma } from '~/utils/db.server'
import { resetRateLimits } from '~/utils/rate-limit.server'
import { formatPickupAt, formatPickupDateLong } from '~/domain/pickup/pickup-display'
import { localDateOf } from '~/domain/pickup/pickup-schedule'
import { putObject } from '~/utils/storage.server'
import { photo } from '../fixtures/images'
import { ADMIN, FORMER_ADMIN, get, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { clearMailQueues } from './mail-helpers'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let cookie: string

beforeAll(async () => {
	delete process.env.STRIPE_SECRET_KEY
	env = await useAdminTestEnv()
	cookie = await sessionCookieFor(ADMIN)
	await openEveryDay({ ordersPerSlot: 1, minLeadMinutes: 60 })
})

afterAll(() => env.cleanup())

beforeEach(async () => {
	resetRateLimits()
	await prisma.cakePayment.deleteMany()
	await prisma.customCakeRequest.deleteMany()
	await clearPickupHolds()
	await clearMailQueues()
})

async function newRequest(withPhoto = false) {
	let imageKey: string | null = null
	if (withPhoto) {
		imageKey = `customCakeImages/${crypto.randomUUID()}.webp`
		await putObject(imageKey, await photo({ width: 80, height: 60, format: 'webp' }), 'image/webp')
	}
	return prisma.customCakeRequest.create({
		data: {
			name: 'Ana Souza',
			phone: '206 555 0101',
			email: 'ana@example.com',
			type: 'Birthday',
			size: '8″',
			imageKey,
		},
	})
}

const inTwoDays = () => {
	const valid = new Date(Date.now() + 48 * 60 * 60 * 1000)
	const parts = new Intl.DateTimeFormat('sv-SE', {
		timeZone: 'America/Los_Angeles',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
	}).format(valid)
	return parts.replace(' ', 'T')
}

const ZONE = 'America/Los_Angeles'

/** The quote form as sent: the day it shows (`shownDate`, and the date field) is the pickup's own day. */
function quoteFields(overrides: Record<string, string> = {}) {
	const pickupAt = overrides.pickupAt ?? pickupSlot(5, '10:00')
	const shown = localDateOf(pickupAt, ZONE)
	return {
		intent: 'send-quote',
		date: shown,
		shownDate: shown,
		price: '120',
		depositKind: 'percent',
		depositPercent: '50',
		depositAmount: '',
		pickupAt,
		notes: 'Fresh roses on top.',
		validUntil: inTwoDays(),
		...overrides,
	}
}

function sendAsOwner(requestId: string, fields: Record<string, string>, as = cookie) {
	return run(
		adminAction({ request: post(`/admin/custom-cakes/${requestId}`, fields, as), params: { requestId }, context: {} }),
	)
}

function openQuote(token: string, search = '') {
	return run(quoteLoader({ request: get(`/quote/${token}${search}`), params: { token }, context: {} }))
}

function postQuote(token: string, fields: Record<string, string>) {
	return run(
		quoteAction({ request: post(`/quote/${token}`, fields), params: { token }, context: { clientIp: 'quote-test' } }),
	)
}

const tokenOf = (requestId: string, version: number) => quotePath(requestId, version).replace('/quote/', '')

describe('the owner’s quote page', () => {
	it('is for the admin only, on every loader and action', async () => {
		const request = await newRequest()
		const former = await sessionCookieFor(FORMER_ADMIN)
		for (const as of [undefined, former]) {
			const page = await run(
				adminLoader({
					request: get(`/admin/custom-cakes/${request.id}`, as),
					params: { requestId: request.id },
					context: {},
				}),
			)
			expect(page.status).not.toBe(200)
			const sent = await sendAsOwner(request.id, quoteFields(), as ?? '')
			expect(sent.status).not.toBe(200)
		}
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
			status: 'REQUESTED',
		})
	})

	it('sends a quote in dollars with a percentage deposit; a taken slot is refused with a message', async () => {
		const request = await newRequest()
		const sent = await sendAsOwner(request.id, quoteFields())
		expect(sent.status).toBe(200)
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
			status: 'QUOTED',
			quoteCents: 12_000,
			depositCents: 6_000,
			quoteNotes: 'Fresh roses on top.',
		})
		const other = await newRequest()
		const refused = await sendAsOwner(other.id, quoteFields({ depositKind: 'amount', depositAmount: '30' }))
		expect(refused.status).toBe(409)
		expect(JSON.stringify(refused.data)).toContain('That pickup time was just taken')
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({
			status: 'REQUESTED',
		})
	})

	it('refuses a deposit not below the price and a time outside the schedule, keeping nothing', async () => {
		const request = await newRequest()
		const deposit = await sendAsOwner(request.id, quoteFields({ depositKind: 'amount', depositAmount: '120' }))
		expect(deposit.status).toBe(400)
		expect(JSON.stringify(deposit.data)).toContain('less than the price')
		const offSlot = await sendAsOwner(request.id, quoteFields({ pickupAt: pickupSlot(5, '10:07') }))
		expect(offSlot.status).toBe(409)
		expect(JSON.stringify(offSlot.data)).toContain('not one of the pickup times')
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
			status: 'REQUESTED',
		})
	})
})

describe('the day a quote is sent for', () => {
	type Reply = { message?: string | null; result: { error?: Record<string, string[] | null>; initialValue?: unknown } }
	const statusOf = async (id: string) => (await prisma.customCakeRequest.findUniqueOrThrow({ where: { id } })).status

	it('is the day the form shows: a time of another day, a date changed but not shown, or no shown day is refused on the pickup field, keeping what was typed', async () => {
		const request = await newRequest()
		const shown = localDateOf(pickupSlot(12, '10:00'), ZONE)
		const fromOtherDay = await sendAsOwner(
			request.id,
			quoteFields({ shownDate: shown, date: shown, price: '95', notes: 'Lemon curd.' }),
		)
		expect(fromOtherDay.status).toBe(409)
		const refused = fromOtherDay.data as Reply
		expect(refused.result.error?.pickupAt).toEqual([
			`That time is on ${formatPickupDateLong(localDateOf(pickupSlot(5, '10:00'), ZONE))}, not on the day shown (${formatPickupDateLong(shown)}): please choose one of its times.`,
		])
		expect(refused.result.initialValue).toMatchObject({ price: '95', notes: 'Lemon curd.', shownDate: shown })

		// The date field changed (no JavaScript, or a stale page) without "Show day": its times were never seen.
		const notShown = await sendAsOwner(request.id, quoteFields({ date: shown }))
		expect(notShown.status).toBe(400)
		expect((notShown.data as Reply).result.error?.pickupAt).toEqual([DAY_NOT_SHOWN_MESSAGE])

		const noShownDay = await sendAsOwner(request.id, quoteFields({ shownDate: '' }))
		expect(noShownDay.status).toBe(400)
		expect((noShownDay.data as Reply).result.error?.pickupAt).toEqual([DAY_NOT_SHOWN_MESSAGE])

		expect(await statusOf(request.id)).toBe('REQUESTED')
		expect(await prisma.pickupSlotUsage.count()).toBe(0)

		// The same time sent from its own day goes out.
		expect((await sendAsOwner(request.id, quoteFields())).status).toBe(200)
		expect(await statusOf(request.id)).toBe('QUOTED')
	})

	it('tells the owner the pickup, and when “valid until” was shortened to it', async () => {
		const pickupAt = pickupSlot(5, '10:00')
		const pickupText = formatPickupAt(pickupAt, ZONE)
		const kept = await sendAsOwner((await newRequest()).id, quoteFields())
		expect((kept.data as Reply).message).toMatch(
			new RegExp(`^The quote was sent to the customer\\. Pickup ${pickupText}; valid until [A-Z][a-z]{2} \\d`),
		)
		expect((kept.data as Reply).message).not.toContain('shortened')

		const later = `${localDateOf(pickupSlot(9, '10:00'), ZONE)}T18:00`
		const request = await newRequest()
		const shortened = await sendAsOwner(
			request.id,
			quoteFields({ pickupAt: pickupSlot(5, '10:15'), validUntil: later }),
		)
		expect(shortened.status).toBe(200)
		const stored = await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: request.id } })
		expect(stored.quoteValidUntil).toEqual(new Date(pickupSlot(5, '10:15')))
		expect((shortened.data as Reply).message).toBe(
			`The quote was sent to the customer. Pickup ${formatPickupAt(pickupSlot(5, '10:15'), ZONE)}. “Valid until” was shortened to the pickup time: a quote can’t stand past its pickup.`,
		)
	})
})

describe('the owner’s day limit on the quote page', () => {
	afterAll(() => prisma.cakeQuoteSettings.deleteMany())

	it('says how many cakes a day has; a full day offers no times, and a page that carried typed fields keeps them', async () => {
		await prisma.cakeDayUsage.deleteMany()
		await prisma.cakeQuoteSettings.upsert({ where: { id: 1 }, create: { cakesPerDay: 1 }, update: { cakesPerDay: 1 } })
		const first = await newRequest()
		const second = await newRequest()
		const day = pickupSlot(5, '10:00').slice(0, 10)
		const ownerPage = (requestId: string, search: string) =>
			run(
				adminLoader({
					request: get(`/admin/custom-cakes/${requestId}?${search}`, cookie),
					params: { requestId },
					context: {},
				}),
			)
		const dayOf = async (requestId: string, search = `date=${day}`) =>
			(await ownerPage(requestId, search)).data as { cakeDay: unknown; slots: { day: { date: string } } }
		expect((await dayOf(first.id)).cakeDay).toEqual({ booked: 0, limit: 1 })

		expect((await sendAsOwner(first.id, quoteFields())).status).toBe(200)
		// The quote holding the day does not count against itself; for any other request the day is full.
		expect((await dayOf(first.id)).cakeDay).toEqual({ booked: 0, limit: 1 })
		expect((await dayOf(second.id)).cakeDay).toEqual({ booked: 1, limit: 1 })

		// "Show day" sends the typed fields along: they come back as the form's values.
		const shown = (await ownerPage(second.id, `intent=show-day&date=${day}&price=95&notes=Two+tiers`)).data as {
			draft: unknown
		}
		expect(shown.draft).toEqual({ price: '95', notes: 'Two tiers' })
	})
})

describe('the customer’s quote page', () => {
	async function quoted(withPhoto = false) {
		const request = await newRequest(withPhoto)
		await sendAsOwner(request.id, quoteFields())
		return { request, token: tokenOf(request.id, 1) }
	}

	it('shows the quote for a good link; a wrong, tampered or replaced link gets a page that reveals nothing', async () => {
		const { request, token } = await quoted(true)
		const open = await openQuote(token)
		expect(open.status).toBe(200)
		expect(open.data).toMatchObject({
			quote: { priceCents: 12_000, depositCents: 6_000, notes: 'Fresh roses on top.' },
		})
		const photoResponse = await run(
			photoLoader({ request: get(`/quote-photo/${token}?w=320`), params: { token }, context: {} }),
		)
		expect(photoResponse.status).toBe(200)
		expect(photoResponse.headers.get('Cache-Control')).toBe('private, no-store')

		const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA')
		for (const bad of ['nonsense', tampered, `${request.id}.1.`, tokenOf('someone-else', 1)]) {
			const page = await openQuote(bad)
			expect(page.status).toBe(404)
			expect(page.data).toEqual({ view: { open: false, reason: 'invalid' }, quote: null })
			const photoFor = await run(
				photoLoader({ request: get(`/quote-photo/${bad}`), params: { token: bad }, context: {} }),
			)
			expect(photoFor.status).toBe(404)
		}

		await withdrawQuote(request.id, 'owner:owner@example.com')
		expect(await openQuote(token)).toMatchObject({ status: 410, data: { view: { reason: 'replaced' } } })
	})

	it('an expired quote says so and cannot be paid', async () => {
		const { request, token } = await quoted()
		await prisma.customCakeRequest.update({
			where: { id: request.id },
			data: { quoteValidUntil: new Date(Date.now() - 1000) },
		})
		expect(await openQuote(token)).toMatchObject({ status: 410, data: { view: { reason: 'expired' } } })
		expect(await expireOverdueQuotes()).toBe(0)
		const pay = await postQuote(token, { intent: 'pay-deposit' })
		expect(pay.status).toBe(409)
		expect(await prisma.cakePayment.count()).toBe(0)
	})

	it('pays the deposit on the test page, then the balance; the page shows what is paid', async () => {
		const { request, token } = await quoted()
		const pay = await postQuote(token, { intent: 'pay-deposit' })
		expect(pay.status).toBe(302)
		const payUrl = new URL(pay.headers.get('Location')!)
		expect(payUrl.pathname).toMatch(/^\/test-payment\/test_cs_/)
		const sessionId = payUrl.pathname.split('/').pop()!
		const paid = await run(
			testPaymentAction({ request: post(payUrl.pathname, { intent: 'pay' }), params: { sessionId }, context: {} }),
		)
		expect(paid.headers.get('Location')).toBe(`/quote/${token}`)
		expect(await openQuote(token)).toMatchObject({
			status: 200,
			data: { quote: { status: 'DEPOSIT_PAID', paidCents: 6_000 } },
		})
		// Paying the same session again (back button) changes nothing.
		await run(
			testPaymentAction({ request: post(payUrl.pathname, { intent: 'pay' }), params: { sessionId }, context: {} }),
		)
		expect(await prisma.cakePayment.count({ where: { requestId: request.id, status: 'PAID' } })).toBe(1)

		const balance = await postQuote(token, { intent: 'pay-balance' })
		const balanceUrl = new URL(balance.headers.get('Location')!)
		const balanceSession = balanceUrl.pathname.split('/').pop()!
		await run(
			testPaymentAction({
				request: post(balanceUrl.pathname, { intent: 'pay' }),
				params: { sessionId: balanceSession },
				context: {},
			}),
		)
		expect(await openQuote(token)).toMatchObject({ data: { quote: { status: 'PAID_IN_FULL', paidCents: 12_000 } } })
	})

	it('in Spanish (/es/quote/…, the link a Spanish mail carries): dates, refusals and the way back in Spanish', async () => {
		const { request, token } = await quoted()
		await prisma.customCakeRequest.update({ where: { id: request.id }, data: { locale: 'es' } })
		const english = await run(quoteLoader({ request: get(`/quote/${token}`), params: { token }, context: {} }))
		const spanish = await run(quoteLoader({ request: get(`/es/quote/${token}`), params: { token }, context: {} }))
		const texts = (loaded: typeof english) =>
			(loaded.data as { quote: { pickupText: string; validUntilText: string } }).quote
		expect(texts(spanish).pickupText).not.toBe(texts(english).pickupText)
		expect(texts(spanish).validUntilText).not.toBe(texts(english).validUntilText)

		const unknown = await run(
			quoteAction({
				request: post(`/es/quote/${token}`, { intent: 'nonsense' }),
				params: { token },
				context: { clientIp: 'quote-test-es' },
			}),
		)
		expect(unknown).toMatchObject({ status: 400, data: { error: 'Acción desconocida' } })

		// The test payment page sends the customer back to the quote in their language.
		const pay = await run(
			quoteAction({
				request: post(`/es/quote/${token}`, { intent: 'pay-deposit' }),
				params: { token },
				context: { clientIp: 'quote-test-es' },
			}),
		)
		const payUrl = new URL(pay.headers.get('Location')!)
		const sessionId = payUrl.pathname.split('/').pop()!
		const paid = await run(
			testPaymentAction({ request: post(payUrl.pathname, { intent: 'pay' }), params: { sessionId }, context: {} }),
		)
		expect(paid.headers.get('Location')).toBe(`/es/quote/${token}`)
	})

	it('the customer declines after confirming; the slot is free again', async () => {
		const { request, token } = await quoted()
		const ask = await postQuote(token, { intent: 'decline' })
		expect(ask.data).toMatchObject({ confirmDecline: true })
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
			status: 'QUOTED',
		})
		const declined = await postQuote(token, { intent: 'decline', confirmed: 'yes' })
		expect(declined.status).toBe(302)
		expect(await openQuote(token)).toMatchObject({ status: 200, data: { view: { reason: 'declined' } } })
		const again = await newRequest()
		expect(
			await sendQuote(
				again.id,
				{
					quoteCents: 5000,
					depositCents: 1000,
					pickupAt: new Date(pickupSlot(5, '10:00')),
					pickupDate: pickupSlot(5, '10:00').slice(0, 10),
					notes: '',
					validUntil: new Date(Date.now() + 3_600_000),
					ordersPerSlot: 1,
					cakesPerDay: null,
				},
				'owner:owner@example.com',
			),
		).toEqual({ ok: true })
	})

	it('the CSV export gains status, quote, paid and pickup after the old columns', async () => {
		const { token } = await quoted()
		const pay = await postQuote(token, { intent: 'pay-deposit' })
		const payPath = new URL(pay.headers.get('Location')!).pathname
		const sessionId = payPath.split('/').pop()!
		await run(testPaymentAction({ request: post(payPath, { intent: 'pay' }), params: { sessionId }, context: {} }))
		const response = await csvLoader({ request: get('/admin/custom-cakes.csv', cookie), params: {}, context: {} })
		const [header, row] = (await response.text()).replace(/^\uFEFF/, '').split('\r\n')
		expect(header).toBe('Name,Email,Type,Size,Message,Image URL,Phone,Submitted,Status,Quote,Paid,Pickup')
		expect(row).toMatch(/,Deposit paid,120\.00,60\.00,\d{4}-\d{2}-\d{2} 10:00$/)
	})

	it('the owner’s day view and prep list show the day’s booked cakes, not quotes still waiting', async () => {
		const { request, token } = await quoted()
		const date = (await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: request.id } }))
			.pickupDate!.toISOString()
			.slice(0, 10)
		const day = async () => {
			const orders = await run(
				ordersLoader({ request: get(`/admin/orders?date=${date}`, cookie), params: {}, context: {} }),
			)
			const prep = await run(
				prepLoader({ request: get(`/admin/prep-list?date=${date}`, cookie), params: {}, context: {} }),
			)
			return [orders.data, prep.data].map((page) =>
				(page as { cakes: Array<{ id: string }> }).cakes.map((cake) => cake.id),
			)
		}
		expect(await day()).toEqual([[], []])
		const pay = await postQuote(token, { intent: 'pay-deposit' })
		const payPath = new URL(pay.headers.get('Location')!).pathname
		const sessionId = payPath.split('/').pop()!
		await run(testPaymentAction({ request: post(payPath, { intent: 'pay' }), params: { sessionId }, context: {} }))
		expect(await day()).toEqual([[request.id], [request.id]])
	})
})
