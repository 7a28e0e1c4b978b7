import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import pg from 'pg'
import { databaseUrl, serverUrlOf } from '../setup/database-server'

/** Loads a page and waits until React has hydrated it (the root marks <html data-hydrated>). */
export async function gotoHydrated(page: Page, path: string) {
	await page.goto(path)
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/** On a menu page: opens a cake's dialog, adds `quantity` to the cart, waits for 'Added to cart' and closes it. */
export async function addCakeToCart(page: Page, name: string, quantity = 1) {
	await page.getByRole('button', { name: new RegExp(name) }).click()
	const dialog = page.getByRole('dialog', { name })
	for (let step = 1; step < quantity; step++) await dialog.getByRole('button', { name: 'Increase quantity' }).click()
	await dialog.getByRole('button', { name: /^Add to Cart/ }).click()
	await expect(dialog.getByRole('status')).toContainText('Added to cart')
	await page.keyboard.press('Escape')
}

export async function expectNoAxeViolations(page: Page) {
	const results = await new AxeBuilder({ page }).analyze()
	expect(results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(' ')}`)).toEqual([])
}

/** The mock Stripe server of tests/e2e/serve-production.ts runs at E2E_PORT + 1000. */
export function mockStripeUrl(baseURL: string | undefined) {
	const port = Number(new URL(baseURL ?? 'http://localhost:3100').port)
	return `http://127.0.0.1:${port + 1000}`
}

/**
 * A connection to the database this run's server uses (tests/e2e/serve-production.ts: on DATABASE_URL's
 * server, else on the embedded Postgres it started), for setting up what orders would leave behind.
 */
export async function withE2eDatabase<T>(run: (client: pg.Client) => Promise<T>) {
	const name = `bakery_e2e_${process.env.E2E_PORT ?? '3100'}`
	const embedded = '.data/e2e-postgres.owner.json'
	const serverUrl = process.env.DATABASE_URL
		? serverUrlOf(process.env.DATABASE_URL)
		: `postgresql://postgres:postgres@127.0.0.1:${(JSON.parse(await readFile(embedded, 'utf8')) as { port: number }).port}`
	const client = new pg.Client({ connectionString: databaseUrl(serverUrl, name) })
	await client.connect()
	try {
		return await run(client)
	} finally {
		await client.end()
	}
}
