import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createMenuItem } from '../fixtures/menu'
import { fromJsonText } from '~/utils/json-text'

let prisma: (typeof import('~/utils/db.server'))['prisma']
let invalidateMenuCache: () => void

beforeEach(async () => {
	prisma = (await import('~/utils/db.server')).prisma
	invalidateMenuCache = (await import('~/domain/menu/menu-cache.server')).invalidateMenuCache
	await prisma.orderItem.deleteMany()
	await prisma.menuItem.deleteMany()
	invalidateMenuCache()
})

async function load(path: string) {
	const url = `http://localhost${path}`
	const name = new URL(url).pathname.slice(1)
	const route = await import(`~/routes/${name}.tsx`)
	const data = await route.loader({ request: new Request(url), params: {}, context: {} })
	return { ...data, items: fromJsonText(data.items) }
}

describe('menu page loaders', () => {
	it('/shop lists every item in the owner’s sort order, and the categories present in menu order', async () => {
		await createMenuItem({ name: 'Churro Donut', category: 'DONUTS', sortOrder: 3 })
		await createMenuItem({ name: 'Conchas', category: 'MEXICAN_PASTRIES', sortOrder: 1 })
		await createMenuItem({ name: 'Tres Leches Cake', category: 'CAKES', sortOrder: 2 })
		const data = await load('/shop')
		expect(data.items.map((item: { name: string }) => item.name)).toEqual([
			'Conchas',
			'Tres Leches Cake',
			'Churro Donut',
		])
		expect(data.categories).toEqual(['MEXICAN_PASTRIES', 'CAKES', 'DONUTS'])
		expect(data.activeCategory).toBeNull()
	})

	it('?category= filters case-insensitively; an unknown category matches nothing', async () => {
		await createMenuItem({ name: 'Conchas', category: 'MEXICAN_PASTRIES' })
		await createMenuItem({ name: 'Tres Leches Cake', category: 'CAKES' })
		const cakes = await load('/menu?category=cakes')
		expect(cakes.activeCategory).toBe('CAKES')
		expect(cakes.items.map((item: { name: string }) => item.name)).toEqual(['Tres Leches Cake'])
		const unknown = await load('/menu?category=Sandwiches')
		expect(unknown.items).toEqual([])
		expect(unknown.categories).toEqual(['MEXICAN_PASTRIES', 'CAKES'])
	})

	it.each([
		['/cakes', 'CAKES'],
		['/brazilian-pastries', 'BRAZILIAN_PASTRIES'],
		['/mexican-pastries', 'MEXICAN_PASTRIES'],
	] as const)('%s lists only its category', async (path, category) => {
		await createMenuItem({ name: 'In', category })
		await createMenuItem({ name: 'Out', category: category === 'CAKES' ? 'DONUTS' : 'CAKES' })
		const data = await load(path)
		expect(data.items.map((item: { name: string; category: string }) => [item.name, item.category])).toEqual([
			['In', category],
		])
	})

	it('public items never carry admin-only fields; pickup rules arrive only as words', async () => {
		await prisma.openingHours.deleteMany()
		await prisma.openingHours.createMany({
			data: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '07:00', closesAt: '18:00' })),
		})
		await createMenuItem({ name: 'A plain cake', sortOrder: 1 })
		const cake = await createMenuItem({ name: 'A whole cake', sortOrder: 2 })
		await prisma.menuItem.update({ where: { id: cake.id }, data: { leadMinutes: 2880, dailyLimit: 5 } })
		const [plain, whole] = (await load('/shop')).items
		const publicKeys = [
			'allergens',
			'category',
			'description',
			'id',
			'imageAlt',
			'imageKey',
			'name',
			'orderable',
			'priceCents',
			'soldOut',
		]
		expect(Object.keys(plain).sort()).toEqual(publicKeys.sort())
		expect(Object.keys(whole).sort()).toEqual([...publicKeys, 'pickupLabels'].sort())
		expect(whole.pickupLabels).toEqual(['Order 48 h ahead'])
	})

	it('an owner’s change through the model shows on the next load despite the cache', async () => {
		const item = await createMenuItem({ name: 'Quindim', category: 'BRAZILIAN_PASTRIES' })
		expect((await load('/brazilian-pastries')).items[0].soldOut).toBe(false)
		const { setMenuItemSoldOut } = await import('~/domain/menu/models/menu-item.server')
		await setMenuItemSoldOut(item.id, true)
		expect((await load('/brazilian-pastries')).items[0].soldOut).toBe(true)
	})

	it('a database outage answers 503 with Retry-After for the page’s boundary; any other failure stays an error', async () => {
		const { PrismaPg } = await import('@prisma/adapter-pg')
		const { PrismaClient } = await import('~/generated/prisma/client')
		const down = new PrismaClient({
			adapter: new PrismaPg({ connectionString: 'postgresql://postgres@127.0.0.1:1/x' }),
		})
		const outage = await down.menuItem.findMany().catch((caught: unknown) => caught)
		await down.$disconnect()
		const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
		for (const path of ['/menu', '/shop', '/cakes', '/brazilian-pastries', '/mexican-pastries']) {
			invalidateMenuCache()
			const query = vi.spyOn(prisma.menuItem, 'findMany').mockRejectedValue(outage)
			const thrown = (await load(path).catch((caught: unknown) => caught)) as { init?: ResponseInit }
			query.mockRestore()
			expect(thrown.init?.status, path).toBe(503)
			expect(new Headers(thrown.init?.headers).get('Retry-After'), path).toBe('30')
			const route = await import(`~/routes${path}.tsx`)
			expect(route.headers({ loaderHeaders: new Headers(thrown.init?.headers) }).get('Retry-After'), path).toBe('30')
		}
		quiet.mockRestore()
		invalidateMenuCache()
		const bug = new Error('a bug')
		const query = vi.spyOn(prisma.menuItem, 'findMany').mockRejectedValue(bug)
		await expect(load('/cakes')).rejects.toBe(bug)
		query.mockRestore()
	})
})
