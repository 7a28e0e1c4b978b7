import { expect, test, type Page } from '@playwright/test'

test('the home page renders server-side inside the shared layout', async ({ page }) => {
	const response = await page.goto('/')
	expect(response?.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the bakery' })).toBeVisible()
	await expect(page.getByRole('banner')).toBeVisible()
	await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`)
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

test('fingerprinted assets are cached for a year, immutable', async ({ request }) => {
	// From the HTML itself: after hydration Remix drops its modulepreload links from the live DOM.
	const html = await (await request.get('/')).text()
	const scriptSrc = /<link data-modulepreload="" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
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

test.describe('the Home screen', () => {
	async function gotoHydrated(page: Page, path = '/') {
		await page.goto(path)
		await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	}

	test('the storefront hero is the LCP element: eager, high priority, responsive, reserved box', async ({ page }) => {
		await page.goto('/')
		const hero = page.locator('main img').first()
		await expect(hero).toHaveAttribute('alt', /^The front of Doce Dulce Bakery/)
		await expect(hero).toHaveAttribute('loading', 'eager')
		await expect(hero).toHaveAttribute('fetchpriority', 'high')
		await expect(hero).toHaveAttribute('width', '1200')
		await expect(hero).toHaveAttribute('height', '675')
		await expect(page.locator('main picture').first().locator('source[type="image/avif"]')).toHaveAttribute(
			'sizes',
			'100vw',
		)
		// The last LCP candidate once the page has settled (text paints first, then the image).
		const lcpElement = await page.evaluate(
			() =>
				new Promise<string>((resolve) => {
					const entries: Array<PerformanceEntry & { element?: Element | null }> = []
					new PerformanceObserver((list) => entries.push(...list.getEntries())).observe({
						type: 'largest-contentful-paint',
						buffered: true,
					})
					setTimeout(() => {
						const element = entries.at(-1)?.element
						resolve(element instanceof HTMLImageElement ? element.currentSrc : `not the image: ${element?.tagName}`)
					}, 1500)
				}),
		)
		expect(lcpElement).toMatch(/\/images\/site\/storefront-\d+\.avif$/)
	})

	test.describe('on a 390px phone at 2x', () => {
		test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })

		test('the hero variant it downloads is small (≤ 120 KB)', async ({ page, request }) => {
			await page.goto('/')
			const hero = page.locator('main img').first()
			await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeTruthy()
			const src = await hero.evaluate((img: HTMLImageElement) => img.currentSrc)
			expect(src).toMatch(/storefront-800\.avif$/)
			const body = await (await request.get(src)).body()
			expect(body.length).toBeLessThanOrEqual(120 * 1024)
		})

		test('Order Online stays at the bottom of the screen; the copy under the welcome text is for wider screens', async ({
			page,
		}) => {
			await gotoHydrated(page)
			const order = page.getByRole('main').getByRole('link', { name: 'Order Online' })
			await expect(order).toHaveCount(1)
			const box = async () => (await order.boundingBox())!
			expect((await box()).y + (await box()).height).toBeGreaterThan(844 - 40)
			expect((await box()).y + (await box()).height).toBeLessThanOrEqual(844)
			await page.mouse.wheel(0, 1200)
			await expect.poll(async () => (await box()).y + (await box()).height).toBeGreaterThan(844 - 40)
			await expect(order).toBeInViewport()
		})
	})

	test('Order Online sits under the welcome text from medium screens up', async ({ page }) => {
		await page.goto('/')
		const order = page.getByRole('main').getByRole('link', { name: 'Order Online' })
		await expect(order).toHaveCount(1)
		const heading = await page.getByRole('heading', { level: 1, name: 'Welcome to the bakery' }).boundingBox()
		const button = await order.boundingBox()
		expect(button!.y).toBeGreaterThan(heading!.y + heading!.height)
		expect(button!.y).toBeLessThan(800)
	})

	test('Our Goodies: three cards to order from, in 1, 2 and 3 columns', async ({ page }) => {
		await page.goto('/')
		const goodies = page.getByRole('region', { name: 'Our Goodies' })
		const cards = goodies.getByRole('listitem')
		await expect(cards).toHaveCount(3)
		await expect(goodies.getByRole('heading', { level: 3 })).toHaveText([
			'Cakes',
			'Brazilian Pastries',
			'Mexican Pastries',
		])
		await expect(goodies).toContainText('From pão de queijo to brigadeiros')
		await expect(goodies).toContainText('Pan dulce, conchas and more')
		// Without an ordering provider each card leads to its page of the in-site menu.
		await expect(goodies.getByRole('link', { name: 'Cakes' })).toHaveAttribute('href', '/cakes')
		await expect(goodies.getByRole('link', { name: 'Brazilian Pastries' })).toHaveAttribute(
			'href',
			'/brazilian-pastries',
		)
		await expect(goodies.getByRole('link', { name: 'Mexican Pastries' })).toHaveAttribute('href', '/mexican-pastries')

		const columns = () =>
			goodies.getByRole('list').evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length)
		expect(await columns()).toBe(3)
		await page.setViewportSize({ width: 800, height: 900 })
		expect(await columns()).toBe(2)
		await page.setViewportSize({ width: 390, height: 844 })
		expect(await columns()).toBe(1)
	})

	test('Vibe and Visit Us: coffee photo with the round badge; address, phone, e-mail and a lazy, titled map', async ({
		page,
	}) => {
		await gotoHydrated(page)
		const vibe = page.getByRole('region', { name: 'Coffee, culture and good company' })
		await expect(vibe.getByRole('img', { name: /latte/ })).toHaveAttribute('loading', 'lazy')
		await expect(vibe.getByRole('img', { name: /badge/ })).toHaveClass(/rounded-full/)

		const visit = page.getByRole('region', { name: 'Visit Us' })
		await expect(visit.getByRole('link', { name: /2814 Colby Ave, Everett, WA 98201/ })).toHaveAttribute(
			'href',
			/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.*Everett/,
		)
		await expect(visit.getByRole('link', { name: '(425) 555-0164' })).toHaveAttribute('href', 'tel:+14255550164')
		await expect(visit.getByRole('link', { name: 'hello@docedulcebakery.example' })).toHaveAttribute(
			'href',
			'mailto:hello@docedulcebakery.example',
		)
		// Google's map page is only loaded once the map comes near the screen.
		const map = visit.locator('iframe')
		await expect(map).toHaveCount(0)
		await visit.getByTestId('map').scrollIntoViewIfNeeded()
		await expect(map).toHaveAttribute('title', /^Store locator map/)
		await expect(map).toHaveAttribute('loading', 'lazy')
		await expect(map).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\?q=.*&output=embed$/)
	})

	test('sections below the fold fade and slide in once, a quarter visible', async ({ page }) => {
		await gotoHydrated(page)
		const visit = page.getByRole('region', { name: 'Visit Us' })
		await expect(visit).toHaveAttribute('data-reveal', 'hidden')
		expect(await visit.evaluate((element) => getComputedStyle(element).opacity)).toBe('0')
		expect(await visit.evaluate((element) => getComputedStyle(element).transform)).toBe('matrix(1, 0, 0, 1, 0, 24)')
		// The hero was on screen from the start: never hidden.
		await expect(page.getByRole('region', { name: 'Welcome to the bakery' })).not.toHaveAttribute('data-reveal', /.*/)

		// Just under a quarter of it on screen: still hidden.
		const height = await visit.evaluate((element) => element.getBoundingClientRect().height)
		await visit.evaluate(
			(element, show) => window.scrollBy(0, element.getBoundingClientRect().top - innerHeight + show),
			height * 0.15,
		)
		await page.waitForTimeout(300)
		await expect(visit).toHaveAttribute('data-reveal', 'hidden')

		await visit.scrollIntoViewIfNeeded()
		await expect(visit).toHaveAttribute('data-reveal', 'shown')
		expect(await visit.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe('0.5s, 0.5s')
		await expect.poll(() => visit.evaluate((element) => getComputedStyle(element).opacity)).toBe('1')
		await expect.poll(() => visit.evaluate((element) => getComputedStyle(element).transform)).toBe('none')
		// Once: scrolling away and back does not hide it again.
		await page.mouse.wheel(0, -5000)
		await expect(visit).toHaveAttribute('data-reveal', 'shown')
	})

	test.describe('on a phone, cards further down', () => {
		test.use({ viewport: { width: 390, height: 844 } })

		test('come in one after another, 0.12 s apart', async ({ page }) => {
			await gotoHydrated(page, '/about')
			const mission = page.getByRole('region', { name: 'Our Mission & Values' })
			await expect(mission).toHaveAttribute('data-reveal', 'hidden')
			await mission.scrollIntoViewIfNeeded()
			await expect(mission).toHaveAttribute('data-reveal', 'shown')
			const timings = await mission
				.locator('[data-reveal-item]')
				.evaluateAll((items) =>
					items.map(
						(item) => `${getComputedStyle(item).transitionDuration} after ${getComputedStyle(item).transitionDelay}`,
					),
				)
			expect(timings).toEqual(['0.5s, 0.5s after 0s', '0.5s, 0.5s after 0.12s'])
		})
	})

	test('with reduced motion the sections fade without sliding', async ({ page }) => {
		await page.emulateMedia({ reducedMotion: 'reduce' })
		await gotoHydrated(page)
		const visit = page.getByRole('region', { name: 'Visit Us' })
		await expect(visit).toHaveAttribute('data-reveal', 'hidden')
		expect(await visit.evaluate((element) => getComputedStyle(element).transform)).toBe('none')
		await visit.scrollIntoViewIfNeeded()
		await expect.poll(() => visit.evaluate((element) => getComputedStyle(element).opacity)).toBe('1')
		expect(await visit.evaluate((element) => getComputedStyle(element).transform)).toBe('none')
	})

	test('scrolling the whole page causes no layout shift', async ({ page }) => {
		await gotoHydrated(page)
		for (let y = 0; y < 4000; y += 400) {
			await page.mouse.wheel(0, 400)
			await page.waitForTimeout(50)
		}
		await page.waitForTimeout(700)
		const shift = await page.evaluate(
			() =>
				new Promise<number>((resolve) => {
					let total = 0
					new PerformanceObserver((list) => {
						for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) total += entry.value
					}).observe({ type: 'layout-shift', buffered: true })
					setTimeout(() => resolve(total), 200)
				}),
		)
		expect(shift).toBeLessThan(0.01)
	})

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false })

		test('every section is visible and nothing waits for a script', async ({ page }) => {
			await page.goto('/')
			for (const name of ['Welcome to the bakery', 'Our Goodies', 'Coffee, culture and good company', 'Visit Us']) {
				const section = page.getByRole('region', { name })
				await expect(section).not.toHaveAttribute('data-reveal', /.*/)
				await section.scrollIntoViewIfNeeded()
				expect(await section.evaluate((element) => getComputedStyle(element).opacity)).toBe('1')
			}
			await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1)
		})
	})
})
