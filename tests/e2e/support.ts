import crypto from 'node:crypto'
import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import pg from 'pg'
import { databaseUrl, e2eDatabaseName, serverUrlOf } from '../setup/database-server'

/** Loads a page and waits until React has hydrated it (the root marks <html data-hydrated>). */
export async function gotoHydrated(page: Page, path: string) {
	await page.goto(path)
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/**
 * Opens an owner page and signs in with the real 'Sign in with Google' button (the mock Google answers as
 * Olivia Owner and sends her back to `path`). Returns once the page's heading shows and, unless the page runs
 * without JavaScript, once it has hydrated: a navigation started before then would cut the sign-in short.
 */
export async function signInTo(page: Page, path: string, heading: string, { hydrated = true } = {}) {
	await page.goto(path)
	await page.getByRole('button', { name: 'Sign in with Google' }).click()
	await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
	if (hydrated) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/** On a menu page: opens a cake's dialog, adds `quantity` to the cart; Add closes it and the page says 'Added to cart'. */
export async function addCakeToCart(page: Page, name: string, quantity = 1) {
	await page.getByRole('button', { name: new RegExp(name) }).click()
	const dialog = page.getByRole('dialog', { name })
	for (let step = 1; step < quantity; step++) await dialog.getByRole('button', { name: 'Increase quantity' }).click()
	await dialog.getByRole('button', { name: /^Add to Cart/ }).click()
	await expect(dialog).toBeHidden()
	await expect(addedToCart(page)).toContainText(`Added to cart: ${quantity} × ${name}`)
}

/** The menu page's confirmation of an Add ('Added to cart: 1 × Tres Leches Cake. View cart'). */
export function addedToCart(page: Page) {
	return page.getByRole('status').filter({ hasText: 'Added to cart' })
}

/**
 * axe on the whole page, or only on what `include` selects (e.g. an open menu in the 'header'). Legacy mode
 * runs axe in the page and its same-origin frames: the default also reaches frames of other origins, by
 * opening a blank page per scan to merge their results, which doubled each scan's time (2 s → 4 s for
 * /shop on the CI host). The public pages' only frames are the map's, another site's page.
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
	const builder = new AxeBuilder({ page }).setLegacyMode(true)
	const results = await (include ? builder.include(include) : builder).analyze()
	expect(results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(' ')}`)).toEqual([])
}

/** The mock Stripe server of tests/e2e/serve-production.ts runs at E2E_PORT + 1000. */
export function mockStripeUrl(baseURL: string | undefined) {
	const port = Number(new URL(baseURL ?? 'http://localhost:3100').port)
	return `http://127.0.0.1:${port + 1000}`
}

/** The URL of the database this run's server uses (tests/e2e/serve-production.ts). */
export async function e2eDatabaseUrl() {
	const name = e2eDatabaseName()
	const embedded = '.data/e2e-postgres.owner.json'
	const serverUrl = process.env.DATABASE_URL
		? serverUrlOf(process.env.DATABASE_URL)
		: `postgresql://postgres:postgres@127.0.0.1:${(JSON.parse(await readFile(embedded, 'utf8')) as { port: number }).port}`
	return databaseUrl(serverUrl, name)
}

/**
 * A connection to the database this run's server uses (tests/e2e/serve-production.ts: on DATABASE_URL's
 * server, else on the embedded Postgres it started), for setting up what orders would leave behind.
 */
export async function withE2eDatabase<T>(run: (client: pg.Client) => Promise<T>) {
	const client = new pg.Client({ connectionString: await e2eDatabaseUrl() })
	await client.connect()
	try {
		return await run(client)
	} finally {
		await client.end()
	}
}

/** The SESSION_SECRET tests/e2e/serve-production.ts gives the server: it signs review links. */
const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdef0123'

/**
 * A picked-up order and its "Tell us how it was" invitation, stored as the review mail would leave them,
 * and the link the mail carries (signed as app/domain/reviews/review-token.server.ts signs it).
 */
export async function createReviewInvitationLink(customerName: string) {
	const orderId = `e2e${crypto.randomBytes(10).toString('hex')}`
	const invitationId = `e2einv${crypto.randomBytes(10).toString('hex')}`
	await withE2eDatabase(async (client) => {
		await client.query(
			`INSERT INTO "Order" ("id", "customerName", "customerEmail", "status", "totalCents", "paidAt", "createdAt", "updatedAt")
			VALUES ($1, $2, 'reviewer@example.com', 'PICKED_UP', 700, now(), now(), now())`,
			[orderId, customerName],
		)
		await client.query(
			`INSERT INTO "ReviewInvitation" ("id", "orderId", "expiresAt") VALUES ($1, $2, now() + interval '30 days')`,
			[invitationId, orderId],
		)
	})
	const signature = crypto
		.createHmac('sha256', E2E_SESSION_SECRET)
		.update(`review-invitation:${invitationId}`)
		.digest('base64url')
	return `/review/${invitationId}.${signature}`
}
