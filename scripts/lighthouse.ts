/**
 * Lighthouse 12.8.2 (mobile form factor, simulated throttling, Debian chromium) on the production
 * build: `/`, `/shop`, `/custom-cakes` and `/checkout` with two items in the cart. Prints a table.
 *
 *   npm run build && npm run lighthouse            # measure and print
 *   npm run build && npm run lighthouse:check      # the same, exit 1 if a score < 95 or CLS > 0.01 (in `npm test`)
 *
 * It starts its own production server (bench/production-server.ts); LIGHTHOUSE_URL measures a
 * server you started yourself instead (the checkout page then needs items in that server's menu).
 * CHROME_PATH overrides the browser (default /usr/bin/chromium); LIGHTHOUSE_PAGES=/,/shop measures a subset.
 *
 * Each page is measured LIGHTHOUSE_RUNS (3) times and the median run reported. The CPU slowdown is
 * calibrated to this host as Lighthouse's docs/throttling.md asks (measured benchmarkIndex → multiplier;
 * 4× on a high-end desktop); LIGHTHOUSE_CPU_MULTIPLIER=4 forces Lighthouse's default.
 */
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { throttling as throttlingPresets } from 'lighthouse/core/config/constants.js'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import puppeteer, { type Browser } from 'puppeteer-core'
import { startProductionServer, type ProductionServer } from '../bench/production-server'

const ALL_PAGES = ['/', '/shop', '/custom-cakes', '/checkout']
// LIGHTHOUSE_PAGES=/,/shop measures a subset.
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ALL_PAGES
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const MIN_SCORE = 95
const MAX_LCP_MS = 1_800
const MAX_CLS = 0.01
const MAX_TBT_MS = 50
const CART_STORAGE_KEY = 'bakery-cart'
// Simulated metrics vary run to run on a shared machine: each page is measured RUNS times and the median run reported.
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))

interface PageResult {
	path: string
	scores: Record<(typeof CATEGORIES)[number], number>
	lcpMs: number
	cls: number
	tbtMs: number
	failedAudits: string[]
}

function chromePath() {
	if (process.env.CHROME_PATH) return process.env.CHROME_PATH
	if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
	return undefined
}

async function cartItems(server: ProductionServer | undefined) {
	if (!server) return []
	const rows = await server.query<{
		id: string
		name: string
		imageKey: string | null
		imageAlt: string
		priceCents: number
	}>(
		`SELECT id, name, "imageKey", "imageAlt", "priceCents" FROM "MenuItem" WHERE orderable AND NOT "soldOut" ORDER BY "sortOrder" LIMIT 2`,
	)
	return rows.map((row) => ({ ...row, quantity: 1 }))
}

async function measure(baseUrl: string, server: ProductionServer | undefined) {
	const chrome = await chromeLauncher.launch({
		chromePath: chromePath(),
		chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
	})
	const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
	const results: PageResult[] = []
	try {
		const benchmarkIndex = await measureBenchmarkIndex(browser, baseUrl)
		const cpuSlowdownMultiplier = Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER) || calibratedCpuMultiplier(benchmarkIndex)
		console.log(
			`Host CPU benchmarkIndex ${Math.round(benchmarkIndex)} → cpuSlowdownMultiplier ${cpuSlowdownMultiplier} (median of ${RUNS} runs per page)`,
		)
		const items = await cartItems(server)
		for (const path of PAGES) {
			const withCart = path === '/checkout'
			const runs: RunnerResult[] = []
			for (let run = 0; run < RUNS; run++) {
				if (withCart) await putInCart(browser, baseUrl, items)
				runs.push(
					await runWithRetry(path, () =>
						lighthouse(
							`${baseUrl}${path}`,
							{
								port: chrome.port,
								output: 'json',
								logLevel: 'error',
								onlyCategories: [...CATEGORIES],
								// The cart lives in localStorage: keep it for the checkout page.
								disableStorageReset: withCart,
								// Checkout is deliberately noindex (nothing to find there); every other SEO audit still counts.
								skipAudits: path === '/checkout' ? ['is-crawlable'] : undefined,
							},
							{ extends: 'lighthouse:default', settings: { throttling: { ...throttlingPresets.mobileSlow4G, cpuSlowdownMultiplier } } },
						),
					),
				)
			}
			const median = runs.find((run) => run.lhr === computeMedianRun(runs.map((each) => each.lhr)))!
			results.push(pageResult(path, median.lhr))
			await saveReports(path, median)
		}
	} finally {
		await browser.disconnect()
		chrome.kill()
	}
	return results
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

/** Lighthouse's table, interpolated: 2× at benchmarkIndex 1250, 4× at 1750 (its suggested values), within 1–10. */
function calibratedCpuMultiplier(benchmarkIndex: number) {
	const multiplier = 2 + (benchmarkIndex - 1250) / 250
	return Math.round(Math.min(10, Math.max(1, multiplier)) * 10) / 10
}

async function putInCart(browser: Browser, baseUrl: string, items: unknown[]) {
	const page = await browser.newPage()
	await page.goto(baseUrl)
	await page.evaluate(
		(key, value) => window.localStorage.setItem(key, value),
		CART_STORAGE_KEY,
		JSON.stringify({ version: 1, items }),
	)
	await page.close()
}

function pageResult(path: string, lhr: RunnerResult['lhr']): PageResult {
	const scores = Object.fromEntries(
		CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
	) as PageResult['scores']
	const failedAudits = Object.values(lhr.audits)
		.filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
		.map((audit) => audit.id)
	return {
		path,
		scores,
		lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
		cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
		tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
		failedAudits,
	}
}

/** LIGHTHOUSE_REPORT_DIR=dir keeps the median run's JSON report (and with LIGHTHOUSE_TRACES=1 its trace). */
async function saveReports(path: string, run: RunnerResult) {
	const dir = process.env.LIGHTHOUSE_REPORT_DIR
	if (!dir) return
	const name = path === '/' ? '_home' : path.replaceAll('/', '_')
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

/** What fails the check: a score under MIN_SCORE or any layout shift budget breach. */
function failuresOf(result: PageResult) {
	const failures = CATEGORIES.filter((category) => result.scores[category] < MIN_SCORE).map(
		(category) => `${category} ${result.scores[category]} < ${MIN_SCORE}`,
	)
	if (!(result.cls <= MAX_CLS)) failures.push(`CLS ${result.cls.toFixed(3)} > ${MAX_CLS}`)
	return failures
}

/** Timing targets: reported, and they weigh in the performance score, but alone they do not fail the check (noise). */
function targetMissesOf(result: PageResult) {
	const misses: string[] = []
	if (!(result.lcpMs <= MAX_LCP_MS)) misses.push(`LCP ${Math.round(result.lcpMs)} ms > ${MAX_LCP_MS} ms`)
	if (!(result.tbtMs <= MAX_TBT_MS)) misses.push(`TBT ${Math.round(result.tbtMs)} ms > ${MAX_TBT_MS} ms`)
	return misses
}

function printTable(results: PageResult[]) {
	const rows = results.map((result) => ({
		page: result.path,
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

// Applied at the very end with process.exit: process.exitCode set earlier was observed to be lost on the way out.
let overBudget = false

async function main() {
	const check = process.argv.includes('--check')
	const server = process.env.LIGHTHOUSE_URL ? undefined : await startProductionServer()
	const baseUrl = (process.env.LIGHTHOUSE_URL ?? server!.baseUrl).replace(/\/$/, '')
	try {
		const results = await measure(baseUrl, server)
		printTable(results)
		const label = (check: (result: PageResult) => string[]) =>
			results.flatMap((result) => check(result).map((problem) => `${result.path}: ${problem}`))
		const failures = label(failuresOf)
		const misses = label(targetMissesOf)
		if (misses.length > 0) console.log(`Over target:\n  ${misses.join('\n  ')}`)
		if (failures.length > 0) {
			console.log(`Over budget:\n  ${failures.join('\n  ')}`)
			if (check) overBudget = true
		}
		if (failures.length + misses.length === 0) {
			console.log(
				`All pages: every score ≥ ${MIN_SCORE}, LCP ≤ ${MAX_LCP_MS} ms, CLS ≤ ${MAX_CLS}, TBT ≤ ${MAX_TBT_MS} ms.`,
			)
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
