/**
 * Soak test (not a timed test): 50 concurrent clients for 60 s of mixed traffic against the
 * production build on loopback — page GETs, contact messages, custom cake requests with a photo,
 * and checkouts through the (mock) payment provider. Afterwards it counts every accepted POST in the
 * database and samples the server's resident memory (RSS) to show it stays flat after warm-up.
 *
 *   npm run build && npm run bench:soak
 *
 * SOAK_SECONDS and SOAK_CONNECTIONS change the load (bounded at 600 s and 200 clients).
 * Pass/fail: 0 errors, every accepted POST stored, RSS after warm-up within 20 %.
 */
import crypto from 'node:crypto'
import sharp from 'sharp'
import { residentBytes, startProductionServer } from './production-server'

const SECONDS = Math.min(Number(process.env.SOAK_SECONDS ?? 60), 600)
const CONNECTIONS = Math.min(Number(process.env.SOAK_CONNECTIONS ?? 50), 200)
const WARM_UP_SECONDS = Math.min(15, Math.floor(SECONDS / 4))
const runId = crypto.randomBytes(4).toString('hex')
const PAGES = [
	'/',
	'/menu',
	'/shop',
	'/shop?category=Cakes',
	'/about',
	'/reviews',
	'/gallery',
	'/contact',
	'/custom-cakes',
]

type Kind = 'page' | 'contact' | 'customCake' | 'checkout'
const counts = {
	sent: { page: 0, contact: 0, customCake: 0, checkout: 0 } as Record<Kind, number>,
	accepted: { page: 0, contact: 0, customCake: 0, checkout: 0 } as Record<Kind, number>,
	errors: [] as string[],
	/** Custom cake posts answered "busy, try again in a minute" (a full photo line, decision 023): not errors. */
	busy: 0,
}

function pickKind(): Kind {
	const roll = Math.random()
	if (roll < 0.7) return 'page'
	if (roll < 0.8) return 'contact'
	if (roll < 0.9) return 'customCake'
	return 'checkout'
}

let soakPassed = false

async function main() {
	const server = await startProductionServer()
	const { baseUrl } = server
	const origin = new URL(baseUrl).origin
	const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c47a3a' } })
		.jpeg({ quality: 80 })
		.toBuffer()
	const items = await server.query<{ id: string }>(
		`SELECT id FROM "MenuItem" WHERE orderable AND NOT "soldOut" ORDER BY "sortOrder" LIMIT 3`,
	)
	if (items.length === 0) throw new Error('The seeded menu has no orderable items.')

	const requests: Record<Kind, (n: number) => Promise<boolean>> = {
		async page() {
			const path = PAGES[Math.floor(Math.random() * PAGES.length)]!
			const response = await fetch(`${baseUrl}${path}`)
			await response.arrayBuffer()
			if (!response.ok) throw new Error(`GET ${path} → ${response.status}`)
			return true
		},
		async contact(n) {
			const body = new URLSearchParams({
				name: `Soak ${runId} ${n}`,
				email: `soak-${n}@example.com`,
				message: 'Do you have conchas today?',
			})
			const response = await fetch(`${baseUrl}/contact`, { method: 'POST', body, headers: { Origin: origin } })
			const html = await response.text()
			if (response.status >= 500) throw new Error(`POST /contact → ${response.status}`)
			return response.ok && html.includes('Your message has been sent')
		},
		async customCake(n) {
			const body = new FormData()
			for (const [name, value] of Object.entries({
				name: `Soak ${runId} ${n}`,
				phone: '(425) 555-0100',
				email: `soak-${n}@example.com`,
				type: 'Fruit',
				size: '10-inch',
				message: 'Strawberries on top',
			}))
				body.append(name, value)
			body.append('image', new File([new Uint8Array(photo)], 'idea.jpg', { type: 'image/jpeg' }))
			const response = await fetch(`${baseUrl}/custom-cakes`, { method: 'POST', body, headers: { Origin: origin } })
			const html = await response.text()
			if (response.status === 503 && response.headers.has('Retry-After')) {
				counts.busy++
				return false
			}
			if (response.status >= 500) throw new Error(`POST /custom-cakes → ${response.status}`)
			return response.ok && !html.includes('aria-invalid="true"') && /Thank you|received/i.test(html)
		},
		async checkout(n) {
			const item = items[n % items.length]!
			const response = await fetch(`${baseUrl}/checkout.data`, {
				method: 'POST',
				headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({
					'customer.name': `Soak ${runId} ${n}`,
					'customer.email': `soak-${n}@example.com`,
					'items[0].id': item.id,
					'items[0].quantity': '1',
				}),
			})
			const text = await response.text()
			if (response.status >= 500) throw new Error(`POST /checkout → ${response.status}`)
			return response.ok && text.includes('/pay/cs_test_')
		},
	}

	const rssSamples: Array<{ second: number; bytes: number }> = []
	const startedAt = Date.now()
	const deadline = startedAt + SECONDS * 1000
	const sampler = setInterval(() => {
		void residentBytes(server.process.pid).then((bytes) => {
			if (bytes) rssSamples.push({ second: Math.round((Date.now() - startedAt) / 1000), bytes })
		})
	}, 1000)
	let sequence = 0
	async function client() {
		while (Date.now() < deadline) {
			const kind = pickKind()
			const n = sequence++
			counts.sent[kind]++
			try {
				if (await requests[kind](n)) counts.accepted[kind]++
			} catch (error) {
				counts.errors.push(`${kind}: ${(error as Error).message}`)
			}
		}
	}
	console.log(`Soak: ${CONNECTIONS} clients for ${SECONDS} s against ${baseUrl}…`)
	try {
		await Promise.all(Array.from({ length: CONNECTIONS }, client))
		clearInterval(sampler)
		// Let webhooks and in-flight writes settle before counting.
		await new Promise((resolve) => setTimeout(resolve, 1500))
		const [contact] = await server.query<{ count: string }>(
			`SELECT count(*) FROM "ContactMessage" WHERE name LIKE 'Soak ${runId} %'`,
		)
		const [cakes] = await server.query<{ count: string }>(
			`SELECT count(*) FROM "CustomCakeRequest" WHERE name LIKE 'Soak ${runId} %'`,
		)
		const [orders] = await server.query<{ count: string }>(
			`SELECT count(*) FROM "Order" WHERE "customerName" LIKE 'Soak ${runId} %'`,
		)
		const stored = {
			contact: Number(contact!.count),
			customCake: Number(cakes!.count),
			checkout: Number(orders!.count),
		}
		const afterWarmUp = rssSamples.filter((sample) => sample.second >= WARM_UP_SECONDS).map((sample) => sample.bytes)
		const rssMin = Math.min(...afterWarmUp)
		const rssMax = Math.max(...afterWarmUp)
		const growth = (rssMax - rssMin) / rssMin
		const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
		const total = Object.values(counts.sent).reduce((sum, value) => sum + value, 0)
		console.table(
			(['page', 'contact', 'customCake', 'checkout'] as const).map((kind) => ({
				kind,
				sent: counts.sent[kind],
				accepted: counts.accepted[kind],
				'stored in DB': kind === 'page' ? '-' : stored[kind],
			})),
		)
		console.log(
			`${total} requests in ${SECONDS} s (${(total / SECONDS).toFixed(0)} req/s); errors ${counts.errors.length}; ` +
				`custom cakes told busy ${counts.busy}; ` +
				`RSS after ${WARM_UP_SECONDS} s warm-up ${mb(rssMin)}–${mb(rssMax)} (${(growth * 100).toFixed(1)} %)`,
		)
		const everyAcceptedStored = (['contact', 'customCake', 'checkout'] as const).every(
			(kind) => stored[kind] === counts.accepted[kind],
		)
		if (counts.errors.length > 0) console.log(`First errors:\n  ${counts.errors.slice(0, 10).join('\n  ')}`)
		const passed = counts.errors.length === 0 && everyAcceptedStored && growth <= 0.2
		console.log(passed ? 'PASS' : 'FAIL')
		soakPassed = passed
		console.log(
			`RSS samples (s: MB): ${rssSamples
				.filter((_, index) => index % 5 === 0)
				.map((sample) => `${sample.second}: ${Math.round(sample.bytes / 1024 / 1024)}`)
				.join(', ')}`,
		)
	} finally {
		clearInterval(sampler)
		await server.stop()
	}
}

main().then(
	() => process.exit(soakPassed ? 0 : 1),
	(error: unknown) => {
		console.error(error)
		process.exit(1)
	},
)
