/**
 * The runtime image proven without Docker (issue 35, decision 060): the Dockerfile's runtime stage replayed in a
 * clean folder (its COPY lines, production dependencies pruned as its production-deps stage does, its ENV, USER and
 * CMD), fly.toml's release command against an empty database, then the server answering as behind Fly's proxy.
 * Needs `npm run build` (npm test runs it first).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import shop from '~/locales/en/shop.json'
import { productionServerEnv } from '../e2e/production-env'
import { createDatabase, databaseUrl, dropDatabase, uniqueDatabaseName } from '../setup/database-server'
import { startLocalS3, type LocalS3 } from '../setup/s3-server'
import {
	materializeStage,
	parseDockerfile,
	pathForUser,
	readFlyConfig,
	runToEnd,
	type RunResult,
} from './runtime-image-replay'

const root = path.resolve('.')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
const stages = parseDockerfile(read('Dockerfile'))
const fly = readFlyConfig(read('fly.toml'))
const serverUrl = inject('databaseServerUrl')
const publicHost = new URL(fly.env.APP_URL ?? 'https://fly-toml-sets-no-app-url.invalid').host
const hiddenLockfile = () => createHash('sha1').update(read('node_modules/.package-lock.json')).digest('hex')

let workspace: string
let userPath: string
let storage: LocalS3
const stageFolders = new Map<string, string>()
const databases: string[] = []
const lockfileBefore = hiddenLockfile()

beforeAll(async () => {
	workspace = mkdtempSync(path.join(os.tmpdir(), 'bakery-runtime-image-'))
	userPath = pathForUser(workspace)
	storage = await startLocalS3()
})

afterAll(async () => {
	await storage?.stop()
	for (const name of databases) await dropDatabase(serverUrl, name)
	await rm(workspace, { recursive: true, force: true })
})

interface Replay {
	release: RunResult
	readyz?: number
	menu?: { status: number; body: string }
	stylesheet?: number
	exit?: RunResult
	serverOutput: string
}

/** The runtime stage (the Dockerfile's last) built in a folder of its own and run, as a deploy to Fly would. */
async function replayRuntimeImage(name: string, skipLines: number[] = []): Promise<Replay> {
	const { folder, image, owners } = await materializeStage(stages, undefined, {
		root,
		workspace,
		name,
		skipLines,
		stages: stageFolders,
	})
	const database = uniqueDatabaseName('bakery_image')
	databases.push(database)
	await createDatabase(serverUrl, database)
	const port = await freePort()
	const production = productionServerEnv({ port, databaseUrl: databaseUrl(serverUrl, database), storageDir: '' })
	// What README's "Deploying" sets with `fly secrets set`; Stripe, Google, SMTP and Twilio are not reached by these pages.
	const secrets = {
		DATABASE_URL: production.DATABASE_URL,
		SESSION_SECRET: production.SESSION_SECRET,
		ADMIN_EMAILS: production.ADMIN_EMAILS,
		GOOGLE_CLIENT_ID: production.GOOGLE_CLIENT_ID,
		GOOGLE_CLIENT_SECRET: production.GOOGLE_CLIENT_SECRET,
		STRIPE_SECRET_KEY: production.STRIPE_SECRET_KEY,
		STRIPE_WEBHOOK_SECRET: production.STRIPE_WEBHOOK_SECRET,
		SMTP_URL: production.SMTP_URL,
		MAIL_FROM: production.MAIL_FROM,
		TWILIO_ACCOUNT_SID: production.TWILIO_ACCOUNT_SID,
		TWILIO_AUTH_TOKEN: production.TWILIO_AUTH_TOKEN,
		TWILIO_FROM: production.TWILIO_FROM,
		TWILIO_API_URL: production.TWILIO_API_URL,
		...storage.env,
	}
	// Fly layers fly.toml's [env] over the image's ENV, and the secrets over both. PORT is the one change: 8080 may be
	// taken on a shared machine. HOME is the user's (`useradd --home` the WORKDIR).
	const env: Record<string, string | undefined> = {
		PATH: userPath,
		HOME: folder,
		...image.env,
		...fly.env,
		...secrets,
		PORT: String(port),
	}
	// As the image's USER when the tests can switch users (root, as in CI), else as whoever runs them.
	const uid = process.getuid?.() === 0 ? owners(image.user) : undefined
	const release = await runToEnd(fly.releaseCommand!.split(/\s+/), { cwd: folder, env, uid })
	const replay: Replay = { release, serverOutput: '' }
	if (release.code !== 0) return replay

	const [command, ...args] = image.command
	if (!command) throw new Error('The runtime stage has no CMD')
	const server = spawn(command, args, {
		cwd: folder,
		env: env as NodeJS.ProcessEnv,
		uid,
		gid: uid,
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	server.stdout!.on('data', (chunk) => (replay.serverOutput += chunk))
	server.stderr!.on('data', (chunk) => (replay.serverOutput += chunk))
	const exited = new Promise<RunResult>((resolve) =>
		server.on('exit', (code, signal) => resolve({ code, signal, output: replay.serverOutput })),
	)
	try {
		replay.readyz = await readiness(port, server)
		if (replay.readyz !== 200) return replay
		replay.menu = await get(port, '/menu')
		const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(replay.menu.body)?.[1]
		if (stylesheet) replay.stylesheet = (await get(port, stylesheet)).status
		// fly.toml's kill_signal: the server finishes and exits by itself.
		server.kill('SIGTERM')
		replay.exit = await exited
		return replay
	} finally {
		if (server.exitCode === null && server.signalCode === null) {
			server.kill('SIGKILL')
			await exited
		}
	}
}

/** /readyz's status once it answers 200, or the last status (0: no answer) when the server exits or 30 s pass. */
async function readiness(port: number, server: ChildProcess) {
	const deadline = Date.now() + 30_000
	let status = 0
	while (Date.now() < deadline && server.exitCode === null) {
		status = await get(port, '/readyz').then(
			(response) => response.status,
			() => 0,
		)
		if (status === 200) break
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	return status
}

/** A request as Fly's proxy forwards it: the public host, over HTTPS. */
function get(port: number, pathname: string) {
	return new Promise<{ status: number; body: string }>((resolve, reject) => {
		const request = http.get(
			{ host: '127.0.0.1', port, path: pathname, headers: { host: publicHost, 'x-forwarded-proto': 'https' } },
			(response) => {
				let body = ''
				response.setEncoding('utf8')
				response.on('data', (chunk) => (body += chunk))
				response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
			},
		)
		request.on('error', reject)
		request.setTimeout(10_000, () => request.destroy(new Error(`GET ${pathname} timed out`)))
	})
}

function freePort() {
	return new Promise<number>((resolve, reject) => {
		const server = net.createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo
			server.close(() => resolve(port))
		})
		server.on('error', reject)
	})
}

/** The runtime stage's COPY line whose sources include `source`. */
function runtimeCopyLine(source: string) {
	const copy = stages
		.at(-1)!
		.instructions.find(
			(instruction) => instruction.keyword === 'COPY' && instruction.args.slice(0, -1).includes(source),
		)
	if (!copy) throw new Error(`The runtime stage copies no ${source}`)
	return copy.line
}

// Measured on a 2-core machine: the working image 40 s idle, 65 to 80 s beside other test runs (linking and pruning
// the dependencies, then the release command and the first start); each failing replay 15 to 35 s.
describe('the runtime image, replayed from the Dockerfile', () => {
	it('migrates an empty database with the release command, then answers /readyz and the menu as the image’s user, and stops on SIGTERM', async () => {
		const replay = await replayRuntimeImage('image')
		expect(replay.release, replay.release.output).toMatchObject({ code: 0 })
		expect(replay.release.output).toContain('migrations have been successfully applied')
		expect(replay.readyz, replay.serverOutput).toBe(200)
		expect(replay.serverOutput).toContain('Bakery site (production) listening')
		expect(replay.menu?.status, replay.serverOutput).toBe(200)
		expect(replay.menu?.body).toMatch(new RegExp(`<h1[^>]*>${shop.menuTitle}</h1>`))
		expect(replay.stylesheet).toBe(200)
		expect(replay.exit, replay.serverOutput).toMatchObject({ code: 0 })
		// The production dependencies were pruned in the replay's own folder, not in the checkout.
		expect(hiddenLockfile()).toBe(lockfileBefore)
	}, 180_000)

	it('fails without the built app: the server never becomes ready', async () => {
		const replay = await replayRuntimeImage('image-without-build', [runtimeCopyLine('/app/build')])
		expect(replay.release.code).toBe(0)
		expect(replay.readyz).not.toBe(200)
		expect(replay.serverOutput).toMatch(/Cannot find module .*build\/server\/index\.js/)
	}, 90_000)

	it('fails without the migrations: the release command leaves the database empty and the menu cannot load', async () => {
		const replay = await replayRuntimeImage('image-without-migrations', [runtimeCopyLine('prisma/migrations')])
		expect(replay.release.output).toMatch(/No migration found/i)
		expect(replay.menu?.status).not.toBe(200)
	}, 90_000)
})
