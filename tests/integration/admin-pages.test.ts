import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { SubmissionResult } from '@conform-to/react'
import { loader as dashboardLoader } from '~/routes/admin._index'
import { action as galleryAction, loader as galleryLoader } from '~/routes/admin.gallery'
import { action as messagesAction, loader as messagesLoader } from '~/routes/admin.messages'
import { action as ordersAction, loader as ordersLoader } from '~/routes/admin.orders'
import { loader as callbackLoader } from '~/routes/auth.google.callback'
import { loader as signInLoader } from '~/routes/image-uploader'
import { listGalleryImages } from '~/domain/content/models/gallery-image.server'
import { ADMIN_ORDERS_PAGE_SIZE } from '~/domain/orders/models/owner-orders.server'
import { startOfBakeryDay } from '~/domain/pickup/bakery-time'
import { prisma } from '~/utils/db.server'
import { resetEnv } from '~/utils/env.server'
import { listObjectKeys } from '~/utils/storage.server'
import { file, photo } from '../fixtures/images'
import { ADMIN, get, post, run, seedAdminFixtures, sessionCookieFor, useAdminTestEnv } from './admin-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let cookie: string
const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
	env = await useAdminTestEnv()
	cookie = await sessionCookieFor(ADMIN)
})

afterAll(() => env.cleanup())

beforeEach(async () => {
	await prisma.order.deleteMany()
	await prisma.menuItem.deleteMany()
	await prisma.customCakeRequest.deleteMany()
	await prisma.galleryImage.deleteMany()
	await prisma.contactMessage.deleteMany()
	await prisma.review.deleteMany()
	await rm(process.env.STORAGE_DIR!, { recursive: true, force: true })
})

describe('the Admin Login screen', () => {
	const visit = (path: string, who?: string) => run(signInLoader({ request: get(path, who), params: {}, context: {} }))

	it('shows a failed sign-in message once, then forgets it', async () => {
		// Google sends back a visitor whose sign-in cannot be verified (here: no OAuth state at all).
		const failed = await run(
			callbackLoader({ request: get('/auth/google/callback?code=x&state=y'), params: {}, context: {} }),
		)
		expect(failed.headers.get('Location')).toBe('/image-uploader')
		const flashCookie = failed.headers.get('Set-Cookie')!.split(';')[0]!
		const first = await visit('/image-uploader', flashCookie)
		expect(first.data).toMatchObject({ admin: null, authError: 'Login failed. Please try again.' })
		// The cookie that carried it is deleted with the answer that shows it.
		expect(first.headers.get('Set-Cookie')).toMatch(/^__bakery_sign_in=; .*Expires=Thu, 01 Jan 1970/)
		expect((await visit('/image-uploader')).data).toMatchObject({ authError: null })
	})

	it('returns to the same screen after sign-in, or to the admin page that sent the visitor', async () => {
		expect((await visit('/admin-upload')).data).toMatchObject({ returnTo: '/admin-upload' })
		expect((await visit('/image-uploader?returnTo=%2Fadmin%2Forders%3Fstatus%3DPAID')).data).toMatchObject({
			returnTo: '/admin/orders?status=PAID',
		})
		expect((await visit('/image-uploader?returnTo=https%3A%2F%2Fevil.example')).data).toMatchObject({
			returnTo: '/image-uploader',
		})
	})

	it('greets a signed-in admin, and sends them on when sign-in was for another page', async () => {
		expect((await visit('/image-uploader', cookie)).data).toEqual({ admin: { name: 'Olivia Owner' } })
		const onward = await visit('/image-uploader?returnTo=%2Fadmin%2Fmenu', cookie)
		expect(onward.status).toBe(302)
		expect(onward.headers.get('Location')).toBe('/admin/menu')
	})

	it.each([
		['/%09/evil.example', '/image-uploader'],
		['/%5C/evil.example', '/image-uploader'],
		['/%255C/evil.example', '/%5C/evil.example'],
		['/.//evil.example', '/image-uploader'],
		['/%0A', '/'],
		['/%0D', '/'],
		['/admin%0D%0ASet-Cookie:%20x=1', '/adminSet-Cookie:%20x=1'],
	])('sends a signed-in admin from returnTo=%s to %s on this site, never a 500', async (returnTo, location) => {
		const onward = await visit(`/image-uploader?returnTo=${returnTo}`, cookie)
		expect(onward.status).toBe(302)
		expect(onward.headers.get('Location')).toBe(location)
	})

	it('offers Google when it is configured, else (development only) just the demo sign-in', async () => {
		expect((await visit('/image-uploader')).data).toMatchObject({ googleSignIn: true, demoSignIn: false })
		delete process.env.GOOGLE_CLIENT_ID
		resetEnv()
		try {
			expect((await visit('/image-uploader')).data).toMatchObject({ googleSignIn: false, demoSignIn: true })
		} finally {
			process.env.GOOGLE_CLIENT_ID = 'test-client'
			resetEnv()
		}
	})
})

describe('the dashboard', () => {
	it('counts new requests (7 days), orders paid today at the bakery, and unread messages', async () => {
		const now = Date.now()
		await prisma.customCakeRequest.createMany({
			data: [3, 6, 8, 30].map((days) => ({
				name: `R${days}`,
				phone: '4255550142',
				email: 'r@example.com',
				type: 'Fruit',
				size: '8-inch',
				createdAt: new Date(now - days * DAY),
			})),
		})
		const today = startOfBakeryDay()
		const order = (status: 'PAID' | 'PICKED_UP' | 'PENDING', paidAt: Date | null) => ({
			customerName: 'P',
			customerEmail: 'p@example.com',
			totalCents: 100,
			status,
			paidAt,
		})
		await prisma.order.createMany({
			data: [
				order('PAID', new Date(today.getTime() + 60_000)),
				order('PICKED_UP', new Date(today.getTime() + 120_000)),
				order('PAID', new Date(today.getTime() - 60_000)),
				order('PENDING', null),
			],
		})
		await prisma.contactMessage.createMany({
			data: [
				{ name: 'A', email: 'a@example.com', message: 'Hi' },
				{ name: 'B', email: 'b@example.com', message: 'Hi', readAt: new Date() },
			],
		})
		const outcome = await run(dashboardLoader({ request: get('/admin', cookie), params: {}, context: {} }))
		expect(outcome.data).toMatchObject({
			adminName: 'Olivia Owner',
			newRequests: 2,
			paidOrdersToday: 2,
			unreadMessages: 1,
		})
	})
})

const ordersPage = async (search = '') =>
	(await run(ordersLoader({ request: get(`/admin/orders${search}`, cookie), params: {}, context: {} }))).data as {
		orders: Array<{ id: string; status: string; customerName: string; items: unknown[]; totalCents: number }>
		hasMore: boolean
		status: string | null
	}

describe('orders', () => {
	async function createOrders() {
		const base = Date.now() - 10 * DAY
		for (const [index, status] of (['PENDING', 'PAID', 'CANCELLED', 'EXPIRED', 'PAID'] as const).entries()) {
			await prisma.order.create({
				data: {
					customerName: `Customer ${index}`,
					customerEmail: `c${index}@example.com`,
					status,
					totalCents: 700,
					createdAt: new Date(base + index * DAY),
					items: { create: [{ name: 'Conchas', unitPriceCents: 350, quantity: 2 }] },
				},
			})
		}
	}

	it('lists orders newest first with their lines and totals', async () => {
		await createOrders()
		const { orders, hasMore } = await ordersPage()
		expect(orders.map((order) => order.customerName)).toEqual([
			'Customer 4',
			'Customer 3',
			'Customer 2',
			'Customer 1',
			'Customer 0',
		])
		expect(orders[0]).toMatchObject({ totalCents: 700, items: [{ name: 'Conchas', unitPriceCents: 350, quantity: 2 }] })
		expect(hasMore).toBe(false)
	})

	it('filters by status, and ignores a status that does not exist', async () => {
		await createOrders()
		const paid = await ordersPage('?status=PAID')
		expect(paid.status).toBe('PAID')
		expect(paid.orders.map((order) => order.customerName)).toEqual(['Customer 4', 'Customer 1'])
		expect((await ordersPage('?status=BOGUS')).orders).toHaveLength(5)
	})

	it('pages through many orders', async () => {
		await prisma.order.createMany({
			data: Array.from({ length: ADMIN_ORDERS_PAGE_SIZE + 3 }, (_, index) => ({
				customerName: `C${index}`,
				customerEmail: 'c@example.com',
				totalCents: 100,
				createdAt: new Date(Date.now() - index * 60_000),
			})),
		})
		const first = await ordersPage()
		expect(first.orders).toHaveLength(ADMIN_ORDERS_PAGE_SIZE)
		expect(first.hasMore).toBe(true)
		const second = await ordersPage('?page=2')
		expect(second.orders.map((order) => order.customerName)).toEqual(['C50', 'C51', 'C52'])
		expect(second.hasMore).toBe(false)
	})

	it('marks a paid order as picked up, and refuses for any other status', async () => {
		await createOrders()
		const [newestPaid, , , , pending] = (await ordersPage()).orders
		const pickUp = (id: string) =>
			run(
				ordersAction({ request: post('/admin/orders', { intent: 'picked-up', id }, cookie), params: {}, context: {} }),
			)

		expect(((await pickUp(newestPaid!.id)).data as { message: string }).message).toMatch(/is marked as picked up\.$/)
		expect((await prisma.order.findUniqueOrThrow({ where: { id: newestPaid!.id } })).status).toBe('PICKED_UP')
		expect((await ordersPage('?status=PICKED_UP')).orders).toHaveLength(1)

		expect(((await pickUp(pending!.id)).data as { message: string }).message).toMatch(
			/only a paid order can be picked up/,
		)
		expect((await prisma.order.findUniqueOrThrow({ where: { id: pending!.id } })).status).toBe('PENDING')
	})
})

describe('messages', () => {
	const messages = async () =>
		(
			(await run(messagesLoader({ request: get('/admin/messages', cookie), params: {}, context: {} }))).data as {
				messages: Array<{ id: string; name: string; readAt: Date | null }>
			}
		).messages
	const send = (fields: Record<string, string>) =>
		run(messagesAction({ request: post('/admin/messages', fields, cookie), params: {}, context: {} }))

	beforeEach(async () => {
		await prisma.contactMessage.create({
			data: { name: 'Older', email: 'o@example.com', message: 'Hello', createdAt: new Date(Date.now() - DAY) },
		})
		await prisma.contactMessage.create({ data: { name: 'Newer', email: 'n@example.com', message: 'Hola' } })
	})

	it('lists messages newest first', async () => {
		expect((await messages()).map((message) => message.name)).toEqual(['Newer', 'Older'])
	})

	it('marks a message read (keeping when it was first read) and unread again', async () => {
		const [newer] = await messages()
		await send({ intent: 'read', id: newer!.id })
		const firstRead = (await prisma.contactMessage.findUniqueOrThrow({ where: { id: newer!.id } })).readAt
		expect(firstRead).toBeInstanceOf(Date)
		await send({ intent: 'read', id: newer!.id })
		expect((await prisma.contactMessage.findUniqueOrThrow({ where: { id: newer!.id } })).readAt).toEqual(firstRead)
		await send({ intent: 'unread', id: newer!.id })
		expect((await prisma.contactMessage.findUniqueOrThrow({ where: { id: newer!.id } })).readAt).toBeNull()
	})

	it('deletes a message only after confirmation', async () => {
		const [newer] = await messages()
		expect((await send({ intent: 'delete', id: newer!.id })).data).toEqual({ confirm: newer!.id })
		expect(await prisma.contactMessage.count()).toBe(2)
		expect((await send({ intent: 'delete', id: newer!.id, confirmed: 'yes' })).data).toEqual({
			message: 'The message was deleted.',
		})
		expect((await messages()).map((message) => message.name)).toEqual(['Older'])
	})
})

describe('gallery', () => {
	const send = (fields: Record<string, string | File>) =>
		run(galleryAction({ request: post('/admin/gallery', fields, cookie), params: {}, context: {} }))
	const publicAlts = async () => (await listGalleryImages()).map((image) => image.alt)

	it('adds an uploaded picture with its description at the end, shown publicly at once', async () => {
		await seedAdminFixtures()
		const image = file(await photo({ width: 200, height: 150, format: 'jpeg' }), 'tray.jpg', 'image/jpeg')
		const outcome = await send({ intent: 'upload', alt: 'A tray of brigadeiros', image })
		expect(outcome.data).toMatchObject({ message: 'Image added to the gallery.' })
		expect(await publicAlts()).toEqual(['The counter', 'Fresh conchas', 'A tray of brigadeiros'])
		const added = await prisma.galleryImage.findFirstOrThrow({ where: { alt: 'A tray of brigadeiros' } })
		expect(added.storageKey).toMatch(/^galleryImages\/[0-9a-f-]{36}\.webp$/)
		expect(await listObjectKeys('galleryImages')).toContain(added.storageKey)
	})

	it('requires the description and an image, and stores nothing without them', async () => {
		const outcome = await send({ intent: 'upload', alt: ' ' })
		expect(outcome.status).toBe(400)
		expect((outcome.data as { result: SubmissionResult<string[]> }).result.error).toEqual({
			alt: ['Please describe the picture for people who can’t see it.'],
			image: ['Please choose an image file.'],
		})
		expect(await prisma.galleryImage.count()).toBe(0)
		expect(await listObjectKeys('galleryImages')).toEqual([])
	})

	it('reorders pictures; the first cannot move up nor the last down', async () => {
		const [counter] = (await seedAdminFixtures()).gallery
		await send({ intent: 'down', id: counter!.id })
		expect(await publicAlts()).toEqual(['Fresh conchas', 'The counter'])
		expect((await send({ intent: 'down', id: counter!.id })).data).toEqual({
			message: 'That image can’t move further.',
		})
		await send({ intent: 'up', id: counter!.id })
		expect(await publicAlts()).toEqual(['The counter', 'Fresh conchas'])
		expect((await send({ intent: 'up', id: counter!.id })).data).toEqual({ message: 'That image can’t move further.' })
	})

	it('deletes a picture and its file after confirmation', async () => {
		const { gallery } = await seedAdminFixtures()
		const [counter, conchas] = gallery
		expect((await send({ intent: 'delete', id: counter!.id })).data).toEqual({ confirm: counter!.id })
		expect(await prisma.galleryImage.count()).toBe(2)
		await send({ intent: 'delete', id: counter!.id, confirmed: 'yes' })
		expect(await publicAlts()).toEqual(['Fresh conchas'])
		expect(await listObjectKeys('galleryImages')).toEqual([conchas!.storageKey])
		const page = await run(galleryLoader({ request: get('/admin/gallery', cookie), params: {}, context: {} }))
		expect((page.data as { images: unknown[] }).images).toHaveLength(1)
	})
})
