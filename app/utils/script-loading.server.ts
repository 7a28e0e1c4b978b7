import { StringDecoder } from 'node:string_decoder'
import { Transform } from 'node:stream'

/**
 * Content first (decision 047): a page paints the server's HTML before the browser fetches any of the
 * app's JavaScript. Remix's `<Scripts>` asks for every module at once, as `<link rel="modulepreload">`
 * tags and a module script of static imports; on a slow phone that ~100 KB shares the line with the
 * stylesheet and the first photos, although nothing on a server-rendered page needs it to paint (every
 * form works without it). This rewrites that markup:
 *
 * - each modulepreload link keeps its place, since hydration compares elements, but without its `rel`
 *   (a link without one fetches nothing) until the first contentful paint;
 * - the module script waits for that paint, makes the links what Remix wrote (the whole module graph then
 *   downloads in parallel, as before, and hydration finds the markup it renders), and imports what it
 *   imported, in the same order.
 *
 * A tab opened in the background never paints until it is shown; it loads at once instead. Markup that
 * doesn't have this shape is left as it is, and `onUnknownMarkup` hears of it when the document has Remix's
 * scripts (by default one error in the log per process: decision 056). tests/unit/remix-scripts.test.ts
 * renders Remix's real `<Scripts>`, built and in development, and fails when this stops applying to it.
 */
export function loadScriptsAfterFirstPaint(html: string, onUnknownMarkup: () => void = reportUnknownMarkupOnce) {
	const rewritten = rewriteScripts(html)
	if (rewritten !== undefined) return rewritten
	if (REMIX_SCRIPTS.test(html)) onUnknownMarkup()
	return html
}

function rewriteScripts(html: string) {
	const script = MODULE_SCRIPT.exec(html)
	if (!script) return undefined
	const [whole, openTag = '', body = ''] = script
	const rewritten = deferImports(body)
	if (rewritten === undefined) return undefined
	const start = script.index
	const links = html.slice(0, start).replaceAll(PRELOAD_LINK, '<link data-modulepreload="" href=')
	// A preload link of another shape would still fetch before the paint.
	if (ANY_PRELOAD_LINK.test(links)) return undefined
	return `${links}${openTag}${rewritten}</script>${html.slice(start + whole.length)}`
}

/** What Remix's `<Scripts>` writes on every document: its context script, preload links or module script. */
const REMIX_SCRIPTS = /__remixContext|modulepreload|<script\b[^>]*\btype="?module/

let reportedUnknownMarkup = false

/** The optimisation is off (a Remix upgrade changed `<Scripts>`): pages still work, but load scripts early. */
function reportUnknownMarkupOnce() {
	if (reportedUnknownMarkup) return
	reportedUnknownMarkup = true
	console.error(
		"Scripts load before the first paint: Remix's <Scripts> markup no longer has the shape " +
			'app/utils/script-loading.server.ts rewrites (decisions 047, 056). Run tests/unit/remix-scripts.test.ts.',
	)
}

const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)<\/script>/
const PRELOAD_LINK = /<link rel="modulepreload" href=/g
const ANY_PRELOAD_LINK = /<link\b[^>]*\brel="?modulepreload/
const SIDE_EFFECT_IMPORT = /\bimport ("[^"]+");/g
const NAMESPACE_IMPORT = /^import \* as (\w+) from ("[^"]+");$/gm

/** Waits for the first contentful paint (a hidden tab, or a browser without paint timing, goes at once). */
const AFTER_FIRST_PAINT = [
	'await new Promise((go) => {',
	"if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return go();",
	'new PerformanceObserver((list, observer) => {',
	"if (list.getEntriesByName('first-contentful-paint').length) { observer.disconnect(); go(); }",
	"}).observe({ type: 'paint', buffered: true });",
	'});',
	"for (const link of document.querySelectorAll('link[data-modulepreload]')) {",
	"link.removeAttribute('data-modulepreload');",
	"link.rel = 'modulepreload';",
	'}',
].join('\n')

/** The module script's static imports, as the same imports made after the first paint. */
function deferImports(body: string) {
	const sideEffects = [...body.matchAll(SIDE_EFFECT_IMPORT)].map((match) => match[1])
	const namespaces = [...body.matchAll(NAMESPACE_IMPORT)].map(([, name, from]) => ({ name, from }))
	if (namespaces.length === 0) return undefined
	const rest = body
		.replaceAll(SIDE_EFFECT_IMPORT, '')
		.replaceAll(NAMESPACE_IMPORT, '')
		.replace(/^[;\s]+/, '')
	if (/^\s*import\s/m.test(rest)) return undefined
	return [
		AFTER_FIRST_PAINT,
		...sideEffects.map((from) => `await import(${from});`),
		`const [${namespaces.map(({ name }) => name).join(', ')}] = await Promise.all([${namespaces.map(({ from }) => `import(${from})`).join(', ')}]);`,
		rest.trim(),
	].join('\n')
}

/**
 * The same rewrite for a streamed document: holds the text back until the module script has passed, then
 * streams on. React writes the shell, `<Scripts>` included, in one go, so nothing reaches the browser later.
 * The held pieces are kept apart and only each new piece (with the few characters before it) is searched for
 * the module script's type and then its end; the held text is joined and matched once, when both are there.
 * Appending to one string and matching it whole on every chunk copied it each time: a 180 KB page (/account
 * with 200 orders) arrives in hundreds of chunks, and that cost it about 40 ms (docs/performance.md).
 */
export function loadScriptsAfterFirstPaintStream(onUnknownMarkup?: () => void) {
	const decoder = new StringDecoder('utf8')
	const held: string[] = []
	let passing = false
	/** What is looked for next: the module script's type, then the end of a script after it. */
	let wanted = MODULE_TYPE
	/** The end of the text searched so far, so a match split between two pieces is found. */
	let carry = ''
	const moduleScriptEnded = (piece: string) => {
		let text = carry + piece
		for (;;) {
			const at = text.indexOf(wanted)
			if (at === -1) break
			text = text.slice(at + wanted.length)
			if (wanted === MODULE_TYPE) {
				wanted = SCRIPT_END
				continue
			}
			if (MODULE_SCRIPT.test(held.join(''))) return true
			wanted = MODULE_TYPE
		}
		carry = text.slice(-(MODULE_TYPE.length - 1))
		return false
	}
	return new Transform({
		transform(chunk: Buffer, _encoding, done) {
			if (passing) return done(null, chunk)
			const piece = decoder.write(chunk)
			held.push(piece)
			if (!moduleScriptEnded(piece)) return done()
			passing = true
			const text = loadScriptsAfterFirstPaint(held.join(''), onUnknownMarkup)
			held.length = 0
			done(null, text)
		},
		flush(done) {
			held.push(decoder.end())
			const text = held.join('')
			done(null, text ? loadScriptsAfterFirstPaint(text, onUnknownMarkup) : undefined)
		},
	})
}

const MODULE_TYPE = 'type="module"'
const SCRIPT_END = '</script>'
