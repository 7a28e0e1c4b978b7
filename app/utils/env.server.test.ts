import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
	EnvError,
	envVariableNames,
	listenAddresses,
	ownerNotifyEmails,
	parseEnv,
	parseTaxRatePercent,
} from './env.server'

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

	const production = {
		NODE_ENV: 'production',
		APP_URL: 'https://docedulce.example',
		DATABASE_URL: 'postgresql://u:p@db:5432/bakery',
		SESSION_SECRET: 'a-production-session-secret-of-40-chars!',
		GOOGLE_CLIENT_ID: 'client-id',
		GOOGLE_CLIENT_SECRET: 'client-secret',
		ADMIN_EMAILS: 'owner@example.com',
		STRIPE_SECRET_KEY: 'sk_live_abc',
		STRIPE_WEBHOOK_SECRET: 'whsec_abc',
		STORAGE_BUCKET: 'bakery-images',
		STORAGE_ACCESS_KEY_ID: 'key',
		STORAGE_SECRET_ACCESS_KEY: 'secret',
		SMTP_URL: 'smtps://apikey:secret@smtp.example.com:465',
		MAIL_FROM: 'Doce Dulce Bakery <orders@docedulce.example>',
		TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
		TWILIO_AUTH_TOKEN: 'a-twilio-auth-token-0123',
		TWILIO_FROM: '+14255550100',
	}

	it('accepts a complete production environment', () => {
		const env = parseEnv({ ...production, PORT: '8080' })
		expect(env.PORT).toBe(8080)
		expect(env.DATABASE_URL).toBe('postgresql://u:p@db:5432/bakery')
	})

	it('names a missing DATABASE_URL in production in one line', () => {
		const { DATABASE_URL: _omitted, ...rest } = production
		const message = parseError(rest)
		expect(message).toBe(
			'Invalid environment: DATABASE_URL is invalid: is required in production (the embedded database is for development only)',
		)
	})

	it.each([
		'SESSION_SECRET',
		'GOOGLE_CLIENT_ID',
		'GOOGLE_CLIENT_SECRET',
		'ADMIN_EMAILS',
		'STRIPE_SECRET_KEY',
		'STRIPE_WEBHOOK_SECRET',
	])('refuses production without %s', (key) => {
		const message = parseError({ ...production, [key]: '' })
		expect(message).toMatch(new RegExp(`^Invalid environment: ${key} is invalid: is required in production`))
	})

	it.each(['SMTP_URL', 'MAIL_FROM'])('refuses production without %s unless mail is turned off', (key) => {
		expect(parseError({ ...production, [key]: '' })).toBe(
			`Invalid environment: ${key} is invalid: is required in production to send mail (or set EMAIL_DISABLED=true)`,
		)
		expect(parseEnv({ ...production, [key]: '', EMAIL_DISABLED: 'true' }).EMAIL_DISABLED).toBe(true)
	})

	it.each(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'])(
		'refuses production without %s unless texts are turned off',
		(key) => {
			expect(parseError({ ...production, [key]: '' })).toBe(
				`Invalid environment: ${key} is invalid: is required in production to send texts (or set TEXTS_DISABLED=true)`,
			)
			expect(parseEnv({ ...production, [key]: '', TEXTS_DISABLED: 'true' }).TEXTS_DISABLED).toBe(true)
		},
	)

	it('allows a Twilio stand-in in production only on this machine, and E.164 senders only', () => {
		expect(parseEnv({ ...production, TWILIO_API_URL: 'http://127.0.0.1:4100' }).TWILIO_API_URL).toBe(
			'http://127.0.0.1:4100',
		)
		expect(parseError({ ...production, TWILIO_API_URL: 'https://api.example.com' })).toMatch(
			/^Invalid environment: TWILIO_API_URL is invalid: is for tests/,
		)
		expect(parseError({ ...production, TWILIO_FROM: '(425) 555-0100' })).toMatch(
			/^Invalid environment: TWILIO_FROM is invalid: must be a phone number in E.164 form/,
		)
	})

	it('reads the mail settings: SMTP URLs only, a one-line sender, owner alerts to ADMIN_EMAILS by default', () => {
		const env = parseEnv({ ...production, ADMIN_EMAILS: 'Owner@Example.com' })
		expect(env.MAIL_WORKER).toBe(true)
		expect(ownerNotifyEmails(env)).toEqual(['owner@example.com'])
		expect(ownerNotifyEmails(parseEnv({ OWNER_NOTIFY_EMAILS: 'a@example.com, B@example.com' }))).toEqual([
			'a@example.com',
			'b@example.com',
		])
		expect(parseEnv({ MAIL_FROM: 'orders@docedulce.example', MAIL_WORKER: 'false' })).toMatchObject({
			MAIL_WORKER: false,
		})
		expect(parseError({ SMTP_URL: 'https://smtp.example.com' })).toBe(
			'Invalid environment: SMTP_URL is invalid: must start with smtp:// or smtps://',
		)
		expect(parseError({ MAIL_FROM: 'Bakery <orders@docedulce.example>\r\nBcc: x@example.com' })).toMatch(
			/^Invalid environment: MAIL_FROM is invalid: must be one line/,
		)
		expect(parseError({ MAIL_FROM: 'Doce Dulce Bakery' })).toMatch(
			/^Invalid environment: MAIL_FROM is invalid: must be an address/,
		)
		expect(parseError({ OWNER_NOTIFY_EMAILS: 'owner@example.com, not-an-address' })).toMatch(
			/^Invalid environment: OWNER_NOTIFY_EMAILS\.1 is invalid/,
		)
	})

	it('refuses production without APP_URL, the origin every absolute URL is built from', () => {
		expect(parseError({ ...production, APP_URL: '' })).toBe(
			'Invalid environment: APP_URL is invalid: is required in production (the public origin, e.g. https://docedulce.example)',
		)
	})

	it('takes APP_URL as a bare origin, https in production except on this machine', () => {
		expect(parseEnv({ ...production, APP_URL: 'https://DoceDulce.example/' }).APP_URL).toBe('https://docedulce.example')
		expect(parseEnv({ ...production, APP_URL: 'http://localhost:3000' }).APP_URL).toBe('http://localhost:3000')
		expect(parseEnv({ APP_URL: 'http://192.168.1.20:3000' }).APP_URL).toBe('http://192.168.1.20:3000')
		expect(parseError({ ...production, APP_URL: 'http://docedulce.example' })).toBe(
			'Invalid environment: APP_URL is invalid: must start with https:// in production (http:// only for localhost)',
		)
		for (const notAnOrigin of [
			'https://docedulce.example/shop',
			'https://docedulce.example/?a=1',
			'javascript:alert(1)',
		]) {
			expect(parseError({ APP_URL: notAnOrigin }), notAnOrigin).toContain('APP_URL is invalid')
		}
	})

	it('lets production run without payments only when they are explicitly turned off', () => {
		const { STRIPE_SECRET_KEY: _key, STRIPE_WEBHOOK_SECRET: _secret, ...rest } = production
		expect(parseEnv({ ...rest, PAYMENTS_DISABLED: 'true' }).PAYMENTS_DISABLED).toBe(true)
	})

	it('refuses production images on the machine’s own disk unless a volume is named', () => {
		const {
			STORAGE_BUCKET: _bucket,
			STORAGE_ACCESS_KEY_ID: _key,
			STORAGE_SECRET_ACCESS_KEY: _secret,
			...rest
		} = production
		expect(parseError(rest)).toContain('STORAGE_BUCKET is invalid: is required in production')
		expect(parseEnv({ ...rest, STORAGE_DIR: '/data/uploads' }).STORAGE_DIR).toBe('/data/uploads')
	})

	it('asks for encryption at rest on backups by default, and refuses a backup bucket without the storage keys', () => {
		expect(parseEnv(production).BACKUP_SERVER_SIDE_ENCRYPTION).toBe('AES256')
		expect(parseEnv({ ...production, BACKUP_BUCKET: 'bakery-backups' }).BACKUP_BUCKET).toBe('bakery-backups')
		expect(parseError({ BACKUP_BUCKET: 'bakery-backups' })).toContain(
			'STORAGE_ACCESS_KEY_ID is invalid: is required when BACKUP_BUCKET is set',
		)
		expect(parseError({ BACKUP_SERVER_SIDE_ENCRYPTION: 'rot13' })).toContain('BACKUP_SERVER_SIDE_ENCRYPTION')
	})

	it('rejects malformed secrets and allow-lists', () => {
		expect(parseError({ SESSION_SECRET: 'short' })).toContain(
			'SESSION_SECRET is invalid: must be at least 32 characters',
		)
		expect(parseError({ ADMIN_EMAILS: 'owner@example.com, not-an-email' })).toContain('ADMIN_EMAILS')
		expect(parseError({ STRIPE_SECRET_KEY: 'pk_test_123' })).toContain('must be a Stripe secret key')
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

	it('reads the sales tax as a percentage, and refuses a fraction or two ways of taxing at once', () => {
		expect(parseEnv({ SALES_TAX_RATE: '10.6' }).SALES_TAX_RATE).toBe(10_600)
		expect(parseEnv({}).SALES_TAX_RATE).toBeUndefined()
		expect(parseError({ SALES_TAX_RATE: '0.106' })).toMatch(/SALES_TAX_RATE.*percentage between 1 and 20/)
		expect(parseError({ SALES_TAX_RATE: '10.6', STRIPE_TAX: 'true', STRIPE_SECRET_KEY: 'sk_test_x' })).toMatch(
			/SALES_TAX_RATE.*cannot be set together with STRIPE_TAX/,
		)
		expect(parseError({ STRIPE_TAX: 'true' })).toMatch(/STRIPE_TAX.*needs STRIPE_SECRET_KEY/)
	})

	it('treats empty strings as unset', () => {
		const env = parseEnv({ DATABASE_URL: '', PORT: '' })
		expect(env.DATABASE_URL).toBeUndefined()
		expect(env.PORT).toBe(3000)
	})
})

describe('.env.example', () => {
	const example = readFileSync('.env.example', 'utf8')
	const documented = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!))

	it('documents every variable the app reads', () => {
		expect(envVariableNames.filter((name) => !documented.has(name))).toEqual([])
	})

	it('documents nothing the app does not read', () => {
		expect([...documented].filter((name) => !(envVariableNames as string[]).includes(name))).toEqual([])
	})
})

describe('parseTaxRatePercent', () => {
	it.each([
		['10.6', 10_600],
		['10.6%', 10_600],
		[' 9.25 % ', 9_250],
		['8', 8_000],
		['10.125', 10_125],
	])('reads %s as %i thousandths of a percent', (input, expected) => {
		expect(parseTaxRatePercent(input)).toBe(expected)
	})

	it.each(['0.106', '0', '25', '10.6251', '-10', 'ten', '', '10,6'])('refuses %j', (input) => {
		expect(parseTaxRatePercent(input)).toBeNull()
	})
})

describe('listenAddresses', () => {
	it('keeps a development server to this computer unless HOST is set', () => {
		expect(listenAddresses(parseEnv({}))).toEqual(['127.0.0.1', '::1'])
		expect(listenAddresses(parseEnv({ HOST: '' }))).toEqual(['127.0.0.1', '::1'])
		expect(listenAddresses(parseEnv({ HOST: '0.0.0.0' }))).toEqual(['0.0.0.0'])
	})

	it('listens on every interface in production, where the platform’s proxy connects from outside', () => {
		const production = { ...parseEnv({}), NODE_ENV: 'production' as const }
		expect(listenAddresses(production)).toEqual(['0.0.0.0'])
		expect(listenAddresses({ ...production, HOST: '10.0.0.5' })).toEqual(['10.0.0.5'])
	})
})
