/**
 * The bread club's mails (decision 093) as composeMail builds them from real rows, in the subscriber's language:
 * the welcome with the box, its day and time, the first box and its cutoff; a box not made and why; a renewal not
 * paid; the membership ended. Each is sent only while the membership (or the box) still stands as it speaks of.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { ClubPickupStatus, ClubSubscriptionStatus } from '~/generated/prisma/enums'
import { composeMail, type MailContext } from '~/domain/mail/compose.server'
import type { MailJob, OutgoingMail } from '~/domain/mail/mail-jobs'
import { prisma } from '~/utils/db.server'
import type { Locale } from '~/utils/i18n'
import { createMenuItem } from '../fixtures/menu'

const ORIGIN = 'https://bakery.test'
const context: MailContext = {
	origin: ORIGIN,
	reviewUrl: async (orderId) => `${ORIGIN}/review/${orderId}`,
	ownerEmails: ['owner@example.com'],
}

/** A Saturday; its cutoff is Wednesday, December 9, at 20:00. */
const FIRST_BOX = '2026-12-12'
const MISSED_BOX = '2026-12-19'

/** The HTML as a reader sees its text: without tags and React's text separators. */
const visible = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '')

/** Both parts of a mail say it. */
function expectBoth(mail: OutgoingMail | null, ...phrases: string[]) {
	expect(mail).not.toBeNull()
	for (const part of [mail!.text, visible(mail!.html)]) for (const phrase of phrases) expect(part).toContain(phrase)
}

let planId: string

beforeAll(async () => {
	const bread = await createMenuItem({ name: 'Pão de queijo', category: 'BRAZILIAN_PASTRIES' })
	await prisma.menuItem.update({
		where: { id: bread.id },
		data: { nameEs: 'Pan de queso', namePtBr: 'Pão de queijo mineiro' },
	})
	const size = await prisma.menuOptionGroup.create({
		data: {
			menuItemId: bread.id,
			name: 'Size',
			nameEs: 'Tamaño',
			namePtBr: 'Tamanho',
			kind: 'SINGLE',
			options: { create: [{ name: 'Dozen', nameEs: 'Docena', namePtBr: 'Dúzia', priceDeltaCents: 0 }] },
		},
		include: { options: true },
	})
	const conchas = await createMenuItem({ name: 'Conchas', category: 'MEXICAN_PASTRIES' })
	const plan = await prisma.clubPlan.create({
		data: {
			name: 'Weekend Loaf',
			nameEs: 'Pan del fin de semana',
			namePtBr: 'Pão do fim de semana',
			lines: [
				{ menuItemId: bread.id, quantity: 2, choices: [{ groupId: size.id, optionIds: [size.options[0]!.id] }] },
				{ menuItemId: conchas.id, quantity: 4, choices: [] },
			],
			pickupWeekday: 6,
			windowStart: '09:00',
			windowEnd: '11:45',
			priceCents: 2800,
			maxSubscribers: 20,
			cutoffDaysBefore: 3,
			cutoffTime: '20:00',
		},
	})
	planId = plan.id
})

let subscribers = 0

/** A member in `locale` (ACTIVE), with a box of MISSED_BOX recorded REFUSED. */
async function member(locale: Locale) {
	subscribers += 1
	const customer = await prisma.customer.create({ data: { email: `member${subscribers}@example.com`, locale } })
	const subscription = await prisma.clubSubscription.create({
		data: {
			planId,
			customerId: customer.id,
			status: 'ACTIVE',
			pickupTime: '09:30',
			firstPickupDate: new Date(`${FIRST_BOX}T00:00:00Z`),
			locale,
			priceCents: 2800,
		},
	})
	const pickup = await prisma.clubPickup.create({
		data: { subscriptionId: subscription.id, pickupDate: new Date(`${MISSED_BOX}T00:00:00Z`), status: 'REFUSED' },
	})
	const jobs = {
		welcome: { kind: 'club-welcome', subscriptionId: subscription.id },
		missed: { kind: 'club-box-missed', pickupId: pickup.id },
		failed: { kind: 'club-payment-failed', subscriptionId: subscription.id, invoiceId: 'in_test_1' },
		ended: { kind: 'club-ended', subscriptionId: subscription.id },
	} as const satisfies Record<string, MailJob>
	const setStatus = (status: ClubSubscriptionStatus) =>
		prisma.clubSubscription.update({
			where: { id: subscription.id },
			data: { status, cancelledAt: status === 'CANCELLED' ? new Date() : null },
		})
	const setBox = (status: ClubPickupStatus) => prisma.clubPickup.update({ where: { id: pickup.id }, data: { status } })
	return { email: customer.email, jobs, setStatus, setBox }
}

describe.each([
	{
		locale: 'en',
		prefix: '',
		welcome: {
			subject: 'Welcome to the bread club — first box Sat, Dec 12',
			phrases: [
				'Welcome to the bread club',
				'Thank you for joining Weekend Loaf!',
				'2 × Pão de queijo',
				'Size: Dozen',
				'4 × Conchas',
				'Every Saturday at 9:30 AM',
				'Saturday, December 12',
				'Wed, Dec 9 at 8:00 PM',
				'$28.00',
				'Nothing is charged today. Each box is charged ($28.00) when changes to it close',
			],
		},
		refused: {
			subject: 'No bread club box on Sat, Dec 19',
			phrases: [
				'Your box for Saturday, December 19 was not made',
				'every pickup time from 9:00 AM to 11:45 AM was already full',
				'This box is not charged: its price is credited to your next payment.',
				'Manage my bread club',
			],
		},
		unpaid: ['your last bread club payment had not gone through', 'Update card'],
		failed: {
			subject: 'Your bread club payment did not go through',
			phrases: [
				'The last payment for your Weekend Loaf box did not go through.',
				'you can pay for it when you pick it up',
				'Update card',
			],
		},
		ended: {
			subject: 'Your bread club membership has ended',
			phrases: [
				'the payments for Weekend Loaf did not go through',
				'No more boxes will be made or charged.',
				'Join the bread club',
			],
		},
	},
	{
		locale: 'es',
		prefix: '/es',
		welcome: {
			subject: 'Te damos la bienvenida al club del pan — primera caja: sáb, 12 de dic',
			phrases: [
				'¡Gracias por unirte a Pan del fin de semana!',
				'2 × Pan de queso',
				'Tamaño: Docena',
				'Todos los sábados, 9:30 a.m.',
				'sábado, 12 de diciembre',
				'mié, 9 de dic, 8:00 p.m.',
				'$28.00',
				'Hoy no se cobra nada.',
			],
		},
		refused: {
			subject: 'Sin caja del club del pan el sáb, 19 de dic',
			phrases: [
				'No se preparó tu caja del sábado, 19 de diciembre',
				'todas las horas de recogida de 9:00 a.m. a 11:45 a.m. ya estaban llenas',
				'Esta caja no se cobra',
			],
		},
		unpaid: ['tu último pago del club del pan no se había realizado', 'Actualizar tarjeta'],
		failed: {
			subject: 'No se pudo realizar el pago de tu club del pan',
			phrases: ['El último pago de tu caja de Pan del fin de semana no se realizó.', 'puedes pagarla al recogerla'],
		},
		ended: {
			subject: 'Tu membresía del club del pan terminó',
			phrases: ['los pagos de Pan del fin de semana no se realizaron', 'Unirme al club del pan'],
		},
	},
	{
		locale: 'pt-BR',
		prefix: '/pt-br',
		welcome: {
			subject: 'Boas-vindas ao clube do pão — primeira caixa: sáb., 12 de dez.',
			phrases: [
				'Seu plano é Pão do fim de semana.',
				'2 × Pão de queijo mineiro',
				'Tamanho: Dúzia',
				'Todo sábado, às 9:30',
				'sábado, 12 de dezembro',
				'qua., 9 de dez., 20:00',
				'US$ 28,00',
				'Hoje nada é cobrado.',
			],
		},
		refused: {
			subject: 'Sem caixa do clube do pão em sáb., 19 de dez.',
			phrases: [
				'Não foi possível preparar sua caixa de sábado, 19 de dezembro',
				'todos os horários de retirada das 9:00 às 11:45 já estavam lotados',
				'Esta caixa não é cobrada',
			],
		},
		unpaid: ['seu último pagamento do clube do pão não tinha sido aprovado', 'Atualizar cartão'],
		failed: {
			subject: 'O pagamento do seu clube do pão não foi aprovado',
			phrases: [
				'O último pagamento da sua caixa do Pão do fim de semana não foi aprovado.',
				'você pode pagar na retirada',
			],
		},
		ended: {
			subject: 'Sua assinatura do clube do pão foi encerrada',
			phrases: ['os pagamentos do Pão do fim de semana não foram aprovados', 'Entrar no clube do pão'],
		},
	},
] as const)('in $locale', ({ locale, prefix, welcome, refused, unpaid, failed, ended }) => {
	const clubPage = `href="${ORIGIN}${prefix}/account/club"`

	it('welcomes the member: the box, its day and time, the first box, its cutoff, the price and their page', async () => {
		const { email, jobs } = await member(locale)
		const mail = await composeMail(jobs.welcome, context)
		expect(mail?.to).toEqual([email])
		expect(mail?.subject).toBe(welcome.subject)
		expectBoth(mail, ...welcome.phrases)
		expect(mail!.html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`))
		expect(mail!.html).toContain(clubPage)
	})

	it('tells a box not made, why, and that it is not charged', async () => {
		const { jobs, setBox } = await member(locale)
		const mail = await composeMail(jobs.missed, context)
		expect(mail?.subject).toBe(refused.subject)
		expectBoth(mail, ...refused.phrases)
		expect(mail!.html).toContain(clubPage)
		await setBox('UNPAID')
		expectBoth(await composeMail(jobs.missed, context), ...unpaid)
	})

	it('asks for another card while past due, and says goodbye once ended', async () => {
		const { jobs, setStatus } = await member(locale)
		await setStatus('PAST_DUE')
		const failedMail = await composeMail(jobs.failed, context)
		expect(failedMail?.subject).toBe(failed.subject)
		expectBoth(failedMail, ...failed.phrases)
		expect(failedMail!.html).toContain(clubPage)
		await setStatus('CANCELLED')
		const endedMail = await composeMail(jobs.ended, context)
		expect(endedMail?.subject).toBe(ended.subject)
		expectBoth(endedMail, ...ended.phrases)
		expect(endedMail!.html).toContain(`href="${ORIGIN}${prefix}/club"`)
	})
})

describe('a club mail sent when things have moved on', () => {
	it('says every other week for a plan every two weeks', async () => {
		const { jobs } = await member('en')
		await prisma.clubPlan.update({ where: { id: planId }, data: { frequency: 'EVERY_TWO_WEEKS' } })
		try {
			expectBoth(await composeMail(jobs.welcome, context), 'Every other Saturday at 9:30 AM')
		} finally {
			await prisma.clubPlan.update({ where: { id: planId }, data: { frequency: 'WEEKLY' } })
		}
	})

	it('sends no box-missed mail for a box made, skipped, paused or still being placed', async () => {
		const { jobs, setBox } = await member('en')
		for (const status of ['PLACED', 'SKIPPED', 'PAUSED', 'PLACING'] as const) {
			await setBox(status)
			expect(await composeMail(jobs.missed, context), status).toBeNull()
		}
	})

	it('sends no payment-failed mail once paid again or ended, and no ended mail while a member', async () => {
		const { jobs, setStatus } = await member('en')
		expect(await composeMail(jobs.failed, context)).toBeNull()
		expect(await composeMail(jobs.ended, context)).toBeNull()
		await setStatus('PAST_DUE')
		expect(await composeMail(jobs.ended, context)).toBeNull()
		await setStatus('CANCELLED')
		expect(await composeMail(jobs.failed, context)).toBeNull()
		expect(await composeMail(jobs.welcome, context)).toBeNull()
	})

	it('sends nothing for a membership or box that is gone', async () => {
		for (const job of [
			{ kind: 'club-welcome', subscriptionId: 'gone' },
			{ kind: 'club-box-missed', pickupId: 'gone' },
			{ kind: 'club-payment-failed', subscriptionId: 'gone', invoiceId: 'in_gone' },
			{ kind: 'club-ended', subscriptionId: 'gone' },
		] as const satisfies readonly MailJob[]) {
			expect(await composeMail(job, context), job.kind).toBeNull()
		}
	})
})
