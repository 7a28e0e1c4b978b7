import { expect, type Page } from '@playwright/test'

export interface ErrorWatch {
	/** Every page error and console error seen so far, each with the page it happened on. */
	errors: string[]
	/** A 404 page's own status is logged as a console error: the one error an unknown path must cause. */
	expectDocumentNotFound(url: string): void
}

/** Records every uncaught page error and every console error from now on. */
export function watchForErrors(page: Page): ErrorWatch {
	const errors: string[] = []
	let notFoundUrl: string | undefined
	page.on('pageerror', (error) => errors.push(`${page.url()}: page error: ${error.stack ?? error.message}`))
	page.on('console', (message) => {
		if (message.type() !== 'error') return
		const isOwnStatus = message.location().url === notFoundUrl && message.text().includes('status of 404 (Not Found)')
		if (!isOwnStatus && !isSandboxDoingItsJob(message.text()))
			errors.push(`${page.url()}: console error: ${message.text()}`)
	})
	return {
		errors,
		expectDocumentNotFound(url) {
			notFoundUrl = url
		},
	}
}

/**
 * The Outbox previews a mail in a sandboxed `<iframe>` that runs no script. Playwright injects its own scripts
 * into every frame, and Chromium reports blocking them there: the sandbox working, not an error of the page.
 */
function isSandboxDoingItsJob(text: string) {
	return text.startsWith("Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed")
}

/** Loads a page, waits until React has hydrated it (the root marks <html data-hydrated>), and finds no error. */
export async function visitHydrated(page: Page, watch: ErrorWatch, path: string) {
	await page.goto(path)
	await expectHydrated(page, watch)
}

export async function expectHydrated(page: Page, watch: ErrorWatch) {
	// Fail fast with the browser's errors instead of waiting for a hydration that will never come.
	await expect
		.poll(async () => watch.errors.length > 0 || (await page.locator('html[data-hydrated="true"]').count()) > 0, {
			message: `hydration of ${page.url()}`,
		})
		.toBe(true)
	expect(watch.errors, `errors on ${page.url()}`).toEqual([])
}

/**
 * Proves a navigation happened in the browser (Remix's client router, so React is running) rather than
 * as a full page load: a value put on `window` before it is still there after it.
 */
export async function expectClientSideNavigation(page: Page, navigate: () => Promise<void>) {
	await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
	await navigate()
	expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
}
