import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createMenuItem } from '../fixtures/menu'
import { fromJsonText } from '~/utils/json-text'

let prisma: (typeof import('~/utils/db.server'))['prisma']
let invalidateMenuCache: () => void
let today: string
let addLocalDays: (typeof import('~/domain/pickup/pickup-schedule'))['addLocalDays']
let dateColumn: (typeof import('~/domain/pickup/models/pickup-schedule.server'))['dateColumn']

interface MenuItemData {
	name: string
	pickupLabels?: string[]
	unavailable?: string
}

beforeEach(async () => {
	prisma = (await import('~/utils/db.server')).prisma
	invalidateMenuCache = (await import('~/domain/menu/menu-cache.server')).invalidateMenuCache
	const schedule = await import('~/domain/pickup/pickup-schedule')
	addLocalDays = schedule.addLocalDays
	dateColumn = (await import('~/domain/pickup/models/pickup-schedule.server')).dateColumn
	today = schedule.localDateOf(new Date(), schedule.defaultPickupSettings.timeZone)
	await prisma.itemDayUsage.deleteMany()
	await prisma.pickupClosure.deleteMany()
	await prisma.orderItem.deleteMany()
	await prisma.menuItem.deleteMany()
	await prisma.openingHours.deleteMany()
	// Open every day, all day: only the items' own rules decide.
	await prisma.openingHours.createMany({
		data: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '00:00', closesAt: '24:00' })),
	})
	invalidateMenuCache()
})

async function load(path: string): Promise<MenuItemData[]> {
	const url = `http://localhost${path}`
	const route = await import(`~/routes${new URL(url).pathname}.tsx`)
	const data = await route.loader({ request: new Request(url), params: {}, context: {} })
	return fromJsonText(data.items)
}

async function shopItem(name: string, path = '/shop') {
	const item = (await load(path)).find((entry) => entry.name === name)
	if (!item) throw new Error(`${name} is not on ${path}`)
	return item
}

async function useUp(menuItemId: string, quantity: number, days: number) {
	await prisma.itemDayUsage.createMany({
		data: Array.from({ length: days }, (_, index) => ({
			menuItemId,
			pickupDate: dateColumn(addLocalDays(today, index)),
			quantity,
		})),
	})
}

describe('pickup labels on the menu', () => {
	it('an item whose daily limit is used up on every day of the horizon is sold out and cannot be added', async () => {
		const slice = await createMenuItem({ name: 'Tres Leches Slice' })
		await prisma.menuItem.update({ where: { id: slice.id }, data: { dailyLimit: 24 } })
		await createMenuItem({ name: 'Chocoflan' })
		await useUp(slice.id, 24, 14)

		for (const path of ['/shop', '/menu', '/cakes']) {
			expect(await shopItem('Tres Leches Slice', path), path).toEqual(
				expect.objectContaining({ pickupLabels: ['Sold out for the next 14 days'], unavailable: 'Sold out' }),
			)
			const other = await shopItem('Chocoflan', path)
			expect(other.pickupLabels, path).toBeUndefined()
			expect(other.unavailable, path).toBeUndefined()
		}
	})

	it('the cart page names the items that cannot be picked up, and only those', async () => {
		const slice = await createMenuItem({ name: 'Tres Leches Slice' })
		await prisma.menuItem.update({ where: { id: slice.id }, data: { dailyLimit: 24 } })
		await createMenuItem({ name: 'Chocoflan' })
		await useUp(slice.id, 24, 14)
		const chocoflan = await prisma.menuItem.findFirstOrThrow({ where: { name: 'Chocoflan' } })
		const { loader } = await import('~/routes/cart')
		expect(await loader({ request: new Request('http://localhost/cart') } as never)).toEqual({
			menu: {
				[slice.id]: {
					state: 'for-sale',
					name: 'Tres Leches Slice',
					priceCents: slice.priceCents,
					unavailable: 'Sold out for the next 14 days',
				},
				[chocoflan.id]: { state: 'for-sale', name: 'Chocoflan', priceCents: chocoflan.priceCents },
			},
		})
	})

	it('when the shop is closed for the whole horizon, every item says it cannot be picked up', async () => {
		await prisma.pickupClosure.create({
			data: {
				startDate: dateColumn(today),
				endDate: dateColumn(addLocalDays(today, 20)),
				note: 'Closed for renovation',
			},
		})
		const cake = await createMenuItem({ name: 'Passion Fruit Mousse Cake' })
		await prisma.menuItem.update({ where: { id: cake.id }, data: { leadMinutes: 2880 } })
		await createMenuItem({ name: 'Chocoflan' })
		await createMenuItem({ name: 'Churro Donut', category: 'DONUTS' })
		for (const item of await load('/shop')) {
			expect(item, item.name).toEqual(
				expect.objectContaining({ pickupLabels: ['Sold out for the next 14 days'], unavailable: 'Sold out' }),
			)
		}
	})

	it('one day with some left in the horizon keeps the item orderable', async () => {
		const slice = await createMenuItem({ name: 'Tres Leches Slice' })
		await prisma.menuItem.update({ where: { id: slice.id }, data: { dailyLimit: 24 } })
		await useUp(slice.id, 24, 13)
		await prisma.itemDayUsage.create({
			data: { menuItemId: slice.id, pickupDate: dateColumn(addLocalDays(today, 13)), quantity: 23 },
		})
		const item = await shopItem('Tres Leches Slice')
		expect(item.unavailable).toBeUndefined()
		expect(item.pickupLabels).toBeUndefined()
	})

	it('a new order shows on the menu within seconds, though the menu itself stays cached', async () => {
		const slice = await createMenuItem({ name: 'Tres Leches Slice' })
		await prisma.menuItem.update({ where: { id: slice.id }, data: { dailyLimit: 1 } })
		expect((await shopItem('Tres Leches Slice')).unavailable).toBeUndefined()
		await useUp(slice.id, 1, 14)
		await vi.waitFor(async () => expect((await shopItem('Tres Leches Slice')).unavailable).toBe('Sold out'), {
			timeout: 8_000,
			interval: 500,
		})
	})

	it('a seasonal item whose window lies beyond the horizon shows its preorder dates and cannot be added yet', async () => {
		const rosca = await createMenuItem({ name: 'Rosca de Reyes' })
		const from = addLocalDays(today, 30)
		const until = addLocalDays(today, 34)
		await prisma.menuItem.update({
			where: { id: rosca.id },
			data: { availableFrom: dateColumn(from), availableUntil: dateColumn(until) },
		})
		const { preorderLabel } = await import('~/domain/pickup/pickup-display')
		const { translator } = await import('~/utils/i18n.server')
		const item = await shopItem('Rosca de Reyes')
		expect(item.pickupLabels).toEqual([preorderLabel(from, until, translator('en'), 'en')])
		expect(item.pickupLabels?.[0]).toMatch(/^Preorder for pickup [A-Z][a-z]{2} \d+–/)
		expect(item.unavailable).toBe('Not yet available to order')
	})

	it('a seasonal item whose window is inside the horizon shows its dates and can be added', async () => {
		const muerto = await createMenuItem({ name: 'Pan de Muerto' })
		const from = addLocalDays(today, 3)
		const until = addLocalDays(today, 5)
		await prisma.menuItem.update({
			where: { id: muerto.id },
			data: { availableFrom: dateColumn(from), availableUntil: dateColumn(until) },
		})
		const { preorderLabel } = await import('~/domain/pickup/pickup-display')
		const { translator } = await import('~/utils/i18n.server')
		const item = await shopItem('Pan de Muerto')
		expect(item.pickupLabels).toEqual([preorderLabel(from, until, translator('en'), 'en')])
		expect(item.unavailable).toBeUndefined()
	})

	it('a window that has ended says so and cannot be added', async () => {
		const rosca = await createMenuItem({ name: 'Rosca de Reyes' })
		await prisma.menuItem.update({
			where: { id: rosca.id },
			data: {
				availableFrom: dateColumn(addLocalDays(today, -10)),
				availableUntil: dateColumn(addLocalDays(today, -6)),
			},
		})
		expect(await shopItem('Rosca de Reyes')).toEqual(
			expect.objectContaining({ pickupLabels: ['Out of season'], unavailable: 'Not available' }),
		)
	})

	it('an item with a lead time says how far ahead to order and stays orderable', async () => {
		const cake = await createMenuItem({ name: 'Passion Fruit Mousse Cake' })
		await prisma.menuItem.update({ where: { id: cake.id }, data: { leadMinutes: 48 * 60 } })
		const item = await shopItem('Passion Fruit Mousse Cake', '/cakes')
		expect(item.pickupLabels).toEqual(['Order 48 h ahead'])
		expect(item.unavailable).toBeUndefined()
	})

	it('when availability cannot be read (database down) the menu still loads, without sold-out words', async () => {
		const slice = await createMenuItem({ name: 'Tres Leches Slice' })
		await prisma.menuItem.update({ where: { id: slice.id }, data: { dailyLimit: 1, leadMinutes: 120 } })
		await useUp(slice.id, 1, 14)
		expect((await shopItem('Tres Leches Slice')).unavailable).toBe('Sold out')

		const { PrismaPg } = await import('@prisma/adapter-pg')
		const { PrismaClient } = await import('~/generated/prisma/client')
		const down = new PrismaClient({
			adapter: new PrismaPg({ connectionString: 'postgresql://postgres@127.0.0.1:1/x' }),
		})
		const outage = await down.itemDayUsage.findMany().catch((caught: unknown) => caught)
		await down.$disconnect()
		invalidateMenuCache()
		const usage = vi.spyOn(prisma.itemDayUsage, 'findMany').mockRejectedValue(outage)
		try {
			const item = await shopItem('Tres Leches Slice')
			expect(item.unavailable).toBeUndefined()
			// The item's own rules are part of the (cached) menu: the lead time still shows.
			expect(item.pickupLabels).toEqual(['Order 2 h ahead'])
		} finally {
			usage.mockRestore()
		}
	})
})
