/**
 * Demo bakery data. Idempotent: fixed ids and keys, so running it again adds nothing,
 * and it never overwrites what the owner has edited since.
 */
import { prisma } from '../app/utils/db.server'
import { objectExists, putObject } from '../app/utils/storage.server'
import { demoCakeRequests, demoGallery, demoMenuItems, demoReviews, type DemoImageId } from './seed/data'
import { renderDemoImage } from './seed/images'

const DAY_MS = 86_400_000

async function ensureImage(key: string, image: DemoImageId) {
	if (!(await objectExists(key))) await putObject(key, await renderDemoImage(image))
	return key
}

function daysAgo(days: number) {
	return new Date(Date.now() - days * DAY_MS)
}

async function seedMenu() {
	for (const item of demoMenuItems) {
		const imageKey = await ensureImage(`menuImages/seed-${item.slug}.jpg`, item.image)
		const { slug, image: _image, ...fields } = item
		await prisma.menuItem.upsert({
			where: { id: `seed-${slug}` },
			create: { id: `seed-${slug}`, ...fields, imageKey },
			update: {},
		})
	}
}

async function seedGallery() {
	for (const entry of demoGallery) {
		const storageKey = await ensureImage(`galleryImages/seed-${entry.slug}.jpg`, entry.image)
		await prisma.galleryImage.upsert({
			where: { storageKey },
			create: { storageKey, alt: entry.alt, sortOrder: entry.sortOrder },
			update: {},
		})
	}
}

async function seedReviews() {
	for (const [index, review] of demoReviews.entries()) {
		const id = `seed-review-${index + 1}`
		const { daysAgo: age, ...fields } = review
		await prisma.review.upsert({ where: { id }, create: { id, ...fields, createdAt: daysAgo(age) }, update: {} })
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

async function main() {
	const startedAt = performance.now()
	await seedMenu()
	await seedGallery()
	await seedReviews()
	await seedCakeRequests()
	const counts = {
		menuItems: await prisma.menuItem.count(),
		reviews: await prisma.review.count(),
		galleryImages: await prisma.galleryImage.count(),
		customCakeRequests: await prisma.customCakeRequest.count(),
	}
	console.log(`Seeded in ${Math.round(performance.now() - startedAt)} ms:`, counts)
}

main()
	.catch((error: unknown) => {
		console.error(error)
		process.exitCode = 1
	})
	.finally(() => prisma.$disconnect())
