import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'

/** On machines without a system Chromium, fetch Playwright's own (needs internet). */
export default function globalSetup() {
	if (existsSync(chromium.executablePath())) return
	if (process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE || existsSync('/usr/bin/chromium')) return
	execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' })
}
