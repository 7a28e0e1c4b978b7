/**
 * `npm run build` fails when a module the browser loads imports a Node built-in, instead of printing
 * "has been externalized for browser compatibility" and shipping an empty stub (docs/decisions/020).
 * Uses the project's own warning handler on a two-file app built by the real Vite.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { failOnBrowserExternals } from '../../vite.config'

let dir: string

beforeAll(async () => {
	// As `npm run build` runs: Vite only warns about Node built-ins in a production build.
	vi.stubEnv('NODE_ENV', 'production')
	dir = await mkdtemp(path.join(os.tmpdir(), 'bakery-browser-build-'))
	await writeFile(path.join(dir, 'browser-safe.js'), 'export const greeting = "Olá"\nconsole.log(greeting)\n')
	await writeFile(path.join(dir, 'server-leak.js'), 'import path from "node:path"\nconsole.log(path.join("a", "b"))\n')
})

afterAll(async () => {
	vi.unstubAllEnvs()
	await rm(dir, { recursive: true, force: true })
})

function buildForBrowser(entry: string) {
	return build({
		root: dir,
		configFile: false,
		logLevel: 'silent',
		build: { write: false, rollupOptions: { input: path.join(dir, entry), onwarn: failOnBrowserExternals } },
	})
}

test('a browser module that imports a Node built-in fails the build, naming the module', async () => {
	await expect(buildForBrowser('server-leak.js')).rejects.toThrow(
		/Module "node:path" has been externalized for browser compatibility, imported by ".*server-leak\.js"[\s\S]*\*\.server\.ts/,
	)
})

test('a browser-safe module builds', async () => {
	await expect(buildForBrowser('browser-safe.js')).resolves.toBeDefined()
})
