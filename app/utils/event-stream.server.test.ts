import { afterEach, describe, expect, it } from 'vitest'
import { eventStream } from './event-stream.server'
import { markShuttingDown } from './lifecycle.server'

afterEach(() => {
	globalThis.__bakeryShuttingDown = undefined
})

async function readAll(response: Response) {
	const reader = response.body!.getReader()
	const decoder = new TextDecoder()
	let text = ''
	for (;;) {
		const { done, value } = await reader.read()
		if (done) return text
		text += decoder.decode(value)
	}
}

describe('eventStream', () => {
	it('sends events as the browser reads them and ends when the server starts shutting down', async () => {
		let cleanedUp = 0
		const response = eventStream(new AbortController().signal, (send) => {
			send({ event: 'order', data: 'line one\nline two' })
			return () => cleanedUp++
		})
		const text = readAll(response)
		markShuttingDown()
		expect(await text).toBe('retry: 2000\n\nevent: order\ndata: line one\ndata: line two\n\n')
		expect(cleanedUp).toBe(1)
	})

	it('ends at once when opened during a shutdown, and when the browser goes away', async () => {
		markShuttingDown()
		let cleanedUp = 0
		expect(await readAll(eventStream(new AbortController().signal, () => () => cleanedUp++))).toBe('retry: 2000\n\n')
		globalThis.__bakeryShuttingDown = undefined
		const browser = new AbortController()
		const open = readAll(eventStream(browser.signal, () => () => cleanedUp++))
		browser.abort()
		expect(await open).toBe('retry: 2000\n\n')
		expect(cleanedUp).toBe(2)
	})
})
