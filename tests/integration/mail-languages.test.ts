/**
 * Customer mails in the language the customer used (the `locale` stored on the order, the cake request
 * or the contact message, read when the mail is composed); the owner's copies stay English and name
 * that language.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { MailContext } from '~/domain/mail/compose.server'
import type { MailJob, OutgoingMail } from '~/domain/mail/mail-jobs'
import { quotePath } from '~/domain/cake-quotes/cake-quote-token.server'
import { prisma } from '~/utils/db.server'
import { composeEveryMail, seedMailRows, type MailRows } from './mail-language-helpers'
import { clearPickupHolds, openEveryDay } from './pickup-helpers'

const ORIGIN = 'https://bakery.test'
const context: MailContext = {
	origin: ORIGIN,
	reviewUrl: async (orderId) => `${ORIGIN}/review/signed-${orderId}`,
	ownerEmails: ['owner@example.com'],
}

/** The HTML as a reader sees its text: without tags and React's text separators. */
const visible = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '')

type Mails = Partial<Record<MailJob['kind'], OutgoingMail>>

async function mailsIn(locale: 'es' | 'pt-BR') {
	const rows = await seedMailRows(locale)
	return { rows, mails: await composeEveryMail(rows, context) }
}

/** Both parts of a mail say it. */
function expectBoth(mail: OutgoingMail | undefined, ...phrases: string[]) {
	expect(mail).toBeDefined()
	for (const part of [mail!.text, visible(mail!.html)]) for (const phrase of phrases) expect(part).toContain(phrase)
}

beforeAll(async () => {
	await clearPickupHolds()
	await prisma.customCakeRequest.deleteMany()
	await prisma.contactMessage.deleteMany()
	await openEveryDay()
})

describe('in Spanish', () => {
	let rows: MailRows
	let mails: Mails
	beforeAll(async () => {
		;({ rows, mails } = await mailsIn('es'))
	})

	it('the receipt: subject, words, pickup in Spanish, the page language and the Spanish home link', () => {
		const receipt = mails['order-receipt']!
		expect(receipt.subject).toBe(
			`Tu pedido de Doce Dulce Bakery n.º ${rows.order.number} — recogida sáb, 28 de nov, 9:15 a.m.`,
		)
		expectBoth(
			receipt,
			'¡Gracias por tu pedido!',
			`Hola, Mariana Souza: tu pago se realizó con éxito. Este es el recibo de tu pedido n.º ${rows.order.number}.`,
			'Recogida sáb, 28 de nov, 9:15 a.m.',
			'$3.00 c/u',
			'Cómo llegar a la panadería',
			'Horario:',
			'lun–dom: 12:00 a.m. – medianoche',
		)
		expect(receipt.html).toMatch(/<html[^>]* lang="es"/)
		expect(receipt.html).toContain(`href="${ORIGIN}/es"`)
		expect(receipt.text).toMatch(/Total\s+\$18\.50/)
	})

	it('order ready and the review request, with the review page in Spanish', () => {
		expect(mails['order-ready']!.subject).toBe(`Tu pedido n.º ${rows.order.number} está listo para recoger`)
		expectBoth(mails['order-ready'], 'Tu pedido está listo', 'tu hora de recogida es sáb, 28 de nov, 9:15 a.m.')
		const review = mails['review-request']!
		expect(review.subject).toBe('¿Qué tal estuvo tu pedido de Doce Dulce Bakery?')
		expectBoth(review, 'Cuéntanos qué tal', `gracias por recoger el pedido n.º ${rows.order.number}`)
		expect(review.html).toContain(`href="${ORIGIN}/es/review/signed-${rows.order.id}"`)
	})

	it('the cake request and its quote mails, with the quote page in Spanish', () => {
		const received = mails['cake-request-received']!
		expect(received.subject).toBe('Recibimos tu solicitud de pastel — Doce Dulce Bakery')
		expectBoth(received, '¡Gracias por pensar en nosotros', 'Qué sigue', 'nuestra página de pasteles personalizados')
		expect(received.html).toContain(`href="${ORIGIN}/es/custom-cakes"`)
		expect(received.text).not.toContain('Mariana Souza')
		const link = `${ORIGIN}/es${quotePath(rows.request.id, 1)}`
		const quote = mails['cake-quote-sent']!
		expect(quote.subject).toBe('Tu cotización de pastel de Doce Dulce Bakery')
		expectBoth(quote, 'Anticipo para apartarlo', '$1,234.50', 'Válido hasta', '26 nov 2026, 10:00 a.m.')
		expect(quote.html).toContain(`href="${link}"`)
		expect(mails['cake-quote-expiring']!.subject).toBe('Tu cotización de pastel vence el 26 nov 2026, 10:00 a.m.')
		expect(mails['cake-deposit-received']!.subject).toBe(
			'Tu pastel está reservado — recogida sáb, 28 de nov, 9:15 a.m.',
		)
		expectBoth(mails['cake-deposit-received'], 'Saldo pendiente', '$634.50')
		expect(mails['cake-balance-reminder']!.subject).toBe(
			'Recogida de tu pastel sáb, 28 de nov, 9:15 a.m. — saldo $634.50',
		)
		for (const kind of ['cake-quote-expiring', 'cake-deposit-received', 'cake-balance-reminder'] as const) {
			expect(mails[kind]!.html).toContain(`href="${link}"`)
		}
	})

	it('the owner’s copies stay English and name the customer’s language', () => {
		for (const kind of [
			'order-paid-owner',
			'cake-request-owner',
			'contact-message-owner',
			'cake-deposit-owner',
		] as const) {
			const mail = mails[kind]!
			expect(mail.html).toMatch(/<html[^>]* lang="en"/)
			expect(visible(mail.html)).toContain('Customer&#x27;s languageSpanish')
			expect(mail.text).toContain('Hours:')
		}
		expect(mails['order-paid-owner']!.subject).toBe(`New order #${rows.order.number} — pickup Sat, Nov 28 at 9:15 AM`)
		expect(mails['cake-request-owner']!.text).toContain('Tres Leches')
	})
})

describe('in Brazilian Portuguese', () => {
	let rows: MailRows
	let mails: Mails
	beforeAll(async () => {
		;({ rows, mails } = await mailsIn('pt-BR'))
	})

	it('the receipt with prices and dates written the Brazilian way', () => {
		const receipt = mails['order-receipt']!
		expect(receipt.subject).toBe(
			`Sua encomenda na Doce Dulce Bakery nº ${rows.order.number} — retirada sáb., 28 de nov., 9:15`,
		)
		expectBoth(
			receipt,
			'Obrigado pela sua encomenda!',
			'US$ 3,00 cada',
			'US$ 18,50',
			'Horário:',
			'Como chegar à padaria',
		)
		expect(receipt.html).toMatch(/<html[^>]* lang="pt-BR"/)
		expect(receipt.html).toContain(`href="${ORIGIN}/pt-br"`)
	})

	it('order ready, the review request and the quote, linking to the Portuguese pages', () => {
		expect(mails['order-ready']!.subject).toBe(`Sua encomenda nº ${rows.order.number} está pronta para retirada`)
		expect(mails['review-request']!.html).toContain(`href="${ORIGIN}/pt-br/review/signed-${rows.order.id}"`)
		expectBoth(mails['review-request'], 'Conte para a gente como foi')
		expect(mails['cake-request-received']!.subject).toBe('Recebemos o seu pedido de bolo — Doce Dulce Bakery')
		expectBoth(mails['cake-request-received'], 'Recebemos um pedido de bolo personalizado', 'Próximos passos')
		expect(mails['cake-request-received']!.html).toContain(`href="${ORIGIN}/pt-br/custom-cakes"`)
		const quote = mails['cake-quote-sent']!
		expect(quote.subject).toBe('Seu orçamento de bolo da Doce Dulce Bakery')
		expectBoth(quote, 'Sinal para reservar', 'US$ 1.234,50', 'US$ 600,00', '26 de nov. de 2026, 10:00')
		expect(quote.html).toContain(`href="${ORIGIN}/pt-br${quotePath(rows.request.id, 1)}"`)
		expectBoth(mails['cake-balance-reminder'], 'Pagar o saldo', 'US$ 634,50')
	})

	it('the owner reads English and learns the customer wrote in Portuguese', () => {
		for (const kind of ['order-paid-owner', 'cake-request-owner', 'contact-message-owner'] as const) {
			expect(mails[kind]!.text).toContain('Portuguese (Brazil)')
			expect(mails[kind]!.text).not.toContain('Horário')
		}
	})
})
