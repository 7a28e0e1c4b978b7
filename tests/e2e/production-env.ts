/**
 * The environment of an e2e production server (tests/e2e/serve-production.ts), shared by tests that start
 * more server processes on the same database and stand-ins (tests/e2e/several-machines.spec.ts).
 */
export const E2E_WEBHOOK_SECRET = 'whsec_e2e_tests'
/**
 * The header the e2e servers take the client's address from (as Fly's proxy sets Fly-Client-IP): a test that plays
 * several customers gives each its own address, since a client may hold only two unpaid checkouts (decision 058).
 */
export const E2E_CLIENT_IP_HEADER = 'x-e2e-client-ip'
/** The e2e run's Twilio account, as its stand-in (tests/mocks/twilio-server.ts) accepts it. */
export const E2E_TWILIO_ACCOUNT_SID = 'AC0e2e0000000000000000000000000000'
export const E2E_TWILIO_AUTH_TOKEN = 'e2e-twilio-auth-token-0123'
export const E2E_TWILIO_FROM = '+14255550100'
const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdef0123'

interface ProductionEnvOptions {
	/** The port this server listens on (its APP_URL). */
	port: number
	databaseUrl: string
	storageDir: string
	/** The port of the run's first server: the stand-ins listen at +1000 (Stripe), +2000 (Google), +3000 (SMTP), +4000 (Twilio). */
	standInsPort?: number
	preview?: boolean
}

export function productionServerEnv({
	port,
	databaseUrl,
	storageDir,
	standInsPort = port,
	preview = false,
}: ProductionEnvOptions): NodeJS.ProcessEnv {
	return {
		NODE_ENV: 'production' as const,
		PORT: String(port),
		APP_URL: `http://localhost:${port}`,
		DATABASE_URL: databaseUrl,
		STORAGE_DIR: storageDir,
		LOG_REQUESTS: String(preview),
		RATE_LIMIT_MULTIPLIER: preview ? '1' : '50',
		...(preview ? {} : { CLIENT_IP_HEADER: E2E_CLIENT_IP_HEADER }),
		STRIPE_SECRET_KEY: 'sk_test_e2e',
		STRIPE_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(standInsPort + 1000),
		STRIPE_API_PROTOCOL: 'http',
		SESSION_SECRET: E2E_SESSION_SECRET,
		GOOGLE_CLIENT_ID: 'e2e-google-client',
		GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
		ADMIN_EMAILS: 'owner@example.com',
		// A staff account (decision 071): the phone-order tests sign in as it.
		STAFF_EMAILS: 'staff@example.com',
		GOOGLE_OAUTH_TEST_SERVER: `http://127.0.0.1:${standInsPort + 2000}`,
		SMTP_URL: `smtp://127.0.0.1:${standInsPort + 3000}`,
		MAIL_FROM: 'Doce Dulce Bakery <orders@docedulce.example>',
		TWILIO_ACCOUNT_SID: E2E_TWILIO_ACCOUNT_SID,
		TWILIO_AUTH_TOKEN: E2E_TWILIO_AUTH_TOKEN,
		TWILIO_FROM: E2E_TWILIO_FROM,
		TWILIO_WHATSAPP_FROM: '+14255550101',
		TWILIO_API_URL: `http://127.0.0.1:${standInsPort + 4000}`,
	}
}
