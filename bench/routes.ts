/**
 * Route benchmark (not a test): autocannon against the production build on loopback, one route at a
 * time, 50 connections for 20 s each. The "bare" route is /robots.txt: a Remix resource route that
 * goes through the whole Express + Remix stack (compression, helmet, rate limit, CSRF guard, router)
 * but touches no database and renders no React, so the others' ratio to it is what the page costs.
 *
 *   npm run build && npm run bench
 *
 * BENCH_URL measures a server you started yourself (raise its RATE_LIMIT_MULTIPLIER); BENCH_BUILD_DIR another build
 * (e.g. a baseline copied into the repository);
 * BENCH_SECONDS and BENCH_CONNECTIONS change the load. BENCH_PROCESSES=N puts N server processes on the
 * one database behind a local round-robin proxy (bench/round-robin-proxy.ts), as Fly runs N machines:
 * compare BENCH_PROCESSES=2 with BENCH_PROCESSES=1 (the same proxy in front of one process). Targets: /menu, /shop and /es/shop ≥ 0.8 × the bare route's
 * req/s, p99 ≤ 100 ms, 0 errors and 0 non-2xx.
 *
 * First, the start-up: BENCH_STARTS (default 7) fresh server processes, each timed from spawning `node` to
 * its first `/readyz` 200 (what the first visitor of a machine Fly starts on demand waits for); target: median
 * ≤ 1 s. BENCH_STARTS=0 skips it; BENCH_STARTS_ONLY=true measures only that.
 */
import autocannon from 'autocannon'
import { startProductionServer } from './production-server'
import { startRoundRobinProxy } from './round-robin-proxy'

const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 20), 120)
const CONNECTIONS = Math.min(Number(process.env.BENCH_CONNECTIONS ?? 50), 500)
const PROCESSES = process.env.BENCH_PROCESSES ? Math.min(Math.max(1, Number(process.env.BENCH_PROCESSES)), 4) : 0
const STARTS = Math.min(Number(process.env.BENCH_STARTS ?? 7), 50)
const STARTS_ONLY = process.env.BENCH_STARTS_ONLY === 'true'
const START_UP_TARGET_MS = 1000
const BARE_ROUTE = '/robots.txt'
const ROUTES = [BARE_ROUTE, '/menu', '/shop', '/es/shop', '/shop?category=Cakes', '/']

interface RouteResult {
	route: string
	requestsPerSecond: number
	p50: number
	p99: number
	errors: number
	timeouts: number
	non2xx: number
	requests: number
}

async function benchRoute(baseUrl: string, route: string): Promise<RouteResult> {
	// A short warm-up so the first JIT and cache misses do not count.
	await autocannon({ url: `${baseUrl}${route}`, connections: 10, duration: 2 })
	const result = await autocannon({
		url: `${baseUrl}${route}`,
		connections: CONNECTIONS,
		duration: SECONDS,
		timeout: 10,
		headers: { 'accept-encoding': 'gzip', accept: 'text/html' },
	})
	return {
		route,
		requestsPerSecond: result.requests.average,
		p50: result.latency.p50,
		p99: result.latency.p99,
		errors: result.errors,
		timeouts: result.timeouts,
		non2xx: result.non2xx,
		requests: result.requests.total,
	}
}

async function main() {
	const server = process.env.BENCH_URL
		? undefined
		: await startProductionServer({ buildDir: process.env.BENCH_BUILD_DIR })
	let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>> | undefined
	if (server && PROCESSES > 0) {
		const upstreams = [server.baseUrl]
		while (upstreams.length < PROCESSES) upstreams.push((await server.startAnotherProcess()).baseUrl)
		proxy = await startRoundRobinProxy(upstreams)
		console.log(`${PROCESSES} server process(es) behind a round-robin proxy`)
	}
	const baseUrl = (process.env.BENCH_URL ?? proxy?.baseUrl ?? server!.baseUrl).replace(/\/$/, '')
	if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(baseUrl)) throw new Error('Benchmarks only target loopback.')
	try {
		if (server && STARTS > 0) {
			const starts: Array<{ ms: number; cpuMs: number }> = []
			for (let start = 0; start < STARTS; start++) starts.push(await server.timeStartUp())
			const summary = (values: number[]) => {
				const sorted = values.toSorted((a, b) => a - b)
				return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! }
			}
			const wall = summary(starts.map((start) => start.ms))
			const cpu = summary(starts.map((start) => start.cpuMs))
			console.log(
				`Start-up, spawn → /readyz 200 over ${STARTS} fresh processes: median ${wall.median.toFixed(0)} ms ` +
					`(min ${wall.min.toFixed(0)}, max ${wall.max.toFixed(0)}; target ≤ ${START_UP_TARGET_MS} ms: ` +
					`${wall.median <= START_UP_TARGET_MS ? 'pass' : 'FAIL'}); CPU used by then: median ${cpu.median} ms ` +
					`(min ${cpu.min}, max ${cpu.max}); each: ${starts.map((start) => `${start.ms.toFixed(0)}/${start.cpuMs}`).join(', ')} ms`,
			)
		}
		if (STARTS_ONLY) return
		const results: RouteResult[] = []
		for (const route of ROUTES) {
			console.log(`${route}: ${CONNECTIONS} connections for ${SECONDS} s…`)
			results.push(await benchRoute(baseUrl, route))
		}
		const bare = results[0]!.requestsPerSecond
		console.table(
			results.map((result) => ({
				route: result.route,
				'req/s': Math.round(result.requestsPerSecond),
				'× bare': Number((result.requestsPerSecond / bare).toFixed(2)),
				'p50 ms': result.p50,
				'p99 ms': result.p99,
				requests: result.requests,
				errors: result.errors + result.timeouts,
				'non-2xx': result.non2xx,
			})),
		)
		const menu = results.find((result) => result.route === '/menu')!
		// Issue 20: the menu pages with options, allergens and languages at ≥ 0.8 × the bare route.
		const ratios = results
			.filter((result) => ['/menu', '/shop', '/es/shop'].includes(result.route))
			.map((result) => `${result.route} ${(result.requestsPerSecond / bare).toFixed(2)}`)
		const verdict = [
			`÷ ${BARE_ROUTE}: ${ratios.join(', ')} (target ≥ 0.8)`,
			`/menu p99 ${menu.p99} ms (target ≤ 100)`,
			`errors ${results.reduce((sum, result) => sum + result.errors + result.timeouts, 0)}`,
			`non-2xx ${results.reduce((sum, result) => sum + result.non2xx, 0)}`,
		]
		console.log(verdict.join('; '))
	} finally {
		await proxy?.close()
		await server?.stop()
	}
}

main().catch((error: unknown) => {
	console.error(error)
	process.exit(1)
})
