import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it, vi } from 'vitest'
import { loadScriptsAfterFirstPaint, loadScriptsAfterFirstPaintStream } from './script-loading.server'

/** What Remix's `<Scripts>` writes in a production build (lazy route discovery on). */
const manifest = 'window.__remixManifest = {\n  "entry": {"module": "/assets/entry.client-E.js"}\n};'
const productionScripts = [
	'<link rel="modulepreload" href="/assets/entry.client-E.js"/>',
	'<link rel="modulepreload" href="/assets/shell-S.js"/>',
	'<link rel="modulepreload" href="/assets/root-R.js"/>',
	'<script nonce="N">window.__remixContext = {"basename":"/"};</script>',
	'<script nonce="N" type="module" async="">;\n',
	'import * as route0 from "/assets/root-R.js";\n',
	'import * as route1 from "/assets/shop-P.js";\n',
	`${manifest}\n`,
	'window.__remixRouteModules = {"root":route0,"routes/shop":route1};\n\n',
	'import("/assets/entry.client-E.js");</script>',
	'<script nonce="N">window.__remixContext.streamController.close();</script>',
].join('')
const page = `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/></head><body><main><h1>Pão de Queijo</h1></main>${productionScripts}</body></html>`

/** The dev server's module script also imports Vite's hot-reload runtime first. */
const devScript =
	'<script type="module" async="">import "/@id/__x00__virtual:remix/inject-hmr-runtime";;\nimport * as route0 from "/app/root.tsx";\nwindow.__remixRouteModules = {"root":route0};\n\nimport("/app/entry.client.tsx");</script>'

function moduleScriptOf(html: string) {
	return /<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!
}

const AsyncFunction = (async () => {}).constructor as new (code: string) => unknown

describe('loadScriptsAfterFirstPaint', () => {
	const rewritten = loadScriptsAfterFirstPaint(page)

	it('keeps each modulepreload link in its place, without a rel until the first paint', () => {
		expect(rewritten).not.toContain('rel="modulepreload"')
		expect([...rewritten.matchAll(/<link data-modulepreload="" href="([^"]+)"\/>/g)].map((match) => match[1])).toEqual([
			'/assets/entry.client-E.js',
			'/assets/shell-S.js',
			'/assets/root-R.js',
		])
		expect(rewritten).toContain('<link rel="stylesheet" href="/assets/app.css"/>')
	})

	it('imports the same modules, in the same order, only after the first contentful paint', () => {
		const script = moduleScriptOf(rewritten)
		expect(script).not.toMatch(/^\s*import\s/m)
		const paint = script.indexOf("getEntriesByName('first-contentful-paint')")
		const preloads = script.indexOf("link.rel = 'modulepreload'")
		expect(script).toContain("link.removeAttribute('data-modulepreload')")
		const imports = [...script.matchAll(/import\("([^"]+)"\)/g)].map((match) => [match[1], match.index])
		expect(imports.map(([from]) => from)).toEqual([
			'/assets/root-R.js',
			'/assets/shop-P.js',
			'/assets/entry.client-E.js',
		])
		expect(paint).toBeGreaterThan(0)
		expect(preloads).toBeGreaterThan(paint)
		expect(imports[0]![1]).toBeGreaterThan(preloads)
		expect(script).toContain('const [route0, route1] = await Promise.all(')
		expect(script).toContain(manifest)
		expect(script).toContain('window.__remixRouteModules = {"root":route0,"routes/shop":route1};')
		expect(() => new AsyncFunction(script)).not.toThrow()
	})

	it('loads a tab opened in the background at once, since it paints nothing until shown', () => {
		expect(moduleScriptOf(rewritten)).toContain("document.visibilityState === 'hidden'")
	})

	it('keeps the page, the context script and the data scripts as they were', () => {
		const withoutModuleScript = (html: string) =>
			html.replace(moduleScriptOf(html), '').replaceAll(/<link[^>]*\/>/g, '')
		expect(withoutModuleScript(rewritten)).toBe(withoutModuleScript(page))
		expect(rewritten).toContain('<script nonce="N" type="module" async="">')
	})

	it('keeps a side-effect import (the dev server’s hot-reload runtime) first', () => {
		const script = moduleScriptOf(loadScriptsAfterFirstPaint(devScript))
		expect(script.indexOf('await import("/@id/__x00__virtual:remix/inject-hmr-runtime");')).toBeLessThan(
			script.indexOf('import("/app/root.tsx")'),
		)
		expect(script).not.toMatch(/^\s*import\s/m)
		expect(() => new AsyncFunction(script)).not.toThrow()
	})

	it('leaves markup of another shape alone', () => {
		const withoutScripts = '<html><body><p>Offline</p></body></html>'
		expect(loadScriptsAfterFirstPaint(withoutScripts)).toBe(withoutScripts)
		const unknownImports = '<script type="module">import { a } from "/a.js";</script>'
		expect(loadScriptsAfterFirstPaint(unknownImports)).toBe(unknownImports)
	})
})

describe('loadScriptsAfterFirstPaintStream', () => {
	it('streams the same document, whatever the chunks (even one cut inside a character)', async () => {
		const bytes = Buffer.from(page)
		const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, index) =>
			bytes.subarray(index * 7, index * 7 + 7),
		)
		const streamed = await text(Readable.from(chunks).pipe(loadScriptsAfterFirstPaintStream()))
		expect(streamed).toBe(loadScriptsAfterFirstPaint(page))
	})

	it('passes a document without a module script through whole', async () => {
		const streamed = await text(Readable.from([Buffer.from('<p>Pão</p>')]).pipe(loadScriptsAfterFirstPaintStream()))
		expect(streamed).toBe('<p>Pão</p>')
	})
})

describe('markup the rewrite does not know', () => {
	it('is reported when the document has Remix’s scripts, and only then', () => {
		const reports: string[] = []
		const report = (what: string) => () => reports.push(what)
		loadScriptsAfterFirstPaint(page, report('known page'))
		loadScriptsAfterFirstPaint(devScript, report('dev server'))
		loadScriptsAfterFirstPaint('<html><body><p>Offline</p></body></html>', report('no scripts'))
		loadScriptsAfterFirstPaint('<script type="module">import { a } from "/a.js";</script>', report('named import'))
		loadScriptsAfterFirstPaint(page.replaceAll('type="module"', 'type=module'), report('unquoted type'))
		loadScriptsAfterFirstPaint(page.replace(/import \* as (\w+) from/g, 'import $1 from'), report('default imports'))
		const otherLink = page.replace(
			'rel="modulepreload" href="/assets/shell-S.js"',
			'rel="modulepreload" crossorigin="" href="/assets/shell-S.js"',
		)
		expect(loadScriptsAfterFirstPaint(otherLink, report('another link'))).toBe(otherLink)
		expect(reports).toEqual(['named import', 'unquoted type', 'default imports', 'another link'])
	})

	it('is reported from a streamed document too', async () => {
		let reports = 0
		const unknown = Buffer.from(page.replaceAll('type="module"', 'type=module'))
		const streamed = await text(Readable.from([unknown]).pipe(loadScriptsAfterFirstPaintStream(() => (reports += 1))))
		expect(streamed).toBe(unknown.toString())
		expect(reports).toBe(1)
	})

	it('is logged once per process by default', async () => {
		vi.resetModules()
		const { loadScriptsAfterFirstPaint: fresh } = await import('./script-loading.server')
		const error = vi.spyOn(console, 'error').mockImplementation(() => {})
		try {
			const unknown = page.replaceAll('type="module"', 'type=module')
			expect(fresh(unknown)).toBe(unknown)
			fresh(unknown)
			expect(error).toHaveBeenCalledTimes(1)
			expect(String(error.mock.calls[0]?.[0])).toMatch(/Scripts load before the first paint/)
		} finally {
			error.mockRestore()
		}
	})
})
