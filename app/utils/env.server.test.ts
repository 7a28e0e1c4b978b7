import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env.server'

function parseError(source: Record<string, string>) {
	try {
		parseEnv(source)
	} catch (error) {
		expect(error).toBeInstanceOf(EnvError)
		return (error as Error).message
	}
	throw new Error('expected parseEnv to throw')
}

describe('parseEnv', () => {
	it('gives a development default for everything but DATABASE_URL', () => {
		const env = parseEnv({})
		expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000 })
		expect(env.DATABASE_URL).toBeUndefined()
	})

	it('accepts a complete production environment', () => {
		const env = parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://u:p@db:5432/bakery', PORT: '8080' })
		expect(env.PORT).toBe(8080)
		expect(env.DATABASE_URL).toBe('postgresql://u:p@db:5432/bakery')
	})

	it('names a missing DATABASE_URL in production in one line', () => {
		const message = parseError({ NODE_ENV: 'production' })
		expect(message).toMatch(/^Invalid environment: DATABASE_URL is invalid: is required in production/)
		expect(message).not.toContain('\n')
	})

	it('names a malformed DATABASE_URL', () => {
		expect(parseError({ DATABASE_URL: 'mysql://localhost/bakery' })).toContain(
			'DATABASE_URL is invalid: must start with postgres:// or postgresql://',
		)
	})

	it('names every bad variable at once', () => {
		const message = parseError({ PORT: 'eighty', NODE_ENV: 'staging' })
		expect(message).toContain('PORT is invalid')
		expect(message).toContain('NODE_ENV is invalid')
	})

	it('treats empty strings as unset', () => {
		const env = parseEnv({ DATABASE_URL: '', PORT: '' })
		expect(env.DATABASE_URL).toBeUndefined()
		expect(env.PORT).toBe(3000)
	})
})
