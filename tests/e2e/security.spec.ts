import http from 'node:http'
import { expect, test, type APIResponse, type BrowserContext, type Page } from '@playwright/test'
import { photo } from '../fixtures/images'
import { encodeAccount } from '../mocks/google-oauth-server'
import { choosePickup } from './pickup-support'
import { addCakeToCart, createReviewInvitationLink, gotoHydrated } from './support'

/**
 * The attacks a small shop's site meets: script injection, cross-site form posts, open
 * redirects, session fixation, sniffing and framing. Runs against the production build.
 */

const EVIL_ORIGIN = 'https://evil.example'
const XSS_PAYLOADS = [
	'<script>window.__xss=1</script>',
	'"><img src=x onerror="window.__xss=1">',
	'javascript:window.__xss=1',
]
const xssText = (label: string) => `${label} ${XSS_PAYLOADS.join(' ')}`

function unique(prefix: string) {
	return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

async function signIn(page: Page, path = '/image-uploader') {
	await page.goto(path)
	await page.getByRole('button', { name: 'Sign in with Google' }).click()
	await page.waitForURL((url) => url.pathname !== '/auth/google/callback')
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

async function sessionCookie(context: BrowserContext) {
	return (await context.cookies()).find((cookie) => cookie.name === '__bakery_session')
}

function expectSecurityHeaders(response: APIResponse, what: string) {
	const headers = response.headers()
	expect(headers['x-content-type-options'], what).toBe('nosniff')
	expect(headers['strict-transport-security'], what).toMatch(/max-age=\d{7,}; includeSubDomains/)
	expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
	expect(headers['permissions-policy'], what).toContain('camera=()')
	expect(headers['x-frame-options'], what).toBe('DENY')
	const csp = headers['content-security-policy'] ?? ''
	expect(csp, what).toContain("frame-ancestors 'none'")
	expect(csp, what).toContain("object-src 'none'")
	expect(csp, what).toContain("script-src-attr 'none'")
	const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src '))
	expect(scriptSrc, what).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/)
	expect(scriptSrc, what).not.toContain('unsafe-inline')
	expect(scriptSrc, what).not.toContain('unsafe-eval')
}

test.describe('headers', () => {
	test('every response type carries the security headers; HTML scripts all carry the nonce', async ({ request }) => {
		const html = await request.get('/')
		expect(html.headers()['content-type']).toContain('text/html')
		expectSecurityHeaders(html, 'HTML')
		const nonce = /'nonce-([^']+)'/.exec(html.headers()['content-security-policy']!)![1]
		const body = await html.text()
		// JSON-LD is data, not script: CSP does not apply to it. Everything executable carries the nonce.
		const scripts = [...body.matchAll(/<script\b[^>]*>/g)]
			.map(([tag]) => tag)
			.filter((tag) => !tag.includes('type="application/ld+json"'))
		expect(scripts.length).toBeGreaterThan(0)
		for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
		// A fresh nonce per response.
		const again = await request.get('/')
		expect(again.headers()['content-security-policy']).not.toContain(nonce)
		// The second view comes from the in-process page cache: its scripts carry its own nonce too.
		const againNonce = /'nonce-([^']+)'/.exec(again.headers()['content-security-policy']!)![1]
		const againBody = await again.text()
		expect(againBody).not.toContain(nonce)
		expect(againBody).toContain(`nonce="${againNonce}"`)

		const data = await request.get('/menu.data')
		expect(data.ok()).toBe(true)
		expectSecurityHeaders(data, 'data')

		const siteImage = await request.get('/images/site/storefront-1200.avif')
		expect(siteImage.ok()).toBe(true)
		expectSecurityHeaders(siteImage, 'static image')

		const shop = await (await request.get('/shop')).text()
		const storedImagePath = /src="(\/images\/menuImages\/[^"]+)"/.exec(shop)?.[1]
		expect(storedImagePath, 'a stored menu image on /shop').toBeTruthy()
		const storedImage = await request.get(storedImagePath!.replaceAll('&amp;', '&'))
		expect(storedImage.ok()).toBe(true)
		expectSecurityHeaders(storedImage, 'stored image')

		// Public pictures may be shown on other origins (the mails' logo in a webmail page); pages and the
		// owner's pictures stay same-origin.
		const logo = await request.get('/images/site/icon-192.png')
		expect(logo.ok()).toBe(true)
		expectSecurityHeaders(logo, 'mail logo')
		for (const picture of [logo, siteImage, storedImage]) {
			expect(picture.headers()['cross-origin-resource-policy']).toBe('cross-origin')
		}
		expect(html.headers()['cross-origin-resource-policy']).toBe('same-origin')
		expect(
			(await request.get('/admin/cake-photos/customCakeImages/none.webp')).headers()['cross-origin-resource-policy'],
		).toBe('same-origin')

		expectSecurityHeaders(await request.get('/robots.txt'), 'text')
		expectSecurityHeaders(await request.get('/healthz'), 'health check')
		expectSecurityHeaders(await request.get('/no-such-page'), '404')
	})

	test('the admin session cookie is httpOnly, SameSite=Lax and Secure; the CSV export has the headers', async ({
		page,
	}) => {
		await signIn(page, '/admin/custom-cakes')
		const cookie = await sessionCookie(page.context())
		expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true })
		const csv = await page.request.get('/admin/custom-cakes.csv')
		expect(csv.headers()['content-type']).toContain('text/csv')
		expect(csv.headers()['content-disposition']).toContain('attachment')
		expect(csv.headers()['cache-control']).toContain('no-store')
		expectSecurityHeaders(csv, 'CSV')
	})
})

test.describe('cross-site requests', () => {
	const stateChangingEndpoints = [
		'/contact',
		'/custom-cakes',
		'/checkout',
		'/logout',
		'/auth/google',
		'/image-uploader',
		'/admin/menu',
		'/admin/messages',
		'/admin/orders',
		'/admin/custom-cakes',
		'/admin/gallery',
		'/admin/site-texts',
		'/test-payment/cs_test_forged',
		'/contact.data',
		'/checkout.data',
	]

	test('every state-changing endpoint refuses a post from another site, by Origin or Referer', async ({ request }) => {
		for (const path of stateChangingEndpoints) {
			const byOrigin = await request.post(path, {
				headers: { Origin: EVIL_ORIGIN },
				form: { name: 'x', email: 'x@example.com', message: 'x' },
			})
			expect(byOrigin.status(), `${path} with a foreign Origin`).toBe(403)
			const byReferer = await request.post(path, {
				headers: { Referer: `${EVIL_ORIGIN}/page` },
				form: { name: 'x' },
			})
			expect(byReferer.status(), `${path} with a foreign Referer`).toBe(403)
			const byFetchMetadata = await request.post(path, { headers: { 'Sec-Fetch-Site': 'cross-site' }, form: {} })
			expect(byFetchMetadata.status(), `${path} with Sec-Fetch-Site: cross-site`).toBe(403)
			const opaque = await request.post(path, { headers: { Origin: 'null' }, form: {} })
			expect(opaque.status(), `${path} with Origin: null`).toBe(403)
		}
	})

	test('a cross-site contact post stores nothing; the same post from the site is accepted', async ({
		page,
		request,
	}) => {
		const name = unique('Cross Site')
		const fields = { name, email: 'cross@example.com', message: 'Hello from elsewhere' }
		expect((await request.post('/contact', { headers: { Origin: EVIL_ORIGIN }, form: fields })).status()).toBe(403)
		await signIn(page, '/admin/messages')
		await expect(page.getByText(name)).toHaveCount(0)
		const sameSite = await request.post('/contact', { headers: { Origin: new URL(page.url()).origin }, form: fields })
		expect(sameSite.ok()).toBe(true)
		await page.reload()
		await expect(page.getByText(name).first()).toBeVisible()
	})

	test('GET never changes data: GET /logout keeps the session, GET on form routes stores nothing', async ({ page }) => {
		await signIn(page, '/admin/messages')
		const before = await sessionCookie(page.context())
		await page.goto('/logout')
		await page.goto('/admin/messages')
		await expect(page).toHaveURL(/\/admin\/messages$/)
		expect((await sessionCookie(page.context()))?.value).toBe(before?.value)
		const name = unique('Get Probe')
		await page.request.get(`/contact?name=${encodeURIComponent(name)}&email=g@example.com&message=hi`)
		await page.request.get(`/custom-cakes?name=${encodeURIComponent(name)}&email=g@example.com&phone=4255550100`)
		await page.reload()
		await expect(page.getByText(name)).toHaveCount(0)
		await page.goto('/admin/custom-cakes')
		await expect(page.getByText(name)).toHaveCount(0)
	})
})

test.describe('open redirects', () => {
	const hostile = [
		'https://evil.example/',
		'//evil.example/',
		'/\\evil.example/',
		'/\t/evil.example/',
		'javascript:alert(1)',
		'%2F%2Fevil.example',
	]

	test('returnTo on sign-in only ever leads to a path on this site', async ({ page }) => {
		for (const target of hostile) {
			await page.context().clearCookies()
			await page.goto(`/image-uploader?returnTo=${encodeURIComponent(target)}`)
			await page.getByRole('button', { name: 'Sign in with Google' }).click()
			await page.waitForLoadState('load')
			const landed = new URL(page.url())
			expect(landed.host, `returnTo=${target}`).toBe(new URL(page.url()).host)
			expect(landed.hostname, `returnTo=${target}`).toBe('localhost')
			// Already signed in: the loader's own redirect is checked too.
			await page.goto(`/image-uploader?returnTo=${encodeURIComponent(target)}`)
			expect(new URL(page.url()).hostname, `signed-in returnTo=${target}`).toBe('localhost')
		}
	})

	test('signed in, a returnTo with a tab, CR or LF lands on this host and never errors', async ({ page }) => {
		await signIn(page)
		// Browsers drop tab/CR/LF anywhere in a URL: `/%09/evil.example` would become `//evil.example`.
		for (const returnTo of ['/%09/evil.example', '/%09/%09evil.example', '/%0A', '/%0D', '/%0D%0A/evil.example']) {
			const response = await page.goto(`/image-uploader?returnTo=${returnTo}`)
			expect(response?.status(), returnTo).toBeLessThan(500)
			expect(new URL(page.url()).hostname, returnTo).toBe('localhost')
		}
	})
})

test.describe('addresses that would move the page (issue 35)', () => {
	/** A request exactly as written: Playwright's client would correct the Host header. */
	function send(baseURL: string, path: string, { method = 'GET', headers = {} as Record<string, string> } = {}) {
		const { hostname, port } = new URL(baseURL)
		return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
			const request = http.request(
				{ host: hostname, port, path, method, headers, setHost: !headers.Host },
				(response) => {
					let body = ''
					response.setEncoding('utf8')
					response.on('data', (chunk: string) => (body += chunk))
					response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }))
				},
			)
			request.on('error', reject)
			request.end()
		})
	}

	test('a forged Host or X-Forwarded-Host never changes the page, and never errors', async ({ baseURL }) => {
		const forgeries: Record<string, string>[] = [
			{ 'X-Forwarded-Host': 'x/reviews?' },
			{ 'X-Forwarded-Host': 'x%' },
			{ Host: 'x/reviews?' },
			{ 'X-Forwarded-Proto': 'http://x/reviews?' },
		]
		for (const headers of forgeries) {
			const what = JSON.stringify(headers)
			const response = await send(baseURL!, '/about', { headers })
			expect(response.status, what).toBe(400)
			expect(response.headers['cache-control'], what).toBe('no-store')
			expect(response.body, what).not.toContain('Customer Reviews')
		}
		const about = await send(baseURL!, '/about', { headers: { 'X-Forwarded-Host': 'localhost' } })
		expect(about.status).toBe(200)
		expect(about.body).toContain('<title>About')
	})

	test('TRACE gets 405 and the legacy ?_data= API is refused, never a server error', async ({ baseURL }) => {
		const trace = await send(baseURL!, '/about', { method: 'TRACE' })
		expect(trace.status).toBe(405)
		expect(trace.headers.allow).toBe('GET, HEAD, POST')
		for (const path of ['/?_data=root', '/about?_data=routes%2Fabout']) {
			expect((await send(baseURL!, path)).status, path).toBe(400)
		}
	})

	test('the language links of a path holding another address stay on this site', async ({ page, baseURL }) => {
		for (const path of [
			'/es//evil.example/login',
			'/pt-br//evil.example',
			'/es/\\evil.example',
			'/es/review//evil.example',
		]) {
			await gotoHydrated(page, path)
			const hrefs = await page
				.locator('a[hreflang], link[hreflang]')
				.evaluateAll((links) => links.map((link) => link.getAttribute('href')!))
			expect(hrefs.length, path).toBeGreaterThan(0)
			for (const href of hrefs) expect(new URL(href, baseURL).host, `${path}: ${href}`).toBe(new URL(baseURL!).host)
		}
	})
})

test.describe('sessions', () => {
	test('a cancelled sign-in leaves no session; sign-in issues one and logout invalidates it', async ({
		page,
		browser,
		baseURL,
	}) => {
		// The round trip to Google lives in short-lived signed cookies: a visitor who cancels there
		// sees why, and gets no server-side session (no row, no session cookie).
		const mockGoogle = `http://127.0.0.1:${Number(new URL(baseURL!).port) + 2000}`
		await page
			.context()
			.addCookies([{ name: 'mock_google_account', value: encodeAccount({ deny: true }), url: mockGoogle }])
		await page.goto('/image-uploader')
		await page.getByRole('button', { name: 'Sign in with Google' }).click()
		await page.waitForURL(/\/image-uploader/)
		await expect(page.getByText('Login failed. Please try again.')).toBeVisible()
		expect(await sessionCookie(page.context()), 'no session after a cancelled sign-in').toBeUndefined()
		await page.context().clearCookies({ name: 'mock_google_account' })
		await signIn(page, '/admin/messages')

		// Logout deletes the server-side session: a copy of the cookie kept elsewhere is worthless afterwards.
		const current = (await sessionCookie(page.context()))!
		expect(current.value).toBeTruthy()
		const stolen = await browser.newContext()
		await stolen.addCookies([{ ...current }])
		const stolenPage = await stolen.newPage()
		await stolenPage.goto('/admin/messages')
		await expect(stolenPage).toHaveURL(/\/admin\/messages$/)
		await page.goto('/admin')
		await page.getByRole('button', { name: 'Logout' }).click()
		await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible()
		await stolenPage.goto('/admin/messages')
		await expect(stolenPage).toHaveURL(/\/image-uploader\?returnTo=/)
		await stolen.close()
	})

	test('a session id planted before sign-in is replaced at sign-in', async ({ page, baseURL }) => {
		// Any id an attacker could plant: a value the server never issued, in the cookie's own name.
		await page.context().addCookies([{ name: '__bakery_session', value: 'planted-id', url: baseURL! }])
		await signIn(page, '/admin/messages')
		const issued = await sessionCookie(page.context())
		expect(issued?.value).toBeTruthy()
		expect(issued?.value).not.toBe('planted-id')
		await expect(page).toHaveURL(/\/admin\/messages$/)
	})
})

test.describe('rate limits', () => {
	test('the client IP comes from the socket: a spoofed forwarding header does not buy a fresh budget', async ({
		request,
	}) => {
		// Without CLIENT_IP_HEADER (or Fly) these headers are ignored, so they cannot reset the sign-in budget.
		const statuses: number[] = []
		for (let attempt = 0; attempt < 3; attempt++) {
			const response = await request.get('/healthz', {
				headers: { 'Fly-Client-IP': `203.0.113.${attempt}`, 'X-Forwarded-For': `198.51.100.${attempt}` },
			})
			statuses.push(response.status())
		}
		expect(statuses).toEqual([200, 200, 200])
	})
})

test.describe('script injection', () => {
	test.describe.configure({ timeout: 120_000 })

	test('payloads in every displayed free-text field stay inert on public pages, admin pages and the CSV', async ({
		page,
	}) => {
		const executed: string[] = []
		page.on('dialog', (dialog) => {
			executed.push(dialog.message())
			void dialog.dismiss()
		})
		const expectInert = async (where: string) => {
			expect(await page.evaluate(() => (window as { __xss?: number }).__xss), where).toBeUndefined()
			expect(await page.locator('img[src="x"]').count(), where).toBe(0)
			expect(await page.locator('a[href^="javascript:" i]').count(), where).toBe(0)
			expect(executed, where).toEqual([])
		}

		// Contact message (name and message) → admin Messages.
		const contactName = unique('XSS Contact')
		await gotoHydrated(page, '/contact')
		const contactForm = page.locator('main form').filter({ has: page.locator('textarea[name="message"]') })
		await contactForm.locator('input[name="name"]').fill(xssText(contactName).slice(0, 100))
		await contactForm.locator('input[name="email"]').fill('xss@example.com')
		await contactForm.locator('textarea[name="message"]').fill(xssText('message'))
		await contactForm.locator('button[type="submit"]').click()
		await expect(page.getByText('Thanks! Your message has been sent.')).toBeVisible()

		// Custom cake request (name and cake message) → admin Custom Cake Orders and the CSV.
		const cakeName = unique('XSS Cake')
		const cake = await page.request.post('/custom-cakes', {
			headers: { Origin: new URL(page.url()).origin },
			multipart: {
				name: xssText(cakeName).slice(0, 100),
				phone: '(425) 555-0199',
				email: 'xss.cake@example.com',
				type: 'Fruit',
				size: '10-inch',
				message: `=HYPERLINK("http://evil.example") ${xssText('cake message')}`,
				image: { name: 'idea.jpg', mimeType: 'image/jpeg', buffer: await photo({ width: 320, height: 240 }) },
			},
		})
		expect(cake.ok()).toBe(true)

		await signIn(page, '/admin/messages')
		await expect(page.getByText(contactName).first()).toBeVisible()
		await expect(page.getByText('<script>window.__xss=1</script>').first()).toBeVisible()
		await expectInert('admin messages')

		await page.goto('/admin/custom-cakes')
		await expect(page.getByText(cakeName).first()).toBeVisible()
		await expectInert('admin custom cakes')
		const csv = (await (await page.request.get('/admin/custom-cakes.csv')).text()).replace(/^\uFEFF/, '')
		const cakeRow = csv.split('\r\n').find((line) => line.includes(cakeName))
		expect(cakeRow, 'the request in the CSV').toBeTruthy()
		// Spreadsheet formulas are neutralised: the cell does not start with '='.
		expect(cakeRow).not.toMatch(/(^|,)"?=HYPERLINK/)

		// Menu item description (by the owner) → public shop and menu.
		const itemName = unique('XSS Roll')
		await page.goto('/image-uploader')
		const form = page.locator('form#upload-menu-item')
		await form.getByLabel('Name').fill(itemName)
		await form.getByLabel('Description', { exact: true }).fill(xssText('description'))
		await form.getByLabel('Price').fill('$4.50')
		await form.getByLabel('Category').selectOption({ label: 'Brazilian Pastries' })
		await form.getByLabel('Image', { exact: true }).setInputFiles({
			name: 'roll.png',
			mimeType: 'image/png',
			buffer: await photo({ width: 640, height: 480, format: 'png' }),
		})
		await form.getByRole('button', { name: 'Upload Item' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Item uploaded successfully!' })).toBeVisible()
		for (const path of ['/shop', '/brazilian-pastries', '/menu', '/admin/menu']) {
			await gotoHydrated(page, path)
			await expect(page.getByText(itemName).first()).toBeVisible()
			await expectInert(path)
		}
		await gotoHydrated(page, '/brazilian-pastries')
		await page.getByRole('button', { name: new RegExp(itemName) }).click()
		await expect(page.getByRole('dialog')).toContainText('<script>window.__xss=1</script>')
		await expectInert('item dialog')

		// Customer name on an order (checkout with the test payment provider) → admin Orders.
		const customerName = unique('XSS Buyer')
		await page.keyboard.press('Escape')
		// New uploads are not orderable until the owner says so: order a seeded cake.
		await gotoHydrated(page, '/cakes')
		await addCakeToCart(page, 'Tres Leches Cake')
		await gotoHydrated(page, '/checkout')
		await page.getByLabel('Full Name').fill(`${customerName} "><img src=x onerror="window.__xss=1">`)
		await page.getByLabel('Email Address').fill('buyer@example.com')
		await choosePickup(page)
		await page.getByRole('button', { name: 'Preview Order' }).click()
		const dialog = page.getByRole('dialog', { name: 'Confirm Your Order' })
		await expect(dialog).toContainText(customerName)
		await expectInert('order preview')
		await dialog.getByRole('button', { name: 'Confirm & Pay' }).click()
		await page.waitForURL((url) => url.pathname !== '/checkout')
		await expectInert('payment page')
		await page.goto('/admin/orders')
		await expect(page.getByText(customerName).first()).toBeVisible()
		await expectInert('admin orders')
	})

	test('a customer’s review (name and words) stays inert in the admin, on /reviews and in its JSON-LD', async ({
		page,
	}) => {
		const reviewer = unique('XSS Rev')
		await gotoHydrated(page, await createReviewInvitationLink('Mallory Reviewer'))
		await page.getByLabel('Name to show with your review').fill(`${reviewer} "><img src=x onerror="window.__xss=1">`)
		await page.getByLabel('Your review', { exact: true }).fill(xssText('review'))
		await page.getByRole('radio', { name: '5 stars', exact: true }).check()
		await page.getByRole('button', { name: 'Send review' }).click()
		await expect(page.getByText('Thank you — your review will appear once we’ve read it.')).toBeVisible()

		await signIn(page, '/admin/reviews')
		const card = page.getByRole('article', { name: new RegExp(reviewer) })
		await expect(card).toContainText('<script>window.__xss=1</script>')
		expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()
		await card.getByRole('button', { name: /^Approve review from/ }).click()
		await expect(page.getByRole('status').filter({ hasText: 'is now shown on the Reviews page.' })).toBeVisible()

		await gotoHydrated(page, '/reviews')
		const shown = page.getByRole('figure').filter({ hasText: reviewer })
		await expect(shown.locator('blockquote')).toContainText('<script>window.__xss=1</script>')
		expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()
		expect(await page.locator('img[src="x"]').count()).toBe(0)
		// The review's "</script>" cannot end the JSON-LD block early: one block, valid JSON, the words intact.
		const blocks = page.locator('script[type="application/ld+json"]')
		await expect(blocks).toHaveCount(1)
		const bakery = JSON.parse((await blocks.textContent())!)
		expect(bakery.review).toContainEqual(
			expect.objectContaining({ reviewBody: expect.stringContaining('<script>window.__xss=1</script>') }),
		)
	})
})
