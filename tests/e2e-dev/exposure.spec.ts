import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'

/**
 * What a default `npm run dev` offers beyond the site (issue 35, decision 057): no file of the project outside the
 * app's sources by path, and nothing to the local network.
 */

const root = path.resolve('.')
// tests/e2e-dev/serve-dev.ts: the server's embedded Postgres. PG_VERSION is the first file initdb writes.
const databaseFile = path.join(root, '.data/e2e-dev/postgres/PG_VERSION')

test('the database files, .env files and the project outside app/ are not served by path', async ({ request }) => {
	const attempts = [
		`/@fs${databaseFile}?raw`,
		`/@fs${databaseFile}`,
		`/.data/e2e-dev/postgres/PG_VERSION?raw`,
		`/.data/e2e-dev/postgres/PG_VERSION`,
		`/@fs${root}/.env.example?raw`,
		`/.env.example?raw`,
		`/@fs${root}/package.json?raw`,
		`/package.json?raw`,
		`/@fs${root}/server/index.ts?raw`,
	]
	for (const attempt of attempts) {
		const response = await request.get(attempt)
		expect([403, 404], attempt).toContain(response.status())
		const body = await response.text()
		expect(body, attempt).not.toMatch(/^1\d\s*$/)
		expect(body, attempt).not.toContain('DATABASE_URL')
		expect(body, attempt).not.toContain('"scripts"')
	}
	// The app's own modules still load (every page's hydration depends on it; public.spec.ts covers the pages).
	expect((await request.get('/app/root.tsx')).ok()).toBe(true)
})

test('the development server answers on this computer only, unless HOST says otherwise', async ({ baseURL }) => {
	const port = Number(new URL(baseURL!).port)
	const networkAddress = Object.values(os.networkInterfaces())
		.flat()
		.find((address) => address && address.family === 'IPv4' && !address.internal)?.address
	test.skip(!networkAddress, 'this machine has no network address besides loopback')

	expect(await connects('127.0.0.1', port)).toBe(true)
	expect(await connects(networkAddress!, port)).toBe(false)
})

function connects(host: string, port: number) {
	return new Promise<boolean>((resolve) => {
		const socket = net.connect({ host, port, timeout: 3_000 })
		const settle = (connected: boolean) => {
			socket.destroy()
			resolve(connected)
		}
		socket.once('connect', () => settle(true))
		socket.once('error', () => settle(false))
		socket.once('timeout', () => settle(false))
	})
}
