/**
 * Shared by tests/integration/admin*.test.ts: sessions for an admin and for an account that lost
 * access, calling route loaders/actions the way Remix does, and a snapshot of everything an admin
 * could change (database rows and stored objects).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { storagePrefixes } from '~/utils/storage.server'
import { clearMailQueues, failMailForGood } from './mail-helpers'

export const ORIGIN = 'http://localhost:3000'
export const ADMIN = { email: 'owner@example.com', name: 'Olivia Owner' }
/** A staff member (STAFF_EMAILS): today's orders and the prep list only (decision 071). */
export const STAFF = { email: 'sam@example.com', name: 'Sam Staff' }
/** Signed in while allow-listed; no longer in ADMIN_EMAILS. */
export const FORMER_ADMIN = { email: 'former@example.com', name: 'Fiona Former' }

/** Test env: Google "configured" (no demo sign-in), one allow-listed owner, storage in a temp folder. */
export async function useAdminTestEnv() {
	const tempDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-admin-'))
	Object.assign(process.env, {
		GOOGLE_CLIENT_ID: 'test-client',
		GOOGLE_CLIENT_SECRET: 'test-secret',
		ADMIN_EMAILS: ADMIN.email,
		STORAGE_DIR: path.join(tempDir, 'uploads'),
		IMAGE_CACHE_DIR: path.join(tempDir, 'cache'),
		RATE_LIMIT_MULTIPLIER: '100',
	})
	const { resetEnv } = await import('~/utils/env.server')
	resetEnv()
	return { tempDir, cleanup: () => rm(tempDir, { recursive: true, force: true }) }
}

/** A real server-side session for `user`, as the cookie a browser would send. */
export async function sessionCookieFor(user: { email: string; name: string }) {
	const { getSessionStorage } = await import('~/domain/admin-auth/session.server')
	const { ADMIN_SESSION_KEY } = await import('~/domain/admin-auth/auth.server')
	const storage = getSessionStorage()
	const session = await storage.getSession()
	session.set(ADMIN_SESSION_KEY, user)
	const setCookie = await storage.commitSession(session)
	return setCookie.split(';')[0]!
}

export interface Outcome {
	status: number
	headers: Headers
	/** The loader/action value (plain object or `data()`), or the body text of a Response. */
	data: unknown
}

/** Runs a loader or action and normalises what Remix would see: thrown or returned Response, `data()`, plain value. */
export async function run(promise: Promise<unknown> | unknown): Promise<Outcome> {
	let value: unknown
	try {
		value = await promise
	} catch (error) {
		if (!(error instanceof Response)) throw error
		value = error
	}
	if (value instanceof Response) {
		const isText = /^(text\/|application\/json)/.test(value.headers.get('Content-Type') ?? 'text/plain')
		return {
			status: value.status,
			headers: value.headers,
			data: isText ? await value.text() : await value.arrayBuffer(),
		}
	}
	const wrapped = value as { type?: string; data?: unknown; init?: ResponseInit | null }
	if (wrapped?.type === 'DataWithResponseInit') {
		return { status: wrapped.init?.status ?? 200, headers: new Headers(wrapped.init?.headers), data: wrapped.data }
	}
	return { status: 200, headers: new Headers(), data: value }
}

export function get(pathname: string, cookie?: string, headers: Record<string, string> = {}) {
	return new Request(`${ORIGIN}${pathname}`, { headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } })
}

/** A form post; a list of strings is sent as one entry each, as a group of ticked checkboxes. */
export function post(pathname: string, fields: Record<string, string | readonly string[] | File>, cookie?: string) {
	const body = new FormData()
	// Text first, files last, as browsers send a form whose file input comes last.
	for (const [name, value] of Object.entries(fields)) {
		if (typeof value === 'string') body.append(name, value)
		else if (!(value instanceof File)) for (const entry of value) body.append(name, entry)
	}
	for (const [name, value] of Object.entries(fields)) if (value instanceof File) body.append(name, value)
	return new Request(`${ORIGIN}${pathname}`, { method: 'POST', body, headers: cookie ? { Cookie: cookie } : {} })
}

/** Everything an admin screen can change: all owner-facing rows and every stored object. */
export async function snapshot() {
	const { prisma } = await import('~/utils/db.server')
	const { listObjectKeys } = await import('~/utils/storage.server')
	const [
		menuItems,
		cakeRequests,
		galleryImages,
		orders,
		messages,
		objects,
		pickupSchedule,
		reviews,
		mailJobs,
		siteTexts,
		customers,
		staffMembers,
		promoCodes,
		wallet,
		production,
		clubPlans,
	] = await Promise.all([
		prisma.menuItem.findMany({
			orderBy: { id: 'asc' },
			include: { optionGroups: { orderBy: { id: 'asc' }, include: { options: { orderBy: { id: 'asc' } } } } },
		}),
		Promise.all([prisma.customCakeRequest.findMany({ orderBy: { id: 'asc' } }), prisma.cakeQuoteSettings.findMany()]),
		prisma.galleryImage.findMany({ orderBy: { id: 'asc' } }),
		prisma.order.findMany({ orderBy: { id: 'asc' }, include: { items: { orderBy: { id: 'asc' } } } }),
		prisma.contactMessage.findMany({ orderBy: { id: 'asc' } }),
		Promise.all(storagePrefixes.map((prefix) => listObjectKeys(prefix))).then((lists) => lists.flat().sort()),
		Promise.all([
			prisma.pickupSettings.findMany({
				select: {
					slotMinutes: true,
					ordersPerSlot: true,
					minLeadMinutes: true,
					sameDayCutoff: true,
					horizonDays: true,
					changeLockHours: true,
					payAtPickupAllowed: true,
				},
			}),
			prisma.openingHours.findMany({ orderBy: { weekday: 'asc' } }),
			prisma.pickupClosure.findMany({ orderBy: { id: 'asc' } }),
			prisma.specialHours.findMany({ orderBy: { date: 'asc' } }),
			// The pickup reminders' setting (decision 074).
			prisma.textSettings.findMany({ select: { remindEveningBefore: true, remindHoursBefore: true } }),
			// The loyalty card (decision 085).
			prisma.loyaltyProgram.findMany({ omit: { updatedAt: true } }),
		]),
		prisma.review.findMany({ orderBy: { id: 'asc' } }),
		// The mail queue (dead mails the dashboard retries; mails an order step queues).
		prisma.$queryRawUnsafe('SELECT name, state, data FROM pgboss.job ORDER BY name, id'),
		prisma.siteText.findMany({ orderBy: { key: 'asc' } }),
		// Customer accounts with the owner's private note (decision 067).
		prisma.customer.findMany({ orderBy: { id: 'asc' } }),
		// The staff the owner added (decision 076).
		prisma.staffMember.findMany({ orderBy: { id: 'asc' } }),
		// The owner's promo codes (decision 080).
		prisma.promoCode.findMany({ orderBy: { id: 'asc' } }),
		// Gift cards and store credit: accounts and their entries (decision 078).
		Promise.all([
			prisma.walletAccount.findMany({ orderBy: { id: 'asc' } }),
			prisma.walletEntry.findMany({ orderBy: { id: 'asc' }, omit: { id: true } }),
			prisma.giftCard.findMany({ orderBy: { id: 'asc' } }),
		]),
		// Production planning: resources, steps, recipes, closing counts, counter overrides (decisions 082, 083).
		Promise.all([
			prisma.productionResource.findMany({ orderBy: { id: 'asc' } }),
			prisma.productionStep.findMany({ orderBy: { id: 'asc' } }),
			prisma.recipeIngredient.findMany({ orderBy: { id: 'asc' } }),
			prisma.closingCount.findMany({ orderBy: [{ menuItemId: 'asc' }, { date: 'asc' }] }),
			prisma.counterOverride.findMany({ orderBy: [{ menuItemId: 'asc' }, { date: 'asc' }] }),
		]),
		// The bread club's plans (decision 093).
		prisma.clubPlan.findMany({ orderBy: { id: 'asc' } }),
	])
	return JSON.parse(
		JSON.stringify({
			menuItems,
			cakeRequests,
			galleryImages,
			orders,
			messages,
			objects,
			pickupSchedule,
			reviews,
			mailJobs,
			siteTexts,
			customers,
			staffMembers,
			promoCodes,
			wallet,
			production,
			clubPlans,
		}),
	) as unknown
}

/** One of everything the admin manages, with real stored images. */
export async function seedAdminFixtures() {
	const { prisma } = await import('~/utils/db.server')
	const { putObject } = await import('~/utils/storage.server')
	const { photo } = await import('../fixtures/images')
	const webp = await photo({ width: 64, height: 48, format: 'webp' })
	const store = async (key: string) => {
		await putObject(key, webp, 'image/webp')
		return key
	}
	const menuItem = await prisma.menuItem.create({
		data: {
			name: 'Conchas',
			description: 'Sweet bread with a crackly topping.',
			priceCents: 350,
			category: 'MEXICAN_PASTRIES',
			imageKey: await store(`menuImages/${crypto.randomUUID()}.webp`),
			imageAlt: 'Three conchas',
			sortOrder: 1,
		},
	})
	const cakeRequest = await prisma.customCakeRequest.create({
		data: {
			name: 'Gabriela Torres',
			phone: '(425) 555-0142',
			email: 'gabriela@example.com',
			type: 'Tres Leches',
			size: '10-inch',
			message: 'White roses, please.',
			imageKey: await store(`customCakeImages/${crypto.randomUUID()}.webp`),
		},
	})
	const gallery = []
	for (const [index, alt] of ['The counter', 'Fresh conchas'].entries()) {
		gallery.push(
			await prisma.galleryImage.create({
				data: { storageKey: await store(`galleryImages/${crypto.randomUUID()}.webp`), alt, sortOrder: index },
			}),
		)
	}
	const customer = await prisma.customer.upsert({
		where: { email: 'pat@example.com' },
		create: { email: 'pat@example.com', name: 'Pat Buyer' },
		update: { ownerNote: '' },
	})
	const order = await prisma.order.create({
		data: {
			customerId: customer.id,
			customerName: 'Pat Buyer',
			customerEmail: 'pat@example.com',
			status: 'PAID',
			paidAt: new Date(),
			// Paid on the test payment page (the provider integration tests run with), so it can be refunded.
			providerSessionId: 'test_cs_fixture',
			totalCents: 700,
			items: { create: [{ menuItemId: menuItem.id, name: 'Conchas', unitPriceCents: 350, quantity: 2 }] },
		},
	})
	const message = await prisma.contactMessage.create({
		data: { name: 'Lee Neighbour', email: 'lee@example.com', message: 'Do you make gluten-free pão de queijo?' },
	})
	const reviews = []
	for (const [position, name] of ['Mariana S.', 'Diego M.'].entries()) {
		reviews.push(
			await prisma.review.create({
				data: { name, comment: 'Just like home.', rating: 5, status: 'APPROVED', source: 'OWNER', position },
			}),
		)
	}
	const pendingReview = await prisma.review.create({
		data: { name: 'Pat', comment: 'Lovely conchas.', rating: 4, source: 'CUSTOMER', orderId: order.id },
	})
	await clearMailQueues()
	const deadMailId = await failMailForGood({ kind: 'contact-message-owner', messageId: message.id })
	await prisma.devOutboxMail.deleteMany()
	const outboxMail = await prisma.devOutboxMail.create({
		data: {
			jobKey: `order-receipt:${order.id}`,
			messageId: `<order-receipt.${order.id}@localhost>`,
			from: 'Doce Dulce Bakery <hello@docedulce.example>',
			to: ['pat@example.com'],
			subject: 'Your order',
			html: '<p>Thank you</p>',
			text: 'Thank you',
			headers: [['Subject', 'Your order']],
			attachments: [],
		},
	})
	const staffMember = await prisma.staffMember.upsert({
		where: { email: 'kim@example.com' },
		create: { email: 'kim@example.com', addedBy: 'owner@example.com' },
		update: {},
	})
	const promoCode = await prisma.promoCode.upsert({
		where: { code: 'WELCOME-10' },
		create: { code: 'WELCOME-10', kind: 'PERCENT', percentOff: 10, maxUses: 50 },
		update: {},
	})
	const { issueGiftCard } = await import('~/domain/wallet/models/gift-cards.server')
	const giftCard = await issueGiftCard({ amountCents: 2500, source: 'SHOP', issuedBy: 'owner@example.com' })
	// Production planning (decisions 082, 083): a resource, a step and an ingredient the owner set.
	const resource = await prisma.productionResource.upsert({
		where: { name: 'Oven 1' },
		create: { name: 'Oven 1', minutesByWeekday: [480, 480, 480, 480, 480, 480, 480] },
		update: {},
	})
	const spareResource = await prisma.productionResource.upsert({
		where: { name: 'Mixer' },
		create: { name: 'Mixer', minutesByWeekday: [120, 120, 120, 120, 120, 120, 120] },
		update: {},
	})
	const step = await prisma.productionStep.create({
		data: { menuItemId: menuItem.id, name: 'Bake', resourceId: resource.id, minutesPerBatch: 25, batchSize: 12 },
	})
	const ingredient = await prisma.recipeIngredient.create({
		data: { menuItemId: menuItem.id, name: 'Flour', milliQuantityPerBatch: 1_000_000, unit: 'g', batchSize: 12 },
	})
	const clubPlan = await prisma.clubPlan.create({
		data: {
			name: 'Saturday box',
			lines: [{ menuItemId: menuItem.id, quantity: 2, choices: [] }],
			pickupWeekday: 6,
			windowStart: '09:00',
			windowEnd: '11:00',
			priceCents: 600,
			maxSubscribers: 20,
			cutoffDaysBefore: 3,
			cutoffTime: '20:00',
		},
	})
	return {
		menuItem,
		clubPlan,
		cakeRequest,
		staffMember,
		promoCode,
		giftCard,
		resource,
		spareResource,
		step,
		ingredient,
		gallery,
		customer,
		order,
		message,
		reviews,
		pendingReview,
		webp,
		deadMailId,
		outboxMail,
	}
}
