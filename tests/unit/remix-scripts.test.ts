/**
 * What Remix's real `<Scripts>` writes must be what app/utils/script-loading.server.ts rewrites (decisions 047,
 * 056): a Remix upgrade that changes that markup fails here, instead of pages quietly fetching their JavaScript
 * before they paint again. A one-page app (tests/fixtures/remix-scripts) with this project's Remix future flags,
 * built for production by the real Vite and Remix plugin, and served by the development server.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { build, createServer } from 'vite'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { loadScriptsAfterFirstPaint } from '../../app/utils/script-loading.server'
import { buildDirectory } from '../fixtures/remix-scripts/vite.config'

const configFile = path.resolve(import.meta.dirname, '../fixtures/remix-scripts/vite.config.ts')

async function documentOf(serverBuild: ServerBuild, mode: 'production' | 'development') {
	const response = await createRequestHandler(serverBuild, mode)(new Request('http://localhost/'))
	const html = await response.text()
	expect(response.status, html).toBe(200)
	expect(html).toContain('<h1>Olá</h1>')
	return html
}

const moduleScript = (html: string) => /<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''
/** The modules a script imports, statically or not: `import * as x from "…"`, `import "…"`, `import("…")`. */
const importedModules = (script: string) => [...script.matchAll(/\bimport\b[^"\n]*"([^"]+)"/g)].map((match) => match[1])

/** The rewrite applied: no module fetched before the paint, and afterwards the very modules Remix asked for. */
function expectDeferred(html: string) {
	let unknownMarkup = 0
	const rewritten = loadScriptsAfterFirstPaint(html, () => (unknownMarkup += 1))
	expect(unknownMarkup, 'the rewrite does not know this markup').toBe(0)

	const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1])
	expect(preloads.length).toBeGreaterThan(0)
	expect(rewritten).not.toMatch(/rel="?modulepreload/)
	expect([...rewritten.matchAll(/<link data-modulepreload="" href="([^"]+)"/g)].map((match) => match[1])).toEqual(
		preloads,
	)

	const before = moduleScript(html)
	const after = moduleScript(rewritten)
	expect(importedModules(before).length).toBeGreaterThan(1)
	expect(after).not.toMatch(/^\s*import\s/m)
	expect(after.indexOf('first-contentful-paint')).toBeLessThan(after.indexOf('import('))
	expect(importedModules(after)).toEqual(importedModules(before))
	return rewritten
}

describe('Remix’s <Scripts>', () => {
	afterAll(async () => {
		vi.unstubAllEnvs()
		await rm(buildDirectory, { recursive: true, force: true })
	})

	it('in a production build is rewritten to load after the first paint', { timeout: 120_000 }, async () => {
		// As `npm run build` runs.
		vi.stubEnv('NODE_ENV', 'production')
		await build({ configFile, build: { ssr: false } })
		await build({ configFile, build: { ssr: true } })
		vi.unstubAllEnvs()
		const serverBuild = (await import(path.join(buildDirectory, 'server/index.js'))) as ServerBuild
		const html = await documentOf(serverBuild, 'production')
		expect(moduleScript(html)).toMatch(/import \* as route0 from "\/assets\/root-[\w-]+\.js"/)
		expectDeferred(html)
	})

	it('from the development server is rewritten too, the hot-reload runtime first', { timeout: 120_000 }, async () => {
		const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-remix-scripts-'))
		const vite = await createServer({
			configFile,
			cacheDir,
			appType: 'custom',
			server: { middlewareMode: true, hmr: false, watch: null },
		})
		try {
			const serverBuild = (await vite.ssrLoadModule('virtual:remix/server-build')) as ServerBuild
			const html = await documentOf(serverBuild, 'development')
			const [first] = importedModules(moduleScript(expectDeferred(html)))
			expect(first).toMatch(/hmr-runtime/)
		} finally {
			await vite.close()
			await rm(cacheDir, { recursive: true, force: true })
		}
	})
})
