/**
 * The production server's files, after `remix vite:build` (decision 062):
 *
 * 1. The Remix server build and the Express entry (server/index.ts, server/worker.ts) each become one file with
 *    their JavaScript dependencies inside. Loaded from node_modules the start read about 1,150 files, and resolving
 *    them (package.json lookups, ESM/CJS translation) was a third of the time to a first answer.
 *    Native or development-only packages stay outside: sharp loads its libvips binary by path, Vite only in dev.
 * 2. V8's compiled code for the Remix bundle is cached: a process with the production flags evaluates it once and
 *    Node writes the code it compiled to build/.node-compile-cache, which server/index.ts enables at start.
 *
 * docs/performance.md "Start-up" has the measurements.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { build, type BuildOptions } from 'esbuild'
import { compileCacheDir, productionNodeFlags } from '../server/production-node'

const rootDir = path.resolve(import.meta.dirname, '..')
const remixBundle = path.join(rootDir, 'build/server/index.js')

// Bundled CommonJS packages call require() and read __dirname/__filename; ESM has none of the three.
const commonJsGlobals = [
	`import { createRequire as __bundleRequire } from 'node:module'`,
	`import { fileURLToPath as __bundleFileURLToPath } from 'node:url'`,
	`import { dirname as __bundleDirname } from 'node:path'`,
	`const require = __bundleRequire(import.meta.url)`,
	`const __filename = __bundleFileURLToPath(import.meta.url)`,
	`const __dirname = __bundleDirname(__filename)`,
].join('; ')

const shared: BuildOptions = {
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node24',
	external: ['sharp', 'vite'],
	// Only the production build runs these files: React and the other libraries skip their development checks.
	define: { 'process.env.NODE_ENV': '"production"' },
	banner: { js: commonJsGlobals },
	// The whole source stays in memory for V8 to compile functions as they are first called: no comments, no indents.
	minifyWhitespace: true,
	legalComments: 'none',
	// Vite's entry re-imports its dependencies bare (for their order); esbuild drops those for side-effect-free packages.
	logOverride: { 'ignored-bare-import': 'silent' },
	logLevel: 'warning',
	absWorkingDir: rootDir,
	write: false,
}

for (const options of [
	{ entryPoints: [remixBundle], outfile: remixBundle, allowOverwrite: true },
	{ entryPoints: ['server/index.ts', 'server/worker.ts'], outdir: 'server-build' },
]) {
	const { outputFiles = [] } = await build({ ...shared, ...options })
	for (const file of outputFiles) {
		mkdirSync(path.dirname(file.path), { recursive: true })
		writeFileSync(file.path, asciiOnly(file.text))
	}
}

/**
 * V8 keeps a source with any character past U+00FF as two bytes a character: one emoji in a template literal (Remix's
 * live-reload script) doubled the 11 MB bundle's memory. esbuild already escapes strings, names and regular
 * expressions; what remains is in template literals, where `\u{…}` means the same character.
 */
function asciiOnly(source: string) {
	return source.replace(/[^\p{ASCII}]/gu, (character) => `\\u{${character.codePointAt(0)!.toString(16)}}`)
}

const cacheDir = compileCacheDir(rootDir)
rmSync(cacheDir, { recursive: true, force: true })
// Evaluated, not run: under NODE_ENV=development the app asks only for a database address, and nothing connects.
const warmUp = [
	`const { enableCompileCache, flushCompileCache } = await import('node:module')`,
	`enableCompileCache(${JSON.stringify(cacheDir)})`,
	`await import(${JSON.stringify(new URL(`file://${remixBundle}`).href)})`,
	`flushCompileCache()`,
	// Not process.exit() at once: V8 may still be compiling on a worker thread that waits for the main thread's GC, and
	// an immediate exit joins that thread and hangs for ever (seen three times here, node 24.21). Ending on its own,
	// Node drains those tasks first; the timer only ends a loop the bundle's handles keep alive.
	`setTimeout(() => process.exit(0), 1000).unref()`,
].join('; ')
const warm = () =>
	spawnSync(process.execPath, [...productionNodeFlags, '--input-type=module', '--eval', warmUp], {
		cwd: rootDir,
		env: {
			PATH: process.env.PATH,
			NODE_ENV: 'development',
			DATABASE_URL: 'postgresql://compile-cache-warm-up.invalid/none',
		},
		stdio: 'inherit',
		// It takes about a second: a hang is killed and tried once more, never left to stall the build.
		timeout: 60_000,
		killSignal: 'SIGKILL',
	})
let warmed = warm()
if (warmed.status !== 0 && warmed.signal === 'SIGKILL') {
	console.error('Warming the compile cache hung; trying once more.')
	rmSync(cacheDir, { recursive: true, force: true })
	warmed = warm()
}
if (warmed.status !== 0) {
	// The bundle did not even evaluate: nothing that would start from it is worth shipping.
	console.error('The server bundle failed to load (warming its compile cache).')
	process.exit(1)
}
