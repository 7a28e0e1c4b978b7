import { expect, test, type Page } from '@playwright/test'

const pages = [
	{ path: '/', title: /^Doce Dulce Bakery: Brazilian & Mexican bakery and coffee in Everett, WA$/ },
	{ path: '/about', title: 'About Us | Doce Dulce Bakery' },
	{ path: '/contact', title: 'Contact | Doce Dulce Bakery' },
	{ path: '/reviews', title: 'Customer Reviews | Doce Dulce Bakery' },
	{ path: '/gallery', title: 'Bakery Gallery | Doce Dulce Bakery' },
]

async function meta(page: Page, selector: string) {
	return page.locator(selector).getAttribute('content')
}

test('each page has its own title, description, canonical URL and Open Graph tags', async ({ page, baseURL }) => {
	const descriptions = new Set<string>()
	for (const { path, title } of pages) {
		await page.goto(path)
		await expect(page).toHaveTitle(title)
		const description = await meta(page, 'meta[name="description"]')
		expect(description?.length, path).toBeGreaterThan(40)
		descriptions.add(description!)
		const url = `${baseURL}${path}`
		await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url)
		expect(await meta(page, 'meta[property="og:url"]')).toBe(url)
		expect(await meta(page, 'meta[property="og:title"]')).toBe(await page.title())
		expect(await meta(page, 'meta[property="og:description"]')).toBe(description)
		expect(await meta(page, 'meta[property="og:type"]')).toBe('website')
		await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
	}
	expect(descriptions.size).toBe(pages.length)
})

test('the Open Graph image exists', async ({ page, request }) => {
	await page.goto('/')
	const image = await meta(page, 'meta[property="og:image"]')
	const response = await request.get(image!)
	expect(response.status()).toBe(200)
	expect(response.headers()['content-type']).toBe('image/jpeg')
})

for (const path of ['/', '/contact']) {
	test(`${path} describes the bakery to search engines (JSON-LD Bakery)`, async ({ page, baseURL }) => {
		await page.goto(path)
		const json = await page.locator('script[type="application/ld+json"]').textContent()
		const bakery = JSON.parse(json!)
		expect(bakery).toMatchObject({
			'@context': 'https://schema.org',
			'@type': 'Bakery',
			name: 'Doce Dulce Bakery',
			telephone: '(425) 555-0164',
			url: `${baseURL}/`,
			priceRange: '$',
			address: {
				'@type': 'PostalAddress',
				streetAddress: '2814 Colby Ave',
				addressLocality: 'Everett',
				addressRegion: 'WA',
				postalCode: '98201',
			},
			geo: { '@type': 'GeoCoordinates' },
		})
		expect(bakery.servesCuisine).toEqual(expect.arrayContaining(['Brazilian', 'Mexican']))
		expect(bakery.geo.latitude).toBeCloseTo(47.98, 1)
		expect(bakery.geo.longitude).toBeCloseTo(-122.2, 1)
		expect(bakery.openingHoursSpecification[0]).toEqual({
			'@type': 'OpeningHoursSpecification',
			dayOfWeek: ['Tuesday', 'Wednesday', 'Thursday', 'Friday'],
			opens: '07:00',
			closes: '18:00',
		})
	})
}

test('/sitemap.xml and /robots.txt', async ({ request, baseURL }) => {
	const sitemap = await request.get('/sitemap.xml')
	expect(sitemap.headers()['content-type']).toContain('application/xml')
	const xml = await sitemap.text()
	for (const path of ['/', '/about', '/contact', '/reviews', '/gallery', '/club'])
		expect(xml).toContain(`<loc>${baseURL}${path}</loc>`)
	expect(xml).not.toContain('/checkout')

	const robots = await (await request.get('/robots.txt')).text()
	expect(robots).toContain('User-agent: *')
	expect(robots).toContain('Disallow: /admin')
	expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
})

test('a real favicon, touch icon and web manifest', async ({ page, request }) => {
	await page.goto('/')
	const favicon = await request.get((await page.locator('link[rel="icon"]').getAttribute('href'))!)
	expect(favicon.headers()['content-type']).toContain('image/svg+xml')
	// Browsers' bookmark and tab fallbacks, feed readers and crawlers ask for /favicon.ico itself.
	const ico = await request.get('/favicon.ico')
	expect(ico.status()).toBe(200)
	expect(ico.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/)
	expect((await ico.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]))
	const touchIcon = await request.get((await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!)
	expect(touchIcon.headers()['content-type']).toBe('image/png')

	const manifest = await request.get((await page.locator('link[rel="manifest"]').getAttribute('href'))!)
	expect(manifest.headers()['content-type']).toContain('application/manifest+json')
	const body = await manifest.json()
	expect(body).toMatchObject({ name: 'Doce Dulce Bakery', start_url: '/', display: 'standalone' })
	for (const icon of body.icons as Array<{ src: string; sizes: string }>) {
		expect((await request.get(icon.src)).status(), icon.src).toBe(200)
	}
	expect(body.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
		expect.arrayContaining(['192x192', '512x512']),
	)
})
