/**
 * The account page's benchmark (not a test; issue 36's target): `/account` for a customer with 200 past orders
 * (3 lines each, some with options), 3 upcoming pickups and 5 cake requests, among 5,000 other customers' orders,
 * rendered by the production build: p95 ≤ 50 ms on the server.
 *
 *   npm run build && npm run bench:account
 *
 * It starts the production build itself (bench/production-server.ts: a fresh seeded database on DATABASE_URL's
 * server, else an embedded Postgres) and signs the customer in with a session row and its signed cookie. The
 * requests go one at a time on loopback, so each is the server's own time (plus well under 1 ms of loopback);
 * BENCH_RUNS changes their number (default 300, after 30 to warm up). It then prints the plan of the page's order
 * query.
 */
import crypto from 'node:crypto'
import os from 'node:os'
import { createCookie } from '@remix-run/node'
import { cpuMilliseconds, startProductionServer } from './production-server'

const RUNS = Math.min(Number(process.env.BENCH_RUNS ?? 300), 5_000)
const WARM_UP = 30
const PAST_ORDERS = 200
const OTHER_ORDERS = 5_000
const TARGET_MS = 50
const SESSION_SECRET = crypto.randomBytes(32).toString('hex')

function percentile(sorted: number[], p: number) {
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function main() {
	const server = await startProductionServer({ env: { SESSION_SECRET } })
	try {
		const sessionId = crypto.randomBytes(32).toString('base64url')
		const newcomerSessionId = crypto.randomBytes(32).toString('base64url')
		// Past orders picked up over the last 200 days; three ahead; others' orders beside them.
		await server.query(`
			INSERT INTO "Customer" ("id", "email", "name", "phone", "updatedAt")
			VALUES ('bench-customer', 'regular@example.com', 'Rita Regular', '(425) 555-0100', now());
			INSERT INTO "CustomerSession" ("id", "customerId", "expiresAt")
			VALUES ('${sessionId}', 'bench-customer', now() + interval '1 day');
			INSERT INTO "Order" ("id", "customerName", "customerEmail", "customerId", "status", "totalCents", "paidAt",
				"pickupAt", "pickupDate", "createdAt", "updatedAt")
			SELECT 'bench-order-' || n, 'Rita Regular', 'regular@example.com', 'bench-customer',
				(CASE WHEN n <= ${PAST_ORDERS} THEN 'PICKED_UP' ELSE 'PAID' END)::"OrderStatus", 2450,
				now() - (n || ' days')::interval, now() + ((CASE WHEN n <= ${PAST_ORDERS} THEN -n ELSE n - ${PAST_ORDERS} END) || ' days')::interval,
				(now() + ((CASE WHEN n <= ${PAST_ORDERS} THEN -n ELSE n - ${PAST_ORDERS} END) || ' days')::interval)::date,
				now() - (n || ' days')::interval, now()
			FROM generate_series(1, ${PAST_ORDERS + 3}) AS n;
			INSERT INTO "Order" ("id", "customerName", "customerEmail", "status", "totalCents", "paidAt", "pickupAt",
				"pickupDate", "createdAt", "updatedAt")
			SELECT 'bench-other-' || n, 'Guest ' || n, 'guest' || n || '@example.com', 'PICKED_UP', 1200,
				now() - ((n % 300) || ' days')::interval, now() - ((n % 300) || ' days')::interval,
				(now() - ((n % 300) || ' days')::interval)::date, now() - ((n % 300) || ' days')::interval, now()
			FROM generate_series(1, ${OTHER_ORDERS}) AS n;
			INSERT INTO "OrderItem" ("id", "orderId", "name", "unitPriceCents", "quantity", "options")
			SELECT 'bench-line-' || o.id || '-' || l, o.id, (ARRAY['Tres Leches Cake', 'Pão de Queijo', 'Concha'])[l],
				(ARRAY[1850, 300, 300])[l], l,
				CASE WHEN l = 1 THEN '[{"group":"Size","choice":"8″","priceDeltaCents":0},{"group":"Message on the cake","text":"Feliz cumpleaños","priceDeltaCents":0}]'::jsonb
					ELSE '[]'::jsonb END
			FROM "Order" o CROSS JOIN generate_series(1, 3) AS l;
			INSERT INTO "CustomCakeRequest" ("id", "customerId", "name", "phone", "email", "type", "size", "status", "createdAt")
			SELECT 'bench-cake-' || n, 'bench-customer', 'Rita Regular', '(425) 555-0100', 'regular@example.com',
				'Chocolate', '10-inch', 'DECLINED', now() - (n || ' days')::interval
			FROM generate_series(1, 5) AS n;
			INSERT INTO "Customer" ("id", "email", "name", "updatedAt")
			VALUES ('bench-newcomer', 'newcomer@example.com', 'Nina Newcomer', now());
			INSERT INTO "CustomerSession" ("id", "customerId", "expiresAt")
			VALUES ('${newcomerSessionId}', 'bench-newcomer', now() + interval '1 day');
			UPDATE "Order" SET "customerId" = 'bench-newcomer', "customerEmail" = 'newcomer@example.com' WHERE "id" = 'bench-other-1';
			ANALYZE;
		`)
		const customerCookie = createCookie('__bakery_customer', { secrets: [SESSION_SECRET], path: '/' })
		const cookieFor = async (id: string) => (await customerCookie.serialize(id)).split(';')[0]!
		const measure = async (label: string, cookie: string) => {
			const get = async () => {
				const startedAt = performance.now()
				const response = await fetch(`${server.baseUrl}/account`, { headers: { cookie, 'accept-encoding': 'gzip' } })
				const html = await response.text()
				const milliseconds = performance.now() - startedAt
				if (response.status !== 200 || !html.includes('Past orders'))
					throw new Error(`/account answered ${response.status}`)
				return { milliseconds, bytes: html.length, orders: html.split('<h3').length - 1 }
			}
			for (let run = 0; run < WARM_UP; run++) await get()
			const samples: number[] = []
			let last = { bytes: 0, orders: 0 }
			const cpuBefore = await cpuMilliseconds(server.process.pid!)
			for (let run = 0; run < RUNS; run++) {
				const { milliseconds, ...page } = await get()
				samples.push(milliseconds)
				last = page
			}
			const cpuPerRequest = ((await cpuMilliseconds(server.process.pid!)) - cpuBefore) / RUNS
			const sorted = samples.toSorted((a, b) => a - b)
			const p95 = percentile(sorted, 95)
			console.log(
				`${label} (${last.orders} order headings, ${(last.bytes / 1024).toFixed(0)} KB of HTML): n=${RUNS} ` +
					`p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, ` +
					`max ${sorted.at(-1)!.toFixed(1)} ms; server CPU ${cpuPerRequest.toFixed(1)} ms a request` +
					(label.includes(String(PAST_ORDERS))
						? ` (target p95 ≤ ${TARGET_MS} ms: ${p95 <= TARGET_MS ? 'PASS' : 'FAIL'})`
						: ''),
			)
		}
		console.log(
			`Load average before: ${os
				.loadavg()
				.map((load) => load.toFixed(1))
				.join(', ')} on ${os.cpus().length} cores`,
		)
		await measure('/account, 1 past order', await cookieFor(newcomerSessionId))
		await measure(`/account, ${PAST_ORDERS} past orders`, await cookieFor(sessionId))
		const plan = await server.query<{ 'QUERY PLAN': string }>(`
			EXPLAIN ANALYZE SELECT "id", "status", "pickupAt", "totalCents", "createdAt" FROM "Order"
			WHERE "customerId" = 'bench-customer' AND "paidAt" IS NOT NULL
			ORDER BY "pickupAt" DESC, "createdAt" DESC`)
		console.log(`The page's order query:\n${plan.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`)
	} finally {
		await server.stop()
	}
}

main().catch((error: unknown) => {
	console.error(error)
	process.exit(1)
})
