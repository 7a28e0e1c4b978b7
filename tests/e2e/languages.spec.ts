import { expect, test } from '@playwright/test'
import { gotoHydrated } from './support'

/**
 * Spanish and Portuguese (docs/decisions/042-languages.md): each language has its own URLs, the
 * switcher works without JavaScript, search engines learn every translation, and a visitor whose
 * browser prefers Spanish is offered it but never redirected.
 */

test('Spanish and Portuguese pages say so, in their own words, and name each other', async ({ page }) => {
	for (const [path, lang, heading, nav] of [
		['/es', 'es', 'Bienvenidos a la panadería', 'Nosotros'],
		['/pt-br', 'pt-BR', 'Bem-vindos à padaria', 'Sobre nós'],
		['/', 'en', 'Welcome to the bakery', 'About'],
	] as const) {
		await page.goto(path)
		await expect(page.locator('html')).toHaveAttribute('lang', lang)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
		await expect(page.getByRole('contentinfo').getByRole('link', { name: nav, exact: true })).toBeVisible()
		const alternates = await page
			.locator('head link[rel="alternate"][hreflang]')
			.evaluateAll((links) =>
				links.map((link) => [link.getAttribute('hreflang'), new URL(link.getAttribute('href')!).pathname]),
			)
		expect(alternates).toEqual([
			['en', '/'],
			['es', '/es'],
			['pt-BR', '/pt-br'],
			['x-default', '/'],
		])
		expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toBe(path)
	}
})

test('the bakery’s own words in Spanish: footer tagline, search data and the menu’s sections', async ({ page }) => {
	const jsonLd = async (type: string) => {
		const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
		return blocks.map((block) => JSON.parse(block) as Record<string, unknown>).find((data) => data['@type'] === type)
	}
	await page.goto('/es')
	await expect(page.getByRole('contentinfo')).toContainText('Dulces recuerdos en cada bocado')
	expect(await jsonLd('Bakery')).toMatchObject({
		description: 'Pan y repostería de Brasil y México, horneados cada día.',
		slogan: 'Dulces recuerdos en cada bocado de sabor brasileño y mexicano.',
	})
	await page.goto('/es/menu')
	const menu = (await jsonLd('Menu')) as { name: string; url: string; hasMenuSection: Array<{ name: string }> }
	expect(menu.name).toBe('Menú de Doce Dulce Bakery')
	expect(new URL(menu.url).pathname).toBe('/es/menu')
	expect(menu.hasMenuSection.map((section) => section.name)).toContain('Pan dulce mexicano')
	await gotoHydrated(page, '/pt-br/shop')
	await page.locator('main li').filter({ hasText: 'Pão de Queijo' }).locator('button[aria-haspopup="dialog"]').click()
	await expect(page.getByRole('dialog', { name: 'Pão de Queijo' })).toContainText('Tudo é feito em uma única cozinha')
})

test('links inside a Spanish page stay in Spanish', async ({ page }) => {
	await gotoHydrated(page, '/es')
	await page.getByRole('link', { name: 'Conoce nuestra historia' }).click()
	await expect(page).toHaveURL(/\/es\/about$/)
	await expect(page.locator('html')).toHaveAttribute('lang', 'es')
	await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Galería' })).toHaveAttribute(
		'href',
		'/es/gallery',
	)
})

test('About and Gallery in Portuguese: our own words translated', async ({ page }) => {
	await page.goto('/pt-br/about')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sobre nós')
	await expect(page.getByRole('heading', { name: 'Nossa história' })).toBeVisible()
	await expect(page.getByText('O que começou numa cozinha de casa')).toBeVisible()
	await expect(page.getByRole('listitem').filter({ hasText: 'Frescor e qualidade' })).toBeVisible()
	await expect(page).toHaveTitle(/^Sobre nós \| /)
	await page.goto('/pt-br/gallery')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Galeria da padaria')
})

test('an unknown path under /es is a Spanish 404', async ({ page }) => {
	const response = await page.goto('/es/no-existe')
	expect(response?.status()).toBe(404)
	await expect(page.locator('html')).toHaveAttribute('lang', 'es')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenidos a la panadería')
	await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
})

test('paths are case-insensitive: /PT-BR/Gallery is /pt-br/gallery', async ({ page }) => {
	await page.goto('/PT-BR/Gallery')
	await expect(page).toHaveURL(/\/pt-br\/gallery$/)
	await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')
})

test('the sitemap lists every page in every language with its alternates', async ({ request }) => {
	const xml = await (await request.get('/sitemap.xml')).text()
	for (const path of ['/shop', '/es/shop', '/pt-br/custom-cakes', '/es']) {
		expect(xml).toMatch(new RegExp(`<loc>[^<]*${path.replace('/', '\\/')}</loc>`))
	}
	const shopEntry = xml.split('<url>').find((entry) => /<loc>[^<]*\/es\/shop<\/loc>/.test(entry))!
	expect(shopEntry).toContain('hreflang="en" href="')
	expect(shopEntry).toMatch(/hreflang="pt-BR" href="[^"]*\/pt-br\/shop"/)
	expect(shopEntry).toMatch(/hreflang="x-default" href="[^"]*\/shop"/)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the footer switcher leads to the same page in the other language', async ({ page }) => {
		await page.goto('/gallery?x=1')
		const switcher = page.getByRole('contentinfo').getByRole('navigation', { name: 'Language' })
		await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true')
		await switcher.getByRole('link', { name: 'Español' }).click()
		await expect(page).toHaveURL(/\/es\/gallery\?x=1$/)
		await expect(page.locator('html')).toHaveAttribute('lang', 'es')
		await page
			.getByRole('contentinfo')
			.getByRole('navigation', { name: 'Idioma' })
			.getByRole('link', { name: 'Português' })
			.click()
		await expect(page).toHaveURL(/\/pt-br\/gallery\?x=1$/)
	})
})

test.describe('a browser that prefers Spanish', () => {
	test.use({ locale: 'es-MX' })

	test('is offered Spanish on an English page, not redirected, and can say no', async ({ page, context }) => {
		await gotoHydrated(page, '/about')
		await expect(page).toHaveURL(/\/about$/)
		const offer = page.getByRole('complementary', { name: 'Esta página también está en español.' })
		await expect(offer).toBeVisible()
		await expect(offer.getByRole('link', { name: 'Ver en español' })).toHaveAttribute('href', '/es/about')
		await offer.getByRole('button', { name: 'No, gracias' }).click()
		await expect(offer).toBeHidden()
		expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('en')
		await gotoHydrated(page, '/gallery')
		await expect(page.getByRole('complementary', { name: /español/ })).toHaveCount(0)
	})

	test('accepting remembers Spanish, and a later English page offers it again', async ({ page, context }) => {
		await gotoHydrated(page, '/')
		await page.getByRole('link', { name: 'Ver en español' }).click()
		await expect(page).toHaveURL(/\/es$/)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenidos a la panadería')
		expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('es')
		await expect(page.getByRole('complementary', { name: /español/ })).toHaveCount(0)
		await gotoHydrated(page, '/gallery')
		await expect(page.getByRole('link', { name: 'Ver en español' })).toHaveAttribute('href', '/es/gallery')
	})
})

test('the header switcher remembers a choice made with JavaScript', async ({ page, context }) => {
	await page.setViewportSize({ width: 390, height: 844 })
	await gotoHydrated(page, '/')
	await page.getByRole('button', { name: 'Menu' }).click()
	await page.locator('#mobile-menu').getByRole('link', { name: 'Português' }).click()
	await expect(page).toHaveURL(/\/pt-br$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bem-vindos à padaria')
	expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('pt-BR')
})

test('switching language with JavaScript never shows the new page in the old words', async ({ page }) => {
	await gotoHydrated(page, '/about')
	// Every DOM change is recorded with the language the document claims and the heading it shows.
	await page.evaluate(() => {
		const seen: string[] = []
		;(window as unknown as { seen: string[] }).seen = seen
		new MutationObserver(() => {
			seen.push(`${document.documentElement.lang}|${document.querySelector('h1')?.textContent ?? ''}`)
		}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
	})
	await page.getByRole('contentinfo').getByRole('link', { name: 'Español' }).click()
	await expect(page).toHaveURL(/\/es\/about$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nosotros')
	const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen)
	expect(seen).not.toContain('es|About Us')
	expect(seen).toContain('es|Nosotros')
})

test('every page carries the words it shows: no message key is ever on screen', async ({ page }) => {
	test.setTimeout(180_000)
	const keyOnScreen = /\b(?:common|home|pages|requests|shop)\.[a-z][A-Za-z0-9]+\b/
	const pages = ['/', '/about', '/gallery', '/shop', '/menu', '/cakes', '/brazilian-pastries', '/mexican-pastries']
	pages.push('/cart', '/checkout', '/cancel', '/custom-cakes', '/contact', '/reviews', '/no-such-page')
	for (const prefix of ['', '/es', '/pt-br']) {
		for (const path of pages) {
			const url = prefix + (path === '/' && prefix ? '' : path)
			await gotoHydrated(page, url)
			expect(await page.locator('body').innerText(), url).not.toMatch(keyOnScreen)
			expect(await page.title(), url).not.toMatch(keyOnScreen)
		}
	}
	// Moving between pages in the browser brings each page's words along.
	await gotoHydrated(page, '/es')
	await page.getByRole('contentinfo').getByRole('link', { name: 'Conoce nuestro menú', exact: true }).click()
	await expect(page).toHaveURL(/\/es\/menu$/)
	await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(keyOnScreen)
	expect(await page.locator('main').innerText()).not.toMatch(keyOnScreen)
})
