/**
 * Two production server processes, "machine A" and "machine B", on two ports against the run's one
 * database and stand-ins (tests/e2e/serve-production.ts), as Fly runs two machines (decision
 * 040). Both use the real rate-limit budgets and take the client's address from a
 * header, so every test here is its own set of clients, apart from the rest of the suite.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import Stripe from 'stripe'
import { receivedMails } from './mail-log'
import { BAKERY_ZONE, seededPickupSlot } from './pickup-support'
import { E2E_CLIENT_IP_HEADER, E2E_WEBHOOK_SECRET, productionServerEnv } from './production-env'
import { e2eDatabaseUrl, withE2eDatabase } from './support'
import { localDateOf } from '../../app/domain/pickup/pickup-schedule'

const serverEntry = path.resolve('server-build/index.js')
const mainPort = Number(process.env.E2E_PORT ?? 3100)
const mainBaseUrl = `http://localhost:${mainPort}`
const CLIENT_IP_HEADER = E2E_CLIENT_IP_HEADER

/** A client address of its own (10.x.y.z): budgets spent by one test never touch another's. */
function newClientIp() {
	const [a, b, c] = crypto.randomBytes(3)
	return `10.${a}.${b}.${c}`
}

function freePort() {
	return new Promise<number>((resolve) => {
		const server = net.createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo
			server.close(() => resolve(port))
		})
	})
}

interface Machine {
	name: string
	url: string
	child: ChildProcess
	exited: Promise<number | null>
	output: () => string
}

async function startMachine(name: string): Promise<Machine> {
	const port = await freePort()
	const child = spawn(process.execPath, ['--max-old-space-size=128', serverEntry], {
		env: {
			PATH: process.env.PATH ?? '',
			...productionServerEnv({
				port,
				databaseUrl: await e2eDatabaseUrl(),
				storageDir: path.resolve('.data/e2e-uploads'),
				standInsPort: mainPort,
			}),
			RATE_LIMIT_MULTIPLIER: '1',
			CLIENT_IP_HEADER,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout!.on('data', (chunk) => (output += chunk))
	child.stderr!.on('data', (chunk) => (output += chunk))
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
	return { name, url: `http://localhost:${port}`, child, exited, output: () => output }
}

/** Ready as the platform sees it (/readyz), and hearing the other machine's changes. */
async function waitUntilReady(machine: Machine) {
	await expect
		.poll(
			async () => {
				const response = await fetch(`${machine.url}/readyz`, {
					headers: { [CLIENT_IP_HEADER]: newClientIp() },
				}).catch(() => undefined)
				return response?.status
			},
			{ timeout: 30_000, message: `${machine.name} never became ready:\n${machine.output()}` },
		)
		.toBe(200)
	await expect.poll(machine.output, { timeout: 15_000 }).toContain('Listening for cache changes')
}

function get(machine: Machine, pathname: string, clientIp = newClientIp()) {
	return fetch(`${machine.url}${pathname}`, { headers: { [CLIENT_IP_HEADER]: clientIp } })
}

/** Whether the /shop card of `name` carries the Sold out badge; undefined when the card is not there. */
async function shopCardSoldOut(machine: Machine, name: string) {
	const html = await (await get(machine, '/shop')).text()
	const at = html.indexOf(`>${name}</span>`)
	if (at < 0) return undefined
	return html.slice(html.lastIndexOf('<li', at), at).includes('>Sold out<')
}

let a: Machine
let b: Machine

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
	test.setTimeout(60_000)
	;[a, b] = await Promise.all([startMachine('A'), startMachine('B')])
	await Promise.all([waitUntilReady(a), waitUntilReady(b)])
})

test.afterAll(async () => {
	for (const machine of [a, b]) if (machine?.child.exitCode === null) machine.child.kill('SIGKILL')
})

test('an owner’s menu change made on machine A shows on machine B’s pages within a second', async ({ browser }) => {
	const name = `Machines Donut ${crypto.randomBytes(4).toString('hex')}`
	const id = `e2emachines${crypto.randomBytes(8).toString('hex')}`
	await withE2eDatabase((client) =>
		client.query(
			`INSERT INTO "MenuItem" ("id", "name", "priceCents", "category", "orderable", "sortOrder", "updatedAt")
			 VALUES ($1, $2, 275, 'DONUTS', true, 9999, now())`,
			[id, name],
		),
	)
	try {
		// Inserted behind the site's back: each machine sees it once its own menu cache expires (5 s).
		await expect.poll(() => shopCardSoldOut(b, name), { timeout: 10_000 }).toBe(false)

		const context = await browser.newContext({
			baseURL: a.url,
			extraHTTPHeaders: { [CLIENT_IP_HEADER]: newClientIp() },
		})
		const page = await context.newPage()
		await page.goto('/admin/menu')
		await page.getByRole('button', { name: 'Sign in with Google' }).click()
		const card = page.getByRole('article', { name })
		await expect(card.getByRole('button', { name: /^Mark sold out/ })).toBeVisible()

		// B has just cached the menu afresh: without hearing of the change it would show it stale for ~5 s.
		expect(await shopCardSoldOut(b, name)).toBe(false)
		await card.getByRole('button', { name: /^Mark sold out/ }).click()
		await expect(page.getByRole('status').filter({ hasText: `${name} is now sold out.` })).toBeVisible()
		await expect.poll(() => shopCardSoldOut(b, name), { timeout: 1_000, intervals: [50] }).toBe(true)
		await context.close()
	} finally {
		await withE2eDatabase((client) => client.query(`DELETE FROM "MenuItem" WHERE "id" = $1`, [id]))
	}
})

test('a client’s budget is shared: 4 contact messages on A and 4 on B use it up, the 9th is refused', async () => {
	const clientIp = newClientIp()
	const contact = (machine: Machine, n: number) =>
		fetch(`${machine.url}/contact`, {
			method: 'POST',
			headers: { [CLIENT_IP_HEADER]: clientIp, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ name: 'Ana', email: `budget.${n}@example.com`, message: 'Olá!' }),
		})
	for (let n = 0; n < 4; n++) expect((await contact(a, n)).status).toBe(200)
	for (let n = 4; n < 8; n++) expect((await contact(b, n)).status).toBe(200)
	const refused = await contact(a, 8)
	expect(refused.status).toBe(429)
	expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
	expect((await contact(b, 9)).status).toBe(429)
})

test('one Stripe payment event delivered to A and B at the same moment pays the order once and sends one receipt', async () => {
	const orderId = `e2emachines${crypto.randomBytes(8).toString('hex')}`
	const sessionId = `cs_test_machines_${crypto.randomBytes(8).toString('hex')}`
	const email = `machines.${crypto.randomBytes(4).toString('hex')}@example.com`
	const pickupAt = seededPickupSlot(3)
	await withE2eDatabase(async (client) => {
		await client.query(
			`INSERT INTO "Order" ("id", "customerName", "customerEmail", "status", "totalCents", "providerSessionId",
			   "pickupAt", "pickupDate", "capacityHeld", "createdAt", "updatedAt")
			 VALUES ($1, 'Rita Machines', $2, 'PENDING', 3500, $3, $4, $5, true, now(), now())`,
			[orderId, email, sessionId, pickupAt, localDateOf(new Date(pickupAt), BAKERY_ZONE)],
		)
		await client.query(
			`INSERT INTO "OrderItem" ("id", "orderId", "name", "unitPriceCents", "quantity") VALUES ($1, $2, 'Tres Leches Cake', 3500, 1)`,
			[`${orderId}item`, orderId],
		)
	})
	const payload = JSON.stringify({
		id: `evt_machines_${crypto.randomBytes(8).toString('hex')}`,
		object: 'event',
		type: 'checkout.session.completed',
		data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', metadata: { orderId } } },
	})
	const signature = new Stripe('sk_test_e2e').webhooks.generateTestHeaderString({
		payload,
		secret: E2E_WEBHOOK_SECRET,
	})
	const deliver = (machine: Machine) =>
		fetch(`${machine.url}/webhooks/stripe`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature, [CLIENT_IP_HEADER]: newClientIp() },
			body: payload,
		}).then(async (response) => `${response.status} ${await response.text()}`)
	const answers = await Promise.all([deliver(a), deliver(b)])
	expect(answers.sort()).toEqual(['200 applied', '200 duplicate'])

	const receipts = async () => (await receivedMails(mainBaseUrl)).filter((mail) => mail.recipients.includes(email))
	await expect.poll(async () => (await receipts()).length, { timeout: 20_000 }).toBe(1)
	const queued = await withE2eDatabase(async (client) => {
		const { rows } = await client.query<{ kind: string }>(
			`SELECT data->>'kind' AS kind FROM pgboss.job WHERE name = 'mail' AND data->>'orderId' = $1 ORDER BY 1`,
			[orderId],
		)
		const { rows: orders } = await client.query<{ status: string }>(`SELECT status FROM "Order" WHERE id = $1`, [
			orderId,
		])
		return { kinds: rows.map((row) => row.kind), status: orders[0]?.status }
	})
	expect(queued).toEqual({ kinds: ['order-paid-owner', 'order-receipt'], status: 'PAID' })
})

interface LoadOutcome {
	/** Statuses of the answered requests. */
	answered: number[]
	/** Requests that got no answer (a reset, a refused connection): each one a loss. */
	lost: string[]
	/** Reply-To addresses of the contact messages A accepted: each must reach the owner. */
	acceptedMessages: string[]
}

/** One request on a connection of its own: answered, refused, or lost. */
function requestOnce(machine: Machine, options: { method: string; path: string; body?: string }) {
	const url = new URL(machine.url)
	return new Promise<{ status: number } | { error: string }>((resolve) => {
		const request = http.request(
			{
				host: '127.0.0.1',
				port: url.port,
				method: options.method,
				path: options.path,
				agent: false,
				headers: {
					// As the platform's proxy does: the public host (APP_URL's), whichever address it connects to.
					Host: url.host,
					[CLIENT_IP_HEADER]: newClientIp(),
					...(options.body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
				},
			},
			(response) => {
				response.resume()
				response.on('end', () => resolve({ status: response.statusCode ?? 0 }))
				response.on('error', (error) => resolve({ error: error.message }))
			},
		)
		request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
		request.end(options.body)
	})
}

test('stopping machine A (SIGTERM) under load loses no accepted request and no mail', async () => {
	const outcome: LoadOutcome = { answered: [], lost: [], acceptedMessages: [] }
	// As the platform's proxy does, no new request goes to A once it is told to stop; the ones under way must finish.
	let stopSending = false
	const tag = crypto.randomBytes(4).toString('hex')
	let sent = 0
	const client = async (index: number) => {
		while (!stopSending) {
			const email = `stop.${tag}.${index}.${sent++}@example.com`
			const post = index % 2 === 0
			const result = post
				? await requestOnce(a, {
						method: 'POST',
						path: '/contact',
						body: new URLSearchParams({ name: 'Ana', email, message: 'Sent while a machine stops.' }).toString(),
					})
				: await requestOnce(a, { method: 'GET', path: index % 4 === 1 ? '/shop' : '/about' })
			if ('error' in result) {
				outcome.lost.push(result.error)
				continue
			}
			outcome.answered.push(result.status)
			if (post && result.status === 200) outcome.acceptedMessages.push(email)
		}
	}
	const clients = Array.from({ length: 6 }, (_, index) => client(index))
	await expect.poll(() => outcome.answered.length, { timeout: 10_000 }).toBeGreaterThan(12)
	stopSending = true
	a.child.kill('SIGTERM')
	await Promise.all(clients)
	expect(await a.exited, a.output()).toBe(0)

	expect(outcome.lost).toEqual([])
	expect(outcome.answered.filter((status) => status !== 200)).toEqual([])
	expect(outcome.acceptedMessages.length).toBeGreaterThan(0)
	// Every message A accepted reaches the owner: sent by A before it exited, or by another machine after.
	const undelivered = async () => {
		const replyTos = (await receivedMails(mainBaseUrl)).flatMap((mail) => mail.headers['reply-to'] ?? [])
		return outcome.acceptedMessages.filter((email) => !replyTos.some((replyTo) => replyTo.includes(email)))
	}
	await expect.poll(undelivered, { timeout: 20_000 }).toEqual([])
	expect((await get(b, '/readyz')).status).toBe(200)
	expect((await get(b, '/shop')).status).toBe(200)
})
