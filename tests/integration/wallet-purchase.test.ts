/**
 * Buying a gift card online (decision 078): the purchase is priced on the server and opened on the payment
 * provider (the test page here); on payment, exactly once however many events arrive at once, the card is issued
 * with its PURCHASE entry and the buyer's receipt and the recipient's mail are queued, the latter for 9:00 on the
 * chosen day; the recipient's mail carries the code in the buyer's language, which is stored nowhere in clear.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { composeMail } from '~/domain/mail/compose.server'
import { MAIL_QUEUE, getMailQueue } from '~/domain/mail/mail-queue.server'
import type { MailJob } from '~/domain/mail/mail-jobs'
import { giftCardPurchaseSchema } from '~/domain/wallet/gift-card-purchase'
import { startGiftCardPurchase } from '~/domain/wallet/gift-card-purchase.server'
import {
	applyGiftCardPurchaseEvent,
	applyGiftCardRefundEvent,
	sweepLapsedGiftCardPurchases,
} from '~/domain/wallet/index.server'
import { prisma } from '~/utils/db.server'
import { useAdminTestEnv } from './admin-helpers'

beforeAll(async () => {
	await useAdminTestEnv()
})

const context = { origin: 'http://localhost:3000', reviewUrl: async () => '', ownerEmails: ['owner@example.com'] }

const baseFields = {
	amount: '5000',
	buyerName: 'Rosa',
	buyerEmail: 'Rosa@Example.com',
	forWhom: 'recipient',
	recipientName: 'Tia Lena',
	recipientEmail: 'lena@example.com',
	message: 'Feliz cumpleaños!',
	deliverOn: '2026-12-24',
}

function request(fields: Record<string, string>) {
	const parsed = giftCardPurchaseSchema.safeParse({ ...baseFields, ...fields })
	if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues))
	return parsed.data
}

const now = new Date('2026-11-28T18:00:00Z')

async function jobsFor(key: string) {
	const boss = await getMailQueue()
	return boss.findJobs<MailJob>(MAIL_QUEUE, { key })
}

async function start(fields: Record<string, string> = {}, locale: 'en' | 'es' | 'pt-BR' = 'es') {
	const started = await startGiftCardPurchase(request(fields), { origin: context.origin, locale, now })
	if (!started.ok) throw new Error(started.reason)
	const sessionId = started.url.split('/test-payment/')[1]!
	return {
		sessionId,
		purchase: await prisma.giftCardPurchase.findUniqueOrThrow({ where: { providerSessionId: sessionId } }),
	}
}

describe('the purchase form', () => {
	it('prices presets and custom amounts within $10 to $500 on the server', () => {
		expect(request({}).amountCents).toBe(5000)
		expect(request({ amount: 'custom', customAmount: '42.50' }).amountCents).toBe(4250)
		for (const customAmount of ['9.99', '500.01', 'lots']) {
			expect(giftCardPurchaseSchema.safeParse({ ...request({}), amount: 'custom', customAmount }).success).toBe(false)
		}
		// A made-up preset is no amount at all.
		expect(() => request({ amount: '1' })).toThrow()
		expect(() => request({ recipientEmail: 'not-an-address' })).toThrow()
	})

	it('refuses a delivery date in the past or over a year ahead', async () => {
		for (const deliverOn of ['2026-11-27', '2027-11-29']) {
			expect(
				await startGiftCardPurchase(request({ deliverOn }), { origin: context.origin, locale: 'en', now }),
			).toEqual({
				ok: false,
				reason: 'deliver-on-range',
			})
		}
	})
})

describe('paying for it', () => {
	it('issues exactly one card under 10 concurrent paid events, with the mails queued once', async () => {
		const { sessionId, purchase } = await start()
		expect(purchase).toMatchObject({
			status: 'PENDING',
			amountCents: 5000,
			buyerEmail: 'rosa@example.com',
			locale: 'es',
		})
		const outcomes = await Promise.all(
			Array.from({ length: 10 }, (_, index) =>
				applyGiftCardPurchaseEvent({
					eventId: `evt_${index}`,
					type: 'checkout.session.completed',
					kind: 'paid',
					sessionId,
				}),
			),
		)
		expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1)
		const paid = await prisma.giftCardPurchase.findUniqueOrThrow({
			where: { id: purchase.id },
			include: { giftCard: { include: { account: { include: { entries: true } } } } },
		})
		expect(paid.status).toBe('PAID')
		expect(paid.giftCard?.account).toMatchObject({ balanceCents: 5000, status: 'ACTIVE' })
		expect(paid.giftCard?.account.entries.map((entry) => [entry.kind, entry.amountCents])).toEqual([['PURCHASE', 5000]])
		expect(paid.giftCard).toMatchObject({ source: 'ONLINE', issuedTo: 'Tia Lena' })
		expect(await prisma.giftCard.count({ where: { purchase: { id: purchase.id } } })).toBe(1)

		expect(await jobsFor(`gift-card-receipt:${purchase.id}`)).toHaveLength(1)
		const [delivery] = await jobsFor(`gift-card-delivery:${purchase.id}`)
		// 9:00 in Everett on Dec 24 (PST, UTC−8).
		expect(new Date(delivery!.startAfter).toISOString()).toBe('2026-12-24T17:00:00.000Z')

		// An expiry arriving late changes nothing.
		expect(
			await applyGiftCardPurchaseEvent({
				eventId: 'evt_late',
				type: 'checkout.session.expired',
				kind: 'expired',
				sessionId,
			}),
		).toBe('unchanged')
	})

	it("mails the recipient the code in the buyer's language; the receipt never shows it", async () => {
		const { sessionId, purchase } = await start({}, 'pt-BR')
		await applyGiftCardPurchaseEvent({ eventId: 'evt_pt', type: 'checkout.session.completed', kind: 'paid', sessionId })
		const delivery = await composeMail({ kind: 'gift-card-delivery', purchaseId: purchase.id }, context)
		const receipt = await composeMail({ kind: 'gift-card-receipt', purchaseId: purchase.id }, context)
		expect(delivery?.to).toEqual(['lena@example.com'])
		expect(delivery?.subject).toBe('Rosa enviou para você um cartão-presente de US$ 50,00 da Doce Dulce Bakery')
		const code = /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(delivery!.text)?.[0]
		expect(code).toBeDefined()
		expect(delivery!.text).toContain('Feliz cumpleaños!')
		expect(delivery!.html).toContain('http://localhost:3000/pt-br/gift-cards/balance')
		expect(receipt?.to).toEqual(['rosa@example.com'])
		expect(receipt!.text).not.toContain(code!)
		expect(receipt!.text).toContain(code!.slice(-4))
		// Stored: a digest, the last four and a sealed copy; never the code itself.
		const stored = JSON.stringify(
			await prisma.giftCardPurchase.findUniqueOrThrow({ where: { id: purchase.id }, include: { giftCard: true } }),
		)
		expect(stored).not.toContain(code!)
		expect(stored).not.toContain(code!.replace(/-/g, ''))
		// The buyer's data download lists the purchase by the card's last four, never its code.
		const buyer = await prisma.customer.create({ data: { email: 'rosa@example.com' } })
		const { customerDataExport } = await import('~/domain/customers/privacy.server')
		const exported = JSON.stringify((await customerDataExport(buyer.id))?.giftCardsBought)
		expect(exported).toContain(code!.slice(-4))
		expect(exported).toContain('lena@example.com')
		expect(exported).not.toContain(code!)
		const { giftCardAccountForCode } = await import('~/domain/wallet/index.server')
		expect(await giftCardAccountForCode(code!)).toBe(
			(await prisma.giftCard.findFirstOrThrow({ where: { purchase: { id: purchase.id } } })).accountId,
		)
	})

	it('texts the recipient once, only when the buyer vouched for it, never a number that sent STOP', async () => {
		expect(giftCardPurchaseSchema.safeParse({ ...baseFields, recipientPhone: '(425) 555-0123' }).success).toBe(false)
		const { sessionId, purchase } = await start({ recipientPhone: '(425) 555-0123', recipientTextAgreed: 'on' }, 'es')
		expect(purchase.recipientPhone).toBe('+14255550123')
		await applyGiftCardPurchaseEvent({
			eventId: 'evt_text',
			type: 'checkout.session.completed',
			kind: 'paid',
			sessionId,
		})
		const text = await prisma.textMessage.findUniqueOrThrow({ where: { key: `gift-card-delivery:${purchase.id}` } })
		expect(text).toMatchObject({ to: '+14255550123', locale: 'es', kind: 'gift-card-delivery' })
		expect(text.sendAfter.toISOString()).toBe('2026-12-24T17:00:00.000Z')
		const { composeText } = await import('~/domain/texts/compose.server')
		const words = await composeText({ kind: 'gift-card-delivery', purchaseId: purchase.id }, 'es', context.origin)
		expect(words).toContain('Rosa te envió una tarjeta de regalo de $50.00')
		expect(words).not.toMatch(/[A-Z2-9]{4}-[A-Z2-9]{4}/)

		await prisma.textConsent.create({
			data: {
				phone: '+14255550199',
				channel: 'SMS',
				wording: 'w',
				version: '1',
				source: 'checkout',
				grantedAt: new Date(),
				withdrawnAt: new Date(),
				withdrawnBy: 'keyword',
			},
		})
		const stopped = await start({ recipientPhone: '425-555-0199', recipientTextAgreed: 'on' }, 'en')
		await applyGiftCardPurchaseEvent({
			eventId: 'evt_stopped',
			type: 'checkout.session.completed',
			kind: 'paid',
			sessionId: stopped.sessionId,
		})
		expect(await prisma.textMessage.count({ where: { key: `gift-card-delivery:${stopped.purchase.id}` } })).toBe(0)
	})

	it('a card for oneself goes to the buyer at once', async () => {
		const { sessionId, purchase } = await start({ forWhom: 'self' }, 'en')
		await applyGiftCardPurchaseEvent({
			eventId: 'evt_self',
			type: 'checkout.session.completed',
			kind: 'paid',
			sessionId,
		})
		const [delivery] = await jobsFor(`gift-card-delivery:${purchase.id}`)
		expect(Date.now() - new Date(delivery!.startAfter).getTime()).toBeLessThan(60_000)
		const mail = await composeMail({ kind: 'gift-card-delivery', purchaseId: purchase.id }, context)
		expect(mail?.to).toEqual(['rosa@example.com'])
	})

	it('a payment refunded in Stripe voids the card once, and its mail to the recipient no longer goes out', async () => {
		const { sessionId, purchase } = await start()
		await applyGiftCardPurchaseEvent({
			eventId: 'evt_refund_paid',
			type: 'checkout.session.completed',
			kind: 'paid',
			sessionId,
		})
		const refund = { eventId: 'evt_refund_card', type: 'charge.refunded', sessionId }
		expect(await applyGiftCardRefundEvent(refund)).toBe('applied')
		expect(await applyGiftCardRefundEvent(refund)).toBe('duplicate')
		const card = await prisma.giftCardPurchase.findUniqueOrThrow({
			where: { id: purchase.id },
			select: { sealedCode: true, giftCard: { select: { account: true } } },
		})
		expect(card.sealedCode).toBeNull()
		expect(card.giftCard?.account).toMatchObject({
			status: 'VOID',
			balanceCents: 0,
			voidReason: 'Payment refunded in Stripe',
		})
		expect(await composeMail({ kind: 'gift-card-delivery', purchaseId: purchase.id }, context)).toBeNull()
		// Another session's refund is not a card's.
		expect(await applyGiftCardRefundEvent({ ...refund, eventId: 'evt_other', sessionId: 'cs_test_unknown' })).toBeNull()
	})

	it('a cancelled or lapsed purchase issues nothing; the sweep settles one whose events never came', async () => {
		const cancelled = await start({}, 'en')
		await applyGiftCardPurchaseEvent({
			eventId: 'evt_cancel',
			type: 'test.payment.cancelled',
			kind: 'cancelled',
			sessionId: cancelled.sessionId,
		})
		const lapsed = await start({}, 'en')
		await prisma.giftCardPurchase.update({
			where: { id: lapsed.purchase.id },
			data: { createdAt: new Date(Date.now() - 40 * 60_000) },
		})
		expect(await sweepLapsedGiftCardPurchases()).toBe(1)
		for (const { purchase } of [cancelled, lapsed]) {
			const row = await prisma.giftCardPurchase.findUniqueOrThrow({ where: { id: purchase.id } })
			expect(row.giftCardId).toBeNull()
			expect(row.status).toBe(purchase === cancelled.purchase ? 'CANCELLED' : 'EXPIRED')
		}
	})
})
