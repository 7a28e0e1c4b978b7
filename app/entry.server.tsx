import { PassThrough } from 'node:stream'
import {
	createReadableStreamFromReadable,
	type AppLoadContext,
	type EntryContext,
	type HandleErrorFunction,
} from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { cachePresets, documentCacheControl } from './utils/cache-control'
import { NonceProvider } from './utils/nonce-provider'
import { cachedPage, NONCE_PLACEHOLDER, pageCacheKey, storePage } from './utils/page-cache.server'
import { loadScriptsAfterFirstPaint, loadScriptsAfterFirstPaintStream } from './utils/script-loading.server'
import { composeMail } from '~/domain/mail/compose.server'
import { reviewUrlFor } from '~/domain/reviews/models/review-invitation.server'
import { getEnv } from './utils/env.server'
import { mailOrigin, ownerAlertAddresses } from '~/domain/mail/mailer.server'
import { getMailQueue, stopMailQueue } from '~/domain/mail/mail-queue.server'
import { startMailWorker, type MailComposer } from '~/domain/mail/mail-worker.server'
import { startCacheSync } from './utils/cache-sync.server'
import { startScheduledWork } from '~/domain/housekeeping/scheduled-work.server'
import { ensureTextQueue, startTextWorker } from '~/domain/texts/index.server'

export const streamTimeout = 5_000

/**
 * Logs every unexpected server error (the 500s) once; unknown URLs and aborted requests are not
 * errors. Responses a loader throws on purpose (the outage policy's 503, a 404) never reach it.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
	if (request.signal.aborted) return
	if (isRouteErrorResponse(error) && error.status === 404) return
	if (error instanceof Error && /^No route matches URL/.test(error.message)) return
	console.error(error)
}

/** Single-fetch data responses (client navigations) are never stored by shared caches. */
export function handleDataRequest(response: Response) {
	if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', cachePresets.data)
	return response
}

/** Each job's mail, composed with this site's origin, owner addresses and review links. */
const composeForWorker: MailComposer = (job) => {
	const origin = mailOrigin()
	return composeMail(job, {
		origin,
		ownerEmails: ownerAlertAddresses(),
		reviewUrl: (orderId) => reviewUrlFor(orderId, origin),
	})
}

/**
 * The mail and text queues (schema and queues, ready before the first request enqueues) and the housekeeping
 * schedules; with `mailWorker`, the workers for all three (texts: decision 074). Resolves to what stops them.
 */
async function startMail(mailWorker: boolean) {
	const stop = mailWorker
		? await startMailWorker({ compose: composeForWorker })
		: await getMailQueue().then(() => () => stopMailQueue())
	try {
		// Texts link to the same origin as mails (APP_URL, or this machine in development).
		if (mailWorker) await startTextWorker({ origin: mailOrigin() })
		else await ensureTextQueue(await getMailQueue())
		await startScheduledWork({ work: mailWorker })
	} catch (error) {
		// Started again as a whole by the retry: never two mail workers in one process.
		await stop()
		throw error
	}
	return stop
}

const MAIL_START_RETRY_MS = 30_000

/** Starts the mail queue, again every 30 s while the database is unreachable; returns what stops it. */
function startMailInBackground(mailWorker: boolean) {
	let stopMail: (() => Promise<void>) | undefined
	let retry: NodeJS.Timeout | undefined
	let stopped = false
	const attempt = () => {
		startMail(mailWorker).then(
			(stop) => {
				if (stopped) return stop()
				stopMail = stop
			},
			(error: unknown) => {
				console.error(
					`Mail queue did not start, retrying in 30 s: ${error instanceof Error ? error.message : String(error)}`,
				)
				if (stopped) return
				retry = setTimeout(attempt, MAIL_START_RETRY_MS)
				retry.unref()
			},
		)
	}
	attempt()
	return async () => {
		stopped = true
		clearTimeout(retry)
		await stopMail?.()
	}
}

/**
 * What the server starts once it listens (server/index.ts): the cache-change listener, the mail queue
 * and the housekeeping schedules; returns what stops them.
 */
export function startBackgroundWork() {
	const stopCacheSync = startCacheSync()
	const stopMail = startMailInBackground(getEnv().MAIL_WORKER)
	return async () => {
		await Promise.all([stopCacheSync(), stopMail()])
	}
}

/** `npm run worker` (server/worker.ts): the mail worker alone, whatever MAIL_WORKER says. */
export function startMailWorkerAlone() {
	return startMail(true)
}

function routeCacheControls({ staticHandlerContext: context }: EntryContext) {
	return context.matches
		.map((match) => context.loaderHeaders[match.route.id]?.get('Cache-Control'))
		.filter((value): value is string => Boolean(value))
}

export default async function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
	loadContext: AppLoadContext,
) {
	const nonce = loadContext.cspNonce ?? ''
	const cacheControl = documentCacheControl(responseStatusCode, responseHeaders, routeCacheControls(remixContext))
	responseHeaders.set('Cache-Control', cacheControl)
	responseHeaders.set('Content-Type', 'text/html; charset=utf-8')

	const cacheKey = sharedPageCacheKey(request, responseStatusCode, cacheControl, remixContext)
	if (cacheKey) {
		// A cached page is kept gzipped too: the compression middleware leaves an encoded response alone.
		const gzip = loadContext.acceptsGzip === true
		const cachedHeaders = () => {
			if (gzip) responseHeaders.set('Content-Encoding', 'gzip')
			responseHeaders.append('Vary', 'Accept-Encoding')
			return responseHeaders
		}
		const cached = cachedPage(cacheKey, nonce, gzip)
		if (cached) return new Response(cached, { headers: cachedHeaders(), status: responseStatusCode })
		const { html, didError } = await renderDocumentToString(request, remixContext)
		if (didError)
			return new Response(html.replaceAll(NONCE_PLACEHOLDER, nonce), { headers: responseHeaders, status: 500 })
		const body = storePage(cacheKey, html, nonce, gzip)
		return new Response(body, { headers: cachedHeaders(), status: responseStatusCode })
	}
	return streamDocument(request, responseStatusCode, responseHeaders, remixContext, nonce)
}

/** Public GET pages (what a CDN may share) are served from the in-process page cache in production. */
function sharedPageCacheKey(request: Request, status: number, cacheControl: string, remixContext: EntryContext) {
	const { actionData, loaderData } = remixContext.staticHandlerContext
	const shared =
		process.env.NODE_ENV === 'production' &&
		request.method === 'GET' &&
		status === 200 &&
		cacheControl === cachePresets.publicPage &&
		!actionData
	return shared ? pageCacheKey(request.url, loaderData) : undefined
}

function documentElement(request: Request, remixContext: EntryContext, nonce: string) {
	return (
		<NonceProvider value={nonce}>
			<RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
		</NonceProvider>
	)
}

/** The whole document as a string, rendered with the nonce placeholder (for the page cache). */
function renderDocumentToString(request: Request, remixContext: EntryContext) {
	return new Promise<{ html: string; didError: boolean }>((resolve, reject) => {
		let didError = false
		const { pipe, abort } = renderToPipeableStream(documentElement(request, remixContext, NONCE_PLACEHOLDER), {
			nonce: NONCE_PLACEHOLDER,
			onAllReady() {
				const chunks: Buffer[] = []
				const sink = new PassThrough()
				sink.on('data', (chunk: Buffer) => chunks.push(chunk))
				sink.on('end', () =>
					resolve({ html: loadScriptsAfterFirstPaint(Buffer.concat(chunks).toString('utf8')), didError }),
				)
				sink.on('error', reject)
				pipe(sink)
			},
			onShellError: reject,
			onError(error: unknown) {
				didError = true
				if (!request.signal.aborted) console.error(error)
			},
		})
		setTimeout(abort, streamTimeout + 1_000)
	})
}

function streamDocument(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
	nonce: string,
) {
	// Crawlers and no-JS clients get the complete document; browsers get the shell as soon as it's ready.
	const waitForAll = isbot(request.headers.get('user-agent') ?? '')
	return new Promise<Response>((resolve, reject) => {
		let didError = false
		const { pipe, abort } = renderToPipeableStream(documentElement(request, remixContext, nonce), {
			nonce,
			[waitForAll ? 'onAllReady' : 'onShellReady']() {
				const body = loadScriptsAfterFirstPaintStream()
				resolve(
					new Response(createReadableStreamFromReadable(body), {
						headers: responseHeaders,
						status: didError ? 500 : responseStatusCode,
					}),
				)
				pipe(body)
			},
			onShellError(error: unknown) {
				reject(error)
			},
			onError(error: unknown) {
				didError = true
				if (!request.signal.aborted) console.error(error)
			},
		})
		setTimeout(abort, streamTimeout + 1_000)
	})
}
