import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from '~/utils/db.server'

/** What Prisma's driver adapter throws for a Postgres error (message shape as logged during a restart). */
function driverError(sqlState: string, message: string) {
	return Object.assign(
		new Error(
			`\nInvalid \`prisma.review.findMany()\` invocation:\n\n\nDatabase error. Code: \`${sqlState}\`. Message: \`${message}\``,
		),
		{ code: 'P2039' },
	)
}

describe('isDatabaseUnavailable (the outage policy: these become 503, anything else a logged 500)', () => {
	it('recognises a database that is down, restarting or full', () => {
		expect(isDatabaseUnavailable(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true)
		expect(isDatabaseUnavailable(Object.assign(new Error('Can’t reach database server'), { code: 'P1001' }))).toBe(true)
		expect(isDatabaseUnavailable(driverError('57P03', 'the database system is starting up'))).toBe(true)
		expect(isDatabaseUnavailable(driverError('57P01', 'terminating connection due to administrator command'))).toBe(
			true,
		)
		expect(isDatabaseUnavailable(driverError('53300', 'sorry, too many clients already'))).toBe(true)
		expect(isDatabaseUnavailable(driverError('08006', 'connection failure'))).toBe(true)
	})

	it('recognises it behind a raw query too (the schedule and the checkout read with $queryRaw)', async () => {
		const { PrismaPg } = await import('@prisma/adapter-pg')
		const { PrismaClient } = await import('~/generated/prisma/client')
		const unreachable = new PrismaClient({
			adapter: new PrismaPg({ connectionString: 'postgresql://postgres@127.0.0.1:9/none' }),
		})
		const error = await unreachable.$queryRaw`SELECT 1`.catch((caught: unknown) => caught)
		await unreachable.$disconnect()
		expect(error).toMatchObject({ code: 'P2010' })
		expect(isDatabaseUnavailable(error)).toBe(true)
	})

	it('leaves bugs and bad data as errors', () => {
		expect(isDatabaseUnavailable(driverError('42703', 'column "nope" does not exist'))).toBe(false)
		expect(isDatabaseUnavailable(Object.assign(new Error('Unique constraint failed'), { code: 'P2002' }))).toBe(false)
		expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false)
		expect(isDatabaseUnavailable('not an error')).toBe(false)
	})
})
