import crypto from 'node:crypto'
import { createCookie, createSessionStorage, type Session } from '@remix-run/node'
import {
	deleteSessionData,
	readSessionData,
	storeSessionData,
	updateSessionData,
	type SessionData,
} from '~/domain/admin-auth/models/session-store.server'
import { getEnv } from '~/utils/env.server'
import { withOutagePolicy } from '~/utils/outage.server'

const SESSION_TTL_SECONDS = 8 * 60 * 60
const DEV_SESSION_SECRET = 'development-only-session-secret-never-used-in-production'

/** Signs every cookie the site sets. The env schema makes SESSION_SECRET mandatory in production. */
export function cookieSecrets() {
	return [getEnv().SESSION_SECRET ?? DEV_SESSION_SECRET]
}

function createStorage() {
	const cookie = createCookie('__bakery_session', {
		httpOnly: true,
		sameSite: 'lax',
		secure: getEnv().NODE_ENV === 'production',
		path: '/',
		maxAge: SESSION_TTL_SECONDS,
		secrets: cookieSecrets(),
	})
	const expiry = (expires?: Date) => expires ?? new Date(Date.now() + SESSION_TTL_SECONDS * 1000)
	return createSessionStorage<SessionData>({
		cookie,
		async createData(data, expires) {
			const id = crypto.randomBytes(32).toString('base64url')
			await storeSessionData(id, data, expiry(expires))
			return id
		},
		readData: readSessionData,
		updateData: (id, data, expires) => updateSessionData(id, data, expiry(expires)),
		deleteData: deleteSessionData,
	})
}

let storage: ReturnType<typeof createStorage> | undefined

/**
 * Server-side sessions, for signed-in admins only: the signed cookie carries a random id, the data
 * lives in Postgres. Nothing before a successful sign-in writes a row (auth.server.ts keeps the
 * sign-in round trip in cookies).
 */
export function getSessionStorage() {
	storage ??= createStorage()
	return storage
}

/** Every admin request reads its session first: a database outage there is a 503 (the outage policy). */
export function getSession(request: Request) {
	return withOutagePolicy(() => getSessionStorage().getSession(request.headers.get('Cookie')))
}

export function commitSession(session: Session) {
	return getSessionStorage().commitSession(session)
}

export function destroySession(session: Session) {
	return getSessionStorage().destroySession(session)
}
