/**
 * The browser's module graph in development, as Vite serves it: from the client entry and every route
 * module (after Remix strips `loader`, `action` and `headers` and the imports only they used), no Node
 * built-in, no server-only package, no `*.server` module and no file outside app/ (docs/decisions/020).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createServer, type EnvironmentModuleNode, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { browserPackages } from '../../vite.config'

const rootDir = path.resolve(import.meta.dirname, '../..')
const appDir = path.join(rootDir, 'app')
// Remix pre-bundles these for every app (its `optimizeDeps.include`).
const remixBrowserPackages = ['react', 'react-dom', '@remix-run/react']
const allowedPackages = new Set([...remixBrowserPackages, ...browserPackages])

let vite: ViteDevServer
let cacheDir: string

beforeAll(async () => {
	// Its own cache: pre-bundling here must not disturb a running `npm run dev`.
	cacheDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-browser-modules-'))
	vite = await createServer({
		root: rootDir,
		cacheDir,
		logLevel: 'silent',
		appType: 'custom',
		server: { middlewareMode: true, hmr: false, watch: null },
	})
}, 60_000)

afterAll(async () => {
	await vite?.close()
	await rm(cacheDir, { recursive: true, force: true })
})

test('the browser loads no server-only module in development', { timeout: 60_000 }, async () => {
	const routeModules = (await readdir(path.join(appDir, 'routes')))
		.filter((file) => !/\.test\.tsx?$/.test(file))
		.map((file) => `/app/routes/${file}`)
	const entries = ['/app/entry.client.tsx', '/app/root.tsx', ...routeModules]
	const { offences, packages, visited } = await walkBrowserGraph(entries)

	expect(offences).toEqual([])
	// The walk really followed the graph: components a few imports deep, and the packages the screens use.
	expect(visited).toContain('/app/components/admin/delete-form.tsx')
	expect(visited).toContain('/app/components/menu/item-dialog.tsx')
	expect([...packages].sort()).toEqual([...allowedPackages].sort())
})

/** Breadth-first over Vite's client module graph; stops at packages (they are checked, not walked). */
async function walkBrowserGraph(entries: string[]) {
	const offences: string[] = []
	const packages = new Set<string>()
	const visited = new Set<string>()
	const queue = entries.map((url) => ({ url, importer: '(entry)' }))
	while (queue.length > 0) {
		const { url, importer } = queue.shift()!
		if (visited.has(url)) continue
		visited.add(url)
		try {
			await vite.environments.client.transformRequest(url)
		} catch (error) {
			// Remix's plugin refuses a `*.server` module in the client graph here, naming the importer.
			offences.push(`${url} (imported by ${importer}): ${(error as Error).message.split('\n').join(' ')}`)
			continue
		}
		const node = await vite.environments.client.moduleGraph.getModuleByUrl(url)
		for (const imported of node?.importedModules ?? []) {
			const kind = classify(imported)
			if (kind.type === 'app') queue.push({ url: imported.url, importer: url })
			if (kind.type === 'package') {
				packages.add(kind.name)
				if (!allowedPackages.has(kind.name)) {
					offences.push(`${url} imports the package "${kind.name}", which is not in vite.config.ts browserPackages`)
				}
			}
			if (kind.type === 'offence') offences.push(`${url} imports ${kind.reason}`)
		}
	}
	return { offences, packages, visited: [...visited] }
}

type ModuleKind =
	{ type: 'app' } | { type: 'package'; name: string } | { type: 'tooling' } | { type: 'offence'; reason: string }

function classify(module: EnvironmentModuleNode): ModuleKind {
	const id = module.id ?? module.url
	if (id.includes('__vite-browser-external')) return { type: 'offence', reason: `a Node built-in (${id})` }
	const optimized = optimizedPackage(id)
	if (optimized) return { type: 'package', name: optimized }
	const inNodeModules = id.split('/node_modules/')[1]
	if (inNodeModules) return { type: 'package', name: packageName(inNodeModules) }
	// Vite's client, React Refresh, Remix's virtual modules.
	if (id.startsWith('\0') || module.url.startsWith('/@')) return { type: 'tooling' }
	const file = id.split('?')[0]!
	if (/\.server(\.[cm]?[jt]sx?)?$/.test(file)) return { type: 'offence', reason: `a server module (${file})` }
	if (!file.startsWith(`${appDir}/`)) return { type: 'offence', reason: `a file outside app/ (${file})` }
	if (file.startsWith(path.join(appDir, 'generated/prisma/')) && !file.endsWith('/enums.ts')) {
		return { type: 'offence', reason: `Prisma's generated client (${file})` }
	}
	return { type: 'app' }
}

/** Pre-bundled dependencies live in the cache folder; the optimizer knows which package each file is. */
function optimizedPackage(id: string) {
	const file = id.split('?')[0]
	if (!file?.startsWith(cacheDir)) return undefined
	const optimized = vite.environments.client.depsOptimizer?.metadata.optimized ?? {}
	const entry = Object.entries(optimized).find(([, info]) => info.file === file)
	return entry ? packageName(entry[0]) : path.basename(file)
}

/** 'react-dom/client' → 'react-dom'; '@conform-to/zod/v3' → '@conform-to/zod'. */
function packageName(specifier: string) {
	const parts = specifier.split('/')
	return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/')
}
