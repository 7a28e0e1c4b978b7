/**
 * Item and option names in the customer's mails: the names the customer saw at checkout, in the order's
 * language, kept with the order's lines (docs/decisions/042-languages.md); the owner's alert and the order's
 * own names stay English. Orders are placed through the real checkout (the test payment provider).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { composeMail, type MailContext } from '~/domain/mail/compose.server'
import type { MailJob, OutgoingMail } from '~/domain/mail/mail-jobs'
import { startCheckout } from './checkout-helpers'
import { prisma } from '~/utils/db.server'
import type { Locale } from '~/utils/i18n'
import { invalidateMenuCache } from '~/domain/menu/menu-cache.server'
import { createCakeOptions, createMenuItem } from '../fixtures/menu'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'

const ORIGIN = 'https://bakery.test'
const context: MailContext = {
	origin: ORIGIN,
	reviewUrl: async (orderId) => `${ORIGIN}/review/signed-${orderId}`,
	ownerEmails: ['owner@example.com'],
}

beforeAll(async () => {
	await openEveryDay({ ordersPerSlot: 1000 })
})

beforeEach(async () => {
	await clearPickupHolds()
})

/** The HTML as a reader sees its text: without tags and React's text separators. */
const visible = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '')

/** Both parts of a mail say it. */
function expectBoth(mail: OutgoingMail, ...phrases: string[]) {
	for (const part of [mail.text, visible(mail.html)]) for (const phrase of phrases) expect(part).toContain(phrase)
}

/** Neither part says it. */
function expectNeither(mail: OutgoingMail, ...phrases: string[]) {
	for (const part of [mail.text, visible(mail.html)]) for (const phrase of phrases) expect(part).not.toContain(phrase)
}

/** A cake with its size, toppings and message options; the owner has named some of them in Spanish and Portuguese. */
async function translatedCake() {
	const cake = await createMenuItem({ name: 'Tres leches', priceCents: 4200 })
	const options = await createCakeOptions(cake.id)
	await prisma.menuItem.update({
		where: { id: cake.id },
		data: { nameEs: 'Pastel de tres leches', namePtBr: 'Bolo de três leites' },
	})
	await prisma.menuOptionGroup.update({
		where: { id: options.size.id },
		data: { nameEs: 'Tamaño', namePtBr: 'Tamanho' },
	})
	await prisma.menuOptionGroup.update({ where: { id: options.toppings.id }, data: { nameEs: 'Coberturas' } })
	await prisma.menuOptionGroup.update({
		where: { id: options.message.id },
		data: { nameEs: 'Mensaje en el pastel', namePtBr: 'Mensagem no bolo' },
	})
	await prisma.menuOption.update({ where: { id: options.size.eight }, data: { nameEs: '8 pulgadas' } })
	await prisma.menuOption.update({ where: { id: options.toppings.strawberries }, data: { nameEs: 'Fresas' } })
	invalidateMenuCache()
	return { cake, options }
}

/** A paid order of two 8″ cakes with strawberries and a message, placed at the checkout of the page in `locale`. */
async function paidOrder(locale: Locale) {
	const { cake, options } = await translatedCake()
	const result = await startCheckout(
		{
			customer: { name: 'Mariana Souza', email: 'mariana@example.com' },
			items: [
				{
					id: cake.id,
					quantity: 2,
					choices: [
						{ groupId: options.size.id, optionIds: [options.size.eight] },
						{ groupId: options.toppings.id, optionIds: [options.toppings.strawberries] },
						{ groupId: options.message.id, text: 'Feliz cumpleaños Ana' },
					],
				},
			],
			pickupAt: pickupSlot(),
		},
		{ origin: ORIGIN, locale },
	)
	if (!result.ok) throw new Error(`checkout refused: ${result.error}`)
	await prisma.order.update({ where: { id: result.orderId }, data: { status: 'PAID', paidAt: new Date() } })
	return { orderId: result.orderId, cake }
}

async function compose(kind: Extract<MailJob, { orderId: string }>['kind'], orderId: string) {
	if (kind === 'order-ready') await prisma.order.update({ where: { id: orderId }, data: { status: 'READY' } })
	const mail = await composeMail({ kind, orderId }, context)
	if (!mail) throw new Error(`no ${kind} mail`)
	return mail
}

const ENGLISH_LINE = [
	'2 × Tres leches',
	'Size: 8″ · Toppings: Strawberries · Message on the cake: “Feliz cumpleaños Ana”',
]

describe('item and option names in the customer’s mails', () => {
	it('a Spanish order: the receipt and "ready" name what the customer chose in Spanish; the owner reads English', async () => {
		const { orderId, cake } = await paidOrder('es')
		// The owner renames the item after the order: the customer's mails keep what they ordered and paid for.
		await prisma.menuItem.update({
			where: { id: cake.id },
			data: { name: 'Tres leches cake', nameEs: 'Tres leches de la casa' },
		})
		invalidateMenuCache()

		const spanishLine = [
			'2 × Pastel de tres leches',
			'Tamaño: 8 pulgadas · Coberturas: Fresas · Mensaje en el pastel: “Feliz cumpleaños Ana”',
		]
		const receipt = await compose('order-receipt', orderId)
		expectBoth(receipt, ...spanishLine)
		expectNeither(receipt, 'Tres leches de la casa', 'Size:', 'Strawberries')
		// The calendar file attached to the receipt names the same lines.
		expect(receipt.attachments![0]!.content).toContain('Pastel de tres leches')

		const owner = await compose('order-paid-owner', orderId)
		expectBoth(owner, ...ENGLISH_LINE)
		expectNeither(owner, 'Pastel de tres leches', 'Tamaño')

		expectBoth(await compose('order-ready', orderId), ...spanishLine)
		// The order's own line (the admin's orders and prep list) keeps the owner's English.
		expect(await prisma.orderItem.findFirstOrThrow({ where: { orderId } })).toMatchObject({
			name: 'Tres leches',
			options: [
				{ group: 'Size', choice: '8″', priceDeltaCents: 1200 },
				{ group: 'Toppings', choice: 'Strawberries', priceDeltaCents: 300 },
				{ group: 'Message on the cake', text: 'Feliz cumpleaños Ana', priceDeltaCents: 0 },
			],
		})
	})

	it('a Portuguese order: the names the owner translated, English for the rest', async () => {
		const { orderId } = await paidOrder('pt-BR')
		const receipt = await compose('order-receipt', orderId)
		expectBoth(
			receipt,
			'2 × Bolo de três leites',
			'Tamanho: 8″ · Toppings: Strawberries · Mensagem no bolo: “Feliz cumpleaños Ana”',
		)
	})

	it('an English order: the mails as before, and no second names stored', async () => {
		const { orderId } = await paidOrder('en')
		expectBoth(await compose('order-receipt', orderId), ...ENGLISH_LINE)
		expect(await prisma.orderItem.findFirstOrThrow({ where: { orderId } })).toMatchObject({
			localizedName: null,
			localizedOptions: null,
		})
	})
})

describe('the weekly hours in a Spanish mail', () => {
	it('Monday and Wednesday with the same hours are two days, not the run Monday to Wednesday', async () => {
		const { orderId } = await paidOrder('es')
		await prisma.openingHours.deleteMany()
		await prisma.openingHours.createMany({
			data: [1, 3].map((weekday) => ({ weekday, opensAt: '07:00', closesAt: '18:00' })),
		})
		try {
			const receipt = await compose('order-receipt', orderId)
			expectBoth(receipt, 'lun, mié: 7:00 a.m. – 6:00 p.m.', 'mar: cerrado', 'dom: cerrado')
			expectNeither(receipt, 'lun–mié')
		} finally {
			await openEveryDay({ ordersPerSlot: 1000 })
		}
	})
})
