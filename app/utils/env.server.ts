import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'

const postgresUrl = z
	.string()
	.url()
	.refine((value) => /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://')

/** A link people follow: http(s) only, never javascript: or data:. */
const httpUrl = z
	.string()
	.url()
	.refine((value) => /^https?:\/\//i.test(value), 'must start with https:// or http://')

/** A comma-separated list of e-mail addresses, lower-cased. */
const emailList = z
	.string()
	.transform((value) =>
		value
			.split(',')
			.map((email) => email.trim().toLowerCase())
			.filter(Boolean),
	)
	.pipe(z.array(z.string().email('must be a comma-separated list of e-mail addresses')))

/** `Name <address>` or a bare address, on one line (it becomes the From header). */
const mailbox = z
	.string()
	.trim()
	.refine((value) => !/[\r\n]/.test(value), 'must be one line')
	.refine((value) => {
		const address = /<([^<>]+)>$/.exec(value)?.[1] ?? value
		return z.string().email().safeParse(address).success
	}, 'must be an address such as Doce Dulce Bakery <orders@docedulce.example>')

/** A phone number in E.164 (+ and up to 15 digits), as Twilio takes a sender. */
const e164 = z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form, e.g. +14255550100')

/** The names of this machine: an http:// APP_URL is allowed on them (the preview, development). */
export const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * SALES_TAX_RATE as the owner writes it ('10.6', '10.6%'), in thousandths of a percent (10600), or null when it
 * is not a rate (decision 039).
 */
export function parseTaxRatePercent(input: string): number | null {
	const match = /^\s*(\d{1,2})(?:\.(\d{1,3}))?\s*%?\s*$/.exec(input)
	if (!match) return null
	const millipercent = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'))
	// Below 1 % is almost certainly a fraction written by mistake (0.106 for 10.6 %); above 20 % is no US rate.
	if (millipercent < 1000 || millipercent > 20_000) return null
	return millipercent
}

/** A bare origin (no path, query or credentials), normalised without the trailing slash. */
const publicOrigin = httpUrl
	.refine((value) => {
		const url = new URL(value)
		return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password
	}, 'must be an origin such as https://docedulce.example (no path or query)')
	.transform((value) => new URL(value).origin)

const envSchema = z
	.object({
		NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
		PORT: z.coerce.number().int().min(1).max(65535).default(3000),
		/** Unset = `listenAddresses()`: this machine only, except in production. */
		HOST: z.string().min(1).optional(),
		DATABASE_URL: postgresUrl.optional(),
		DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
		EMBEDDED_DATABASE_DIR: z.string().min(1).default('.data/postgres'),
		STORAGE_DIR: z.string().min(1).default('.data/uploads'),
		/** S3-compatible bucket (AWS S3, Tigris, R2, MinIO). Unset = local disk under STORAGE_DIR. */
		STORAGE_BUCKET: z.string().min(3).max(63).optional(),
		STORAGE_REGION: z.string().min(1).default('auto'),
		STORAGE_ENDPOINT: z.string().url().optional(),
		STORAGE_ACCESS_KEY_ID: z.string().min(1).optional(),
		STORAGE_SECRET_ACCESS_KEY: z.string().min(1).optional(),
		STORAGE_FORCE_PATH_STYLE: z
			.enum(['true', 'false'])
			.default('false')
			.transform((value) => value === 'true'),
		/**
		 * A bucket of its own for the nightly database backups (decision 059), reached with the STORAGE_* endpoint
		 * and credentials. Unset = the images' bucket under `backups/`, or STORAGE_DIR/backups without a bucket.
		 */
		BACKUP_BUCKET: z.string().min(3).max(63).optional(),
		/** The server-side encryption header sent with each backup; `none` for a store that rejects it. */
		BACKUP_SERVER_SIDE_ENCRYPTION: z.enum(['AES256', 'aws:kms', 'none']).default('AES256'),
		/** Resized image variants (a cache: safe to delete at any time). The temp folder is writable in the container too. */
		IMAGE_CACHE_DIR: z.string().min(1).default(path.join(os.tmpdir(), 'bakery-image-cache')),
		RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().max(10_000).default(1),
		/** Header holding the real client IP, set by a trusted proxy. Fly sets Fly-Client-IP. */
		CLIENT_IP_HEADER: z
			.string()
			.regex(/^[A-Za-z0-9-]+$/)
			.optional(),
		FLY_APP_NAME: z.string().optional(),
		/**
		 * The site's public origin (https://docedulce.example): every absolute URL is built from it, never
		 * from request headers. Required in production; unset in development = the request's own origin.
		 */
		APP_URL: publicOrigin.optional(),
		STRIPE_SECRET_KEY: z
			.string()
			.regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_…)')
			.optional(),
		STRIPE_WEBHOOK_SECRET: z
			.string()
			.regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
			.optional(),
		/** Where the Stripe SDK sends requests; only tests change these. */
		STRIPE_API_HOST: z.string().optional(),
		STRIPE_API_PORT: z.coerce.number().int().positive().optional(),
		STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
		STRIPE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(60_000).default(10_000),
		// --- Sales tax (decision 039) ---
		/** The combined rate charged on prepared food, as a percentage ('10.6'); unset = no tax is charged. */
		SALES_TAX_RATE: z
			.string()
			.transform((value, ctx) => {
				const rate = parseTaxRatePercent(value)
				if (rate === null) {
					ctx.addIssue({
						code: z.ZodIssueCode.custom,
						message: 'must be a percentage between 1 and 20 with at most 3 decimals, e.g. 10.6',
					})
					return z.NEVER
				}
				return rate
			})
			.optional(),
		/** true = Stripe Tax (automatic_tax) works the tax out at checkout instead of SALES_TAX_RATE. */
		STRIPE_TAX: z
			.enum(['true', 'false'])
			.default('false')
			.transform((value) => value === 'true'),
		/** Stripe product tax codes per tax category (defaults: Nontaxable, General - Tangible Goods). */
		STRIPE_TAX_CODE_BAKERY: z
			.string()
			.regex(/^txcd_\d{8}$/)
			.default('txcd_00000000'),
		STRIPE_TAX_CODE_PREPARED_FOOD: z
			.string()
			.regex(/^txcd_\d{8}$/)
			.default('txcd_99999999'),
		/** true = the shop shows that online ordering is unavailable instead of taking payments. */
		PAYMENTS_DISABLED: z
			.enum(['true', 'false'])
			.default('false')
			.transform((value) => value === 'true'),
		/** Signs the session cookie. Required in production; development uses a fixed dev-only value. */
		SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
		GOOGLE_CLIENT_ID: z.string().min(1).optional(),
		GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
		/** Comma-separated Google accounts allowed to manage the bakery. */
		ADMIN_EMAILS: emailList.default(''),
		/** Comma-separated Google accounts of the staff: orders and prep list only (decision 071). */
		STAFF_EMAILS: emailList.default(''),
		/** Tests only: a local stand-in for Google's authorization, token and userinfo endpoints. */
		GOOGLE_OAUTH_TEST_SERVER: z.string().url().optional(),
		LOG_REQUESTS: z
			.enum(['true', 'false'])
			.default('true')
			.transform((value) => value === 'true'),
		// The bakery's public details (app/config/business.ts has the demo defaults).
		/** The third-party online-ordering page. Unset = Order Online leads to the in-site /shop. */
		ORDER_ONLINE_URL: httpUrl.optional(),
		BUSINESS_PHONE: z
			.string()
			.regex(/^\+?[\d\s().-]{7,20}$/, 'must be a phone number such as (425) 555-0164')
			.optional(),
		BUSINESS_EMAIL: z.string().email().optional(),
		BUSINESS_STREET: z.string().min(3).max(120).optional(),
		BUSINESS_CITY: z.string().min(2).max(60).optional(),
		BUSINESS_REGION: z.string().min(2).max(40).optional(),
		BUSINESS_POSTAL_CODE: z.string().min(3).max(12).optional(),
		BUSINESS_LATITUDE: z.coerce.number().min(-90).max(90).optional(),
		BUSINESS_LONGITUDE: z.coerce.number().min(-180).max(180).optional(),
		FACEBOOK_URL: httpUrl.optional(),
		INSTAGRAM_URL: httpUrl.optional(),
		// --- Mail (decision 034) ---
		/** smtp://user:pass@host:port or smtps://… Unset outside production = the dev Outbox (/admin/outbox). */
		SMTP_URL: z
			.string()
			.url()
			.refine((value) => /^smtps?:\/\//i.test(value), 'must start with smtp:// or smtps://')
			.optional(),
		/** The sender: `Doce Dulce Bakery <orders@docedulce.example>` or a bare address. */
		MAIL_FROM: mailbox.optional(),
		/** Who gets the owner's alerts (comma-separated). Unset = ADMIN_EMAILS. */
		OWNER_NOTIFY_EMAILS: emailList.optional(),
		/** true = mails are queued and marked done without being sent (logged once). */
		EMAIL_DISABLED: z
			.enum(['true', 'false'])
			.default('false')
			.transform((value) => value === 'true'),
		/** false = this web process only queues mails; `npm run worker` sends them. */
		MAIL_WORKER: z
			.enum(['true', 'false'])
			.default('true')
			.transform((value) => value === 'true'),
		// --- Text messages (decisions 069, 074) ---
		/** Twilio's Account SID (AC…). Unset outside production = texts are kept in the Outbox, never sent. */
		TWILIO_ACCOUNT_SID: z
			.string()
			.regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio Account SID (AC followed by 32 hex digits)')
			.optional(),
		TWILIO_AUTH_TOKEN: z.string().min(16, 'must be the account’s Auth Token').optional(),
		/** The SMS number texts come from, in E.164 (+14255550100). */
		TWILIO_FROM: e164.optional(),
		/** The WhatsApp sender, in E.164; unset = customers are offered SMS only. */
		TWILIO_WHATSAPP_FROM: e164.optional(),
		/** Tests only: a Twilio-protocol stand-in on this machine (tests/mocks/twilio-server.ts). */
		TWILIO_API_URL: httpUrl.optional(),
		/** true = texts are recorded as skipped, never sent (logged once). */
		TEXTS_DISABLED: z
			.enum(['true', 'false'])
			.default('false')
			.transform((value) => value === 'true'),
	})
	.superRefine((env, ctx) => {
		if (env.NODE_ENV === 'production') {
			for (const key of ['SESSION_SECRET', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] as const) {
				if (!env[key]) {
					ctx.addIssue({
						code: z.ZodIssueCode.custom,
						path: [key],
						message: 'is required in production (admin sign-in)',
					})
				}
			}
			if (env.ADMIN_EMAILS.length === 0) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: ['ADMIN_EMAILS'],
					message: 'is required in production (who may manage the bakery)',
				})
			}
		}
		if (env.NODE_ENV === 'production' && !env.PAYMENTS_DISABLED) {
			for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
				if (!env[key]) {
					ctx.addIssue({
						code: z.ZodIssueCode.custom,
						path: [key],
						message: 'is required in production to take payments (or set PAYMENTS_DISABLED=true)',
					})
				}
			}
		}
		if (env.NODE_ENV === 'production') {
			if (!env.APP_URL) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: ['APP_URL'],
					message: 'is required in production (the public origin, e.g. https://docedulce.example)',
				})
			} else if (!env.APP_URL.startsWith('https://') && !LOOPBACK_HOSTS.has(new URL(env.APP_URL).hostname)) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: ['APP_URL'],
					message: 'must start with https:// in production (http:// only for localhost)',
				})
			}
		}
		if (env.STRIPE_TAX && env.SALES_TAX_RATE !== undefined) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['SALES_TAX_RATE'],
				message: 'cannot be set together with STRIPE_TAX=true (one of them works the tax out)',
			})
		}
		if (env.STRIPE_TAX && !env.STRIPE_SECRET_KEY) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['STRIPE_TAX'],
				message: 'needs STRIPE_SECRET_KEY (Stripe Tax works in Stripe Checkout only)',
			})
		}
		if (env.NODE_ENV === 'production' && !env.EMAIL_DISABLED) {
			for (const key of ['SMTP_URL', 'MAIL_FROM'] as const) {
				if (!env[key]) {
					ctx.addIssue({
						code: z.ZodIssueCode.custom,
						path: [key],
						message: 'is required in production to send mail (or set EMAIL_DISABLED=true)',
					})
				}
			}
		}
		if (env.NODE_ENV === 'production' && !env.TEXTS_DISABLED) {
			for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
				if (!env[key]) {
					ctx.addIssue({
						code: z.ZodIssueCode.custom,
						path: [key],
						message: 'is required in production to send texts (or set TEXTS_DISABLED=true)',
					})
				}
			}
		}
		if (
			env.TWILIO_API_URL &&
			env.NODE_ENV === 'production' &&
			!LOOPBACK_HOSTS.has(new URL(env.TWILIO_API_URL).hostname)
		) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['TWILIO_API_URL'],
				message: 'is for tests: production only allows a stand-in on this machine (localhost)',
			})
		}
		if (env.TWILIO_WHATSAPP_FROM && !env.TWILIO_FROM) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['TWILIO_FROM'],
				message: 'is required when TWILIO_WHATSAPP_FROM is set (SMS is every customer’s fallback)',
			})
		}
		if (env.NODE_ENV === 'production' && !env.DATABASE_URL) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['DATABASE_URL'],
				message: 'is required in production (the embedded database is for development only)',
			})
		}
		if (env.BACKUP_BUCKET) {
			for (const name of ['STORAGE_ACCESS_KEY_ID', 'STORAGE_SECRET_ACCESS_KEY'] as const) {
				if (!env[name]) {
					ctx.addIssue({
						code: z.ZodIssueCode.custom,
						path: [name],
						message: 'is required when BACKUP_BUCKET is set (the backups use the STORAGE_* endpoint and credentials)',
					})
				}
			}
		}
		const bucketSettings = ['STORAGE_ENDPOINT', 'STORAGE_ACCESS_KEY_ID', 'STORAGE_SECRET_ACCESS_KEY'] as const
		if (!env.STORAGE_BUCKET) {
			const setting = bucketSettings.find((name) => env[name] !== undefined)
			if (setting) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: ['STORAGE_BUCKET'],
					message: `is required when ${setting} is set (without it, images would go to local disk)`,
				})
			}
		} else {
			for (const name of ['STORAGE_ACCESS_KEY_ID', 'STORAGE_SECRET_ACCESS_KEY'] as const) {
				if (!env[name]) {
					ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: 'is required when STORAGE_BUCKET is set' })
				}
			}
		}
	})

export type Env = z.infer<typeof envSchema>

/** Every variable the app reads (each one is documented in .env.example; a test checks it). */
export const envVariableNames = Object.keys(envSchema.innerType().shape) as Array<keyof Env>

/** Never a spoofable header by default: only Fly's own header on Fly, or one the operator names. */
/**
 * Where the server listens (decision 057): HOST when set; else every interface in production, where the platform's
 * proxy connects from outside the machine, and this machine's loopback addresses otherwise, so a development
 * server (its database files, its demo sign-in) is not offered to the local network unless HOST says so.
 */
export function listenAddresses(env: Env): string[] {
	if (env.HOST) return [env.HOST]
	return env.NODE_ENV === 'production' ? ['0.0.0.0'] : ['127.0.0.1', '::1']
}

export function clientIpHeader(env: Env) {
	return env.CLIENT_IP_HEADER?.toLowerCase() ?? (env.FLY_APP_NAME ? 'fly-client-ip' : undefined)
}

/** Who gets the owner's alerts: OWNER_NOTIFY_EMAILS, else ADMIN_EMAILS. */
export function ownerNotifyEmails(env: Env = getEnv()): string[] {
	return env.OWNER_NOTIFY_EMAILS ?? env.ADMIN_EMAILS
}

export class EnvError extends Error {
	override name = 'EnvError'
}

/** Parses an env source; throws an EnvError whose message is one line naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
	// An empty string means "unset" for every variable, as in most .env tooling.
	const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
	const result = envSchema.safeParse(cleaned)
	const problems = result.success
		? []
		: result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'} ${describe(issue)}`)
	// A machine's own disk is wiped on every deploy: production keeps images in a bucket, or on a
	// volume the operator names explicitly with STORAGE_DIR.
	if (cleaned.NODE_ENV === 'production' && !cleaned.STORAGE_BUCKET && !cleaned.STORAGE_DIR) {
		problems.push('STORAGE_BUCKET is invalid: is required in production (or set STORAGE_DIR to a mounted volume)')
	}
	if (result.success && problems.length === 0) return result.data
	throw new EnvError(`Invalid environment: ${problems.join('; ')}`)
}

function describe(issue: z.ZodIssue) {
	if (issue.code === 'invalid_type' && issue.received === 'undefined') return 'is missing'
	return `is invalid: ${issue.message}`
}

let cachedEnv: Env | undefined

export function getEnv(): Env {
	cachedEnv ??= parseEnv(process.env)
	return cachedEnv
}

/** Re-reads process.env on the next getEnv() (after the dev server sets DATABASE_URL). */
export function resetEnv() {
	cachedEnv = undefined
}
