/**
 * Demo bakery data. Idempotent: fixed ids and keys, so running it again adds nothing,
 * and it never overwrites what the owner has edited since.
 */
import { readFile } from 'node:fs/promises'
import { defaultBusiness } from '../app/config/business'
import { dateColumn } from '../app/domain/pickup/models/pickup-schedule.server'
import { BAKERY_TIME_ZONE } from '../app/domain/pickup/bakery-time'
import { localDateOf } from '../app/domain/pickup/pickup-schedule'
import { prisma } from '../app/utils/db.server'
import { seedProduction } from './seed-production'
import { objectExists, putObject } from '../app/utils/storage.server'
import {
	demoCakeRequests,
	demoGallery,
	demoMenuItems,
	demoReviews,
	nextSeason,
	weeklyHoursFrom,
	type DemoAllergens,
	type DemoImageId,
	type DemoOptionGroup,
} from './seed/data'

const DAY_MS = 86_400_000

/** Uploads the demo picture (prisma/seed/images, stored as they are) under `<folder>/seed-<slug>.webp`. */
async function ensureImage(folder: 'menuImages' | 'galleryImages', slug: string, image: DemoImageId) {
	const key = `${folder}/seed-${slug}.webp`
	if (!(await objectExists(key))) {
		await putObject(key, await readFile(new URL(`./seed/images/${image}.webp`, import.meta.url)))
	}
	return key
}

function daysAgo(days: number) {
	return new Date(Date.now() - days * DAY_MS)
}

function allergenColumns({ contains, mayContain = [], diets = [] }: DemoAllergens) {
	return { allergens: contains, mayContain, dietaryLabels: diets, allergensListed: true }
}

async function seedMenu() {
	const today = localDateOf(new Date(), BAKERY_TIME_ZONE)
	for (const item of demoMenuItems) {
		const imageKey = await ensureImage('menuImages', item.slug, item.image)
		const { slug, image: _image, season, allergens, options = [], ...fields } = item
		const window = season ? nextSeason(today, season) : null
		await prisma.menuItem.upsert({
			where: { id: `seed-${slug}` },
			create: {
				id: `seed-${slug}`,
				...fields,
				...allergenColumns(allergens),
				imageKey,
				...(window
					? { availableFrom: dateColumn(window.availableFrom), availableUntil: dateColumn(window.availableUntil) }
					: {}),
			},
			update: {},
		})
		// Databases seeded before allergens existed: fill in an item whose allergens nobody has listed yet.
		await prisma.menuItem.updateMany({
			where: { id: `seed-${slug}`, allergensListed: false },
			data: allergenColumns(allergens),
		})
		await seedItemOptions(`seed-${slug}`, options)
	}
}

/**
 * The item's option groups and choices, only while it has none (like the opening hours): a database seeded
 * before options existed gets them; an item with any group is the owner's to change.
 */
async function seedItemOptions(menuItemId: string, groups: readonly DemoOptionGroup[]) {
	if (groups.length === 0 || (await prisma.menuOptionGroup.count({ where: { menuItemId } })) > 0) return
	for (const [position, { key, choices = [], ...group }] of groups.entries()) {
		const groupId = `${menuItemId}-${key}`
		await prisma.menuOptionGroup.create({
			data: {
				id: groupId,
				menuItemId,
				position,
				...group,
				options: {
					create: choices.map((choice, index) => ({
						id: `${groupId}-${choice.key}`,
						name: choice.name,
						priceDeltaCents: choice.priceDeltaCents,
						position: index,
					})),
				},
			},
		})
	}
}

async function seedGallery() {
	for (const entry of demoGallery) {
		// Any format: databases seeded before the pictures became files hold `seed-<slug>.jpg`.
		const seeded = await prisma.galleryImage.count({
			where: { storageKey: { startsWith: `galleryImages/seed-${entry.slug}.` } },
		})
		if (seeded > 0) continue
		const storageKey = await ensureImage('galleryImages', entry.slug, entry.image)
		await prisma.galleryImage.create({ data: { storageKey, alt: entry.alt, sortOrder: entry.sortOrder } })
	}
}

async function seedReviews() {
	for (const [index, review] of demoReviews.entries()) {
		const id = `seed-review-${index + 1}`
		const { daysAgo: age, ...fields } = review
		// Shown on /reviews in the listed order, as if the owner had copied them in.
		const create = {
			id,
			...fields,
			status: 'APPROVED',
			source: 'OWNER',
			position: index,
			createdAt: daysAgo(age),
		} as const
		await prisma.review.upsert({ where: { id }, create, update: {} })
	}
}

async function seedCakeRequests() {
	for (const [index, request] of demoCakeRequests.entries()) {
		const id = `seed-cake-request-${index + 1}`
		const { daysAgo: age, ...fields } = request
		await prisma.customCakeRequest.upsert({
			where: { id },
			create: { id, ...fields, createdAt: daysAgo(age) },
			update: {},
		})
	}
}

/**
 * The pickup settings row and the weekly hours (today's hard-coded hours in app/config/business.ts).
 * Only when missing: an owner's edits stay, and a weekday the owner closed (no row) is not reopened
 * once any hours exist.
 */
async function seedPickupSchedule() {
	// The column defaults are issue 14's defaults (DEFAULT_PICKUP_SETTINGS in app/domain/pickup/models/pickup-schedule.server.ts).
	await prisma.pickupSettings.createMany({ data: [{ id: 1 }], skipDuplicates: true })
	if ((await prisma.openingHours.count()) === 0) {
		await prisma.openingHours.createMany({
			data: weeklyHoursFrom(defaultBusiness.openingHours),
			skipDuplicates: true,
		})
	}
}

/** A bread club plan (decision 093) for the demo: a Tres Leches every other Saturday (the demo sells cakes online). */
async function seedClub() {
	await prisma.clubPlan.upsert({
		where: { id: 'seed-club-cake' },
		create: {
			id: 'seed-club-cake',
			name: 'Weekend cake club',
			nameEs: 'Club del pastel de fin de semana',
			namePtBr: 'Clube do bolo de fim de semana',
			description: 'Our Tres Leches Cake for your weekend, every other Saturday, for less than at the counter.',
			descriptionEs:
				'Nuestro pastel de tres leches para tu fin de semana, cada dos sábados, por menos que en el mostrador.',
			descriptionPtBr: 'Nosso bolo tres leches para o seu fim de semana, a cada dois sábados, por menos que no balcão.',
			lines: [{ menuItemId: 'seed-tres-leches-cake', quantity: 1, choices: [] }],
			frequency: 'EVERY_TWO_WEEKS',
			pickupWeekday: 6,
			windowStart: '10:00',
			windowEnd: '12:00',
			priceCents: 3800,
			maxSubscribers: 20,
			cutoffDaysBefore: 3,
			cutoffTime: '20:00',
		},
		update: {},
	})
}

async function main() {
	const startedAt = performance.now()
	await seedMenu()
	await seedGallery()
	await seedReviews()
	await seedCakeRequests()
	await seedPickupSchedule()
	await seedProduction(localDateOf(new Date(), BAKERY_TIME_ZONE))
	await seedClub()
	const counts = {
		menuItems: await prisma.menuItem.count(),
		optionGroups: await prisma.menuOptionGroup.count(),
		reviews: await prisma.review.count(),
		galleryImages: await prisma.galleryImage.count(),
		customCakeRequests: await prisma.customCakeRequest.count(),
		openingHours: await prisma.openingHours.count(),
		clubPlans: await prisma.clubPlan.count(),
	}
	console.log(`Seeded in ${Math.round(performance.now() - startedAt)} ms:`, counts)
}

main()
	.catch((error: unknown) => {
		console.error(error)
		process.exitCode = 1
	})
	.finally(() => prisma.$disconnect())
