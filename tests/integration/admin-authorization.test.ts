/**
 * Every admin route module, every loader and action, against four visitors: anonymous, a session
 * whose account was removed from ADMIN_EMAILS, a staff member (STAFF_EMAILS, decision 071) and the
 * owner. Refusals must change nothing (rows and stored objects); the owner's identical request must
 * change something, which proves each payload below is one that would have done harm.
 */
import { readdirSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { file, photo } from '../fixtures/images'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'
import {
	ADMIN,
	FORMER_ADMIN,
	STAFF,
	get,
	post,
	run,
	seedAdminFixtures,
	sessionCookieFor,
	snapshot,
	useAdminTestEnv,
} from './admin-helpers'

type Fixtures = Awaited<ReturnType<typeof seedAdminFixtures>>
type Fields = Record<string, string | File>

interface RouteCase {
	path: (f: Fixtures) => string
	params?: (f: Fixtures) => Record<string, string>
	/** The Admin Login screen: anyone may see the signed-out screen; only its action is guarded. */
	signInScreen?: true
	/** A server-sent event stream (the board's live feed): its headers are checked, its endless body is not read. */
	stream?: true
	/**
	 * What a staff member gets from the loader: the screen, a refusal (403), or sent on to today's
	 * orders. Required, so a new admin route cannot be left unclassified.
	 */
	staff: 'screen' | 'refused' | 'sent to orders'
	/** The action requests staff may make; every other one is refused with 403. */
	staffMay?: readonly string[]
	/** One harmful request per thing the action can do. */
	actions?: Record<string, (f: Fixtures) => Promise<Fields> | Fields>
	/** The status of an allowed action: 200, or 302 where it sends the browser on (post/redirect/get). */
	allowedStatus?: 200 | 302
}

const validImage = async () => file(await photo({ width: 120, height: 90, format: 'png' }), 'new.png', 'image/png')
const uploadItem = async () => ({
	name: 'Guava Roll',
	description: 'Flaky pastry with guava paste.',
	price: '$3.75',
	category: 'BRAZILIAN_PASTRIES',
	image: await validImage(),
})

/** A bread club plan of two of the fixture's item (decision 093). */
const clubPlanFields = (f: Fixtures, name: string): Fields => ({
	intent: 'create',
	name,
	'lines[0].variant': `item=${f.menuItem.id}`,
	'lines[0].quantity': '2',
	frequency: 'WEEKLY',
	pickupWeekday: '6',
	windowStart: '09:00',
	windowEnd: '10:00',
	price: '1.00',
	maxSubscribers: '1000',
	cutoffDaysBefore: '1',
	cutoffTime: '20:00',
	active: 'on',
})

const routes: Record<string, RouteCase> = {
	'image-uploader.tsx': {
		staff: 'sent to orders',
		path: () => '/image-uploader',
		signInScreen: true,
		actions: { upload: uploadItem },
	},
	'admin-upload.tsx': {
		staff: 'sent to orders',
		path: () => '/admin-upload',
		signInScreen: true,
		actions: { upload: uploadItem },
	},
	'admin-custom-cake-orders.image-uploader.tsx': {
		staff: 'sent to orders',
		path: () => '/admin-custom-cake-orders/image-uploader',
		signInScreen: true,
		actions: { upload: uploadItem },
	},
	'admin._index.tsx': {
		staff: 'sent to orders',
		path: () => '/admin',
		actions: { 'retry mail': (f) => ({ intent: 'retry-mail', id: f.deadMailId }) },
	},
	'admin.outbox.tsx': { staff: 'refused', path: () => '/admin/outbox' },
	'admin.outbox_.$mailId.tsx': {
		staff: 'refused',
		path: (f) => `/admin/outbox/${f.outboxMail.id}`,
		params: (f) => ({ mailId: f.outboxMail.id }),
	},
	'admin.custom-cakes.tsx': {
		staff: 'refused',
		path: () => '/admin/custom-cakes',
		actions: {
			delete: (f) => ({ intent: 'delete', id: f.cakeRequest.id, confirmed: 'yes' }),
			'quote settings': () => ({ intent: 'quote-settings', depositPercent: '10', cancellationPolicy: 'No refunds.' }),
		},
	},
	'admin.custom-cakes_.$requestId.tsx': {
		staff: 'refused',
		path: (f) => `/admin/custom-cakes/${f.cakeRequest.id}`,
		params: (f) => ({ requestId: f.cakeRequest.id }),
		actions: {
			cancel: () => ({ intent: 'cancel', confirmed: 'yes' }),
		},
	},
	'admin.custom-cakes[.]csv.ts': { staff: 'refused', path: () => '/admin/custom-cakes.csv' },
	'admin.cake-photos.$.ts': {
		staff: 'refused',
		path: (f) => `/admin/cake-photos/${f.cakeRequest.imageKey}`,
		params: (f) => ({ '*': f.cakeRequest.imageKey! }),
	},
	'admin.menu.tsx': {
		staff: 'refused',
		path: () => '/admin/menu',
		actions: {
			'sold out': (f) => ({ intent: 'sold-out', id: f.menuItem.id, name: f.menuItem.name }),
			delete: (f) => ({ intent: 'delete', id: f.menuItem.id, confirmed: 'yes' }),
		},
	},
	'admin.menu_.$itemId.tsx': {
		staff: 'refused',
		path: (f) => `/admin/menu/${f.menuItem.id}`,
		params: (f) => ({ itemId: f.menuItem.id }),
		actions: {
			edit: async () => ({
				name: 'Conchas de chocolate',
				price: '0.99',
				category: 'CAKES',
				sortOrder: '-5',
				soldOut: 'on',
				image: await validImage(),
			}),
			'add option group': () => ({ intent: 'add-group', name: 'Size', kind: 'SINGLE', required: 'on' }),
		},
	},
	'admin.orders.tsx': {
		staff: 'sent to orders',
		staffMay: ['picked up', 'ready'],
		path: () => '/admin/orders',
		actions: {
			'picked up': (f) => ({ intent: 'picked-up', id: f.order.id }),
			ready: (f) => ({ intent: 'ready', id: f.order.id }),
			'cancel and refund': (f) => ({ intent: 'refund', id: f.order.id, confirmed: 'yes' }),
		},
	},
	'admin.board.tsx': {
		staff: 'screen',
		path: () => '/admin/board',
		actions: {
			ready: (f) => ({ intent: 'ready', id: f.order.id }),
			'picked up': (f) => ({ intent: 'picked-up', id: f.order.id }),
		},
		staffMay: ['picked up', 'ready'],
	},
	'admin.orders_.new.tsx': {
		staff: 'screen',
		path: () => '/admin/orders/new',
		actions: {
			'enter order': (f) => ({
				'customer.name': 'Walk In',
				'customer.phone': '425 555 0123',
				locale: 'en',
				pickupAt: pickupSlot(1, '12:00'),
				payment: 'link',
				'rows[0].id': f.menuItem.id,
				'rows[0].quantity': '1',
			}),
		},
		staffMay: ['enter order'],
		// A phone order answers by sending the browser to the entered order, so a reload cannot enter it twice.
		allowedStatus: 302,
	},
	'admin.board_.events.ts': { staff: 'screen', path: () => '/admin/board/events', stream: true },
	'admin.customers.tsx': { staff: 'refused', path: () => '/admin/customers?q=pat' },
	'admin.customers_.$customerId.tsx': {
		staff: 'refused',
		path: (f) => `/admin/customers/${f.customer.id}`,
		params: (f) => ({ customerId: f.customer.id }),
		actions: {
			'private note': () => ({ note: 'Written by an intruder.' }),
			'store credit': () => ({ intent: 'store-credit', amount: '500', reason: 'goodwill' }),
		},
	},
	'admin.gift-cards.tsx': {
		staff: 'refused',
		path: () => '/admin/gift-cards',
		actions: { issue: () => ({ amount: '500', source: 'PROMOTION', note: 'Issued by an intruder.' }) },
	},
	'admin.gift-cards_.$giftCardId.tsx': {
		staff: 'refused',
		path: (f) => `/admin/gift-cards/${f.giftCard.giftCardId}`,
		params: (f) => ({ giftCardId: f.giftCard.giftCardId }),
		actions: { void: () => ({ reason: 'Voided by an intruder.' }) },
	},
	'admin.prep-list.tsx': { staff: 'screen', path: () => '/admin/prep-list' },
	'admin.prep-list[.]csv.ts': { staff: 'refused', path: () => '/admin/prep-list.csv' },
	'admin.bake-sheet.tsx': {
		staff: 'screen',
		path: () => '/admin/bake-sheet',
		actions: { 'counter quantity': (f) => ({ intent: 'counter', menuItemId: f.menuItem.id, quantity: '99' }) },
	},
	'admin.bake-sheet[.]csv.ts': { staff: 'screen', path: () => '/admin/bake-sheet.csv' },
	'admin.closing-counts.tsx': {
		staff: 'screen',
		path: () => '/admin/closing-counts',
		staffMay: ['save'],
		actions: {
			save: (f) => ({
				intent: 'save',
				item: f.menuItem.id,
				[`made-${f.menuItem.id}`]: '12',
				[`left-${f.menuItem.id}`]: '2',
			}),
		},
	},
	'admin.production.tsx': {
		staff: 'refused',
		path: () => '/admin/production',
		actions: {
			save: () => ({ intent: 'save', name: 'Intruder oven', startsAt: '05:00', mon: '480' }),
			delete: (f) => ({ intent: 'delete', id: f.spareResource.id, confirmed: 'yes' }),
		},
	},
	'admin.production_.items.$itemId.tsx': {
		staff: 'refused',
		path: (f) => `/admin/production/items/${f.menuItem.id}`,
		params: (f) => ({ itemId: f.menuItem.id }),
		actions: {
			'add-step': (f) => ({
				intent: 'add-step',
				name: 'Sabotage',
				resourceId: f.resource.id,
				minutesPerBatch: '600',
				batchSize: '1',
				daysBefore: '0',
			}),
			'add-ingredient': () => ({ intent: 'add-ingredient', name: 'Salt', quantity: '5', unit: 'kg', batchSize: '1' }),
			'delete-step': (f) => ({ intent: 'delete-step', id: f.step.id, confirmed: 'yes' }),
			'delete-ingredient': (f) => ({ intent: 'delete-ingredient', id: f.ingredient.id, confirmed: 'yes' }),
		},
	},
	'admin.messages.tsx': {
		staff: 'refused',
		path: () => '/admin/messages',
		actions: {
			'mark read': (f) => ({ intent: 'read', id: f.message.id }),
			delete: (f) => ({ intent: 'delete', id: f.message.id, confirmed: 'yes' }),
		},
	},
	'admin.gallery.tsx': {
		staff: 'refused',
		path: () => '/admin/gallery',
		actions: {
			upload: async () => ({ intent: 'upload', alt: 'A tray of brigadeiros', image: await validImage() }),
			reorder: (f) => ({ intent: 'down', id: f.gallery[0]!.id }),
			delete: (f) => ({ intent: 'delete', id: f.gallery[0]!.id, confirmed: 'yes' }),
		},
	},
	'admin.reviews.tsx': {
		staff: 'refused',
		path: () => '/admin/reviews',
		actions: {
			add: () => ({ intent: 'add', name: 'Mallory', rating: '1', comment: 'Planted by an intruder.' }),
			approve: (f) => ({ intent: 'approve', id: f.pendingReview.id, name: f.pendingReview.name }),
			hide: (f) => ({ intent: 'hide', id: f.reviews[0]!.id, name: f.reviews[0]!.name }),
			reorder: (f) => ({ intent: 'down', id: f.reviews[0]!.id, name: f.reviews[0]!.name }),
			delete: (f) => ({ intent: 'delete', id: f.reviews[0]!.id, confirmed: 'yes' }),
		},
	},
	'admin.reviews_.$reviewId.tsx': {
		staff: 'refused',
		path: (f) => `/admin/reviews/${f.reviews[0]!.id}`,
		params: (f) => ({ reviewId: f.reviews[0]!.id }),
		actions: { edit: () => ({ name: 'Mallory', rating: '1', comment: 'Rewritten by an intruder.' }) },
	},
	'admin.texts.tsx': {
		staff: 'refused',
		path: () => '/admin/texts',
		actions: { 'reminder setting': () => ({ remindHoursBefore: 'on' }) },
	},
	'admin.loyalty.tsx': {
		staff: 'refused',
		path: () => '/admin/loyalty',
		actions: {
			save: () => ({
				enabled: 'on',
				minOrderCents: '0',
				stampsPerReward: '2',
				rewardCents: '100',
				rewardNameEn: 'Planted by an intruder',
				rewardNameEs: 'x',
				rewardNamePtBr: 'x',
			}),
		},
	},
	'admin.club.tsx': {
		staff: 'refused',
		path: () => '/admin/club',
		actions: {
			create: (f) => clubPlanFields(f, 'Planted by an intruder'),
			update: (f) => ({ ...clubPlanFields(f, 'Renamed by an intruder'), intent: 'update', id: f.clubPlan.id }),
		},
	},
	'admin.site-texts.tsx': {
		staff: 'refused',
		path: () => '/admin/site-texts',
		actions: { save: () => ({ intent: 'save', key: 'story', en: 'Rewritten by an intruder.' }) },
	},
	'admin.staff.tsx': {
		staff: 'refused',
		path: () => '/admin/staff',
		actions: {
			add: () => ({ intent: 'add', email: 'mallory@example.com' }),
			remove: (f) => ({ intent: 'remove', id: f.staffMember.id, confirmed: 'yes' }),
		},
	},
	'admin.promo-codes.tsx': {
		staff: 'refused',
		path: () => '/admin/promo-codes',
		actions: {
			create: () => ({ intent: 'create', code: 'MALLORY-90', kind: 'PERCENT', percentOff: '90' }),
			limits: (f) => ({ intent: 'limits', id: f.promoCode.id, maxUses: '100000' }),
			deactivate: (f) => ({ intent: 'deactivate', id: f.promoCode.id }),
		},
	},
	'admin.pickup-schedule.tsx': {
		staff: 'refused',
		path: () => '/admin/pickup-schedule',
		actions: {
			'weekly hours': () => ({
				intent: 'hours',
				...Object.fromEntries(
					[0, 1, 2, 3, 4, 5, 6].map((weekday) => [`days[${weekday}].weekday`, String(weekday)] as const),
				),
				'days[1].open': 'on',
				'days[1].opensAt': '06:00',
				'days[1].closesAt': '09:00',
			}),
			settings: () => ({
				intent: 'settings',
				slotMinutes: '60',
				ordersPerSlot: '1',
				leadAmount: '48',
				leadUnit: 'hours',
				horizonDays: '1',
				changeLockHours: '2',
			}),
			'phone orders': () => ({ intent: 'phone-orders', payAtPickupAllowed: 'on' }),
			closure: () => ({ intent: 'closure', startDate: '2099-01-01', endDate: '2099-12-31', note: 'Closed for good' }),
			'special hours': () => ({ intent: 'special-hours', date: '2099-01-01', opensAt: '03:00', closesAt: '04:00' }),
		},
	},
}

interface RouteModule {
	loader?: (args: { request: Request; params: Record<string, string>; context: object }) => unknown
	action?: (args: { request: Request; params: Record<string, string>; context: object }) => unknown
}

const routesDir = path.resolve('app/routes')
const adminRouteFiles = readdirSync(routesDir).filter(
	(name) => /^admin|image-uploader/.test(name) && !name.includes('.test.'),
)
const modules = new Map<string, RouteModule>()

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let fixtures: Fixtures
const cookies = { anonymous: undefined as string | undefined, former: '', staff: '', admin: '' }

beforeAll(async () => {
	env = await useAdminTestEnv()
	// The former admin signed in while allow-listed; then the owner removed them.
	process.env.ADMIN_EMAILS = `${ADMIN.email},${FORMER_ADMIN.email}`
	const { resetEnv } = await import('~/utils/env.server')
	resetEnv()
	cookies.former = await sessionCookieFor(FORMER_ADMIN)
	process.env.ADMIN_EMAILS = ADMIN.email
	process.env.STAFF_EMAILS = STAFF.email
	resetEnv()
	cookies.admin = await sessionCookieFor(ADMIN)
	cookies.staff = await sessionCookieFor(STAFF)
	for (const name of adminRouteFiles) {
		modules.set(name, (await import(/* @vite-ignore */ path.join(routesDir, name))) as RouteModule)
	}
})

afterAll(async () => {
	delete process.env.STAFF_EMAILS
	await env.cleanup()
})

beforeEach(async () => {
	const { prisma } = await import('~/utils/db.server')
	await prisma.order.deleteMany()
	await prisma.menuItem.deleteMany()
	await prisma.customCakeRequest.deleteMany()
	await prisma.galleryImage.deleteMany()
	await prisma.contactMessage.deleteMany()
	await prisma.review.deleteMany()
	await prisma.siteText.deleteMany()
	await prisma.staffMember.deleteMany()
	await prisma.clubPlan.deleteMany()
	await rm(process.env.STORAGE_DIR!, { recursive: true, force: true })
	// Pickup times open, none held: a phone order can take one.
	await clearPickupHolds()
	await openEveryDay()
	fixtures = await seedAdminFixtures()
	await prisma.menuItem.update({ where: { id: fixtures.menuItem.id }, data: { orderable: true } })
})

function callLoader(file: string, cookie: string | undefined, pathname = routes[file]!.path(fixtures)) {
	const route = routes[file]!
	const { loader } = modules.get(file)!
	return run(loader!({ request: get(pathname, cookie), params: route.params?.(fixtures) ?? {}, context: {} }))
}

async function callAction(file: string, intent: string, cookie: string | undefined) {
	const route = routes[file]!
	const fields = await route.actions![intent]!(fixtures)
	const { action } = modules.get(file)!
	const request = post(route.path(fixtures), fields, cookie)
	return run(action!({ request, params: route.params?.(fixtures) ?? {}, context: { clientIp: '203.0.113.9' } }))
}

describe('the table', () => {
	it('lists every admin route module, and only those', () => {
		expect(adminRouteFiles.length).toBeGreaterThanOrEqual(12)
		expect(Object.keys(routes).sort()).toEqual([...adminRouteFiles].sort())
	})

	it.each(adminRouteFiles)('%s: has a loader, and an action exactly when the table lists its requests', (name) => {
		const module = modules.get(name)!
		expect(module.loader).toBeTypeOf('function')
		expect(Boolean(module.action)).toBe(Boolean(routes[name]!.actions))
	})
})

const loaderFiles = Object.keys(routes)
const guardedLoaders = loaderFiles.filter((name) => !routes[name]!.signInScreen)
const signInScreens = loaderFiles.filter((name) => routes[name]!.signInScreen)
const actionCases = Object.entries(routes).flatMap(([name, route]) =>
	Object.keys(route.actions ?? {}).map((intent) => [name, intent] as const),
)

describe('loaders', () => {
	it.each(guardedLoaders.flatMap((name) => [[name, 'anonymous'] as const, [name, 'former'] as const]))(
		'%s sends the %s visitor to sign-in, keeping the address',
		async (name, who) => {
			const outcome = await callLoader(name, cookies[who])
			expect(outcome.status).toBe(302)
			const target = encodeURIComponent(routes[name]!.path(fixtures))
			expect(outcome.headers.get('Location')).toBe(`/image-uploader?returnTo=${target}`)
		},
	)

	it.each(signInScreens.flatMap((name) => [[name, 'anonymous'] as const, [name, 'former'] as const]))(
		'%s shows the %s visitor the signed-out screen only',
		async (name, who) => {
			const outcome = await callLoader(name, cookies[who])
			expect(outcome.status).toBe(200)
			expect(outcome.data).toMatchObject({ admin: null, returnTo: routes[name]!.path(fixtures) })
			expect(outcome.headers.get('Cache-Control')).toBe('private, no-store')
		},
	)

	/** The stream routes' loaders answer with headers at once; their endless bodies are not read. */
	async function callStream(name: string, cookie: string | undefined) {
		const abort = new AbortController()
		const request = new Request(get(routes[name]!.path(fixtures), cookie), { signal: abort.signal })
		try {
			return await run(
				Promise.resolve(modules.get(name)!.loader!({ request, params: {}, context: {} })).then((response) => {
					if (!(response instanceof Response)) return response
					abort.abort()
					return new Response(null, { status: response.status, headers: response.headers })
				}),
			)
		} finally {
			abort.abort()
		}
	}
	const callAnyLoader = (name: string, cookie: string | undefined) =>
		routes[name]!.stream ? callStream(name, cookie) : callLoader(name, cookie)

	it.each(loaderFiles.filter((name) => routes[name]!.stream))(
		'%s streams to the admin, never cacheable nor compressed',
		async (name) => {
			const outcome = await callStream(name, cookies.admin)
			expect(outcome.status).toBe(200)
			expect(outcome.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8')
			expect(outcome.headers.get('Cache-Control')).toBe('private, no-store, no-transform')
		},
	)

	it.each(loaderFiles.map((name) => [name, routes[name]!.staff] as const))(
		'%s: a staff member gets %s',
		async (name, expected) => {
			const outcome = await callAnyLoader(name, cookies.staff)
			expect(outcome.headers.get('Cache-Control')).toMatch(/^private, no-store/)
			if (expected === 'screen') expect(outcome.status).toBe(200)
			if (expected === 'refused') expect(outcome.status).toBe(403)
			if (expected === 'sent to orders') {
				expect(outcome.status).toBe(302)
				expect(outcome.headers.get('Location')).toMatch(/^\/admin\/orders(\?date=\d{4}-\d{2}-\d{2})?$/)
			}
		},
	)

	it.each(loaderFiles.filter((name) => !routes[name]!.stream))(
		'%s answers the admin, never cacheable',
		async (name) => {
			const outcome = await callLoader(name, cookies.admin)
			expect(outcome.status).toBe(200)
			expect(outcome.headers.get('Cache-Control')).toBe('private, no-store')
		},
	)
})

describe('actions', () => {
	it.each(actionCases)('%s (%s): anonymous gets 401 and nothing changes', async (name, intent) => {
		const before = await snapshot()
		expect((await callAction(name, intent, undefined)).status).toBe(401)
		expect(await snapshot()).toEqual(before)
	})

	it.each(actionCases)('%s (%s): a removed admin gets 403 and nothing changes', async (name, intent) => {
		const before = await snapshot()
		expect((await callAction(name, intent, cookies.former)).status).toBe(403)
		expect(await snapshot()).toEqual(before)
	})

	const staffRefused = actionCases.filter(([name, intent]) => !routes[name]!.staffMay?.includes(intent))
	const staffAllowed = actionCases.filter(([name, intent]) => routes[name]!.staffMay?.includes(intent))

	it.each(staffRefused)('%s (%s): a staff member gets 403 and nothing changes', async (name, intent) => {
		const before = await snapshot()
		expect((await callAction(name, intent, cookies.staff)).status).toBe(403)
		expect(await snapshot()).toEqual(before)
	})

	it.each(staffAllowed)('%s (%s): a staff member may, and it changes something', async (name, intent) => {
		const before = await snapshot()
		expect((await callAction(name, intent, cookies.staff)).status).toBe(routes[name]!.allowedStatus ?? 200)
		expect(await snapshot()).not.toEqual(before)
	})

	it.each(actionCases)('%s (%s): the same request from the admin does change something', async (name, intent) => {
		const before = await snapshot()
		const outcome = await callAction(name, intent, cookies.admin)
		expect(outcome.status).toBe(routes[name]!.allowedStatus ?? 200)
		expect(outcome.headers.get('Cache-Control')).toBe('private, no-store')
		expect(await snapshot()).not.toEqual(before)
	})
})

describe('every admin screen', () => {
	const screens = adminRouteFiles.filter((name) => name.endsWith('.tsx'))

	it.each(screens)('%s: headers say private, no-store and noindex', async (name) => {
		const module = (await import(/* @vite-ignore */ path.join(routesDir, name))) as {
			headers?: (args: object) => HeadersInit
			meta?: (args: object) => Array<Record<string, string>>
		}
		const headersOf = (errorHeaders?: Headers) =>
			new Headers(
				module.headers?.({
					loaderHeaders: new Headers(),
					parentHeaders: new Headers(),
					actionHeaders: new Headers(),
					errorHeaders,
				}),
			)
		expect(headersOf().get('Cache-Control')).toBe('private, no-store')
		// A database outage (the outage policy's 503) keeps its Retry-After.
		const outage = headersOf(new Headers({ 'Retry-After': '30' }))
		expect([outage.get('Cache-Control'), outage.get('Retry-After')]).toEqual(['private, no-store', '30'])
		const meta = module.meta?.({ location: { pathname: '/admin' }, matches: [] }) ?? []
		expect(meta).toContainEqual({ name: 'robots', content: 'noindex' })
	})
})

describe('what staff see of the orders', () => {
	async function pickupToday() {
		const { prisma } = await import('~/utils/db.server')
		const { ownerDay } = await import('~/domain/pickup/owner-day.server')
		const { dateColumn } = await import('~/domain/pickup/models/pickup-schedule.server')
		const { today } = await ownerDay(null)
		await prisma.order.update({
			where: { id: fixtures.order.id },
			data: { pickupAt: new Date(), pickupDate: dateColumn(today) },
		})
		return today
	}

	it("today's and tomorrow's orders with the customer's name, without contact details or account", async () => {
		const today = await pickupToday()
		const outcome = await callLoader('admin.orders.tsx', cookies.staff, `/admin/orders?date=${today}`)
		expect(outcome.status).toBe(200)
		const { orders } = outcome.data as { orders: Array<Record<string, unknown>> }
		expect(orders).toHaveLength(1)
		expect(orders[0]).toMatchObject({ customerName: 'Pat Buyer', customerEmail: '', customerId: null })
		const owners = await callLoader('admin.orders.tsx', cookies.admin, `/admin/orders?date=${today}`)
		expect((owners.data as { orders: unknown[] }).orders[0]).toMatchObject({ customerEmail: 'pat@example.com' })
	})

	it('another day, or every order, sends staff back to today', async () => {
		const today = await pickupToday()
		for (const pathname of ['/admin/orders?date=2020-01-01', '/admin/orders', '/admin/orders?status=PAID']) {
			const outcome = await callLoader('admin.orders.tsx', cookies.staff, pathname)
			expect(outcome.status).toBe(302)
			expect(outcome.headers.get('Location')).toBe(`/admin/orders?date=${today}`)
		}
	})

	it('a staff member taken off STAFF_EMAILS is refused on the next request', async () => {
		const { resetEnv } = await import('~/utils/env.server')
		process.env.STAFF_EMAILS = ''
		resetEnv()
		try {
			const outcome = await callLoader('admin.prep-list.tsx', cookies.staff)
			expect(outcome.status).toBe(302)
			expect(outcome.headers.get('Location')).toMatch(/^\/image-uploader\?returnTo=/)
		} finally {
			process.env.STAFF_EMAILS = STAFF.email
			resetEnv()
		}
	})
})
