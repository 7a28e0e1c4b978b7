import type { KnipConfig } from 'knip'

/**
 * Unused files, exports and dependencies (`npm run lint` runs knip after ESLint). Knip's Remix, Vite, Vitest,
 * Playwright, ESLint and Prisma plugins find most entry points themselves; the rest are listed here, each
 * with the reason nothing imports it.
 */
const config: KnipConfig = {
	entry: [
		// Remix's route config: read by @remix-run/dev, imported by nothing.
		'app/routes.ts',
		// Run by hand or by prisma.config.ts (README): the site's pictures, Prisma's schema engine stand-in.
		'scripts/*.{ts,mjs}',
		'bench/*.ts',
		// Vitest runs this config in a child process (tests/integration/test-runner.test.ts).
		'tests/fixtures/runner-exit-code/*.ts',
		// A one-page Remix app that tests/unit/remix-scripts.test.ts builds and serves with Vite.
		'tests/fixtures/remix-scripts/**/*.{ts,tsx}',
	],
	ignoreDependencies: [
		// The generated client (app/generated, not committed) imports its runtime.
		'@prisma/client',
	],
	// Exports used only in their own module are still read by their tests; that is no reason to keep an export.
	ignoreExportsUsedInFile: false,
}

export default config
