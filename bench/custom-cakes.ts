/**
 * Load check for the custom cake form (not a test): 200 concurrent multipart submissions, each
 * with a photo, posted to the production server. Photos are processed one at a time with a short
 * waiting line (decision 023), so most of a burst this size is told "busy, try again in a minute"
 * (503 + Retry-After). Reports latency and whether exactly one row and one stored photo exist per
 * accepted submission, and nothing for the busy ones.
 *
 *   npm run build && npm run bench:custom-cakes
 *
 * By default it starts the production build itself (bench/production-server.ts): a free port, a fresh
 * empty database (on DATABASE_URL's server, else an embedded Postgres), a temporary storage folder
 * and a raised RATE_LIMIT_MULTIPLIER. To measure a server you started yourself, set BENCH_URL and give this
 * script the same DATABASE_URL and STORAGE_* settings as that server (and raise its rate limit).
 * BENCH_REQUESTS changes the number of submissions.
 */
import crypto from 'node:crypto'
import sharp from 'sharp'
import { startProductionServer } from './production-server'

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200)
const runId = crypto.randomBytes(4).toString('hex')
const emailDomain = `bench-${runId}.example.com`

interface Target {
	baseUrl: string
	stop: () => Promise<void>
}

/** The production build with its own empty database and storage folder (bench/production-server.ts). */
async function startOwnServer(): Promise<Target> {
	const server = await startProductionServer({ seed: false })
	// This process reads the same database and storage to count what arrived.
	Object.assign(process.env, {
		DATABASE_URL: server.databaseUrl,
		STORAGE_DIR: server.storageDir,
		IMAGE_CACHE_DIR: server.imageCacheDir,
	})
	return server
}

/** A 3-megapixel JPEG (~190 KiB): noise over a gradient, so decoding and encoding do real work. */
async function benchPhoto() {
	const width = 2000
	const height = 1500
	const noise = await sharp({
		create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } },
	})
		.png()
		.toBuffer()
	const gradient = Buffer.from(
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#f5d7a1"/><stop offset="1" stop-color="#7b3f1d"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
	)
	return sharp(gradient)
		.composite([{ input: noise, blend: 'soft-light' }])
		.jpeg({ quality: 70 })
		.toBuffer()
}

async function submit(baseUrl: string, index: number, image: Buffer) {
	const body = new FormData()
	body.append('submissionToken', crypto.randomUUID())
	body.append('name', `Bench Customer ${index}`)
	body.append('phone', '(425) 555-0142')
	body.append('email', `customer${index}@${emailDomain}`)
	body.append('type', 'Chocolate')
	body.append('size', '10-inch')
	body.append('message', `Benchmark request ${index} of run ${runId}.`)
	body.append('image', new File([new Uint8Array(image)], 'cake.jpg', { type: 'image/jpeg' }))
	const startedAt = performance.now()
	const response = await fetch(`${baseUrl}/custom-cakes`, { method: 'POST', body })
	const html = await response.text()
	const milliseconds = performance.now() - startedAt
	return {
		milliseconds,
		ok: response.status === 200 && html.includes('Thank you!'),
		busy: response.status === 503 && response.headers.has('Retry-After'),
		status: response.status,
	}
}

function percentile(sorted: number[], p: number) {
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function main() {
	const target: Target = process.env.BENCH_URL
		? { baseUrl: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => {} }
		: await startOwnServer()
	try {
		const { prisma } = await import('../app/utils/db.server')
		const { listObjectKeys, objectExists } = await import('../app/utils/storage.server')
		const image = await benchPhoto()
		const objectsBefore = new Set(await listObjectKeys('customCakeImages'))
		console.log(
			`Posting ${REQUESTS} concurrent submissions (photo ${(image.byteLength / 1024).toFixed(0)} KiB) to ${target.baseUrl}/custom-cakes…`,
		)

		const startedAt = performance.now()
		const results = await Promise.all(
			Array.from({ length: REQUESTS }, (_, index) => submit(target.baseUrl, index, image)),
		)
		const seconds = (performance.now() - startedAt) / 1000

		const rows = await prisma.customCakeRequest.findMany({
			where: { email: { endsWith: `@${emailDomain}` } },
			select: { imageKey: true },
		})
		const newObjects = (await listObjectKeys('customCakeImages')).filter((key) => !objectsBefore.has(key))
		const referenced = rows.flatMap((row) => (row.imageKey ? [row.imageKey] : []))
		const present = (await Promise.all(referenced.map((key) => objectExists(key)))).filter(Boolean).length
		const orphans = newObjects.filter((key) => !referenced.includes(key)).length

		const latencies = results.map((result) => result.milliseconds).sort((a, b) => a - b)
		const accepted = results.filter((result) => result.ok).length
		const busy = results.filter((result) => result.busy).length
		const failures = results.filter((result) => !result.ok && !result.busy)
		const report = {
			submissions: REQUESTS,
			succeeded: accepted,
			toldBusy: busy,
			failedStatuses: [...new Set(failures.map((failure) => failure.status))],
			rows: rows.length,
			objects: newObjects.length,
			rowsWithStoredPhoto: present,
			orphanObjects: orphans,
			wallSeconds: Number(seconds.toFixed(2)),
			requestsPerSecond: Number((REQUESTS / seconds).toFixed(1)),
			latencyMs: {
				p50: Math.round(percentile(latencies, 50)),
				p90: Math.round(percentile(latencies, 90)),
				p99: Math.round(percentile(latencies, 99)),
				max: Math.round(latencies[latencies.length - 1]!),
			},
		}
		console.log(JSON.stringify(report, null, 2))
		const consistent =
			failures.length === 0 &&
			report.rows === accepted &&
			report.objects === accepted &&
			present === accepted &&
			orphans === 0
		console.log(
			consistent
				? `OK: ${accepted} rows and ${accepted} photos; ${busy} told to try again, nothing stored for them.`
				: 'MISMATCH: rows and photos do not add up.',
		)
		if (!consistent) process.exitCode = 1
	} finally {
		const { prisma } = await import('../app/utils/db.server')
		await prisma.$disconnect()
		await target.stop()
	}
}

await main()
