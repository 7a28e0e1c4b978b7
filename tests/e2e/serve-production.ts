/**
 * Playwright's web server: a fresh, migrated and seeded database (on DATABASE_URL's server,
 * or an embedded Postgres when it is unset), then the production server from `npm run build`, with
 * local stand-ins for Stripe, Google, the SMTP server (E2E_PORT + 3000; mails are written to
 * .data/e2e-mail-<port>.jsonl, never sent) and Twilio (E2E_PORT + 4000; texts are listed at its /__messages). `npm run preview` runs the same for a person (PREVIEW=true):
 * on PORT (default 3000), with the request log and the real rate limits.
 */
import { spawn } from 'node:child_process'
import { appendFileSync, existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { startEmbeddedPostgres } from '../../server/embedded-postgres'
import { startMockGoogle } from '../mocks/google-oauth-server'
import { startLocalSmtp } from '../mocks/smtp-server'
import { startMockStripe } from '../mocks/stripe-server'
import { startTwilioStandIn } from '../mocks/twilio-server'
import { runPrisma } from '../../server/prisma-cli'
import { productionNodeFlags } from '../../server/production-node'
import { createDatabase, databaseUrl, dropDatabase, e2eDatabaseName, serverUrlOf } from '../setup/database-server'
import { recordServerPid } from './server-process'
import { receivedMailsFile } from './mail-log'
import {
	E2E_TWILIO_ACCOUNT_SID,
	E2E_TWILIO_AUTH_TOKEN,
	E2E_WEBHOOK_SECRET,
	productionServerEnv,
} from './production-env'

const serverEntry = path.resolve('server-build/index.js')
if (!existsSync(serverEntry)) {
	console.error('No production build: run `npm run build` before the e2e tests.')
	process.exit(1)
}

const preview = process.env.PREVIEW === 'true'
// The tests pass E2E_PORT; a person previewing passes PORT, as for `npm run dev`.
const port = Number(process.env.E2E_PORT ?? (preview ? (process.env.PORT ?? 3000) : 3100))
// The run's database is named after its port (e2eDatabaseName): a preview never takes an e2e run's.
process.env.E2E_PORT = String(port)

// Stopped by stop() below, after the server it serves.
const embedded = process.env.DATABASE_URL
	? undefined
	: await startEmbeddedPostgres('.data/e2e-postgres', { stopOnSignal: false })
const serverUrl = embedded?.serverUrl ?? serverUrlOf(process.env.DATABASE_URL!)
const name = e2eDatabaseName()
const storageDir = path.resolve('.data/e2e-uploads')
rmSync(storageDir, { recursive: true, force: true })

const e2eDatabaseUrl = databaseUrl(serverUrl, name)
const webhookSecret = E2E_WEBHOOK_SECRET
// Stripe is mocked on a port the tests can derive (E2E_PORT + 1000), e.g. to make a checkout fail.
const stripe = await startMockStripe({
	port: port + 1000,
	webhookUrl: `http://localhost:${port}/webhooks/stripe`,
	webhookSecret,
})
// Google is never contacted: a local OAuth server signs in as whichever account the test chose.
const google = await startMockGoogle({ port: port + 2000 })
// Production sends mail only through SMTP: a local server that writes what it receives, one JSON line
// per mail, where the tests read it (receivedMails in ./support).
const mailLog = receivedMailsFile(port)
rmSync(mailLog, { force: true })
const smtp = await startLocalSmtp({
	port: port + 3000,
	onMail: ({ recipients, headers, raw }) =>
		appendFileSync(mailLog, `${JSON.stringify({ recipients, headers: Object.fromEntries(headers), raw })}\n`),
})
// Texts go to a Twilio-protocol stand-in that keeps them (the tests read its /__messages).
const twilio = await startTwilioStandIn({
	port: port + 4000,
	accountSid: E2E_TWILIO_ACCOUNT_SID,
	authToken: E2E_TWILIO_AUTH_TOKEN,
})
const env: NodeJS.ProcessEnv = {
	...process.env,
	...productionServerEnv({ port, databaseUrl: e2eDatabaseUrl, storageDir, preview }),
	STRIPE_API_PORT: String(stripe.port),
	GOOGLE_OAUTH_TEST_SERVER: google.baseUrl,
	SMTP_URL: smtp.url,
}
await dropDatabase(serverUrl, name)
await createDatabase(serverUrl, name)
process.env.STORAGE_DIR = storageDir
await runPrisma(['migrate', 'deploy'], e2eDatabaseUrl)
await runPrisma(['db', 'seed'], e2eDatabaseUrl)
if (!preview) {
	// The ordering tests buy the demo's cakes by the dozen for the first day offered, which the demo's production model
	// would sell out (decision 088): production capacity is tested on resources and items of its own.
	const client = new pg.Client({ connectionString: e2eDatabaseUrl })
	await client.connect()
	await client.query('DELETE FROM "ProductionStep"')
	await client.end()
}

const server = spawn(process.execPath, [...productionNodeFlags, serverEntry], { env, stdio: 'inherit' })
// Tests that watch the server's memory read /proc/<pid>/status.
recordServerPid(port, server.pid!)
if (preview) {
	console.log(
		`Preview of the production build on http://localhost:${port} (fresh demo data). Admin: /image-uploader → ` +
			`'Sign in with Google' signs in as owner@example.com through a local stand-in; payments go to a local ` +
			`stand-in of Stripe's hosted page. The stand-ins listen on ports ${port + 1000} (Stripe), ` +
			`${port + 2000} (Google), ${port + 3000} (SMTP; mails are written to ${mailLog}) and ${port + 4000} ` +
			`(Twilio; texts at ${twilio.baseUrl}/__messages). ` +
			`Ctrl-C stops it and drops its database.`,
	)
}

let stopping = false
async function stop(code: number) {
	if (stopping) return
	stopping = true
	if (server.exitCode === null) {
		server.kill('SIGTERM')
		await new Promise((resolve) => server.once('exit', resolve))
	}
	await stripe.close()
	await google.close()
	await smtp.stop()
	await twilio.close()
	await dropDatabase(serverUrl, name).catch(() => {})
	await embedded?.stop()
	process.exit(code)
}
server.on('exit', (code) => void stop(code ?? 1))
process.on('SIGTERM', () => void stop(0))
process.on('SIGINT', () => void stop(0))
