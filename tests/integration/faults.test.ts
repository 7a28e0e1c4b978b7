import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { prisma } from '~/utils/db.server'
import { createMenuItem } from '../fixtures/menu'
import { file, photo } from '../fixtures/images'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { postCustomCake, validFields } from './custom-cakes-helpers'
import { openEveryDay, pickupSlot } from './pickup-helpers'

/**
 * What a customer and the owner see when a dependency fails: storage (an S3 bucket nobody answers
 * for) and Stripe (slow past the client timeout, or not there at all). The database restart and
 * SIGTERM under load need a real server process: tests/e2e/faults.spec.ts.
 */

const STORAGE_FAILED = 'We couldn’t save your photo just now. Please try again in a moment.'
const customer = { name: 'Ana Souza', email: 'ana@example.com' }
const origin = 'https://bakery.test'

/** A port with nothing listening: connections are refused at once. */
async function closedPort() {
	return new Promise<number>((resolve) => {
		const server = net.createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo
			server.close(() => resolve(port))
		})
	})
}

let tempDir: string

beforeAll(async () => {
	tempDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-faults-'))
})

afterAll(async () => {
	await rm(tempDir, { recursive: true, force: true })
})

describe('storage unreachable', () => {
	const storageVariables = [
		'STORAGE_BUCKET',
		'STORAGE_ENDPOINT',
		'STORAGE_REGION',
		'STORAGE_ACCESS_KEY_ID',
		'STORAGE_SECRET_ACCESS_KEY',
		'STORAGE_FORCE_PATH_STYLE',
	]

	beforeAll(async () => {
		Object.assign(process.env, {
			STORAGE_BUCKET: 'bakery-uploads',
			STORAGE_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
			STORAGE_REGION: 'us-east-1',
			STORAGE_ACCESS_KEY_ID: 'faults',
			STORAGE_SECRET_ACCESS_KEY: 'faults-secret',
			STORAGE_FORCE_PATH_STYLE: 'true',
			STORAGE_DIR: path.join(tempDir, 'must-stay-empty'),
			IMAGE_CACHE_DIR: path.join(tempDir, 'cache'),
		})
		const { resetEnv } = await import('~/utils/env.server')
		resetEnv()
	})

	afterAll(async () => {
		for (const name of storageVariables) delete process.env[name]
		const { resetEnv } = await import('~/utils/env.server')
		resetEnv()
	})

	beforeEach(async () => {
		const { resetRateLimits } = await import('~/utils/rate-limit.server')
		resetRateLimits()
		await prisma.customCakeRequest.deleteMany()
	})

	it('a custom cake request with a photo fails with a clear message, keeps the typed values and saves no row', async () => {
		const started = Date.now()
		const outcome = await postCustomCake(
			validFields({ name: 'Storage Down', image: file(await photo(), 'cake.jpg', 'image/jpeg') }),
		)
		expect(outcome.status).toBe(503)
		expect(outcome.result?.error?.['']).toEqual([STORAGE_FAILED])
		expect(outcome.result?.initialValue).toMatchObject({ name: 'Storage Down' })
		expect(await prisma.customCakeRequest.count()).toBe(0)
		// Refused connections fail fast: the customer is not left waiting on retries.
		expect(Date.now() - started).toBeLessThan(15_000)
	})

	it('a request without a photo is still accepted, and pages without images still render', async () => {
		expect((await postCustomCake(validFields({ name: 'No Photo' }))).submitted).toBe(true)
		expect(await prisma.customCakeRequest.count()).toBe(1)
		const { loader: reviewsLoader } = await import('~/routes/reviews')
		await prisma.review.create({ data: { name: 'Rosa', comment: 'Lovely.', rating: 5, status: 'APPROVED' } })
		const reviews = (await reviewsLoader()) as { reviews: Array<{ name: string }> }
		expect(reviews.reviews.map((review) => review.name)).toContain('Rosa')
	})

	it('a stored image that cannot be fetched answers 503, not a crash', async () => {
		const { loader: imageLoader } = await import('~/routes/images.$')
		const outcome = await Promise.resolve(
			imageLoader({
				request: new Request('http://localhost/images/menuImages/missing.webp'),
				params: { '*': 'menuImages/missing.webp' },
				context: {},
			} as never),
		).then(
			(response: unknown) => (response as Response).status,
			(thrown: unknown) => (thrown instanceof Response ? thrown.status : 'threw a non-response'),
		)
		expect(outcome).toBe(503)
	})
})

describe('Stripe slow or unreachable', () => {
	let stripe: MockStripe

	beforeAll(async () => {
		stripe = await startMockStripe()
		await openEveryDay({ ordersPerSlot: 1000 })
	})

	afterAll(async () => {
		await stripe.close()
	})

	async function checkoutModule(port: number) {
		Object.assign(process.env, {
			STRIPE_SECRET_KEY: 'sk_test_faults',
			STRIPE_WEBHOOK_SECRET: 'whsec_faults',
			STRIPE_API_HOST: '127.0.0.1',
			STRIPE_API_PORT: String(port),
			STRIPE_API_PROTOCOL: 'http',
			STRIPE_TIMEOUT_MS: '1000',
		})
		const { resetEnv } = await import('~/utils/env.server')
		resetEnv()
		// A fresh module graph: the Stripe client is created once per process with the settings above.
		vi.resetModules()
		return import('./checkout-helpers')
	}

	async function expectFailedCheckout(start: () => Promise<unknown>) {
		const before = await prisma.order.count()
		const result = await start()
		expect(result).toEqual({ ok: false, status: 502, error: 'Checkout failed. Try again.' })
		expect(await prisma.order.count({ where: { status: 'PENDING' } })).toBe(0)
		expect(await prisma.order.count()).toBeLessThanOrEqual(before + 1)
	}

	it('a Stripe slower than the client timeout: “Checkout failed. Try again.” and no pending order', async () => {
		const checkout = await checkoutModule(stripe.port)
		const cake = await createMenuItem()
		stripe.setDelay(5_000)
		const started = Date.now()
		await expectFailedCheckout(() =>
			checkout.startCheckout({ customer, items: [{ id: cake.id, quantity: 1 }], pickupAt: pickupSlot() }, { origin }),
		)
		stripe.setDelay(0)
		// Three attempts (two retries) of one second each, plus back-off: well under the 5 s Stripe delay × 3.
		expect(Date.now() - started).toBeLessThan(10_000)
	})

	it('Stripe unreachable: the same message, and no pending order', async () => {
		const checkout = await checkoutModule(await closedPort())
		const cake = await createMenuItem()
		await expectFailedCheckout(() =>
			checkout.startCheckout({ customer, items: [{ id: cake.id, quantity: 1 }], pickupAt: pickupSlot() }, { origin }),
		)
	})
})
