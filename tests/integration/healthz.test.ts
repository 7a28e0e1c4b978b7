import { describe, expect, it } from 'vitest'
import { loader } from '~/routes/healthz'
import { isDatabaseReachable } from '~/utils/db.server'
import { markShuttingDown } from '~/utils/lifecycle.server'

describe('/healthz', () => {
	it('answers 200 when the database answers SELECT 1', async () => {
		const response = await loader()
		expect(response.status).toBe(200)
		expect(response.headers.get('Cache-Control')).toBe('no-store')
	})

	it('reports an unreachable database as false, within the timeout', async () => {
		const { PrismaPg } = await import('@prisma/adapter-pg')
		const { PrismaClient } = await import('~/generated/prisma/client')
		const down = new PrismaClient({
			adapter: new PrismaPg({ connectionString: 'postgresql://postgres@127.0.0.1:1/bakery' }),
		})
		const startedAt = Date.now()
		expect(await isDatabaseReachable(1_000, down)).toBe(false)
		expect(Date.now() - startedAt).toBeLessThan(2_000)
		await down.$disconnect()
	})
})

describe('/readyz', () => {
	it('answers 200 while the database answers, and 503 once the server is shutting down', async () => {
		const { loader: readyz } = await import('~/routes/readyz')
		const ready = await readyz()
		expect([ready.status, await ready.text()]).toEqual([200, 'Ready'])
		expect(ready.headers.get('Cache-Control')).toBe('no-store')
		markShuttingDown()
		try {
			const stopping = await readyz()
			expect([stopping.status, await stopping.text()]).toEqual([503, 'Shutting down'])
		} finally {
			globalThis.__bakeryShuttingDown = undefined
		}
	})
})
