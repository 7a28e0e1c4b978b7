import { existsSync } from 'node:fs'

/** Debian's Chromium when present (no downloads needed offline), else Playwright's own browser. */
export function chromiumExecutable() {
	if (process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE) return process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE
	if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
	return undefined
}
