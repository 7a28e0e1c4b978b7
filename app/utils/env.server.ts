import { z } from 'zod'

const postgresUrl = z
	.string()
	.url()
	.refine((value) => /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://')

const envSchema = z
	.object({
		NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
		PORT: z.coerce.number().int().min(1).max(65535).default(3000),
		HOST: z.string().min(1).default('0.0.0.0'),
		DATABASE_URL: postgresUrl.optional(),
		DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
		EMBEDDED_DATABASE_DIR: z.string().min(1).default('.data/postgres'),
		STORAGE_DIR: z.string().min(1).default('.data/uploads'),
		RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().max(10_000).default(1),
		/** Header holding the real client IP, set by a trusted proxy. Fly sets Fly-Client-IP. */
		CLIENT_IP_HEADER: z
			.string()
			.regex(/^[A-Za-z0-9-]+$/)
			.optional(),
		FLY_APP_NAME: z.string().optional(),
		LOG_REQUESTS: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
	})
	.superRefine((env, ctx) => {
		if (env.NODE_ENV === 'production' && !env.DATABASE_URL) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['DATABASE_URL'],
				message: 'is required in production (the embedded database is for development only)',
			})
		}
	})

export type Env = z.infer<typeof envSchema>

/** Never a spoofable header by default: only Fly's own header on Fly, or one the operator names. */
export function clientIpHeader(env: Env) {
	return env.CLIENT_IP_HEADER?.toLowerCase() ?? (env.FLY_APP_NAME ? 'fly-client-ip' : undefined)
}

export class EnvError extends Error {
	override name = 'EnvError'
}

/** Parses an env source; throws an EnvError whose message is one line naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
	// An empty string means "unset" for every variable, as in most .env tooling.
	const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
	const result = envSchema.safeParse(cleaned)
	if (result.success) return result.data
	const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'} ${describe(issue)}`)
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

/** The only values the browser may see. Never put secrets here. */
export function getClientEnv() {
	return { MODE: getEnv().NODE_ENV } as const
}

export type ClientEnv = ReturnType<typeof getClientEnv>
