import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Rollup } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

declare module '@remix-run/node' {
	interface Future {
		v3_singleFetch: true
	}
}

/**
 * Every package the browser loads (Remix adds React and @remix-run/react). Development pre-bundles
 * exactly these at startup and discovers nothing later, so a first visit never reloads mid-page and
 * no server package is ever bundled for the browser (docs/decisions/020). A new browser dependency
 * goes here; tests/unit/browser-modules.test.ts fails until it does.
 */
export const browserPackages = [
	'zod',
	'@conform-to/react',
	'@conform-to/zod',
	'date-fns',
	'@date-fns/tz',
	'@lingui/core',
	'@lingui/react',
	// Loaded on a click only (the passkey buttons, decision 066), never with a page.
	'@simplewebauthn/browser',
]

/** A Node built-in in the browser's build means server code reached it: fail instead of shipping an empty stub. */
export function failOnBrowserExternals(warning: Rollup.RollupLog, warn: Rollup.LoggingFunction) {
	if (warning.message.includes('has been externalized for browser compatibility')) {
		throw new Error(
			`${warning.message}\nServer-only code reached the browser's module graph: keep it in *.server.ts modules ` +
				'(docs/decisions/020-browser-safe-modules.md). tests/unit/browser-modules.test.ts names the app module.',
		)
	}
	warn(warning)
}

/**
 * The code every page runs (the layout, its header and footer, translations, the cart) as one
 * chunk instead of a dozen small ones: fewer requests and better compression (docs/decisions/042).
 */
const SHELL_MODULES =
	/\/app\/(components\/(site-|language-|cart-link|cart-provider|logo|order-online-link|error-boundary|ui\/icons|ui\/button-classes|menu\/menu-skeleton)|utils\/(i18n|i18n-react|i18n-runtime|nonce-provider|use-hydrated)\.|domain\/orders\/(cart|cart-line-key)\.|config\/(business|pages)\.)|\/node_modules\/@lingui\//

export function shellChunk(id: string) {
	return SHELL_MODULES.test(id) ? 'shell' : undefined
}

/** Remix's future flags: they shape what `<Scripts>` writes, so tests/unit/remix-scripts.test.ts builds with them. */
export const remixFuture = {
	v3_fetcherPersist: true,
	v3_relativeSplatPath: true,
	v3_throwAbortReason: true,
	v3_singleFetch: true,
	v3_lazyRouteDiscovery: true,
	v3_routeConfig: true,
} as const

export default defineConfig({
	server: {
		port: 3000,
		// The dev server hands out files by path (/@fs/…): only the app's sources and its packages, never the
		// embedded database, uploads, keys or .env under the project folder (decision 057).
		fs: {
			strict: true,
			allow: ['app', 'node_modules'],
			deny: ['.env', '.env.*', '*.{crt,pem,key}', '**/.data/**', '**/.git/**'],
		},
	},
	// The libraries' licence comments once each at the end of a chunk, not inline: 0.36 KB less gzip on every
	// page, the notices all kept (decision 056).
	esbuild: { legalComments: 'eof' },
	optimizeDeps: { include: browserPackages, noDiscovery: true },
	build: {
		cssMinify: true,
		assetsInlineLimit: 0,
		rollupOptions: { onwarn: failOnBrowserExternals, output: { manualChunks: shellChunk } },
	},
	plugins: [
		tailwindcss(),
		tsconfigPaths(),
		remix({
			ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/*.server.test.{ts,tsx}'],
			future: remixFuture,
		}),
	],
})
