import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runPrisma } from '../../server/prisma-cli'

let storageDir: string

beforeAll(async () => {
	storageDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-seed-'))
	process.env.STORAGE_DIR = storageDir
})

afterAll(async () => {
	await rm(storageDir, { recursive: true, force: true })
})

async function snapshot() {
	const { prisma } = await import('~/utils/db.server')
	return {
		menuItems: await prisma.menuItem.findMany({ orderBy: { id: 'asc' } }),
		optionGroups: await prisma.menuOptionGroup.findMany({
			orderBy: { id: 'asc' },
			include: { options: { orderBy: { id: 'asc' } } },
		}),
		reviews: await prisma.review.count(),
		gallery: await prisma.galleryImage.findMany({ orderBy: { id: 'asc' } }),
		cakeRequests: await prisma.customCakeRequest.count(),
		pickupSettings: await prisma.pickupSettings.findMany(),
		openingHours: await prisma.openingHours.findMany({ orderBy: { weekday: 'asc' } }),
	}
}

describe('prisma db seed', () => {
	it('fills a realistic demo bakery, and running it again changes nothing', { timeout: 180_000 }, async () => {
		await runPrisma(['db', 'seed'], process.env.DATABASE_URL!)
		const first = await snapshot()

		expect(first.menuItems.length).toBeGreaterThanOrEqual(16)
		const categories = new Set(first.menuItems.map((item) => item.category))
		expect([...categories].sort()).toEqual(['BRAZILIAN_PASTRIES', 'CAKES', 'DONUTS', 'MEXICAN_PASTRIES'])
		for (const item of first.menuItems) {
			expect(item.priceCents).toBeGreaterThan(0)
			expect(item.imageAlt.length).toBeGreaterThan(10)
			// docs/product.md: cakes can be added to the cart; pastries and donuts are sold in the shop (decision 051).
			expect(item.orderable).toBe(item.category === 'CAKES')
		}
		// Pickup rules a newcomer sees on the menu: whole cakes 48 h ahead, 24 tres leches slices a day, and
		// the rosca de reyes as a preorder for the next Jan 2–6 (never one that has passed).
		const byName = new Map(first.menuItems.map((item) => [item.name, item]))
		expect(byName.get('Chocoflan')?.leadMinutes).toBe(48 * 60)
		expect(byName.get('Tres Leches Slice')).toMatchObject({ dailyLimit: 24, leadMinutes: null, availableFrom: null })
		const rosca = byName.get('Rosca de Reyes')!
		const from = rosca.availableFrom!.toISOString().slice(0, 10)
		const until = rosca.availableUntil!.toISOString().slice(0, 10)
		expect([from.slice(5), until.slice(5), from.slice(0, 4)]).toEqual(['01-02', '01-06', until.slice(0, 4)])
		const { localDateOf } = await import('~/domain/pickup/pickup-schedule')
		expect(until >= localDateOf(new Date(), 'America/Los_Angeles')).toBe(true)
		// Items the cart's end-to-end tests add stay free of rules.
		for (const name of ['Tres Leches Cake', 'Chocolate Brigadeiro Cake']) {
			expect(byName.get(name), name).toMatchObject({ leadMinutes: null, dailyLimit: null, availableFrom: null })
		}

		// Options on the whole cakes baked to order (the cakes the e2e tests add in one click have none), and
		// the one savoury item with meat and cheese is taxed as prepared food.
		const { listMenuItems } = await import('~/domain/menu/models/menu-item.server')
		const optionsOf = async (name: string) =>
			(await listMenuItems())
				.find((item) => item.name === name)!
				.optionGroups.map((group) => ({
					[`${group.name} (${group.kind}${group.required ? ', required' : ''})`]:
						group.kind === 'TEXT'
							? `up to ${group.maxLength}`
							: group.options.map((option) => `${option.name} +${option.priceDeltaCents}`),
				}))
		expect(await optionsOf('Passion Fruit Mousse Cake')).toEqual([
			{ 'Size (SINGLE, required)': ['6″ +0', '8″ +1200', '10″ +2400'] },
			{ 'Message on the cake (TEXT)': 'up to 60' },
		])
		expect(await optionsOf('Chocoflan')).toEqual([
			{ 'Size (SINGLE, required)': ['6″ +0', '8″ +1200', '10″ +2400'] },
			{ 'Toppings (MULTIPLE)': ['Strawberries +300', 'Dulce de leche +200', 'Coconut +200'] },
			{ 'Message on the cake (TEXT)': 'up to 60' },
		])
		expect(first.optionGroups.find((group) => group.name === 'Toppings')).toMatchObject({
			minChoices: 0,
			maxChoices: 2,
		})
		for (const name of ['Tres Leches Cake', 'Chocolate Brigadeiro Cake', 'Tres Leches Slice']) {
			expect(await optionsOf(name), name).toEqual([])
		}
		expect(first.menuItems.filter((item) => item.taxCategory === 'PREPARED_FOOD').map((item) => item.name)).toEqual([
			'Coxinha',
		])

		expect(first.reviews).toBeGreaterThanOrEqual(6)
		expect(first.gallery.length).toBeGreaterThanOrEqual(8)
		expect(first.cakeRequests).toBeGreaterThanOrEqual(3)

		// Every picture is stored, at the widest size the site shows (1280 px: the image route never enlarges).
		const { getObject } = await import('~/utils/storage.server')
		for (const key of [...first.menuItems.map((item) => item.imageKey!), ...first.gallery.map((g) => g.storageKey)]) {
			const metadata = await sharp((await getObject(key))!).metadata()
			expect(metadata.format, key).toBe('webp')
			expect(metadata.width, key).toBe(1280)
		}

		await runPrisma(['db', 'seed'], process.env.DATABASE_URL!)
		expect(await snapshot()).toEqual(first)
	})

	it(
		'seeds the pickup schedule from the hard-coded hours, which getPickupSchedule returns',
		{ timeout: 180_000 },
		async () => {
			await runPrisma(['db', 'seed'], process.env.DATABASE_URL!)
			const { getPickupSchedule } = await import('~/domain/pickup/models/pickup-schedule.server')
			const { defaultPickupSettings } = await import('~/domain/pickup/pickup-schedule')
			// The settings row's column defaults are the model's defaults.
			expect(await getPickupSchedule(new Date('2026-11-23T20:00:00Z'))).toEqual({
				...defaultPickupSettings,
				// Tue–Fri 07:00–18:00, Sat 08:00–17:00, Sun 08:00–14:00; Monday closed (no entry).
				weeklyHours: [
					{ weekday: 0, opensAt: '08:00', closesAt: '14:00' },
					{ weekday: 2, opensAt: '07:00', closesAt: '18:00' },
					{ weekday: 3, opensAt: '07:00', closesAt: '18:00' },
					{ weekday: 4, opensAt: '07:00', closesAt: '18:00' },
					{ weekday: 5, opensAt: '07:00', closesAt: '18:00' },
					{ weekday: 6, opensAt: '08:00', closesAt: '17:00' },
				],
				closures: [],
				specialHours: [],
			})
		},
	)

	it('keeps what the owner edited when it runs again', { timeout: 180_000 }, async () => {
		const { prisma } = await import('~/utils/db.server')
		const item = await prisma.menuItem.findFirstOrThrow({ orderBy: { id: 'asc' } })
		await prisma.menuItem.update({ where: { id: item.id }, data: { priceCents: 1234, soldOut: true } })
		await runPrisma(['db', 'seed'], process.env.DATABASE_URL!)
		expect(await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({
			priceCents: 1234,
			soldOut: true,
		})

		// The owner's options stay as they are: a renamed choice, a deleted group.
		await prisma.menuOption.update({ where: { id: 'seed-chocoflan-size-8in' }, data: { name: '8 inch' } })
		await prisma.menuOptionGroup.delete({ where: { id: 'seed-chocoflan-toppings' } })
		await runPrisma(['db', 'seed'], process.env.DATABASE_URL!)
		expect(
			(await prisma.menuOptionGroup.findMany({ where: { menuItemId: 'seed-chocoflan' }, include: { options: true } }))
				.flatMap((group) => [group.name, ...group.options.map((option) => option.name)])
				.sort(),
		).toEqual(['10″', '6″', '8 inch', 'Message on the cake', 'Size'])

		// The owner's pickup settings and a weekday they closed stay as they are.
		await prisma.pickupSettings.update({ where: { id: 1 }, data: { ordersPerSlot: 3 } })
		await prisma.openingHours.delete({ where: { weekday: 0 } })
		await runPrisma(['db', 'seed'], process.env.DATABASE_URL!)
		expect(await prisma.pickupSettings.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({ ordersPerSlot: 3 })
		expect(await prisma.openingHours.findUnique({ where: { weekday: 0 } })).toBeNull()
	})

	it(
		'adds no second copy of a gallery picture seeded before the pictures were WebP files',
		{ timeout: 180_000 },
		async () => {
			const { prisma } = await import('~/utils/db.server')
			const { putObject } = await import('~/utils/storage.server')
			const before = await prisma.galleryImage.count()
			const entry = await prisma.galleryImage.findFirstOrThrow({
				where: { storageKey: { startsWith: 'galleryImages/seed-' } },
			})
			const legacyKey = entry.storageKey.replace(/\.webp$/, '.jpg')
			await putObject(
				legacyKey,
				await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c96' } })
					.jpeg()
					.toBuffer(),
			)
			await prisma.galleryImage.update({ where: { id: entry.id }, data: { storageKey: legacyKey } })
			await runPrisma(['db', 'seed'], process.env.DATABASE_URL!)
			expect(await prisma.galleryImage.count()).toBe(before)
		},
	)
})
