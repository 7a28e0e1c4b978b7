import crypto from 'node:crypto'
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import morgan from 'morgan'
import type { ViteDevServer } from 'vite'
import { clientIpHeader, type Env } from '../app/utils/env.server'
import { consumeRateLimit, rateLimitClient } from '../app/utils/rate-limit.server'
import { isCrossSiteRequest, loopbackAliasRedirect, refusedRequest, siteOrigins } from '../app/utils/request.server'
import { lowerCasePageRedirect } from '../app/utils/page-path'
import { sendCrossSiteRefusal } from './cross-site-refusal'
import { closeAfterEarlyResponse } from './early-response'
import { limitConcurrentUploads } from './upload-slots'

/**
 * Slow clients (decision 021). The request line and headers, a few hundred bytes, must arrive within
 * 10 s; the whole request within 60 s, which lets a 5 MB photo through at 0.7 Mbit/s and the owner's
 * 10 MB at 1.4 Mbit/s (Node's default of 300 s, checked every 30 s, let a drip hold a connection for
 * 316 s). Node checks every second, so a cut comes within a second of the limit; it answers 408.
 * Keep-alive sockets idle for 5 s are closed (Fly's proxy reuses them well within that).
 */
export const serverTimeouts = {
	headersTimeout: 10_000,
	requestTimeout: 60_000,
	keepAliveTimeout: 5_000,
	connectionsCheckingInterval: 1_000,
} as const

interface AppOptions {
	env: Env
	clientDir: string
	/** The production build, or (in development) a loader Vite re-evaluates on change. */
	build: ServerBuild | (() => Promise<ServerBuild>)
	viteDevServer?: ViteDevServer
}

export function createApp({ env, clientDir, build, viteDevServer }: AppOptions) {
	const ipHeader = clientIpHeader(env)
	const app = express()
	app.disable('x-powered-by')
	// Behind Fly's proxy: trust one hop so req.protocol is the client's.
	app.set('trust proxy', 1)
	// First, so that every early answer (413, 403, 429, 401) closes the connection cleanly.
	app.use(closeAfterEarlyResponse())

	app.use((req, res, next) => {
		const forwarded = ipHeader ? req.get(ipHeader)?.trim() : undefined
		res.locals.clientIp = forwarded || req.socket.remoteAddress || 'unknown'
		next()
	})
	// Before anything reads the host or the path: what Remix renders must be the path the server (and a cache) saw.
	app.use((req, res, next) => {
		const refused = refusedRequest({
			method: req.method,
			url: req.originalUrl,
			host: req.get('host'),
			forwardedHost: req.get('x-forwarded-host'),
			forwardedProto: req.get('x-forwarded-proto'),
		})
		if (!refused) return next()
		res.set('Cache-Control', 'no-store').type('text/plain')
		if (refused === 'method') res.set('Allow', 'GET, HEAD, POST').status(405).send('Method Not Allowed')
		else res.status(400).send('Bad Request')
	})
	app.use(compression())
	app.use((_req, res, next) => {
		res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
		next()
	})
	app.use(securityHeaders(env))
	app.use((req, res, next) => {
		res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()')
		// The site's public pictures may be shown elsewhere: the logo in the bakery's mails (a webmail page
		// loads it from another origin), shared links. Helmet's same-origin default would block them there.
		if (PUBLIC_PICTURE.test(req.path) && !req.path.startsWith('/admin')) {
			res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
		}
		next()
	})

	if (viteDevServer) {
		app.use(viteDevServer.middlewares)
	} else {
		// Vite fingerprints everything under /assets: safe to cache for a year.
		app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }))
		// Other public files (favicon, manifest, logo) all have an extension: pages skip the disk lookup.
		const publicFiles = express.static(clientDir, { maxAge: '1h', index: false, redirect: false })
		app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
	}

	if (env.LOG_REQUESTS) {
		app.use(
			morgan('tiny', {
				skip: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url?.startsWith('/assets/') === true,
			}),
		)
	}

	app.use(async (_req, res, next) => {
		const limit = await consumeRateLimit('general', res.locals.clientIp as string)
		if (limit.allowed) return next()
		res.set('Retry-After', String(limit.retryAfterSeconds)).status(429).type('text/plain')
		res.send('Too many requests. Please wait a moment and try again.')
	})

	app.use(limitConcurrentUploads({ clientOf: (res) => rateLimitClient(res.locals.clientIp as string) }))

	// Paths are case-insensitive: one URL per page (/ABOUT → 301 /about). Assets and stored images keep their case.
	app.use((req, res, next) => {
		const target = lowerCasePageRedirect(req.method, req.originalUrl)
		if (target) return res.redirect(301, target)
		next()
	})

	// A page opened under another loopback name than a loopback APP_URL's (127.0.0.1 for localhost, in the
	// preview) moves to APP_URL's: sign-in and payment returns come back there, to the visitor's cookies and cart.
	app.use((req, res, next) => {
		const target = loopbackAliasRedirect(env.APP_URL, {
			method: req.method,
			host: req.get('host'),
			originalUrl: req.originalUrl,
		})
		if (target) return res.redirect(302, target)
		next()
	})

	// State-changing requests must come from this site's own pages (CSRF defence for every form). With
	// APP_URL (always in production) "this site" is its host alone (and the other loopback names of a
	// loopback APP_URL), so a page served under a name that merely resolves here (DNS rebinding) cannot post.
	app.use((req, res, next) => {
		const crossSite = isCrossSiteRequest({
			method: req.method,
			siteOrigins: siteOrigins(env.APP_URL, { protocol: req.protocol, host: req.get('host') }),
			origin: req.get('origin'),
			referer: req.get('referer'),
			secFetchSite: req.get('sec-fetch-site'),
		})
		if (!crossSite) return next()
		sendCrossSiteRefusal(res, req.path).catch(next)
	})

	app.all(
		'*',
		createRequestHandler({
			// A function is re-derived (routes, matchers) on every request: production passes the module.
			build,
			mode: env.NODE_ENV,
			getLoadContext: (req, res) => ({
				cspNonce: res.locals.cspNonce as string,
				clientIp: res.locals.clientIp as string,
				acceptsGzip: Boolean(req.headers['accept-encoding']) && req.acceptsEncodings('gzip') === 'gzip',
			}),
		}),
	)
	return app
}

/** Local stand-ins for third parties that tests point the server at (never set in real deployments). */
function testOrigins(env: Env) {
	return env.GOOGLE_OAUTH_TEST_SERVER ? [new URL(env.GOOGLE_OAUTH_TEST_SERVER).origin] : []
}

const PUBLIC_PICTURE = /\.(?:png|jpe?g|webp|avif|gif|svg|ico)$/i

function securityHeaders(env: Env) {
	const isProduction = env.NODE_ENV === 'production'
	const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as express.Response).locals.cspNonce as string}'`
	return helmet({
		crossOriginEmbedderPolicy: false,
		xFrameOptions: { action: 'deny' },
		referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
		strictTransportSecurity: isProduction ? { maxAge: 63_072_000, includeSubDomains: true } : false,
		contentSecurityPolicy: {
			useDefaults: false,
			directives: {
				defaultSrc: ["'self'"],
				baseUri: ["'self'"],
				connectSrc: isProduction ? ["'self'"] : ["'self'", 'ws:'],
				fontSrc: ["'self'"],
				// Chrome applies form-action to the redirect after a post: sign-in posts redirect to Google.
				formAction: ["'self'", 'https://accounts.google.com', ...testOrigins(env)],
				frameAncestors: ["'none'"],
				imgSrc: ["'self'", 'data:'],
				// The store-locator map on Home and Contact (Google Maps embed).
				frameSrc: ['https://www.google.com'],
				objectSrc: ["'none'"],
				scriptSrc: ["'strict-dynamic'", "'self'", nonce],
				scriptSrcAttr: ["'none'"],
				// React may render style attributes; inline *scripts* stay forbidden.
				styleSrc: ["'self'", "'unsafe-inline'"],
				upgradeInsecureRequests: isProduction ? [] : null,
			},
		},
	})
}
