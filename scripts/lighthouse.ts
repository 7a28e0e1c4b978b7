/**
 * Lighthouse 12.8.2 (mobile form factor, simulated throttling, Debian chromium) on the production
 * build: `/`, `/shop`, `/custom-cakes` and `/checkout` with two items in the cart. Prints a table.
 *
 *   npm run build && npm run lighthouse            # measure and print
 *   npm run build && npm run lighthouse:check      # the same, exit 1 if a score < 95 or a budget is exceeded
 *
 * It starts its own production server (bench/production-server.ts); LIGHTHOUSE_URL measures a
 * server you started yourself instead (the checkout page then needs items in that server's menu).
 * CHROME_PATH overrides the browser (default /usr/bin/chromium).
 */
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { startProductionServer, type ProductionServer } from '../bench/production-server'

const PAGES = ['/', '/shop', '/custom-cakes', '/checkout']
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const MIN_SCORE = 95
const MAX_LCP_MS = 1_800
const MAX_CLS = 0.01
const MAX_TBT_MS = 50
const CART_STORAGE_KEY = 'bakery-cart'

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

async function measure(baseUrl: string, server: ProductionServer | undefined): Promise<PageResult[]> {
	const chrome = await chromeLauncher.launch({
		chromePath: chromePath(),
		chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
	})
	const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
	const results: PageResult[] = []
	try {
		const items = await cartItems(server)
		for (const path of PAGES) {
			const withCart = path === '/checkout'
			if (withCart) {
				const page = await browser.newPage()
				await page.goto(baseUrl)
				await page.evaluate(
					(key, value) => window.localStorage.setItem(key, value),
					CART_STORAGE_KEY,
					JSON.stringify({ version: 1, items }),
				)
				await page.close()
			}
			const runnerResult = await runWithRetry(path, () =>
				lighthouse(`${baseUrl}${path}`, {
					port: chrome.port,
					output: 'json',
					logLevel: 'error',
					onlyCategories: [...CATEGORIES],
					// The cart lives in localStorage: keep it for the checkout page.
					disableStorageReset: withCart,
					// Checkout is deliberately noindex (nothing to find there); every other SEO audit still counts.
					skipAudits: path === '/checkout' ? ['is-crawlable'] : undefined,
				}),
			)
			const { lhr } = runnerResult
			const scores = Object.fromEntries(
				CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
			) as PageResult['scores']
			const failedAudits = Object.values(lhr.audits)
				.filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
				.map((audit) => audit.id)
			results.push({
				path,
				scores,
				lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
				cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
				tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
				failedAudits,
			})
			if (process.env.LIGHTHOUSE_REPORT_DIR) {
				await writeFile(
					`${process.env.LIGHTHOUSE_REPORT_DIR}/lighthouse${path.replaceAll('/', '_') || '_home'}.json`,
					runnerResult.report as string,
				)
			}
		}
	} finally {
		await browser.disconnect()
		chrome.kill()
	}
	return results
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

function problemsOf(result: PageResult) {
	const problems = CATEGORIES.filter((category) => result.scores[category] < MIN_SCORE).map(
		(category) => `${category} ${result.scores[category]} < ${MIN_SCORE}`,
	)
	if (!(result.lcpMs <= MAX_LCP_MS)) problems.push(`LCP ${Math.round(result.lcpMs)} ms > ${MAX_LCP_MS} ms`)
	if (!(result.cls <= MAX_CLS)) problems.push(`CLS ${result.cls.toFixed(3)} > ${MAX_CLS}`)
	if (!(result.tbtMs <= MAX_TBT_MS)) problems.push(`TBT ${Math.round(result.tbtMs)} ms > ${MAX_TBT_MS} ms`)
	return problems
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
		const problems = results.flatMap((result) => problemsOf(result).map((problem) => `${result.path}: ${problem}`))
		if (problems.length > 0) {
			console.log(`Over budget:\n  ${problems.join('\n  ')}`)
			if (check) overBudget = true
		} else {
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
