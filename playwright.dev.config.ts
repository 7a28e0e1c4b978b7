import { defineConfig, devices } from '@playwright/test'
import baseConfig from './playwright.config'

const PORT = Number(process.env.E2E_PORT ?? 3200)

/**
 * The zero-config development server (`npm run dev`) in Chromium: every screen must hydrate with no
 * page or console error. The production build has its own suite (playwright.config.ts).
 */
export default defineConfig({
	testDir: 'tests/e2e-dev',
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	retries: 0,
	workers: 3,
	// The dev server compiles each module on first request: slower than the production build. Each test
	// walks 15–20 screens, three at once on CI's two cores: 1.3–1.5 min each there on a slow day.
	timeout: 180_000,
	expect: { timeout: 15_000 },
	reporter: process.env.CI ? [['list'], ['github']] : 'list',
	globalSetup: './tests/e2e/global-setup.ts',
	use: {
		...baseConfig.use,
		baseURL: `http://localhost:${PORT}`,
	},
	projects: [{ name: 'dev-server', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
	webServer: {
		command: 'tsx tests/e2e-dev/serve-dev.ts',
		url: `http://localhost:${PORT}/healthz`,
		env: { E2E_PORT: String(PORT) },
		reuseExistingServer: false,
		// First run: initdb, migrations and the demo seed.
		timeout: 120_000,
		// One line per request would bury the report; errors (stderr) are still shown.
		stdout: 'ignore',
		gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
	},
})
