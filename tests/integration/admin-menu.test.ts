import type { SubmissionResult } from '@conform-to/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { action as uploadAction } from '~/routes/admin-upload'
import { action as menuAction, loader as menuLoader } from '~/routes/admin.menu'
import { action as editAction, loader as editLoader } from '~/routes/admin.menu_.$itemId'
import { listMenuItems } from '~/domain/menu/models/menu-item.server'
import { prisma } from '~/utils/db.server'
import { getObject, listObjectKeys } from '~/utils/storage.server'
import { executable, file, heicHeader, htmlPage, photo, svgImage } from '../fixtures/images'
import { ADMIN, get, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let cookie: string

beforeAll(async () => {
	env = await useAdminTestEnv()
	cookie = await sessionCookieFor(ADMIN)
})

afterAll(() => env.cleanup())

beforeEach(async () => {
	await prisma.orderItem.deleteMany()
	await prisma.order.deleteMany()
	await prisma.menuItem.deleteMany()
	const { rm } = await import('node:fs/promises')
	await rm(process.env.STORAGE_DIR!, { recursive: true, force: true })
})

interface UploadReply {
	result: SubmissionResult<string[]>
	uploaded: string | null
	imageAttached: boolean
}

const pngFile = async () => file(await photo({ width: 300, height: 200, format: 'png' }), 'guava.png', 'image/png')

async function upload(overrides: Record<string, string | File | undefined> = {}) {
	const fields: Record<string, string | File | undefined> = {
		name: 'Guava Roll',
		description: 'Flaky pastry with guava paste.',
		price: '3.75',
		category: 'BRAZILIAN_PASTRIES',
		imageAlt: '',
		image: await pngFile(),
		...overrides,
	}
	const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<
		string,
		string | File
	>
	const outcome = await run(uploadAction({ request: post('/admin-upload', defined, cookie), params: {}, context: {} }))
	return { ...outcome, reply: outcome.data as UploadReply }
}

const menuObjects = () => listObjectKeys('menuImages')

describe('Upload Menu Item', () => {
	it('stores the item with its price in cents and a re-encoded image, at the end of the menu', async () => {
		await prisma.menuItem.create({ data: { name: 'First', priceCents: 100, category: 'CAKES', sortOrder: 7 } })
		const outcome = await upload()
		expect(outcome.status).toBe(200)
		expect(outcome.reply.uploaded).toBe('Guava Roll')
		const item = await prisma.menuItem.findFirstOrThrow({ where: { name: 'Guava Roll' } })
		expect(item).toMatchObject({
			description: 'Flaky pastry with guava paste.',
			priceCents: 375,
			category: 'BRAZILIAN_PASTRIES',
			imageAlt: 'Guava Roll',
			orderable: false,
			soldOut: false,
			sortOrder: 8,
		})
		expect(item.imageKey).toMatch(/^menuImages\/[0-9a-f-]{36}\.webp$/)
		const stored = await getObject(item.imageKey!)
		expect(stored!.subarray(8, 12).toString()).toBe('WEBP')
		// The public menu reads the database on every request: the new item is there at once.
		expect((await listMenuItems()).map((entry) => entry.name)).toEqual(['First', 'Guava Roll'])
	})

	it('clears the form after a success (Conform resets it)', async () => {
		const outcome = await upload()
		// `initialValue: null` is Conform's instruction to reset every field.
		expect(outcome.reply.result).toEqual({ initialValue: null })
	})

	it('lets cakes be ordered online by default, and keeps a given image description', async () => {
		await upload({ name: 'Tres Leches', category: 'CAKES', imageAlt: 'A slice of tres leches cake' })
		expect(await prisma.menuItem.findFirstOrThrow({ where: { name: 'Tres Leches' } })).toMatchObject({
			orderable: true,
			imageAlt: 'A slice of tres leches cake',
		})
	})

	it.each([
		['4', 400],
		['4.5', 450],
		['$4.50', 450],
		[' 12.05 ', 1205],
		['$ 0.99', 99],
	])('accepts the price %j as %i cents', async (price, cents) => {
		expect((await upload({ price })).status).toBe(200)
		expect((await prisma.menuItem.findFirstOrThrow()).priceCents).toBe(cents)
	})

	it.each([
		['-4', 'Please enter a price such as 4, 4.5 or $4.50 (at most two decimals).'],
		['-$4.00', 'Please enter a price such as 4, 4.5 or $4.50 (at most two decimals).'],
		['four', 'Please enter a price such as 4, 4.5 or $4.50 (at most two decimals).'],
		['4.555', 'Please enter a price such as 4, 4.5 or $4.50 (at most two decimals).'],
		['4,50', 'Please enter a price such as 4, 4.5 or $4.50 (at most two decimals).'],
		['1e3', 'Please enter a price such as 4, 4.5 or $4.50 (at most two decimals).'],
		['0', 'The price must be more than $0.00.'],
		['', 'Please enter a price.'],
	])('refuses the price %j next to the field, keeps what was typed, saves nothing', async (price, message) => {
		const outcome = await upload({ price })
		expect(outcome.status).toBe(400)
		expect(outcome.reply.result.error).toEqual({ price: [message] })
		expect(outcome.reply.result.initialValue).toMatchObject({ name: 'Guava Roll', category: 'BRAZILIAN_PASTRIES' })
		expect(outcome.reply.imageAttached).toBe(true)
		expect(await prisma.menuItem.count()).toBe(0)
		expect(await menuObjects()).toEqual([])
	})

	it.each(['BRAZILIAN_PASTRIES', 'MEXICAN_PASTRIES', 'CAKES', 'DONUTS'])(
		'accepts the category %s',
		async (category) => {
			expect((await upload({ category })).status).toBe(200)
		},
	)

	it.each(['', 'PIZZA', 'Cakes'])('refuses the category %j', async (category) => {
		const outcome = await upload({ category })
		expect(outcome.reply.result.error).toEqual({ category: ['Please choose one of the four categories.'] })
		expect(await prisma.menuItem.count()).toBe(0)
	})

	it('requires a name and an image', async () => {
		const outcome = await upload({ name: '  ', image: undefined })
		expect(outcome.reply.result.error).toEqual({
			name: ['Please enter the item’s name.'],
			image: ['Please choose an image file.'],
		})
	})

	it('reports a bad image in the same round as the other mistakes, as the public form does', async () => {
		const outcome = await upload({ price: 'four', image: file(htmlPage, 'cake.png', 'image/png') })
		expect(outcome.status).toBe(400)
		expect(outcome.reply.result.error).toEqual({
			price: ['Please enter a price such as 4, 4.5 or $4.50 (at most two decimals).'],
			image: ['This file is not an image we can use. Please choose a JPEG, PNG, WebP, AVIF or GIF image.'],
		})
		// The message asks for another file already: no second "choose it again".
		expect(outcome.reply.imageAttached).toBe(false)
	})

	it.each([
		['an HTML page named .png', () => file(htmlPage, 'cake.png', 'image/png'), 'This file is not an image we can use.'],
		[
			'an SVG (scripts inside)',
			() => file(svgImage, 'cake.svg', 'image/svg+xml'),
			'This file is not an image we can use.',
		],
		['a program', () => file(executable, 'cake.jpg', 'image/jpeg'), 'This file is not an image we can use.'],
		[
			'an iPhone HEIC photo',
			() => file(heicHeader, 'IMG_0001.heic', 'image/heic'),
			'This is a HEIC photo, which we can’t open.',
		],
		[
			'a HEIC photo of unknown type',
			() => file(heicHeader, 'IMG_0001', ''),
			'This is a HEIC photo, which we can’t open.',
		],
	])('refuses %s and stores nothing', async (_label, makeFile, message) => {
		const outcome = await upload({ image: makeFile() })
		expect(outcome.status).toBe(400)
		expect(outcome.reply.result.error?.image?.[0]).toContain(message)
		expect(await prisma.menuItem.count()).toBe(0)
		expect(await menuObjects()).toEqual([])
	})

	it('refuses an image over 10 MB while it streams in', async () => {
		const big = file(new Uint8Array(10 * 1024 * 1024 + 1), 'huge.jpg', 'image/jpeg')
		const outcome = await upload({ image: big })
		expect(outcome.status).toBe(413)
		expect(outcome.reply.result.error).toMatchObject({
			image: ['The image is larger than 10 MB. Please choose a smaller one.'],
		})
		expect(await menuObjects()).toEqual([])
	})

	it('removes the stored image again when the database write fails', async () => {
		await prisma.$executeRawUnsafe('ALTER TABLE "MenuItem" ADD CONSTRAINT refuse_inserts CHECK (false) NOT VALID')
		try {
			const outcome = await upload()
			expect(outcome.status).toBe(503)
			expect(outcome.reply.result.error?.['']).toEqual([
				'We couldn’t save your changes just now. Please try again in a moment.',
			])
			expect(outcome.reply.result.initialValue).toMatchObject({ name: 'Guava Roll', price: '3.75' })
		} finally {
			await prisma.$executeRawUnsafe('ALTER TABLE "MenuItem" DROP CONSTRAINT refuse_inserts')
		}
		expect(await prisma.menuItem.count()).toBe(0)
		expect(await menuObjects()).toEqual([])
	})
})

async function createItem() {
	await upload({ name: 'Conchas', category: 'MEXICAN_PASTRIES', price: '3.50' })
	return prisma.menuItem.findFirstOrThrow({ where: { name: 'Conchas' } })
}

async function edit(id: string, overrides: Record<string, string | File> = {}) {
	const fields: Record<string, string | File> = {
		name: 'Conchas de chocolate',
		description: 'Now with cocoa.',
		price: '$4.25',
		category: 'MEXICAN_PASTRIES',
		imageAlt: 'Two chocolate conchas',
		sortOrder: '3',
		orderable: 'on',
		...overrides,
	}
	const outcome = await run(
		editAction({ request: post(`/admin/menu/${id}`, fields, cookie), params: { itemId: id }, context: {} }),
	)
	return { ...outcome, reply: outcome.data as { result: SubmissionResult<string[]>; saved: boolean } }
}

describe('editing an item', () => {
	it('saves every field and the public menu shows it at once', async () => {
		const item = await createItem()
		const outcome = await edit(item.id)
		expect(outcome.reply.saved).toBe(true)
		const [publicItem] = await listMenuItems()
		expect(publicItem).toMatchObject({
			name: 'Conchas de chocolate',
			description: 'Now with cocoa.',
			priceCents: 425,
			imageAlt: 'Two chocolate conchas',
			orderable: true,
			soldOut: false,
			imageKey: item.imageKey,
		})
		expect((await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).sortOrder).toBe(3)
	})

	it('replaces the image under a new key and deletes the old one', async () => {
		const item = await createItem()
		const outcome = await edit(item.id, { image: await pngFile() })
		expect(outcome.reply.saved).toBe(true)
		const updated = await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })
		expect(updated.imageKey).not.toBe(item.imageKey)
		expect(await menuObjects()).toEqual([updated.imageKey])
	})

	it('keeps the old image and removes the new one when the database write fails', async () => {
		const item = await createItem()
		await prisma.$executeRawUnsafe('ALTER TABLE "MenuItem" ADD CONSTRAINT refuse_writes CHECK (false) NOT VALID')
		try {
			const outcome = await edit(item.id, { image: await pngFile() })
			expect(outcome.status).toBe(503)
		} finally {
			await prisma.$executeRawUnsafe('ALTER TABLE "MenuItem" DROP CONSTRAINT refuse_writes')
		}
		expect(await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({
			name: 'Conchas',
			imageKey: item.imageKey,
		})
		expect(await menuObjects()).toEqual([item.imageKey])
	})

	it.each([
		['sortOrder', '2.5', 'Please enter a whole number.'],
		['sortOrder', 'first', 'Please enter a whole number.'],
		['price', '-1', 'Please enter a price such as 4, 4.5 or $4.50 (at most two decimals).'],
		['name', '', 'Please enter the item’s name.'],
	])('refuses %s = %j and changes nothing', async (field, value, message) => {
		const item = await createItem()
		const outcome = await edit(item.id, { [field]: value })
		expect(outcome.status).toBe(400)
		expect(outcome.reply.result.error).toEqual({ [field]: [message] })
		expect(await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).toEqual(item)
	})

	it('unticked boxes mean "no": an item can be taken out of the online shop', async () => {
		const item = await createItem()
		await edit(item.id, { orderable: 'on', soldOut: 'on' })
		expect(await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({
			orderable: true,
			soldOut: true,
		})
		// A browser leaves unticked checkboxes out of the form entirely.
		const fields = { name: 'Conchas', price: '3.50', category: 'MEXICAN_PASTRIES', sortOrder: '0' }
		const request = post(`/admin/menu/${item.id}`, fields, cookie)
		expect((await run(editAction({ request, params: { itemId: item.id }, context: {} }))).status).toBe(200)
		expect(await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({
			orderable: false,
			soldOut: false,
		})
	})

	it('answers 404 for an item that does not exist', async () => {
		const page = await run(
			editLoader({ request: get('/admin/menu/nope', cookie), params: { itemId: 'nope' }, context: {} }),
		)
		expect(page.status).toBe(404)
		const outcome = await edit('nope')
		expect(outcome.status).toBe(404)
		expect(await prisma.menuItem.count()).toBe(0)
	})
})

describe('pickup rules', () => {
	const rulesOf = async (id: string) => {
		const row = await prisma.menuItem.findUniqueOrThrow({ where: { id } })
		return {
			leadMinutes: row.leadMinutes,
			dailyLimit: row.dailyLimit,
			availableFrom: row.availableFrom?.toISOString().slice(0, 10) ?? null,
			availableUntil: row.availableUntil?.toISOString().slice(0, 10) ?? null,
		}
	}

	it('saves a lead time in hours, a daily limit and a pickup window; the editor shows them again', async () => {
		const item = await createItem()
		const outcome = await edit(item.id, {
			leadHours: '48',
			dailyLimit: '24',
			availableFrom: '2027-01-02',
			availableUntil: '2027-01-06',
		})
		expect(outcome.reply.saved).toBe(true)
		expect(await rulesOf(item.id)).toEqual({
			leadMinutes: 2880,
			dailyLimit: 24,
			availableFrom: '2027-01-02',
			availableUntil: '2027-01-06',
		})
		const page = await run(
			editLoader({ request: get(`/admin/menu/${item.id}`, cookie), params: { itemId: item.id }, context: {} }),
		)
		expect((page.data as { item: object }).item).toMatchObject({
			leadMinutes: 2880,
			dailyLimit: 24,
			availableFrom: '2027-01-02',
			availableUntil: '2027-01-06',
		})
		const list = await run(menuLoader({ request: get('/admin/menu', cookie), params: {}, context: {} }))
		expect((list.data as { items: object[] }).items[0]).toMatchObject({
			leadMinutes: 2880,
			availableFrom: '2027-01-02',
		})
	})

	it('empty fields mean no rule: saving them empty removes the rules', async () => {
		const item = await createItem()
		await edit(item.id, {
			leadHours: '48',
			dailyLimit: '24',
			availableFrom: '2027-01-02',
			availableUntil: '2027-01-06',
		})
		const outcome = await edit(item.id, { leadHours: '', dailyLimit: '', availableFrom: '', availableUntil: '' })
		expect(outcome.reply.saved).toBe(true)
		expect(await rulesOf(item.id)).toEqual({
			leadMinutes: null,
			dailyLimit: null,
			availableFrom: null,
			availableUntil: null,
		})
	})

	it('a window may be open-ended on either side', async () => {
		const item = await createItem()
		await edit(item.id, { availableFrom: '2026-10-25' })
		expect(await rulesOf(item.id)).toMatchObject({ availableFrom: '2026-10-25', availableUntil: null })
		await edit(item.id, { availableUntil: '2026-11-02' })
		expect(await rulesOf(item.id)).toMatchObject({ availableFrom: null, availableUntil: '2026-11-02' })
	})

	const leadMessage = 'Please enter the lead time as a whole number of hours from 1 to 720, or leave it empty.'
	const limitMessage =
		'Please enter how many can be picked up per day, a whole number from 1 to 9999, or leave it empty.'
	it.each([
		[{ leadHours: '1.5' }, { leadHours: [leadMessage] }],
		[{ leadHours: '0' }, { leadHours: [leadMessage] }],
		[{ leadHours: 'two days' }, { leadHours: [leadMessage] }],
		[{ leadHours: '721' }, { leadHours: [leadMessage] }],
		[{ dailyLimit: '0' }, { dailyLimit: [limitMessage] }],
		[{ dailyLimit: '-3' }, { dailyLimit: [limitMessage] }],
		[{ dailyLimit: '2.5' }, { dailyLimit: [limitMessage] }],
		[
			{ availableFrom: '2027-02-30' },
			{
				availableFrom: ['Please enter the first pickup date as YYYY-MM-DD (e.g. 2027-01-02), or leave it empty.'],
			},
		],
		[
			{ availableUntil: 'Jan 6' },
			{
				availableUntil: ['Please enter the last pickup date as YYYY-MM-DD (e.g. 2027-01-02), or leave it empty.'],
			},
		],
		[
			{ availableFrom: '2027-01-06', availableUntil: '2027-01-02' },
			{ availableUntil: ['The last pickup date must be on or after the first pickup date.'] },
		],
	])('refuses %j with a clear message, keeps what was typed and changes nothing', async (fields, error) => {
		const item = await createItem()
		const outcome = await edit(item.id, fields)
		expect(outcome.status).toBe(400)
		expect(outcome.reply.result.error).toEqual(error)
		expect(outcome.reply.result.initialValue).toMatchObject(fields)
		expect(await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).toEqual(item)
	})

	it('a new item can be created with its rules', async () => {
		const outcome = await upload({
			name: 'Rosca de Reyes',
			category: 'CAKES',
			leadHours: '48',
			dailyLimit: '30',
			availableFrom: '2027-01-02',
			availableUntil: '2027-01-06',
		})
		expect(outcome.reply.uploaded).toBe('Rosca de Reyes')
		const { id } = await prisma.menuItem.findFirstOrThrow({ where: { name: 'Rosca de Reyes' } })
		expect(await rulesOf(id)).toEqual({
			leadMinutes: 2880,
			dailyLimit: 30,
			availableFrom: '2027-01-02',
			availableUntil: '2027-01-06',
		})
	})

	it('a new item refuses a window that ends before it starts', async () => {
		const outcome = await upload({ availableFrom: '2027-01-06', availableUntil: '2027-01-02' })
		expect(outcome.status).toBe(400)
		expect(outcome.reply.result.error).toMatchObject({
			availableUntil: ['The last pickup date must be on or after the first pickup date.'],
		})
		expect(await prisma.menuItem.count()).toBe(0)
	})
})

async function menuPost(fields: Record<string, string>) {
	return run(menuAction({ request: post('/admin/menu', fields, cookie), params: {}, context: {} }))
}

describe('the menu list', () => {
	it('lists every item in menu order with its admin fields', async () => {
		await prisma.menuItem.createMany({
			data: [
				{ name: 'B', priceCents: 100, category: 'CAKES', sortOrder: 2 },
				{ name: 'A', priceCents: 100, category: 'CAKES', sortOrder: 2 },
				{ name: 'C', priceCents: 100, category: 'DONUTS', sortOrder: 1 },
			],
		})
		const outcome = await run(menuLoader({ request: get('/admin/menu', cookie), params: {}, context: {} }))
		const { items } = outcome.data as { items: Array<{ name: string; sortOrder: number }> }
		expect(items.map((item) => item.name)).toEqual(['C', 'A', 'B'])
	})

	it('marks an item sold out and available again; the public menu follows', async () => {
		const item = await createItem()
		expect((await menuPost({ intent: 'sold-out', id: item.id, name: item.name })).data).toEqual({
			message: 'Conchas is now sold out.',
		})
		expect((await listMenuItems())[0]!.soldOut).toBe(true)
		// Sending it twice (double click) keeps it sold out rather than flipping it back.
		await menuPost({ intent: 'sold-out', id: item.id, name: item.name })
		expect((await listMenuItems())[0]!.soldOut).toBe(true)
		await menuPost({ intent: 'available', id: item.id, name: item.name })
		expect((await listMenuItems())[0]!.soldOut).toBe(false)
	})

	it('deletes only after confirmation, then removes the row and its image; past orders keep their lines', async () => {
		const item = await createItem()
		const order = await prisma.order.create({
			data: {
				customerName: 'Pat',
				customerEmail: 'pat@example.com',
				totalCents: 350,
				items: { create: [{ menuItemId: item.id, name: 'Conchas', unitPriceCents: 350, quantity: 1 }] },
			},
			include: { items: true },
		})

		const unconfirmed = await menuPost({ intent: 'delete', id: item.id })
		expect(unconfirmed.data).toEqual({ confirm: item.id })
		expect(await prisma.menuItem.count()).toBe(1)

		const confirmed = await menuPost({ intent: 'delete', id: item.id, confirmed: 'yes' })
		expect(confirmed.data).toEqual({ message: 'The item was deleted.' })
		expect(await prisma.menuItem.count()).toBe(0)
		expect(await menuObjects()).toEqual([])
		const line = await prisma.orderItem.findUniqueOrThrow({ where: { id: order.items[0]!.id } })
		expect(line).toMatchObject({ menuItemId: null, name: 'Conchas', unitPriceCents: 350 })

		expect((await menuPost({ intent: 'delete', id: item.id, confirmed: 'yes' })).data).toEqual({
			message: 'That item had already been deleted.',
		})
	})
})
