import { defineConfig, devices } from '@playwright/test'
import { E2E_CLIENT_IP_HEADER } from './tests/e2e/production-env'
import { chromiumExecutable } from './tests/setup/chromium'

const PORT = Number(process.env.E2E_PORT ?? 3100)

export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	retries: process.env.CI ? 1 : 0,
	workers: 2,
	// Two workers, the server and Postgres share a 2-core CI host: long flows need more than the default 30 s,
	// and a hang still fails within a minute.
	timeout: 60_000,
	reporter: process.env.CI ? [['list'], ['github']] : 'list',
	globalSetup: './tests/e2e/global-setup.ts',
	use: {
		baseURL: `http://localhost:${PORT}`,
		trace: 'retain-on-failure',
		// Each worker (this file is loaded in every worker process) is a client of its own: a client holds at most two
		// unpaid checkouts (decision 058), and the other worker's checkouts must not replace the ones a test will pay.
		extraHTTPHeaders: { [E2E_CLIENT_IP_HEADER]: `10.${(process.pid >> 8) & 255}.${process.pid & 255}.1` },
		launchOptions: {
			executablePath: chromiumExecutable(),
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		},
	},
	projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
	webServer: {
		// The production build, served by the production server, on a fresh seeded database.
		command: `tsx tests/e2e/serve-production.ts`,
		url: `http://localhost:${PORT}/healthz`,
		env: { E2E_PORT: String(PORT) },
		reuseExistingServer: false,
		timeout: 120_000,
		stdout: 'pipe',
		gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
	},
})
