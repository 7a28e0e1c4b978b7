/**
 * Every route that reads a request body stops at its byte limit while the bytes stream in, whether or
 * not Content-Length was sent, and answers 413; a body it cannot read is a 400, never a 500.
 * The bodies here are chunked streams that count how many bytes the route pulled.
 */
import type { ActionFunctionArgs } from '@remix-run/node'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'

const ORIGIN = 'http://localhost:3000'
const CHUNK = 64 * 1024
const FORM_LIMIT = 32 * 1024

type Action = (args: ActionFunctionArgs) => Promise<unknown>

interface RouteCase {
	name: string
	path: string
	action: () => Promise<Action>
	params?: () => Record<string, string>
	admin?: boolean
	/** The byte limit the route must stop at. */
	limit: number
	/** How an oversized body starts (the rest is filler), and its content type. */
	contentType: string
	prefix: string
	/** What the 413 must say, in the route's own shape. */
	tooLarge: RegExp
	/** What the 400 for an unreadable body says, when not the common message. */
	malformed?: RegExp
}

const BOUNDARY = '----bakery-test-boundary'
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`
/** Text fields, then a photo part that never ends: the shape of a browser upload. */
function multipartPrefix(fields: Record<string, string>) {
	const parts = Object.entries(fields).map(
		([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
	)
	const photo = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`
	return parts.join('') + photo
}

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let adminCookie: string
let pendingSessionId: string
const MAX_ADMIN_REQUEST_BYTES = 10 * 1024 * 1024 + 256 * 1024
const MAX_CUSTOM_CAKE_REQUEST_BYTES = 5 * 1024 * 1024 + 256 * 1024

const routes: RouteCase[] = [
	{
		name: 'checkout',
		path: '/checkout',
		action: async () => (await import('~/routes/checkout')).action,
		limit: 64 * 1024,
		contentType: 'application/x-www-form-urlencoded',
		prefix: 'customer.name=',
		tooLarge: /"url":null.*What you sent is too large/,
	},
	{
		name: 'contact',
		path: '/contact',
		action: async () => (await import('~/routes/contact')).action,
		limit: FORM_LIMIT,
		contentType: 'application/x-www-form-urlencoded',
		prefix: 'name=Ana&email=ana%40example.com&message=',
		tooLarge: /Your message is too long to send/,
		malformed: /We couldn’t read your message/,
	},
	{
		name: 'Stripe webhook',
		path: '/webhooks/stripe',
		action: async () => (await import('~/routes/webhooks.stripe')).action,
		limit: 512 * 1024,
		contentType: 'application/json',
		prefix: '{"id":"evt_1","data":"',
		tooLarge: /too large/,
		// Unreadable or not, an unsigned event is refused before anything is parsed.
		malformed: /Invalid signature/,
	},
	{
		name: 'demo sign-in',
		path: '/auth/demo',
		action: async () => (await import('~/routes/auth.demo')).action,
		limit: FORM_LIMIT,
		contentType: 'application/x-www-form-urlencoded',
		prefix: 'returnTo=/admin',
		tooLarge: /too large/,
	},
	{
		name: 'test payment page',
		path: '/test-payment/session',
		action: async () => (await import('~/routes/test-payment.$sessionId')).action,
		params: () => ({ sessionId: pendingSessionId }),
		limit: FORM_LIMIT,
		contentType: 'application/x-www-form-urlencoded',
		prefix: 'intent=pay&padding=',
		tooLarge: /"error":"What you sent is too large/,
	},
	...(
		[
			['messages', async () => (await import('~/routes/admin.messages')).action],
			['menu', async () => (await import('~/routes/admin.menu')).action],
			['custom-cakes', async () => (await import('~/routes/admin.custom-cakes')).action],
			['orders', async () => (await import('~/routes/admin.orders')).action],
		] as const
	).map(([screen, action]): RouteCase => ({
		name: `admin ${screen} list`,
		path: `/admin/${screen}`,
		action,
		admin: true,
		limit: FORM_LIMIT,
		contentType: 'application/x-www-form-urlencoded',
		prefix: 'intent=delete&id=',
		tooLarge: /"message":"What you sent is too large/,
	})),
	{
		name: 'custom cake request (upload)',
		path: '/custom-cakes',
		action: async () => (await import('~/routes/custom-cakes')).action,
		limit: MAX_CUSTOM_CAKE_REQUEST_BYTES,
		contentType: multipartType,
		prefix: multipartPrefix({ name: 'Gabriela Torres', phone: '(425) 555-0142', email: 'g@example.com' }),
		tooLarge: /The photo is larger than 5 MB/,
	},
	{
		name: 'admin menu upload',
		path: '/image-uploader',
		action: async () => (await import('~/routes/image-uploader')).action,
		admin: true,
		limit: MAX_ADMIN_REQUEST_BYTES,
		contentType: multipartType,
		prefix: multipartPrefix({ name: 'Guava Roll', price: '3.75' }),
		tooLarge: /The image is larger than 10 MB/,
	},
	{
		name: 'admin gallery upload',
		path: '/admin/gallery',
		action: async () => (await import('~/routes/admin.gallery')).action,
		admin: true,
		limit: MAX_ADMIN_REQUEST_BYTES,
		contentType: multipartType,
		prefix: multipartPrefix({ intent: 'upload', alt: 'The counter' }),
		tooLarge: /The image is larger than 10 MB/,
	},
	{
		name: 'admin menu item edit',
		path: '/admin/menu/item',
		action: async () => (await import('~/routes/admin.menu_.$itemId')).action,
		params: () => ({ itemId: 'item' }),
		admin: true,
		limit: MAX_ADMIN_REQUEST_BYTES,
		contentType: multipartType,
		prefix: multipartPrefix({ name: 'Guava Roll', price: '3.75' }),
		tooLarge: /The image is larger than 10 MB/,
	},
]

/** A chunked body with no Content-Length: `prefix`, then filler for ever (up to `totalBytes`), pulled on demand. */
function countingBody(prefix: string, totalBytes: number) {
	const head = new TextEncoder().encode(prefix)
	let pulled = 0
	const stream = new ReadableStream<Uint8Array>(
		{
			pull(controller) {
				if (pulled >= totalBytes) return controller.close()
				const chunk = new Uint8Array(CHUNK).fill(0x61)
				if (pulled === 0) chunk.set(head)
				pulled += CHUNK
				controller.enqueue(chunk)
			},
		},
		{ highWaterMark: 0 },
	)
	return { stream, pulled: () => pulled }
}

function requestFor(route: RouteCase, body: BodyInit, contentType: string) {
	const headers = new Headers({ 'Content-Type': contentType })
	if (route.admin) headers.set('Cookie', adminCookie)
	return new Request(`${ORIGIN}${route.path}`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit)
}

async function callAction(route: RouteCase, request: Request) {
	const action = await route.action()
	return run(action({ request, params: route.params?.() ?? {}, context: { clientIp: `bodies-${route.name}` } }))
}

function describeOutcome(data: unknown) {
	return typeof data === 'string' ? data : JSON.stringify(data)
}

beforeAll(async () => {
	env = await useAdminTestEnv()
	// The demo sign-in (development without Google) and the test payment provider (no Stripe key).
	for (const key of ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'STRIPE_SECRET_KEY']) delete process.env[key]
	const { resetEnv } = await import('~/utils/env.server')
	resetEnv()
	const { DEMO_ADMIN } = await import('~/domain/admin-auth/auth.server')
	adminCookie = await sessionCookieFor(DEMO_ADMIN)
	const { createMenuItem } = await import('../fixtures/menu')
	const { startCheckout } = await import('./checkout-helpers')
	const { openEveryDay, pickupSlot } = await import('./pickup-helpers')
	await openEveryDay()
	const cake = await createMenuItem({ name: 'Brigadeiro Cake', priceCents: 3850 })
	const checkout = await startCheckout(
		{
			customer: { name: 'Rosa', email: 'rosa@example.com' },
			items: [{ id: cake.id, quantity: 1 }],
			pickupAt: pickupSlot(),
		},
		{ origin: ORIGIN },
	)
	if (!checkout.ok) throw new Error(checkout.error)
	pendingSessionId = new URL(checkout.url).pathname.split('/').pop()!
	return env.cleanup
})

beforeEach(async () => {
	const { resetRateLimits } = await import('~/utils/rate-limit.server')
	resetRateLimits()
})

describe.each(routes)('$name', (route) => {
	it('answers a chunked oversized body with 413, having read at most the limit plus one chunk', async () => {
		const body = countingBody(route.prefix, route.limit + 4 * 1024 * 1024)
		const outcome = await callAction(route, requestFor(route, body.stream, route.contentType))
		expect(outcome.status).toBe(413)
		expect(describeOutcome(outcome.data)).toMatch(route.tooLarge)
		expect(body.pulled()).toBeLessThanOrEqual(route.limit + CHUNK)
	})

	it('answers a body announced over the limit with 413 without reading it whole', async () => {
		const body = countingBody(route.prefix, route.limit + 4 * 1024 * 1024)
		const request = requestFor(route, body.stream, route.contentType)
		request.headers.set('Content-Length', String(route.limit + 4 * 1024 * 1024))
		const outcome = await callAction(route, request)
		expect(outcome.status).toBe(413)
		expect(body.pulled()).toBeLessThanOrEqual(route.limit + CHUNK)
	})

	it('answers a malformed body with 400 and a clear message', async () => {
		const malformed = route.contentType === 'application/json' ? '{"items": [' : 'this is not a form'
		const contentType = route.contentType === 'application/json' ? route.contentType : multipartType
		const outcome = await callAction(route, requestFor(route, malformed, contentType))
		expect(outcome.status).toBe(400)
		expect(describeOutcome(outcome.data)).toMatch(route.malformed ?? /couldn’t read/)
	})
})

it('leaves the order alone when the test payment page cannot read the post', async () => {
	const { prisma } = await import('~/utils/db.server')
	const order = await prisma.order.findUniqueOrThrow({ where: { providerSessionId: pendingSessionId } })
	expect(order.status).toBe('PENDING')
})
