import crypto from 'node:crypto'
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import morgan from 'morgan'
import type { ViteDevServer } from 'vite'

interface AppOptions {
	mode: 'development' | 'production' | 'test'
	logRequests: boolean
	clientDir: string
	loadBuild: () => Promise<ServerBuild>
	viteDevServer?: ViteDevServer
}

export function createApp({ mode, logRequests, clientDir, loadBuild, viteDevServer }: AppOptions) {
	const isProduction = mode === 'production'
	const app = express()
	app.disable('x-powered-by')
	// Behind Fly's proxy: trust one hop so req.ip and req.protocol are the client's.
	app.set('trust proxy', 1)

	app.use(compression())
	app.use((_req, res, next) => {
		res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
		next()
	})
	app.use(securityHeaders(isProduction))
	app.use((_req, res, next) => {
		res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()')
		next()
	})

	if (viteDevServer) {
		app.use(viteDevServer.middlewares)
	} else {
		// Vite fingerprints everything under /assets: safe to cache for a year.
		app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }))
		app.use(express.static(clientDir, { maxAge: '1h' }))
	}

	if (logRequests) {
		app.use(morgan('tiny', { skip: (req) => req.url === '/healthz' || req.url?.startsWith('/assets/') === true }))
	}

	app.all(
		'*',
		createRequestHandler({
			build: loadBuild,
			mode,
			getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
		}),
	)
	return app
}

function securityHeaders(isProduction: boolean) {
	const nonce = (_req: unknown, res: unknown) =>
		`'nonce-${(res as express.Response).locals.cspNonce as string}'`
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
				formAction: ["'self'"],
				frameAncestors: ["'none'"],
				imgSrc: ["'self'", 'data:'],
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
