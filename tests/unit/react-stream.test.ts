import { createRequire } from 'node:module'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { createElement } from 'react'
import type * as ReactDomServer from 'react-dom/server'
import { describe, expect, it } from 'vitest'

/**
 * React 18.3's streamed render (`renderToPipeableStream`, every page) wrote its whole 2 KB buffer where a
 * multi-byte character did not fit at the end of one, NUL bytes and all ("Caf\0é"); React 19 fixed it
 * (react#26228). patches/react-dom+18.3.1.patch backports the one-line fix to both Node builds (decision 050).
 */
const require = createRequire(import.meta.url)
// The package exports only the build NODE_ENV picks: both are loaded from their files.
const reactDom = path.dirname(require.resolve('react-dom'))
const builds = {
	development: require(`${reactDom}/cjs/react-dom-server.node.development.js`) as typeof ReactDomServer,
	production: require(`${reactDom}/cjs/react-dom-server.node.production.min.js`) as typeof ReactDomServer,
}

function renderToBuffer(server: typeof ReactDomServer, paragraphs: string[]) {
	return new Promise<Buffer>((resolve, reject) => {
		const chunks: Buffer[] = []
		const sink = new PassThrough()
		sink.on('data', (chunk: Buffer) => chunks.push(chunk))
		sink.on('end', () => resolve(Buffer.concat(chunks)))
		const page = createElement(
			'main',
			null,
			paragraphs.map((text, index) => createElement('p', { key: index }, text)),
		)
		const { pipe } = server.renderToPipeableStream(page, { onAllReady: () => pipe(sink), onError: reject })
	})
}

describe.each(Object.entries(builds))('react-dom/server (%s build)', (_name, server) => {
	it('writes no NUL byte where a multi-byte character meets the end of its 2 KB buffer', async () => {
		const broken: number[] = []
		// Short texts fill the buffer piece by piece (a long one is encoded on its own); each shift puts "é"
		// (2 bytes), "★" (3) and "😀" (4) across the buffer's end at another offset.
		const words = Array.from({ length: 60 }, () => 'Café, cultura y buena compañía ★★★★★ 😀')
		for (let shift = 0; shift < 40; shift++) {
			const paragraphs = ['a'.repeat(shift + 1), ...words]
			const html = await renderToBuffer(server, paragraphs)
			const text = html.toString('utf8')
			if (html.includes(0) || text.includes('\uFFFD') || !text.includes(words[0]!)) broken.push(shift)
		}
		expect(broken).toEqual([])
	})
})
