import path from 'node:path'

/**
 * How the production server's Node runs, in one place: the Dockerfile's CMD, `npm start`/`npm run worker`, fly.toml's
 * process lines, the e2e and bench servers and the compile-cache warm-up all use these (a unit test compares the ones
 * that cannot import this file).
 *
 * A fixed V8 heap (the app needs < 100 MB) leaves the rest of the 512 MB machine to sharp/libvips and keeps memory
 * flat instead of growing toward a limit V8 derives from the host; 4 MB semi-spaces hold a page render's garbage (8 MB held ~8 MB more at no measured gain, decision 068);
 * V8's memory-over-speed mode keeps ~55 MB less resident under full load for ~10–15 % more CPU a request (decision 073);
 * Buffers count toward the heap's limit (decision 061). V8 also checks these flags before it accepts a compiled-code
 * cache, so the cache is warmed with exactly them (decision 062).
 */
export const productionNodeFlags = [
	'--max-old-space-size=128',
	'--max-semi-space-size=4',
	'--optimize-for-size',
	'--external-memory-accounted-in-global-limit',
] as const

/**
 * V8's compiled code for the server bundle, written by `npm run build` (scripts/build-server.ts) and read at start
 * (server/index.ts). Entries are keyed by the bundle's absolute path and contents: a build copied elsewhere starts
 * without it (and correctly), only slower.
 */
export function compileCacheDir(rootDir: string) {
	return path.join(rootDir, 'build/.node-compile-cache')
}
