/**
 * Waitlists (issue 40, decision 091): a customer waits for an item on a sold-out day; a freed place is offered to the
 * first in line as an order held in their name with its payment page and link; unpaid, the offer lapses and the next
 * in line is offered the place; one offer at a time per item and day, however many runs race.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { defaultPickupSettings, instantAt, localDateOf } from '~/domain/pickup/pickup-schedule'
import { createMenuItem } from '../fixtures/menu'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { clearMailQueues } from './mail-helpers'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'

const origin = 'https://bakery.test'
let stripe: MockStripe
let checkout: typeof import('./checkout-helpers')
let waitlist: typeof import('~/domain/waitlist/index.server')
let prisma: (typeof import('~/utils/db.server'))['prisma']

beforeAll(async () => {
	stripe = await startMockStripe()
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_waitlist',
		STRIPE_WEBHOOK_SECRET: 'whsec_waitlist',
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
	})
	checkout = await import('./checkout-helpers')
	waitlist = await import('~/domain/waitlist/index.server')
	prisma = (await import('~/utils/db.server')).prisma
})

afterAll(() => stripe.close())

beforeEach(async () => {
	await prisma.waitlistEntry.deleteMany()
	await prisma.textMessage.deleteMany()
	await prisma.textConsent.deleteMany()
	await clearPickupHolds()
	await prisma.menuItem.deleteMany()
	await clearMailQueues()
	await openEveryDay({ ordersPerSlot: 1000 })
})

/** Today at this bakery wall time: offers are made outside the texts' quiet hours (21:00–08:00) only. */
function atBakery(time: string) {
	const { timeZone } = defaultPickupSettings
	return instantAt(localDateOf(new Date(), timeZone), time, timeZone)
}

const pickupAt = pickupSlot(2, '12:00')
const pickupDate = localDateOf(pickupAt, defaultPickupSettings.timeZone)

/** An item with a daily limit of 2, both taken by unpaid checkouts: sold out for the day. Returns their orders. */
async function soldOutItem() {
	const item = await createMenuItem({ name: 'Pão de Queijo (dozen)', priceCents: 1800 })
	await prisma.menuItem.update({ where: { id: item.id }, data: { dailyLimit: 2 } })
	const orders = []
	for (const name of ['Ana', 'Bia']) {
		const started = await checkout.startCheckout(
			{
				customer: { name, email: `${name.toLowerCase()}@example.com` },
				items: [{ id: item.id, quantity: 1 }],
				pickupAt,
			},
			{ origin },
		)
		if (!started.ok) throw new Error(`checkout refused: ${started.error}`)
		orders.push(started.orderId)
	}
	return { item, orders }
}

function join(
	menuItemId: string,
	name: string,
	more: Partial<import('~/domain/waitlist/index.server').WaitlistRequest> = {},
) {
	return waitlist.joinWaitlist({
		menuItemId,
		pickupDate,
		quantity: 1,
		customer: { name, email: `${name.toLowerCase()}@example.com` },
		textOffer: false,
		locale: 'en',
		...more,
	})
}

async function sessionOf(orderId: string) {
	const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId }, select: { providerSessionId: true } })
	return order.providerSessionId!
}

const statuses = async () =>
	Object.fromEntries(
		(await prisma.waitlistEntry.findMany({ select: { customerName: true, status: true } })).map((entry) => [
			entry.customerName,
			entry.status,
		]),
	)

/** The orders whose mail of this kind is queued. */
async function queuedMails(kind: string) {
	const jobs = await prisma.$queryRaw<Array<{ orderId: string }>>`
		SELECT data ->> 'orderId' AS "orderId" FROM pgboss.job WHERE name = 'mail' AND data ->> 'kind' = ${kind}`
	return jobs.map((job) => job.orderId)
}

/** The text jobs queued for one event (its key). */
const textJobs = (key: string) =>
	prisma.$queryRaw<Array<{ id: string }>>`SELECT id FROM pgboss.job WHERE name = 'text' AND singleton_key = ${key}`

/** Frees one of the sold-out day's places, runs the offers and returns the order offered to `name`. */
async function offerTo(name: string, orders: string[]) {
	await checkout.cancelCheckoutSession(await sessionOf(orders[0]!))
	expect((await waitlist.offerFreedPlaces({ origin, now: atBakery('12:00') })).offered).toHaveLength(1)
	const entry = await prisma.waitlistEntry.findFirstOrThrow({ where: { customerName: name } })
	return prisma.order.findUniqueOrThrow({ where: { id: entry.offerOrderId! } })
}

describe('joining', () => {
	it('is refused while the item can be ordered that day, and for an item not sold online', async () => {
		const item = await createMenuItem({ name: 'Concha' })
		expect(await join(item.id, 'Caio')).toEqual({ ok: false, reason: 'available' })
		const offline = await createMenuItem({ name: 'Counter only', orderable: false })
		expect(await join(offline.id, 'Caio')).toEqual({ ok: false, reason: 'not-for-sale' })
		expect(await prisma.waitlistEntry.count()).toBe(0)
	})

	it('puts customers in line for a sold-out day; joining again keeps the first place', async () => {
		const { item } = await soldOutItem()
		const first = await join(item.id, 'Caio')
		expect(first).toMatchObject({ ok: true, position: 1, alreadyWaiting: false })
		expect(await join(item.id, 'Duda')).toMatchObject({ ok: true, position: 2, alreadyWaiting: false })
		const again = await join(item.id, 'Caio', { quantity: 1 })
		expect(again).toMatchObject({ ok: true, position: 1, alreadyWaiting: true })
		expect(again.ok && first.ok && again.entryId === first.entryId).toBe(true)
		expect(await prisma.waitlistEntry.count()).toBe(2)
	})

	it('a day that cannot free up (closed, beyond the horizon) takes nobody', async () => {
		const { item } = await soldOutItem()
		expect(await join(item.id, 'Caio', { pickupDate: '2099-01-01' })).toEqual({ ok: false, reason: 'not-waitable' })
	})
})

describe('offers', () => {
	it('nothing freed: nobody is offered anything and nothing is held', async () => {
		const { item } = await soldOutItem()
		await join(item.id, 'Caio')
		const before = await prisma.waitlistEntry.findFirstOrThrow()
		const run = await waitlist.offerFreedPlaces({ origin, now: atBakery('12:00') })
		expect(run).toEqual({ offered: [], stillWaiting: 1 })
		expect(await statuses()).toEqual({ Caio: 'WAITING' })
		expect(await prisma.order.count()).toBe(2)
		// Nothing freed, nothing written: the line is only read.
		expect((await prisma.waitlistEntry.findFirstOrThrow()).updatedAt).toEqual(before.updatedAt)
	})

	it('at night nobody is offered a freed place: it waits for the morning, when the first in line gets it', async () => {
		const { item, orders } = await soldOutItem()
		await join(item.id, 'Caio')
		await checkout.cancelCheckoutSession(await sessionOf(orders[0]!))
		for (const time of ['21:00', '23:30', '07:59']) {
			expect(await waitlist.offerFreedPlaces({ origin, now: atBakery(time) })).toEqual({ offered: [], stillWaiting: 0 })
		}
		expect(await statuses()).toEqual({ Caio: 'WAITING' })
		expect((await waitlist.offerFreedPlaces({ origin, now: atBakery('08:00') })).offered).toHaveLength(1)
		expect(await statuses()).toEqual({ Caio: 'OFFERED' })
	})

	it('a freed place is held for the first in line with a payment link; the second waits; one offer at a time', async () => {
		const { item, orders } = await soldOutItem()
		await join(item.id, 'Caio', { pickupAt })
		await join(item.id, 'Duda')
		await checkout.cancelCheckoutSession(await sessionOf(orders[0]!))

		const run = await waitlist.offerFreedPlaces({ origin, now: atBakery('12:00') })
		expect(run.offered).toHaveLength(1)
		expect(await statuses()).toEqual({ Caio: 'OFFERED', Duda: 'WAITING' })
		const entry = await prisma.waitlistEntry.findFirstOrThrow({ where: { customerName: 'Caio' } })
		const offered = await prisma.order.findUniqueOrThrow({
			where: { id: entry.offerOrderId! },
			include: { items: true },
		})
		expect(offered).toMatchObject({ status: 'PENDING', capacityHeld: true, customerEmail: 'caio@example.com' })
		expect(offered.pickupAt?.toISOString()).toBe(new Date(pickupAt).toISOString())
		expect(offered.items.map((line) => [line.menuItemId, line.quantity, line.unitPriceCents])).toEqual([
			[item.id, 1, 1800],
		])
		expect(offered.paymentUrl).toMatch(/^http/)
		// The offer's own mail, not a phone order's payment link; no text was asked for.
		expect(await queuedMails('waitlist-offer')).toEqual([offered.id])
		expect(await queuedMails('order-payment-link')).toEqual([])
		expect(await prisma.textMessage.count()).toBe(0)
		// The day is sold out again: the place is theirs for the payment page's 30 minutes.
		expect(await join(item.id, 'Eva')).toMatchObject({ ok: true, position: 2 })

		expect((await waitlist.offerFreedPlaces({ origin, now: atBakery('12:00') })).offered).toEqual([])
		expect(await prisma.order.count({ where: { status: 'PENDING', capacityHeld: true } })).toBe(2)
	})

	it('unpaid, the offer lapses and the place goes to the next in line; paid, it is claimed', async () => {
		const { item, orders } = await soldOutItem()
		await join(item.id, 'Caio')
		await join(item.id, 'Duda')
		await checkout.cancelCheckoutSession(await sessionOf(orders[0]!))
		await waitlist.offerFreedPlaces({ origin, now: atBakery('12:00') })
		const caio = await prisma.waitlistEntry.findFirstOrThrow({ where: { customerName: 'Caio' } })
		await checkout.cancelCheckoutSession(await sessionOf(caio.offerOrderId!))

		await waitlist.offerFreedPlaces({ origin, now: atBakery('12:00') })
		expect(await statuses()).toEqual({ Caio: 'LAPSED', Duda: 'OFFERED' })
		const duda = await prisma.waitlistEntry.findFirstOrThrow({ where: { customerName: 'Duda' } })
		stripe.pay(await sessionOf(duda.offerOrderId!))
		await checkout.confirmCheckoutSession(await sessionOf(duda.offerOrderId!))
		await waitlist.offerFreedPlaces({ origin, now: atBakery('12:00') })
		expect(await statuses()).toEqual({ Caio: 'LAPSED', Duda: 'CLAIMED' })
		expect(await prisma.order.findUniqueOrThrow({ where: { id: duda.offerOrderId! } })).toMatchObject({
			status: 'PAID',
		})
	})

	it('runs racing each other make one offer per freed place, never two', async () => {
		const { item, orders } = await soldOutItem()
		for (const name of ['Caio', 'Duda', 'Eva', 'Fabi']) await join(item.id, name)
		await checkout.cancelCheckoutSession(await sessionOf(orders[0]!))
		const runs = await Promise.all(
			Array.from({ length: 4 }, () => waitlist.offerFreedPlaces({ origin, now: atBakery('12:00') })),
		)
		expect(runs.flatMap((run) => run.offered)).toHaveLength(1)
		expect(await statuses()).toEqual({ Caio: 'OFFERED', Duda: 'WAITING', Eva: 'WAITING', Fabi: 'WAITING' })
		expect(await prisma.order.count({ where: { status: 'PENDING', capacityHeld: true } })).toBe(2)
		const usage = await prisma.itemDayUsage.findFirstOrThrow({ where: { menuItemId: item.id } })
		expect(usage.quantity).toBe(2)
	})

	it('an entry for a day gone by lapses without an offer; one who left is never offered', async () => {
		const { item, orders } = await soldOutItem()
		await join(item.id, 'Caio')
		const duda = await join(item.id, 'Duda')
		if (!duda.ok) throw new Error('not joined')
		expect(await waitlist.leaveWaitlist(duda.entryId, { email: 'DUDA@example.com ' })).toBe(true)
		await prisma.waitlistEntry.updateMany({
			where: { customerName: 'Caio' },
			data: { pickupDate: new Date('2020-01-01') },
		})
		await checkout.cancelCheckoutSession(await sessionOf(orders[0]!))
		expect((await waitlist.offerFreedPlaces({ origin, now: atBakery('12:00') })).offered).toEqual([])
		expect(await statuses()).toEqual({ Caio: 'LAPSED', Duda: 'LEFT' })
	})
})

describe('the offer’s mail and text', () => {
	const phone = '+14255550123'

	it('texts the offer to a waiter who asked for it, once, at once, without signing them up for texts', async () => {
		const { item, orders } = await soldOutItem()
		await join(item.id, 'Caio', {
			customer: { name: 'Caio', email: 'caio@example.com', phone: '(425) 555-0123' },
			textOffer: true,
			locale: 'es',
		})
		const offered = await offerTo('Caio', orders)
		const key = `waitlist-offer:${offered.id}`
		expect(await prisma.textMessage.findMany({ where: { orderId: offered.id } })).toEqual([
			expect.objectContaining({ key, kind: 'waitlist-offer', to: phone, channel: 'SMS', locale: 'es' }),
		])
		expect(await textJobs(key)).toHaveLength(1)
		// The place is held for 30 minutes: the text goes now, quiet hours or not.
		expect((await prisma.textMessage.findUniqueOrThrow({ where: { key } })).sendAfter.getTime()).toBeLessThanOrEqual(
			Date.now(),
		)
		// Asked for when joining the line: no standing consent follows from it.
		expect(await prisma.textConsent.count()).toBe(0)
		expect(await queuedMails('waitlist-offer')).toEqual([offered.id])

		// Sent again (a second run, a retry): still one mail and one text.
		const { sendWaitlistOffer } = await import('~/domain/orders/index.server')
		expect(await sendWaitlistOffer(offered.id, { text: true })).toBe('queued')
		expect(await prisma.textMessage.count({ where: { orderId: offered.id } })).toBe(1)
		expect(await textJobs(key)).toHaveLength(1)
		expect(await queuedMails('waitlist-offer')).toEqual([offered.id])

		// Paid meanwhile: an offer that can no longer be paid is not sent.
		await prisma.order.update({ where: { id: offered.id }, data: { status: 'PAID', paidAt: new Date() } })
		expect(await sendWaitlistOffer(offered.id, { text: true })).toBe('not-payable')
	})

	it('a number that sent STOP since joining is not texted the offer; the mail still goes', async () => {
		const { item, orders } = await soldOutItem()
		await join(item.id, 'Caio', { customer: { name: 'Caio', email: 'caio@example.com', phone }, textOffer: true })
		await prisma.textConsent.create({
			data: {
				phone,
				channel: 'SMS',
				wording: 'Text me about my order',
				version: 'test',
				source: 'checkout',
				grantedAt: new Date(Date.now() - 86_400_000),
				withdrawnAt: new Date(),
				withdrawnBy: 'STOP',
			},
		})
		const offered = await offerTo('Caio', orders)
		expect(await queuedMails('waitlist-offer')).toEqual([offered.id])
		expect(await prisma.textMessage.count()).toBe(0)
	})

	it('a phone given without asking for texts gets none', async () => {
		const { item, orders } = await soldOutItem()
		await join(item.id, 'Caio', { customer: { name: 'Caio', email: 'caio@example.com', phone } })
		const offered = await offerTo('Caio', orders)
		expect(await queuedMails('waitlist-offer')).toEqual([offered.id])
		expect(await prisma.textMessage.count()).toBe(0)
	})

	it.each([
		{
			locale: 'es' as const,
			name: 'Pan de queso (docena)',
			subject: 'Buenas noticias: se liberó un lugar para Pan de queso (docena), recogida',
			heading: 'Se liberó un lugar para ti',
			intro: 'Hola, Caio: se liberó un lugar para recoger',
			minutes: 'Paga en los próximos 30 minutos para quedártelo',
			button: 'Pagar y quedarme con mi lugar',
			text: ': ¡buenas noticias! Se liberó un lugar para Pan de queso (docena), recogida',
			textMinutes: 'te lo guardamos 30 minutos. Paga $18.00 para quedártelo',
		},
		{
			locale: 'pt-BR' as const,
			name: 'Pão de queijo (dúzia)',
			subject: 'Boa notícia: abriu uma vaga para Pão de queijo (dúzia), retirada',
			heading: 'Abriu uma vaga para você',
			intro: 'Olá, Caio! Abriu uma vaga para retirada',
			minutes: 'Pague em até 30 minutos para garanti-la',
			button: 'Pagar e garantir minha vaga',
			text: ': boa notícia! Abriu uma vaga para Pão de queijo (dúzia), retirada',
			textMinutes: 'guardamos para você por 30 minutos. Pague US$ 18,00 para garantir sua vaga',
		},
	])('are written in $locale, with the payment link and the minutes it is held', async (words) => {
		const { item, orders } = await soldOutItem()
		await prisma.menuItem.update({
			where: { id: item.id },
			data: { nameEs: 'Pan de queso (docena)', namePtBr: 'Pão de queijo (dúzia)' },
		})
		await join(item.id, 'Caio', {
			customer: { name: 'Caio', email: 'caio@example.com', phone },
			textOffer: true,
			locale: words.locale,
		})
		const offered = await offerTo('Caio', orders)
		const { orderNumber } = await import('~/domain/orders/index.server')
		const { composeMail } = await import('~/domain/mail/compose.server')
		const { composeText } = await import('~/domain/texts/compose.server')
		const job = { kind: 'waitlist-offer', orderId: offered.id } as const
		const context = { origin, reviewUrl: async () => `${origin}/review/x`, ownerEmails: ['owner@example.com'] }

		const mail = await composeMail(job, context)
		expect(mail).not.toBeNull()
		expect(mail!.to).toEqual(['caio@example.com'])
		expect(mail!.subject).toContain(words.subject)
		expect(mail!.subject).toContain(orderNumber(offered.id))
		const visible = mail!.html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '')
		for (const part of [mail!.text, visible]) {
			for (const phrase of [words.heading, words.intro, words.minutes, words.button, `1 × ${words.name}`]) {
				expect(part).toContain(phrase)
			}
			expect(part).not.toContain('next person in line')
		}
		expect(mail!.html).toContain(`href="${offered.paymentUrl}"`)
		expect(mail!.html).toContain(`lang="${words.locale}"`)

		const text = await composeText(job, words.locale, origin)
		expect(text).toContain(words.text)
		expect(text).toContain(words.textMinutes)
		expect(text).toContain(offered.paymentUrl!)

		// Once paid (or lapsed), neither is sent.
		await prisma.order.update({ where: { id: offered.id }, data: { status: 'EXPIRED' } })
		expect(await composeMail(job, context)).toBeNull()
		expect(await composeText(job, words.locale, origin)).toBeNull()
	})
})
