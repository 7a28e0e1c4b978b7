/**
 * Shared by the in-process benchmarks (bench:mail, bench:bake-sheet): a fresh database to run the app's own
 * functions against, and the p50/p95/max line each measurement prints.
 */
import crypto from 'node:crypto'
import path from 'node:path'
import { startEmbeddedPostgres } from '../server/embedded-postgres'
import { createDatabase, databaseUrl, dropDatabase, serverUrlOf } from '../tests/setup/database-server'

export function percentile(sorted: number[], p: number) {
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/** Prints `label: n=… p50 … ms, p95 … ms, max … ms` and, with a budget, PASS or FAIL; true unless it failed. */
export function summary(label: string, samples: number[], budget?: number) {
	const sorted = [...samples].sort((a, b) => a - b)
	const p95 = percentile(sorted, 95)
	const verdict = budget === undefined ? '' : ` (target p95 ≤ ${budget} ms: ${p95 <= budget ? 'PASS' : 'FAIL'})`
	console.log(
		`${label}: n=${samples.length} p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${sorted.at(-1)?.toFixed(2)} ms${verdict}`,
	)
	return budget === undefined || p95 <= budget
}

/**
 * A new empty database `bakery_bench_<label>_<random>` on DATABASE_URL's server (else an embedded Postgres in
 * .data/bench-postgres); `drop()` removes it and stops the embedded server. Migrate it with `runPrisma`.
 */
export async function createBenchDatabase(label: string) {
	const embedded = process.env.DATABASE_URL
		? undefined
		: await startEmbeddedPostgres(path.resolve('.data/bench-postgres'))
	const serverUrl = embedded?.serverUrl ?? serverUrlOf(process.env.DATABASE_URL!)
	const name = `bakery_bench_${label}_${crypto.randomBytes(4).toString('hex')}`
	await createDatabase(serverUrl, name)
	return {
		url: databaseUrl(serverUrl, name),
		async drop() {
			await dropDatabase(serverUrl, name)
			await embedded?.stop()
		},
	}
}
