import http from 'node:http'
import { expect, test } from '@playwright/test'
import { seededPickupSlot } from './pickup-support'
import { mockStripeUrl } from './support'

/**
 * Every absolute URL the production server hands out (canonical links, Open Graph, JSON-LD, the
 * sitemap, robots.txt, payment return URLs, the Google callback) is built from APP_URL, never from
 * the request's Host or X-Forwarded-Host: a forged header must leave no trace in any response.
 */

const EVIL_HOST = 'evil.example'
const forgeries = {
	Host: { Host: EVIL_HOST },
	'X-Forwarded-Host': { 'X-Forwarded-Host': EVIL_HOST, 'X-Forwarded-Proto': 'https' },
} as const

interface RawResponse {
	status: number
	headers: http.IncomingHttpHeaders
	text: string
}

/** Plain node:http, so the Host header is exactly the forged one (browsers and fetch set their own). */
function rawRequest(
	baseURL: string,
	path: string,
	options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
	const { hostname, port } = new URL(baseURL)
	return new Promise<RawResponse>((resolve, reject) => {
		const request = http.request({ hostname, port, path, method: options.method ?? 'GET', headers: options.headers })
		request.on('response', (response) => {
			const chunks: Buffer[] = []
			response.on('data', (chunk: Buffer) => chunks.push(chunk))
			response.on('end', () =>
				resolve({
					status: response.statusCode ?? 0,
					headers: response.headers,
					text: Buffer.concat(chunks).toString(),
				}),
			)
		})
		request.on('error', reject)
		request.end(options.body)
	})
}

function expectNoTrace(response: RawResponse, what: string) {
	expect(response.status, what).toBeLessThan(500)
	expect(JSON.stringify(response.headers), `${what}: headers`).not.toContain(EVIL_HOST)
	expect(response.text, `${what}: body`).not.toContain(EVIL_HOST)
}

for (const [forged, headers] of Object.entries(forgeries)) {
	test.describe(`a forged ${forged} header`, () => {
		test('leaves no trace in pages, meta tags, JSON-LD, the sitemap or robots.txt', async ({ baseURL }) => {
			const paths = ['/', '/contact', '/menu', '/about', '/image-uploader', '/no-such-page', '/menu.data']
			for (const path of [...paths, '/sitemap.xml', '/robots.txt', '/manifest.webmanifest']) {
				expectNoTrace(await rawRequest(baseURL!, path, { headers }), `GET ${path}`)
			}
			const home = await rawRequest(baseURL!, '/', { headers })
			expect(home.text).toContain(`<link rel="canonical" href="${baseURL}/"/>`)
			expect(home.text).toContain(`"url":"${baseURL}/"`)
			expect((await rawRequest(baseURL!, '/sitemap.xml', { headers })).text).toContain(`<loc>${baseURL}/about</loc>`)
			expect((await rawRequest(baseURL!, '/robots.txt', { headers })).text).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
		})

		test('leaves no trace in a checkout, and the payment page returns the customer to this site', async ({
			baseURL,
			request,
		}) => {
			const body = new URLSearchParams({
				'customer.name': 'Ana Souza',
				'customer.email': 'ana@example.com',
				'items[0].id': 'seed-tres-leches-cake',
				'items[0].quantity': '1',
				pickupAt: seededPickupSlot(),
			}).toString()
			const checkout = await rawRequest(baseURL!, '/checkout.data', {
				method: 'POST',
				headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
				body,
			})
			expectNoTrace(checkout, 'POST /checkout.data')
			const sessionId = /cs_test_mock\d+/.exec(checkout.text)?.[0]
			expect(sessionId, checkout.text).toBeTruthy()
			const cancelled = await request.post(`${mockStripeUrl(baseURL)}/pay/${sessionId}/cancel`, { maxRedirects: 0 })
			expect(cancelled.headers()['location']).toBe(`${baseURL}/cancel?session_id=${sessionId}`)
		})

		test('leaves no trace in the Google sign-in redirect', async ({ baseURL }) => {
			const signIn = await rawRequest(baseURL!, '/auth/google', {
				method: 'POST',
				headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
				body: 'returnTo=%2Fadmin',
			})
			expect(signIn.status).toBe(302)
			expectNoTrace(signIn, 'POST /auth/google')
			const authorize = new URL(signIn.headers.location!)
			expect(authorize.searchParams.get('redirect_uri')).toBe(`${baseURL}/auth/google/callback`)
		})
	})
}

test('a form post from a page served under another host name is refused (DNS rebinding)', async ({ baseURL }) => {
	// The attacker's name resolves to this server: Host and Origin agree with each other, not with APP_URL.
	const post = await rawRequest(baseURL!, '/contact', {
		method: 'POST',
		headers: {
			Host: EVIL_HOST,
			Origin: `http://${EVIL_HOST}`,
			'Content-Type': 'application/x-www-form-urlencoded',
		},
		body: 'name=Rebound&email=rebound%40example.com&message=hello',
	})
	expect(post.status).toBe(403)
})

test('the site opened at 127.0.0.1 moves to APP_URL’s localhost, where sign-in and payment come back to', async ({
	page,
	baseURL,
}) => {
	const loopback = baseURL!.replace('localhost', '127.0.0.1')
	const moved = await rawRequest(loopback, '/shop?category=Cakes', { headers: { Host: new URL(loopback).host } })
	expect(moved.status).toBe(302)
	expect(moved.headers.location).toBe(`${baseURL}/shop?category=Cakes`)

	await page.goto(`${loopback}/checkout`)
	await expect(page).toHaveURL(`${baseURL}/checkout`)

	// A page that was opened at 127.0.0.1 all the same (before this redirect existed) can still post.
	const post = await rawRequest(loopback, '/contact', {
		method: 'POST',
		headers: { Host: new URL(loopback).host, Origin: loopback, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: 'name=Loopback&email=loopback%40example.com&message=Posted%20from%20127.0.0.1',
	})
	expect(post.status).toBe(200)
})

test('a refused post says why in the page’s language, with and without JavaScript', async ({ page, baseURL }) => {
	// Without JavaScript the browser shows the answer itself: a page in the language of the form's page.
	const plain = await rawRequest(baseURL!, '/es/contact', {
		method: 'POST',
		headers: { Origin: `http://${EVIL_HOST}`, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: 'name=Nadie&email=nadie%40example.com&message=hola',
	})
	expect(plain.status).toBe(403)
	expect(plain.headers['content-type']).toContain('text/html')
	expect(plain.text).toContain('<html lang="es">')
	expect(plain.text).toContain('Ese formulario no se envió')

	// With JavaScript, Remix posts the form itself: the page's error boundary says the same, not "hit a problem".
	// The browser reaches this server under a name that is not APP_URL's (`*.localhost` is this machine).
	await page.goto(`http://rebound.localhost:${new URL(baseURL!).port}/contact`)
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	const form = page.getByRole('region', { name: 'Send a Message' })
	await form.getByLabel('Name', { exact: true }).fill('Nobody')
	await form.getByLabel('Email', { exact: true }).fill('nobody@example.com')
	await form.getByLabel('Message', { exact: true }).fill('Sent from a page under another name.')
	await form.getByRole('button', { name: 'Send Message' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'That form was not sent' })).toBeVisible()
	await expect(page.getByRole('alert')).toContainText('Nothing was sent: reload the page and try again.')
})
