/**
 * The waitlist's page (decision 091) as a browser without JavaScript uses it: the loader offers a cart line's
 * sold-out days, the form's post puts the customer in line in the page's language, and every refusal is said with
 * what was typed kept.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createCakeOptions, createMenuItem } from '../fixtures/menu'
import { get, post, run, useAdminTestEnv } from './admin-helpers'
import { signedInCustomer } from './customer-helpers'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'
import { defaultPickupSettings, localDateOf } from '~/domain/pickup/pickup-schedule'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let page: typeof import('~/routes/waitlist')
let account: typeof import('~/routes/account')
let prisma: (typeof import('~/utils/db.server'))['prisma']

beforeAll(async () => {
	env = await useAdminTestEnv()
	page = await import('~/routes/waitlist')
	account = await import('~/routes/account')
	prisma = (await import('~/utils/db.server')).prisma
})

afterAll(() => env.cleanup())

beforeEach(async () => {
	await prisma.waitlistEntry.deleteMany()
	await clearPickupHolds()
	await prisma.menuItem.deleteMany()
	await openEveryDay({ ordersPerSlot: 1000 })
})

const soldOutDate = localDateOf(pickupSlot(2), defaultPickupSettings.timeZone)

/** An item whose daily limit is already taken on the sold-out date (held straight in the day's counter). */
async function soldOutItem(name = 'Tres Leches Cake') {
	const item = await createMenuItem({ name, priceCents: 4200 })
	await prisma.menuItem.update({ where: { id: item.id }, data: { dailyLimit: 1 } })
	await prisma.itemDayUsage.create({
		data: { menuItemId: item.id, pickupDate: new Date(`${soldOutDate}T00:00:00Z`), quantity: 1 },
	})
	return item
}

type LoaderData = Awaited<ReturnType<typeof page.loader>>['data']
type ActionData = Awaited<ReturnType<typeof page.action>>['data']

async function load(path: string) {
	const outcome = await run(page.loader({ request: get(path), params: {}, context: {} }))
	return outcome.data as LoaderData
}

async function join(fields: Record<string, string>, path = '/waitlist') {
	const outcome = await run(
		page.action({ request: post(path, fields), params: {}, context: { clientIp: '203.0.113.9' } }),
	)
	return { status: outcome.status, data: outcome.data as ActionData }
}

function fieldsFor(itemId: string, more: Record<string, string> = {}) {
	return {
		item: itemId,
		quantity: '1',
		choices: '[]',
		date: soldOutDate,
		'customer.name': 'Caio Souza',
		'customer.email': 'Caio@Example.com',
		...more,
	}
}

describe('the page', () => {
	it('offers the line’s sold-out days only; a line sold out nowhere is told it can be ordered', async () => {
		const cake = await soldOutItem()
		const { line } = await load(`/waitlist?item=${cake.id}&quantity=1`)
		expect(line).toMatchObject({ item: cake.id, name: 'Tres Leches Cake', dates: [soldOutDate], orderable: true })
		const concha = await createMenuItem({ name: 'Concha' })
		expect((await load(`/waitlist?item=${concha.id}`)).line).toMatchObject({ dates: [], orderable: true })
		expect((await load('/waitlist?item=nope')).line).toBeNull()
		expect((await load('/waitlist')).line).toBeNull()
	})

	it('names the line with its options in the page’s language, and refuses options the item does not have', async () => {
		const cake = await soldOutItem()
		const { size } = await createCakeOptions(cake.id)
		const choices = JSON.stringify([{ groupId: size.id, optionIds: [size.eight] }])
		const { line } = await load(`/es/waitlist?item=${cake.id}&quantity=1&choices=${encodeURIComponent(choices)}`)
		expect(line?.name).toMatch(/^Tres Leches Cake \(.*8″/)
		const bad = JSON.stringify([{ groupId: 'nope', optionIds: ['x'] }])
		expect((await load(`/waitlist?item=${cake.id}&choices=${encodeURIComponent(bad)}`)).line).toBeNull()
		expect((await load(`/waitlist?item=${cake.id}&choices=not-json`)).line).toBeNull()
	})
})

describe('joining', () => {
	it('puts the customer in line and says their place; the same e-mail again keeps it', async () => {
		const cake = await soldOutItem()
		const first = await join(fieldsFor(cake.id))
		expect(first.status).toBe(200)
		expect(first.data.joined).toMatchObject({
			position: 1,
			alreadyWaiting: false,
			email: 'caio@example.com',
			minutes: 30,
		})
		const second = await join(fieldsFor(cake.id, { 'customer.name': 'Duda', 'customer.email': 'duda@example.com' }))
		expect(second.data.joined).toMatchObject({ position: 2, alreadyWaiting: false })
		const again = await join(fieldsFor(cake.id, { 'customer.email': 'caio@example.com ' }))
		expect(again.data.joined).toMatchObject({ position: 1, alreadyWaiting: true })
		const entries = await prisma.waitlistEntry.findMany({ orderBy: { createdAt: 'asc' } })
		expect(entries.map((entry) => [entry.email, entry.status, entry.anyTime, entry.locale])).toEqual([
			['caio@example.com', 'WAITING', true, 'en'],
			['duda@example.com', 'WAITING', true, 'en'],
		])
	})

	it('waits for one full time of a day that can still be ordered: that time alone', async () => {
		await openEveryDay({ ordersPerSlot: 1 })
		const concha = await createMenuItem({ name: 'Concha', priceCents: 325 })
		const fullAt = pickupSlot(3, '12:00')
		const fullDay = localDateOf(fullAt, defaultPickupSettings.timeZone)
		await prisma.pickupSlotUsage.create({ data: { slotStart: new Date(fullAt), orders: 1 } })
		const { line } = await load(`/waitlist?item=${concha.id}&quantity=1`)
		expect(line?.dates).toEqual([])
		expect(line?.fullTimes).toEqual([{ date: fullDay, pickupAt: new Date(fullAt).toISOString() }])

		const joined = await join(fieldsFor(concha.id, { date: `${fullDay}@${new Date(fullAt).toISOString()}` }))
		expect(joined.status).toBe(200)
		expect(joined.data.joined).toMatchObject({ position: 1, date: fullDay, pickupAt: new Date(fullAt).toISOString() })
		expect(await prisma.waitlistEntry.findFirstOrThrow()).toMatchObject({ anyTime: false, pickupAt: new Date(fullAt) })
		// A time of that day that is free is no wait: it can be ordered.
		const freeAt = new Date(pickupSlot(3, '13:00')).toISOString()
		const free = await join(fieldsFor(concha.id, { date: `${fullDay}@${freeAt}`, 'customer.email': 'b@example.com' }))
		expect(free.status).toBe(409)
		expect((await join(fieldsFor(concha.id, { date: `${fullDay}@not-a-time` }))).status).toBe(400)
	})

	it('a day that can be ordered, or cannot free up, is refused in the page’s language with what was typed kept', async () => {
		const cake = await soldOutItem()
		const openDay = localDateOf(pickupSlot(3), defaultPickupSettings.timeZone)
		const available = await join(fieldsFor(cake.id, { date: openDay }), '/es/waitlist')
		expect(available.status).toBe(409)
		expect(available.data.result.error?.['']).toEqual([
			'Buenas noticias: se puede pedir para ese día ahora mismo. Pídelo en la tienda.',
		])
		expect(available.data.result.initialValue).toMatchObject({ customer: { name: 'Caio Souza' } })
		const far = await join(fieldsFor(cake.id, { date: '2099-01-05' }), '/pt-br/waitlist')
		expect(far.status).toBe(409)
		expect(far.data.result.error?.['']?.[0]).toMatch(/^Nenhuma vaga pode abrir nesse dia/)
		expect(await prisma.waitlistEntry.count()).toBe(0)
	})

	it('texting the offer needs a phone number; a missing name or e-mail is said beside its field', async () => {
		const cake = await soldOutItem()
		const noPhone = await join(fieldsFor(cake.id, { textOffer: 'on' }))
		expect(noPhone.status).toBe(400)
		expect(noPhone.data.result.error?.['customer.phone']).toHaveLength(1)
		const empty = await join(fieldsFor(cake.id, { 'customer.name': '', 'customer.email': '' }))
		expect(Object.keys(empty.data.result.error ?? {}).sort()).toEqual(['customer.email', 'customer.name'])
		const texted = await join(fieldsFor(cake.id, { textOffer: 'on', 'customer.phone': '(425) 555-0188' }))
		expect(texted.data.joined).toMatchObject({ texted: true })
		expect(await prisma.waitlistEntry.findFirstOrThrow()).toMatchObject({ textOffer: true, phone: '(425) 555-0188' })
	})

	it('an item not sold online is refused with 404', async () => {
		const offline = await createMenuItem({ name: 'Counter only', orderable: false })
		const refused = await join(fieldsFor(offline.id))
		expect(refused.status).toBe(404)
		expect(await prisma.waitlistEntry.count()).toBe(0)
	})
})

describe('the account', () => {
	it('lists the customer’s lines with their place, in their language, and lets them leave one', async () => {
		const cake = await soldOutItem()
		await prisma.menuItem.update({ where: { id: cake.id }, data: { nameEs: 'Pastel de tres leches' } })
		const ana = await signedInCustomer('Ana', { locale: 'es' })
		await join(fieldsFor(cake.id, { 'customer.name': 'Bia', 'customer.email': 'bia@example.com' }))
		// Joined signed in (the account's entry), and another under the same e-mail before signing in.
		const signedIn = await run(
			page.action({
				request: post('/es/waitlist', fieldsFor(cake.id, { 'customer.email': ana.email }), ana.cookie),
				params: {},
				context: { clientIp: '203.0.113.9' },
			}),
		)
		expect((signedIn.data as ActionData).joined).toMatchObject({ position: 2 })
		expect(await prisma.waitlistEntry.findFirstOrThrow({ where: { email: ana.email } })).toMatchObject({
			customerId: ana.id,
			locale: 'es',
		})

		const view = await run(account.loader({ request: get('/es/account', ana.cookie), params: {}, context: {} }))
		const { waitlists } = view.data as Awaited<ReturnType<typeof account.loader>>['data']
		expect(waitlists).toEqual([
			{ id: expect.any(String), item: 'Pastel de tres leches', pickupDate: soldOutDate, quantity: 1, position: 2 },
		])

		// Someone else's entry cannot be left from this account.
		const bia = await prisma.waitlistEntry.findFirstOrThrow({ where: { email: 'bia@example.com' } })
		for (const entryId of [bia.id, waitlists[0]!.id]) {
			const left = await run(
				account.action({
					request: post('/es/account', { intent: 'leave-waitlist', entryId }, ana.cookie),
					params: {},
					context: { clientIp: '203.0.113.9' },
				}),
			)
			expect(left.status).toBe(302)
			expect(left.headers.get('Location')).toBe('/es/account#waitlists')
		}
		expect(await prisma.waitlistEntry.findUniqueOrThrow({ where: { id: bia.id } })).toMatchObject({ status: 'WAITING' })
		expect(await prisma.waitlistEntry.findUniqueOrThrow({ where: { id: waitlists[0]!.id } })).toMatchObject({
			status: 'LEFT',
		})
		const after = await run(account.loader({ request: get('/es/account', ana.cookie), params: {}, context: {} }))
		expect((after.data as Awaited<ReturnType<typeof account.loader>>['data']).waitlists).toEqual([])
	})

	it('the data download lists the customer’s lines, and deleting the account deletes them', async () => {
		const cake = await soldOutItem()
		const ana = await signedInCustomer('Ana')
		await run(
			page.action({
				request: post('/waitlist', fieldsFor(cake.id, { 'customer.email': ana.email }), ana.cookie),
				params: {},
				context: { clientIp: '203.0.113.9' },
			}),
		)
		// Someone else's line (another e-mail, another account) is theirs to keep.
		await prisma.waitlistEntry.create({
			data: {
				menuItemId: cake.id,
				pickupDate: new Date(`${soldOutDate}T00:00:00Z`),
				quantity: 3,
				customerName: 'Ana',
				email: 'someone-else@example.com',
				status: 'LEFT',
			},
		})
		const { customerDataExport } = await import('~/domain/customers/privacy.server')
		const exported = await customerDataExport(ana.id)
		expect(exported?.waitlists).toEqual([
			expect.objectContaining({
				item: 'Tres Leches Cake',
				pickupDate: soldOutDate,
				quantity: 1,
				email: ana.email,
				status: 'waiting',
			}),
		])
		const { deleteCustomerAccount } = await import('~/domain/customers/models/customer-privacy.server')
		expect(await deleteCustomerAccount(ana.id)).toEqual({ deleted: true })
		expect(await prisma.waitlistEntry.count({ where: { email: ana.email } })).toBe(0)
		expect(await prisma.waitlistEntry.count({ where: { email: 'someone-else@example.com' } })).toBe(1)
	})
})
