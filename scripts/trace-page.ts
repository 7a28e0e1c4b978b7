/**
 * Where a page's main-thread time goes after its first paint: what Lighthouse's Total Blocking Time is made of.
 *
 *   npm run build && npm run trace -- /shop /pt-br        # TRACE_RUNS=5 loads per page, fresh profile each
 *   npx remix vite:build --sourcemapClient && npm run trace -- /shop   # the same, named by source file
 *
 * It starts its own production server (bench/production-server.ts), loads each page in Chromium with no
 * throttling (as Lighthouse observes a load before simulating it) while recording a DevTools trace with the
 * V8 sampling profiler, and prints per page the median load's tasks after first contentful paint, the
 * blocking time they would count at Lighthouse's 4× CPU (Σ max(0, 4 × duration − 50 ms)), and where their
 * CPU samples fall: by source file when the build has source maps, else by chunk. `/checkout` gets two
 * menu items in its cart first. TRACE_BASELINE=.trace-baseline also serves the build kept in that folder
 * (its `build/` and `server-build/`, copied there from another commit) and alternates loads between the two,
 * so that a change is judged against the same swings of the host. TRACE_DIR=dir keeps each trace (open it in
 * DevTools' Performance panel);
 * TRACE_CATEGORIES=a,b records other trace categories ('*' names native work too, but slows the page).
 * A build with source maps is for tracing only: `npm run build` again before anything ships.
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping'
import { chromium, type Browser, type BrowserContext } from '@playwright/test'
import { startProductionServer, storedCartOfTwo, type ProductionServer } from '../bench/production-server'
import { chromiumExecutable } from '../tests/setup/chromium'

const CPU_MULTIPLIER = 4
const BLOCKING_THRESHOLD_MS = 50
const RUNS = Math.max(1, Number(process.env.TRACE_RUNS ?? 5))
const PAGES = process.argv.slice(2).filter((arg) => arg.startsWith('/'))
const BASELINE = process.env.TRACE_BASELINE
/** How long after the load event a trace goes on: hydration and its effects must end within it. */
const SETTLE_MS = Number(process.env.TRACE_SETTLE_MS ?? 4_000)
const CATEGORIES = [
	'devtools.timeline',
	'disabled-by-default-devtools.timeline',
	'disabled-by-default-v8.cpu_profiler',
	'v8.execute',
	'loading',
	'blink.user_timing',
]

interface TraceEvent {
	name: string
	ph: string
	ts: number
	dur?: number
	pid: number
	tid: number
	id?: string
	args?: { name?: string; data?: Record<string, unknown> }
}

interface ProfileNode {
	id: number
	parent?: number
	callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}

interface Task {
	startMs: number
	durationMs: number
	/** What the task mostly did: the longest kinds of trace event inside it, and the functions sampled most. */
	kinds: string
	functions: string
}

interface Sample {
	ts: number
	/** Where the sampled code lives (a package, an app file, a chunk) and the function, when the map names it. */
	source: string
	functionName: string
	ms: number
}

interface LoadAnalysis {
	fcpMs: number
	tasks: Task[]
	blockingMs: number
	/** Milliseconds of CPU samples after first paint, by where the sampled code lives. */
	bySource: Map<string, number>
}

interface Build {
	label: string
	server: ProductionServer
	sources: SourceNamer
	loads: LoadAnalysis[]
}

async function main() {
	if (PAGES.length === 0) throw new Error('Name the pages to trace: npm run trace -- /shop /pt-br')
	const builds: Build[] = []
	const browser = await chromium.launch({
		executablePath: chromiumExecutable(),
		args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
	})
	try {
		if (BASELINE) builds.push(await startBuild(`baseline (${BASELINE})`, BASELINE))
		builds.push(await startBuild('this build', '.'))
		for (const pagePath of PAGES) {
			for (const build of builds) {
				build.loads = []
				// The first request renders the page into the server's page cache; the traced loads are served from it.
				await fetch(`${build.server.baseUrl}${pagePath}`)
			}
			// One load of each build in turn: the host's speed drifts, and both builds share its swings.
			for (let run = 0; run < RUNS; run++) {
				for (const build of builds) {
					const trace = await withTimeout(traceLoad(browser, build.server, pagePath), 120_000, `${pagePath}: a load`)
					await keepTrace(trace, pagePath, run, builds.length > 1 ? build.label : undefined)
					build.loads.push(await analyse(trace, `${build.server.baseUrl}${pagePath}`, build.sources))
				}
			}
			for (const build of builds) report(builds.length > 1 ? `${pagePath}, ${build.label}` : pagePath, build.loads)
			if (builds.length === 2) comparePairs(pagePath, builds[0]!.loads, builds[1]!.loads)
		}
	} finally {
		await browser.close()
		for (const build of builds) await build.server.stop()
	}
}

/** A load that never finishes (a lost trace, a crashed renderer) stops the run instead of hanging it. */
function withTimeout<T>(work: Promise<T>, ms: number, what: string) {
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms)
	})
	return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

async function startBuild(label: string, buildDir: string): Promise<Build> {
	const server = await startProductionServer({ buildDir })
	return { label, server, sources: new SourceNamer(server.baseUrl, buildDir), loads: [] }
}

/** TRACE_DIR=dir keeps each trace, to open in DevTools' Performance panel. */
async function keepTrace(trace: TraceEvent[], pagePath: string, run: number, label: string | undefined) {
	if (!process.env.TRACE_DIR) return
	await mkdir(process.env.TRACE_DIR, { recursive: true })
	const name = `${pagePath === '/' ? '_home' : pagePath.replaceAll('/', '_')}${label ? `-${label.split(' ')[0]}` : ''}-${run + 1}`
	await writeFile(path.join(process.env.TRACE_DIR, `${name}.json`), JSON.stringify({ traceEvents: trace }))
}

async function traceLoad(browser: Browser, server: ProductionServer, pagePath: string) {
	const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 })
	try {
		if (pagePath === '/checkout') await fillCart(context, server)
		const page = await context.newPage()
		await browser.startTracing(page, { categories: process.env.TRACE_CATEGORIES?.split(',') ?? CATEGORIES })
		await page.goto(`${server.baseUrl}${pagePath}`, { waitUntil: 'load' })
		// Nothing may query the page while it is traced: Playwright's first locator compiles its own script in
		// the page's renderer (a 60–90 ms task on a slow host), which Lighthouse's loads never run.
		await page.waitForTimeout(SETTLE_MS)
		const buffer = await browser.stopTracing()
		if ((await page.locator('html[data-hydrated="true"]').count()) === 0) {
			throw new Error(`${pagePath} had not hydrated ${SETTLE_MS} ms after its load event: raise TRACE_SETTLE_MS`)
		}
		return (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents
	} finally {
		await context.close()
	}
}

async function fillCart(context: BrowserContext, server: ProductionServer) {
	const cart = await storedCartOfTwo(server)
	await context.addInitScript(({ key, value }) => {
		if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value)
	}, cart)
}

async function analyse(events: TraceEvent[], pageUrl: string, sources: SourceNamer): Promise<LoadAnalysis> {
	const navigation = events.find(
		(event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL === pageUrl,
	)
	const navigationId = navigation?.args?.data?.navigationId
	const fcp = events.find(
		(event) => event.name === 'firstContentfulPaint' && event.args?.data?.navigationId === navigationId,
	)?.ts
	if (!navigation || fcp === undefined) throw new Error(`The trace has no navigation to ${pageUrl} or no first paint`)
	const { pid, tid } = navigation
	const samples = await samplesAfter(events, pid, fcp, sources)
	const complete = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.dur)
	const tasks = complete
		.filter((event) => event.name === 'RunTask' && event.ts >= fcp && event.dur! >= 1_000)
		.map((task) => ({
			startMs: (task.ts - navigation.ts) / 1000,
			durationMs: task.dur! / 1000,
			kinds: kindsWithin(complete, task),
			functions: functionsWithin(samples, task),
		}))
	const blockingMs = tasks.reduce(
		(sum, task) => sum + Math.max(0, task.durationMs * CPU_MULTIPLIER - BLOCKING_THRESHOLD_MS),
		0,
	)
	return {
		fcpMs: (fcp - navigation.ts) / 1000,
		tasks,
		blockingMs,
		bySource: totalsBySource(samples),
	}
}

const TASK_KINDS = new Set([
	'ParseHTML',
	'EvaluateScript',
	'v8.evaluateModule',
	'FunctionCall',
	'RunMicrotasks',
	'TimerFire',
	'EventDispatch',
	'FireAnimationFrame',
	'Layout',
	'UpdateLayoutTree',
	'Paint',
	'PrePaint',
	'MajorGC',
	'MinorGC',
])

function kindsWithin(events: TraceEvent[], task: TraceEvent) {
	const totals = new Map<string, number>()
	const end = task.ts + task.dur!
	for (const event of events) {
		if (event.ts < task.ts || event.ts >= end || !TASK_KINDS.has(event.name)) continue
		totals.set(event.name, (totals.get(event.name) ?? 0) + event.dur!)
	}
	return [...totals]
		.sort((a, b) => b[1] - a[1])
		.slice(0, 3)
		.map(([name, micros]) => `${name} ${(micros / 1000).toFixed(1)}`)
		.join(', ')
}

/** The V8 sampling profile of the renderer, rebuilt from its ProfileChunk events: the samples after `fromTs`. */
async function samplesAfter(events: TraceEvent[], pid: number, fromTs: number, sources: SourceNamer) {
	const nodes = new Map<number, ProfileNode>()
	const samples: Sample[] = []
	let time: number | undefined
	const chunks = events.filter(
		(event) => event.pid === pid && (event.name === 'Profile' || event.name === 'ProfileChunk'),
	)
	for (const chunk of chunks) {
		const data = chunk.args?.data as
			| { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
			| undefined
		if (data?.startTime !== undefined) time = data.startTime
		for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
		const ids = data?.cpuProfile?.samples ?? []
		const deltas = data?.timeDeltas ?? []
		for (let index = 0; index < ids.length; index++) {
			time = (time ?? 0) + (deltas[index] ?? 0)
			const node = nodes.get(ids[index]!)
			if (time < fromTs || !node) continue
			const named = await sources.name(node, nodes)
			if (named) samples.push({ ts: time, ...named, ms: (deltas[index + 1] ?? 0) / 1000 })
		}
	}
	return samples
}

function totalsBySource(samples: Sample[]) {
	const totals = new Map<string, number>()
	for (const sample of samples) totals.set(sample.source, (totals.get(sample.source) ?? 0) + sample.ms)
	return totals
}

function functionsWithin(samples: Sample[], task: TraceEvent) {
	const totals = new Map<string, number>()
	for (const sample of samples) {
		if (sample.ts < task.ts || sample.ts >= task.ts + task.dur!) continue
		const label = sample.functionName ? `${sample.source} ${sample.functionName}` : sample.source
		totals.set(label, (totals.get(label) ?? 0) + sample.ms)
	}
	return [...totals]
		.sort((a, b) => b[1] - a[1])
		.slice(0, 3)
		.map(([label, ms]) => `${label} ${ms.toFixed(1)}`)
		.join('; ')
}

/** Names a sampled frame by the source file it came from (through the chunk's source map when there is one). */
class SourceNamer {
	private maps = new Map<string, TraceMap | null>()
	constructor(
		private baseUrl: string,
		private buildDir: string,
	) {}

	async name(
		node: ProfileNode,
		nodes: Map<number, ProfileNode>,
	): Promise<{ source: string; functionName: string } | undefined> {
		const { functionName, url, lineNumber, columnNumber } = node.callFrame
		if (functionName === '(idle)' || functionName === '(root)') return undefined
		if (functionName === '(program)') return { source: 'native (parse, style, layout, paint)', functionName: '' }
		if (functionName === '(garbage collector)') return { source: 'garbage collection', functionName: '' }
		if (!url) {
			// A builtin: charge it to the JavaScript that called it.
			const parent = node.parent === undefined ? undefined : nodes.get(node.parent)
			return parent ? this.name(parent, nodes) : { source: 'builtins', functionName }
		}
		if (!url.startsWith(this.baseUrl)) return { source: url, functionName }
		const pathname = new URL(url).pathname
		if (!pathname.startsWith('/assets/')) return { source: 'inline scripts of the page', functionName: '' }
		const map = await this.mapFor(pathname)
		if (!map) return { source: pathname.replace(/-[\w-]{8}\.js$/, '.js'), functionName }
		const original = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber })
		return {
			source: original.source ? sourceLabel(original.source) : pathname,
			functionName: original.name ?? functionName,
		}
	}

	private async mapFor(pathname: string) {
		if (!this.maps.has(pathname)) {
			const file = path.resolve(this.buildDir, 'build/client', `.${pathname}.map`)
			this.maps.set(pathname, existsSync(file) ? new TraceMap(await readFile(file, 'utf8')) : null)
		}
		return this.maps.get(pathname)
	}
}

/** `../../node_modules/react-dom/cjs/…` → `react-dom`; `../../app/components/x.tsx` → `app/components/x.tsx`. */
function sourceLabel(source: string) {
	const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)
	if (packageMatch) return packageMatch[1]!
	const appMatch = /(app\/.*)$/.exec(source)
	return appMatch ? appMatch[1]! : source
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Load n of the baseline against load n of this build (taken one after the other). */
function comparePairs(pagePath: string, baseline: LoadAnalysis[], current: LoadAnalysis[]) {
	const lower = (pick: (load: LoadAnalysis) => number) =>
		current.filter((load, index) => pick(load) < pick(baseline[index]!)).length
	const busy = (load: LoadAnalysis) => load.tasks.reduce((sum, task) => sum + task.durationMs, 0)
	const blocking = (load: LoadAnalysis) => load.blockingMs
	console.log(
		`\n${pagePath}: this build against the baseline, ${current.length} pairs of loads. Blocking at ${CPU_MULTIPLIER}×: ` +
			`median ${Math.round(median(baseline.map(blocking)))} → ${Math.round(median(current.map(blocking)))} ms, lower in ${lower(blocking)}; ` +
			`main thread busy after first paint: median ${Math.round(median(baseline.map(busy)))} → ${Math.round(median(current.map(busy)))} ms, lower in ${lower(busy)}.`,
	)
}

function report(pagePath: string, loads: LoadAnalysis[]) {
	const ordered = [...loads].sort((a, b) => a.blockingMs - b.blockingMs)
	const middle = ordered[Math.floor(ordered.length / 2)]!
	console.log(
		`\n${pagePath}: blocking at ${CPU_MULTIPLIER}× after first paint, ms: ${ordered.map((load) => Math.round(load.blockingMs)).join(' / ')} ` +
			`(median ${Math.round(middle.blockingMs)}); first contentful paint at ${Math.round(middle.fcpMs)} ms in the median load`,
	)
	console.log('  tasks of 5 ms or more after first paint (median load): start ms, duration ms, what they did')
	for (const task of middle.tasks.filter((each) => each.durationMs >= 5)) {
		console.log(`    ${task.startMs.toFixed(0).padStart(6)}  ${task.durationMs.toFixed(1).padStart(6)}  ${task.kinds}`)
		if (task.durationMs * CPU_MULTIPLIER > BLOCKING_THRESHOLD_MS && task.functions) {
			console.log(`                    ${task.functions}`)
		}
	}
	console.log('  CPU samples after first paint, ms (median over the loads):')
	const sources = new Set(loads.flatMap((load) => [...load.bySource.keys()]))
	const medians = [...sources]
		.map((source) => [source, median(loads.map((load) => load.bySource.get(source) ?? 0))] as const)
		.filter(([, ms]) => ms >= 0.5)
		.sort((a, b) => b[1] - a[1])
	for (const [source, ms] of medians) console.log(`    ${ms.toFixed(1).padStart(7)}  ${source}`)
}

await main()
