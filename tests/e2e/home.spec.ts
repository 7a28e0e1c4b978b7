import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

test('the home page renders server-side inside the shared layout', async ({ page }) => {
	const response = await page.goto('/')
	expect(response?.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the bakery' })).toBeVisible()
	await expect(page.getByRole('banner')).toBeVisible()
	await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`)
	const results = await new AxeBuilder({ page }).analyze()
	expect(results.violations).toEqual([])
})

test('page responses carry enforced security headers with a per-request nonce', async ({ page, request }) => {
	const response = await request.get('/')
	const headers = response.headers()
	const csp = headers['content-security-policy']
	expect(csp).toBeDefined()
	expect(headers['content-security-policy-report-only']).toBeUndefined()
	expect(csp).toContain("frame-ancestors 'none'")
	expect(csp).toContain("object-src 'none'")
	expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
	const nonce = /'nonce-([^']+)'/.exec(csp!)?.[1]
	expect(nonce).toBeTruthy()
	expect(await response.text()).toContain(`nonce="${nonce}"`)
	expect(headers['strict-transport-security']).toContain('max-age=')
	expect(headers['x-content-type-options']).toBe('nosniff')
	expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
	expect(headers['x-powered-by']).toBeUndefined()

	const second = await request.get('/')
	expect(second.headers()['content-security-policy']).not.toContain(nonce!)

	// The enforced policy does not block the app's own scripts: the page hydrates without CSP errors.
	const violations: string[] = []
	page.on('console', (message) => {
		if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
	})
	await page.goto('/')
	await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined)
	expect(violations).toEqual([])
})

test('fingerprinted assets are cached for a year, immutable', async ({ page, request }) => {
	await page.goto('/')
	const scriptSrc = await page.locator('script[type="module"][src^="/assets/"], link[rel="modulepreload"]').first()
		.evaluate((element) => element.getAttribute('src') ?? element.getAttribute('href'))
	expect(scriptSrc).toMatch(/^\/assets\//)
	const asset = await request.get(scriptSrc!)
	expect(asset.status()).toBe(200)
	expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
})

test('/healthz answers 200 when the database is up', async ({ request }) => {
	const response = await request.get('/healthz')
	expect(response.status()).toBe(200)
	expect(await response.text()).toBe('OK')
})
