/**
 * The owner's bread club screen (decision 093): a plan checked against the menu (bakery items only, their options,
 * a price no higher than its items) and stored in cents, refused to staff, and each plan's members and the boxes
 * expected on its next pickup day.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { firstPickupDate } from '~/domain/club/cadence'
import { clearClub } from './customer-helpers'
import { encodeBoxVariant } from '~/domain/club/plan-form'
import { addLocalDays } from '~/domain/pickup/pickup-schedule'
import { action, loader } from '~/routes/admin.club'
import { prisma } from '~/utils/db.server'
import { createCakeOptions, createMenuItem } from '../fixtures/menu'
import { ADMIN, STAFF, get, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let ownerCookie: string
let staffCookie: string

beforeAll(async () => {
	env = await useAdminTestEnv()
	process.env.STAFF_EMAILS = STAFF.email
	const { resetEnv } = await import('~/utils/env.server')
	resetEnv()
	ownerCookie = await sessionCookieFor(ADMIN)
	staffCookie = await sessionCookieFor(STAFF)
})

afterAll(async () => {
	delete process.env.STAFF_EMAILS
	await env.cleanup()
})

beforeEach(async () => {
	await clearClub()
	await prisma.menuItem.deleteMany()
	await prisma.customer.deleteMany()
})

const send = (fields: Record<string, string>, cookie = ownerCookie) =>
	run(action({ request: post('/admin/club', fields, cookie), params: {}, context: {} }))

const page = async () =>
	(await run(loader({ request: get('/admin/club', ownerCookie), params: {}, context: {} }))).data as {
		variants: Array<{ value: string; name: string; unitPriceCents: number }>
		plans: Array<{
			id: string
			name: string
			liveMembers: number
			nextBoxDate: string
			expectedBoxes: number
			lines: Array<{ variant: string; quantity: number }>
			members: Array<{ name: string; email: string; status: string; pickupTime: string; pausedUntil: string | null }>
		}>
	}

/** A valid plan's fields, its box given as picker values and quantities. */
function planFields(lines: Array<[string, number]>, overrides: Record<string, string> = {}) {
	return {
		intent: 'create',
		name: 'Saturday bread box',
		nameEs: 'Caja de pan del sábado',
		description: 'A loaf and pastries for the weekend.',
		...Object.fromEntries(
			lines.flatMap(([variant, quantity], row) => [
				[`lines[${row}].variant`, variant],
				[`lines[${row}].quantity`, String(quantity)],
			]),
		),
		frequency: 'WEEKLY',
		pickupWeekday: '6',
		windowStart: '09:00',
		windowEnd: '11:00',
		price: '24.50',
		maxSubscribers: '30',
		cutoffDaysBefore: '3',
		cutoffTime: '20:00',
		active: 'on',
		...overrides,
	}
}

const errorsOf = (outcome: { data: unknown }) =>
	(outcome.data as { result: { error?: Record<string, string[]> } }).result.error ?? {}

describe('/admin/club', () => {
	it('creates a plan from the picker’s items and options, its price in cents, and lists it', async () => {
		const bread = await createMenuItem({ name: 'Pão de forma', priceCents: 800 })
		const cake = await createMenuItem({ name: 'Tres Leches', priceCents: 4200 })
		const options = await createCakeOptions(cake.id)
		// Needs typed text: never offered.
		const named = await createMenuItem({ name: 'Named cake' })
		await prisma.menuOptionGroup.create({
			data: { menuItemId: named.id, name: 'Name', kind: 'TEXT', required: true, maxLength: 20 },
		})
		await createMenuItem({ name: 'Empanada', taxCategory: 'PREPARED_FOOD' })
		const { variants } = await page()
		expect(variants.map((variant) => variant.name).sort()).toEqual(
			['Pão de forma', 'Tres Leches (Size: 6″)', 'Tres Leches (Size: 8″)', 'Tres Leches (Size: 10″)'].sort(),
		)
		const eightInch = variants.find((variant) => variant.name === 'Tres Leches (Size: 8″)')!
		expect(eightInch.unitPriceCents).toBe(5400)

		const created = await send(
			planFields(
				[
					[`item=${bread.id}`, 2],
					[eightInch.value, 1],
				],
				{ price: '$65' },
			),
		)
		expect(created.data).toMatchObject({ message: 'Saturday bread box created.' })
		const plan = await prisma.clubPlan.findFirstOrThrow()
		expect(plan).toMatchObject({
			name: 'Saturday bread box',
			nameEs: 'Caja de pan del sábado',
			namePtBr: null,
			priceCents: 6500,
			frequency: 'WEEKLY',
			pickupWeekday: 6,
			cutoffDaysBefore: 3,
			cutoffTime: '20:00',
			maxSubscribers: 30,
			active: true,
			lines: [
				{ menuItemId: bread.id, quantity: 2, choices: [] },
				{ menuItemId: cake.id, quantity: 1, choices: [{ groupId: options.size.id, optionIds: [options.size.eight] }] },
			],
		})
		const listed = (await page()).plans[0]!
		expect(listed).toMatchObject({ name: 'Saturday bread box', liveMembers: 0, expectedBoxes: 0, members: [] })
		expect(listed.lines).toEqual([
			{ variant: `item=${bread.id}`, quantity: 2 },
			{ variant: eightInch.value, quantity: 1 },
		])

		const saved = await send({
			...planFields([[`item=${bread.id}`, 3]], { name: 'Bread box', price: '20', active: '' }),
			intent: 'update',
			id: plan.id,
		})
		expect(saved.data).toMatchObject({ message: 'Bread box saved.' })
		expect(await prisma.clubPlan.findUniqueOrThrow({ where: { id: plan.id } })).toMatchObject({
			name: 'Bread box',
			priceCents: 2000,
			active: false,
			lines: [{ menuItemId: bread.id, quantity: 3, choices: [] }],
		})
	})

	it('keeps a plan’s day, frequency and cutoff while it has members (their Stripe cycles follow them)', async () => {
		const bread = await createMenuItem({ name: 'Pão de forma', priceCents: 800 })
		await send(planFields([[`item=${bread.id}`, 4]]))
		const plan = await prisma.clubPlan.findFirstOrThrow()
		const customer = await prisma.customer.create({ data: { email: 'member@example.com' } })
		await prisma.clubSubscription.create({
			data: {
				planId: plan.id,
				customerId: customer.id,
				status: 'ACTIVE',
				pickupTime: '10:00',
				firstPickupDate: new Date('2026-12-05T00:00:00Z'),
				priceCents: 2450,
			},
		})
		const update = (overrides: Record<string, string>) =>
			send({ ...planFields([[`item=${bread.id}`, 4]], overrides), intent: 'update', id: plan.id })
		const changes: Array<Record<string, string>> = [
			{ pickupWeekday: '0' },
			{ frequency: 'EVERY_TWO_WEEKS' },
			{ cutoffTime: '18:00' },
		]
		for (const change of changes) {
			const refused = await update(change)
			expect(errorsOf(refused).frequency?.[0]).toMatch(/This plan has members/)
		}
		expect(await prisma.clubPlan.findUniqueOrThrow({ where: { id: plan.id } })).toMatchObject({
			pickupWeekday: 6,
			frequency: 'WEEKLY',
			cutoffTime: '20:00',
		})
		// Its name, box, price and window may change; members keep the price they joined at.
		expect((await update({ name: 'Weekend box', price: '22', windowEnd: '12:00' })).data).toMatchObject({
			message: 'Weekend box saved.',
		})
	})

	it('refuses a staff member, changing nothing', async () => {
		const bread = await createMenuItem({ priceCents: 800 })
		const refused = await send(planFields([[`item=${bread.id}`, 4]]), staffCookie)
		expect(refused.status).toBe(403)
		const screen = await run(loader({ request: get('/admin/club', staffCookie), params: {}, context: {} }))
		expect(screen.status).toBe(403)
		expect(await prisma.clubPlan.count()).toBe(0)
	})

	it('answers invalid input beside its fields and keeps what was typed', async () => {
		const bread = await createMenuItem({ priceCents: 800 })
		const outcome = await send({
			...planFields([
				[`item=${bread.id}`, 0],
				['', 2],
				[`item=${bread.id}`, 1],
			]),
			name: '',
			price: 'twelve',
			cutoffDaysBefore: '9',
		})
		expect(outcome.status).toBe(400)
		const errors = errorsOf(outcome)
		expect(errors).toMatchObject({
			name: ['Please name the plan.'],
			price: [expect.stringContaining('Please enter a price from $1.00 to $1,000.00')],
			cutoffDaysBefore: ['Please choose when changes close.'],
			'lines[0].quantity': ['Please enter a number from 1 to 48.'],
			'lines[1].variant': ['Choose an item, or clear its quantity.'],
		})
		const { initialValue } = (outcome.data as { result: { initialValue: Record<string, unknown> } }).result
		expect(initialValue).toMatchObject({ price: 'twelve', description: 'A loaf and pastries for the weekend.' })
		expect(outcome.data).toMatchObject({ formId: 'new-club-plan' })
		expect(await prisma.clubPlan.count()).toBe(0)

		const empty = await send(planFields([], { windowStart: '11:00', windowEnd: '09:00' }))
		expect(errorsOf(empty)).toEqual({
			lines: ['Put at least one item in the box.'],
			windowEnd: ['The last pickup time must not be before the first.'],
		})
	})

	it('refuses prepared food, an option the item does not offer, and a price above the items’ menu total', async () => {
		const bread = await createMenuItem({ priceCents: 500 })
		const empanada = await createMenuItem({ name: 'Empanada', priceCents: 450, taxCategory: 'PREPARED_FOOD' })
		const hidden = await createMenuItem({ name: 'Staff loaf', orderable: false })
		const taxable = await send(
			planFields([
				[`item=${bread.id}`, 1],
				[`item=${empanada.id}`, 2],
				[`item=${hidden.id}`, 1],
				[encodeBoxVariant(bread.id, [{ groupId: 'size', optionIds: ['huge'] }]), 1],
			]),
		)
		expect(taxable.status).toBe(400)
		expect(errorsOf(taxable)).toEqual({
			'lines[1].variant': [
				'Empanada is prepared food (taxable): a club box holds bakery items only, which carry no sales tax.',
			],
			'lines[2].variant': ['Staff loaf is not sold online.'],
			'lines[3].variant': [expect.stringContaining('its options have changed')],
		})

		const dear = await send(planFields([[`item=${bread.id}`, 2]], { price: '12.50' }))
		expect(dear.status).toBe(400)
		expect(errorsOf(dear)).toEqual({
			price: [
				'The box’s items cost $10.00 at today’s menu prices: this price is $2.50 more. A club box never costs more than buying its items.',
			],
		})
		// At the menu's price exactly, it is taken.
		expect((await send(planFields([[`item=${bread.id}`, 2]], { price: '10' }))).status).toBe(200)
		expect(await prisma.clubPlan.count()).toBe(1)
	})

	it('counts the members and the boxes expected on the next pickup day', async () => {
		const bread = await createMenuItem({ priceCents: 800 })
		const cadence = { pickupWeekday: 6, cutoffDaysBefore: 3, cutoffTime: '20:00' }
		const plan = async (frequency: 'WEEKLY' | 'EVERY_TWO_WEEKS', name: string) =>
			prisma.clubPlan.create({
				data: {
					name,
					lines: [{ menuItemId: bread.id, quantity: 1, choices: [] }],
					frequency,
					...cadence,
					windowStart: '09:00',
					windowEnd: '11:00',
					priceCents: 700,
					maxSubscribers: 10,
				},
			})
		const weekly = await plan('WEEKLY', 'A weekly box')
		const fortnightly = await plan('EVERY_TWO_WEEKS', 'B fortnightly box')
		const next = firstPickupDate({ frequency: 'WEEKLY', ...cadence }, new Date())
		let counter = 0
		const member = async (
			planId: string,
			first: string,
			more: { status?: 'CHECKOUT' | 'ACTIVE' | 'PAST_DUE' | 'CANCELLED'; pausedUntil?: string } = {},
		) => {
			counter += 1
			const customer = await prisma.customer.create({
				data: { email: `member${counter}@example.com`, name: `Member ${counter}` },
			})
			return prisma.clubSubscription.create({
				data: {
					planId,
					customerId: customer.id,
					status: more.status ?? 'ACTIVE',
					pickupTime: '09:30',
					firstPickupDate: new Date(`${first}T00:00:00Z`),
					pausedUntil: more.pausedUntil ? new Date(`${more.pausedUntil}T00:00:00Z`) : null,
					cancelledAt: more.status === 'CANCELLED' ? new Date() : null,
					priceCents: 700,
				},
			})
		}
		await member(weekly.id, next)
		await member(weekly.id, addLocalDays(next, -21))
		const skipper = await member(weekly.id, addLocalDays(next, -7))
		await prisma.clubPickup.create({
			data: { subscriptionId: skipper.id, pickupDate: new Date(`${next}T00:00:00Z`), status: 'SKIPPED' },
		})
		await member(weekly.id, addLocalDays(next, -7), { pausedUntil: addLocalDays(next, 7) })
		// Paused until the next box itself: it is made.
		await member(weekly.id, addLocalDays(next, -7), { pausedUntil: next })
		await member(weekly.id, next, { status: 'PAST_DUE' })
		// A payment page still open holds a seat; a member who left holds none.
		await member(weekly.id, next, { status: 'CHECKOUT' })
		await member(weekly.id, next, { status: 'CANCELLED' })
		// Every two weeks: due on the next box date, or the week after it.
		await member(fortnightly.id, addLocalDays(next, -14))
		await member(fortnightly.id, addLocalDays(next, -7))

		const [first, second] = (await page()).plans
		expect(first).toMatchObject({ name: 'A weekly box', nextBoxDate: next, liveMembers: 7, expectedBoxes: 3 })
		expect(first!.members.map((row) => [row.name, row.status, row.pausedUntil])).toEqual([
			['Member 1', 'ACTIVE', null],
			['Member 2', 'ACTIVE', null],
			['Member 3', 'ACTIVE', null],
			['Member 4', 'ACTIVE', addLocalDays(next, 7)],
			['Member 5', 'ACTIVE', next],
			['Member 6', 'PAST_DUE', null],
		])
		expect(first!.members[0]).toMatchObject({ email: 'member1@example.com', pickupTime: '09:30' })
		expect(second).toMatchObject({ name: 'B fortnightly box', liveMembers: 2, expectedBoxes: 1 })
	})
})
