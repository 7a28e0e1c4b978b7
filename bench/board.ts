/**
 * The live order board's benchmark (not a test; issue 37's target): 50 boards connected to each of two server
 * processes on one database, 20 orders paid a minute: how long from an order's payment (the UPDATE that makes it
 * paid, whose trigger NOTIFYs) to its event arriving on every board, p95 ≤ 1 s, and each process's memory, which
 * should stay flat.
 *
 *   npm run build && npm run bench:board
 *
 * It starts the production build twice (bench/production-server.ts: a fresh seeded database on DATABASE_URL's
 * server, else an embedded Postgres), signs the boards in with an admin session row and its signed cookie, and
 * reads each board's event stream over loopback. BENCH_BOARDS (default 50 a process), BENCH_SECONDS (default 60)
 * and BENCH_ORDERS_PER_MINUTE (default 20) change the load.
 */
import crypto from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { residentBytes, startProductionServer } from './production-server'

const BOARDS = Math.min(Number(process.env.BENCH_BOARDS ?? 50), 500)
const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 60), 3_600)
const ORDERS_PER_MINUTE = Math.min(Number(process.env.BENCH_ORDERS_PER_MINUTE ?? 20), 600)
const TARGET_MS = 1_000
const SESSION_SECRET = crypto.randomBytes(32).toString('hex')
const ZONE = 'America/Los_Angeles'

function percentile(sorted: number[], p: number) {
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN
}

const megabytes = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MB`)

/** One board: its event stream, and when each order's event arrived. */
async function connectBoard(baseUrl: string, cookie: string, arrived: Map<string, number[]>, abort: AbortSignal) {
	const response = await fetch(`${baseUrl}/admin/board/events`, { headers: { Cookie: cookie }, signal: abort })
	if (response.status !== 200 || !response.body) throw new Error(`The board's stream answered ${response.status}`)
	const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
	void (async () => {
		let buffer = ''
		try {
			for (;;) {
				const { value, done } = await reader.read()
				if (done) return
				buffer += value
				let end: number
				while ((end = buffer.indexOf('\n\n')) >= 0) {
					const event = buffer.slice(0, end)
					buffer = buffer.slice(end + 2)
					const data = /^data: (.*)$/m.exec(event)?.[1]
					if (!event.includes('event: board') || !data) continue
					const { orderId } = JSON.parse(data) as { orderId: string }
					arrived.get(orderId)?.push(performance.now())
				}
			}
		} catch {
			// Aborted at the end.
		}
	})()
}

async function main() {
	const server = await startProductionServer({ env: { SESSION_SECRET } })
	const other = await server.startAnotherProcess()
	const abort = new AbortController()
	try {
		const sessionId = crypto.randomBytes(32).toString('base64url')
		await server.query(`
			INSERT INTO "Session" ("id", "data", "expiresAt", "updatedAt")
			VALUES ('${sessionId}', '{"admin":{"email":"owner@example.com","name":"Olivia Owner"}}', now() + interval '1 day', now())`)
		const cookie = (
			await createCookie('__bakery_session', { secrets: [SESSION_SECRET], path: '/' }).serialize(sessionId)
		).split(';')[0]!

		const arrived = new Map<string, number[]>()
		const processes = [
			{ name: 'first', baseUrl: server.baseUrl, pid: server.process.pid },
			{ name: 'second', baseUrl: other.baseUrl, pid: other.process.pid },
		]
		for (const { baseUrl } of processes) {
			for (let board = 0; board < BOARDS; board++) await connectBoard(baseUrl, cookie, arrived, abort.signal)
		}
		await new Promise((resolve) => setTimeout(resolve, 1_000))
		const rssBefore = await Promise.all(processes.map(({ pid }) => residentBytes(pid)))
		console.log(
			`${BOARDS} boards on each of 2 processes; ${ORDERS_PER_MINUTE} orders a minute for ${SECONDS} s. RSS before: ${rssBefore.map(megabytes).join(', ')}`,
		)

		const paidAt = new Map<string, number>()
		const orders = Math.max(1, Math.round((SECONDS / 60) * ORDERS_PER_MINUTE))
		const interval = (SECONDS * 1000) / orders
		for (let n = 0; n < orders; n++) {
			const id = `bench-board-${n}-${crypto.randomBytes(4).toString('hex')}`
			// A checkout's pending order for today, then its payment: the UPDATE whose trigger NOTIFYs every process.
			await server.query(`
				INSERT INTO "Order" ("id", "customerName", "customerEmail", "status", "totalCents", "pickupAt", "pickupDate",
					"createdAt", "updatedAt")
				VALUES ('${id}', 'Bench ${n}', 'bench${n}@example.com', 'PENDING', 700, now() + interval '1 hour',
					(now() AT TIME ZONE '${ZONE}')::date, now(), now())`)
			arrived.set(id, [])
			paidAt.set(id, performance.now())
			await server.query(`UPDATE "Order" SET "status" = 'PAID', "paidAt" = now() WHERE "id" = '${id}'`)
			await new Promise((resolve) => setTimeout(resolve, interval))
		}
		await new Promise((resolve) => setTimeout(resolve, 2_000))
		const rssAfter = await Promise.all(processes.map(({ pid }) => residentBytes(pid)))

		const delays: number[] = []
		let missing = 0
		for (const [id, times] of arrived) {
			const sent = paidAt.get(id)!
			delays.push(...times.map((time) => time - sent))
			missing += BOARDS * 2 - times.length
		}
		delays.sort((a, b) => a - b)
		const p95 = percentile(delays, 95)
		console.log(
			`Events: ${delays.length} delivered, ${missing} missing (${orders} orders × ${BOARDS * 2} boards). ` +
				`Delivery p50 ${percentile(delays, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${(delays.at(-1) ?? NaN).toFixed(1)} ms ` +
				`(target p95 ≤ ${TARGET_MS} ms: ${p95 <= TARGET_MS && missing === 0 ? 'met' : 'NOT met'}).`,
		)
		console.log(`RSS after: ${rssAfter.map(megabytes).join(', ')}`)
	} finally {
		abort.abort()
		await server.stop()
	}
}

main().catch((error: unknown) => {
	console.error(error)
	process.exit(1)
})
