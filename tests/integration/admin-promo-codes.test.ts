/**
 * The owner's promo codes screen (decision 080): creating a code (the form's rules, a duplicate refused), changing
 * its window and limits in the bakery's days, stopping it (a checkout then reads "unknown"), and its uses.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { action, loader } from '~/routes/admin.promo-codes'
import { prisma } from '~/utils/db.server'
import { createMenuItem } from '../fixtures/menu'
import { ADMIN, get, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { clearPickupHolds } from './pickup-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let ownerCookie: string

beforeAll(async () => {
	env = await useAdminTestEnv()
	ownerCookie = await sessionCookieFor(ADMIN)
})

afterAll(() => env.cleanup())

beforeEach(async () => {
	await clearPickupHolds()
	await prisma.promoCode.deleteMany()
})

const send = async (fields: Record<string, string | string[]>) =>
	run(action({ request: post('/admin/promo-codes', fields, ownerCookie), params: {}, context: {} }))

type Listed = { codes: Array<{ code: string; startsOn: string; endsOn: string; active: boolean; usedCount: number }> }

describe('/admin/promo-codes', () => {
	it('creates a code as the owner typed it, in upper case, its days in the bakery’s time zone', async () => {
		const cake = await createMenuItem()
		const created = await send({
			intent: 'create',
			code: ' spring-10 ',
			kind: 'PERCENT',
			percentOff: '10',
			categories: ['CAKES', 'DONUTS'],
			menuItemIds: [cake.id],
			minimumOrder: '20',
			startsOn: '2026-12-01',
			endsOn: '2026-12-24',
			maxUses: '100',
			maxUsesPerCustomer: '1',
			firstOrderOnly: 'on',
		})
		expect(created.data).toMatchObject({ message: 'Code SPRING-10 created.' })
		const code = await prisma.promoCode.findUniqueOrThrow({ where: { code: 'SPRING-10' } })
		expect(code).toMatchObject({
			kind: 'PERCENT',
			percentOff: 10,
			amountOffCents: null,
			minimumOrderCents: 2000,
			categories: ['CAKES', 'DONUTS'],
			menuItemIds: [cake.id],
			maxUses: 100,
			maxUsesPerCustomer: 1,
			firstOrderOnly: true,
			active: true,
		})
		// Everett's days: midnight Pacific to the end of Christmas Eve.
		expect(code.startsAt?.toISOString()).toBe('2026-12-01T08:00:00.000Z')
		expect(code.endsAt?.toISOString()).toBe('2026-12-25T08:00:00.000Z')
		const listed = (await run(loader({ request: get('/admin/promo-codes', ownerCookie), params: {}, context: {} })))
			.data as Listed
		expect(listed.codes[0]).toMatchObject({ code: 'SPRING-10', startsOn: '2026-12-01', endsOn: '2026-12-24' })
	})

	it('refuses a bad code beside its field and a duplicate, and keeps nothing', async () => {
		const bad = await send({ intent: 'create', code: 'a b', kind: 'AMOUNT' })
		expect(bad.status).toBe(400)
		expect(JSON.stringify(bad.data)).toContain('Use 3 to 40 letters, digits or dashes')
		expect(JSON.stringify(bad.data)).toContain('Enter the amount off.')
		await send({ intent: 'create', code: 'TWICE', kind: 'AMOUNT', amountOff: '5' })
		const twice = await send({ intent: 'create', code: 'twice', kind: 'PERCENT', percentOff: '50' })
		expect(JSON.stringify(twice.data)).toContain('A code with this name exists already.')
		expect(await prisma.promoCode.findMany({ select: { code: true, amountOffCents: true } })).toEqual([
			{ code: 'TWICE', amountOffCents: 500 },
		])
	})

	it('changes the window and limits, never the discount; a stopped code reads as unknown at checkout', async () => {
		const code = await prisma.promoCode.create({ data: { code: 'STOPME', kind: 'AMOUNT', amountOffCents: 300 } })
		const changed = await send({ intent: 'limits', id: code.id, maxUses: '5', endsOn: '2026-12-31', amountOff: '99' })
		expect(changed.data).toMatchObject({ message: 'The code’s window and limits were saved.' })
		expect(await prisma.promoCode.findUniqueOrThrow({ where: { id: code.id } })).toMatchObject({
			maxUses: 5,
			amountOffCents: 300,
			endsAt: new Date('2027-01-01T08:00:00.000Z'),
		})
		const backwards = await send({ intent: 'limits', id: code.id, startsOn: '2026-12-31', endsOn: '2026-12-01' })
		expect(backwards.status).toBe(400)
		await send({ intent: 'deactivate', id: code.id })
		expect((await prisma.promoCode.findUniqueOrThrow({ where: { id: code.id } })).active).toBe(false)
		const { previewCheckout } = await import('~/domain/orders/checkout.server')
		const cake = await createMenuItem()
		const preview = await previewCheckout({
			items: [{ id: cake.id, quantity: 1, choices: [] }],
			promoCode: 'STOPME',
			tip: 'none',
			customer: {},
		})
		expect(preview).toMatchObject({ ok: false, reason: 'promo', problem: 'unknown' })
		await send({ intent: 'activate', id: code.id })
		expect(
			await previewCheckout({
				items: [{ id: cake.id, quantity: 1, choices: [] }],
				promoCode: 'STOPME',
				tip: 'none',
				customer: {},
			}),
		).toMatchObject({ ok: true, discountCents: 300 })
	})
})
