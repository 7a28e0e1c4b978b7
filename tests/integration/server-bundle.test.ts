/**
 * The production server's files as `npm run build` leaves them (scripts/build-server.ts, decision 062): each one
 * file with its JavaScript dependencies inside, and V8's compiled code for the app ready under the production
 * flags. Needs `npm run build` (npm test runs it first).
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { compileCacheDir, productionNodeFlags } from '../../server/production-node'

const root = path.resolve('.')
const remixBundle = path.join(root, 'build/server/index.js')
/**
 * Packages the bundles may load from node_modules at run time: native code (sharp), development only (vite), and
 * pg's optional native driver, which pg tries in a try/catch only when asked for and this app never asks for.
 */
const external = new Set(['sharp', 'vite', 'pg-native'])

/** The bare package names a bundle imports or requires (Node's own modules aside). */
function packagesLoadedBy(file: string) {
	const source = readFileSync(file, 'utf8')
	const specifiers = [
		...source.matchAll(/^import\s[^'"]*?['"]([^'"]+)['"]/gm),
		...source.matchAll(/^import\s*['"]([^'"]+)['"]/gm),
		...source.matchAll(/\b__require\(\s*['"]([^'"]+)['"]\s*\)/g),
		// Not `{ import('x').Type }` in a bundled JSDoc comment.
		...source.matchAll(/(?:await|return|=|\()\s*import\(\s*['"]([^'"]+)['"]\s*\)/g),
	].map((match) => match[1]!)
	return new Set(
		specifiers
			.filter((specifier) => !specifier.startsWith('node:') && !specifier.startsWith('.') && !specifier.startsWith('/'))
			.map((specifier) =>
				specifier
					.split('/')
					.slice(0, specifier.startsWith('@') ? 2 : 1)
					.join('/'),
			)
			.filter((name) => !isNodeBuiltin(name)),
	)
}

function isNodeBuiltin(name: string) {
	return builtinModules.includes(name)
}

describe('the production server bundles', () => {
	it.each(['build/server/index.js', 'server-build/index.js', 'server-build/worker.js'])(
		'%s loads no package from node_modules but native and development-only ones',
		(file) => {
			const loaded = [...packagesLoadedBy(path.join(root, file))].filter((name) => !external.has(name))
			expect(loaded).toEqual([])
		},
	)

	it("carries Prisma's size-optimised query compiler, not the 4.6 MB fast one (decision 068)", () => {
		const source = readFileSync(remixBundle, 'utf8')
		expect(source).toContain('query_compiler_small_bg.postgresql')
		expect(source).not.toContain('query_compiler_fast_bg')
	})

	it('start with the compiled code the build cached, under the production flags', () => {
		const load = [
			`const { enableCompileCache } = await import('node:module')`,
			`enableCompileCache(${JSON.stringify(compileCacheDir(root))})`,
			`await import(${JSON.stringify(pathToFileURL(remixBundle).href)})`,
			// Not process.exit() at once: it can deadlock with V8's background compilation (scripts/build-server.ts).
			`setTimeout(() => process.exit(0), 1000).unref()`,
		].join('; ')
		const run = spawnSync(process.execPath, [...productionNodeFlags, '--input-type=module', '--eval', load], {
			env: {
				PATH: process.env.PATH,
				NODE_ENV: 'development',
				DATABASE_URL: 'postgresql://compile-cache-check.invalid/none',
				NODE_DEBUG_NATIVE: 'COMPILE_CACHE',
			},
			encoding: 'utf8',
			timeout: 60_000,
			killSignal: 'SIGKILL',
		})
		expect(run.status).toBe(0)
		expect(`${run.stdout}${run.stderr}`).toContain(
			`V8 code cache for ESM ${pathToFileURL(remixBundle).href} was accepted`,
		)
	})
})
