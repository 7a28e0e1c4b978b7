import crypto from 'node:crypto'
import { createCookie, createSessionStorage, type Session } from '@remix-run/node'
import type { Prisma } from '~/generated/prisma/client'
import { prisma } from './db.server'
import { getEnv } from './env.server'

export const SESSION_TTL_SECONDS = 8 * 60 * 60
const DEV_SESSION_SECRET = 'development-only-session-secret-never-used-in-production'

function createStorage() {
	const env = getEnv()
	const cookie = createCookie('__bakery_session', {
		httpOnly: true,
		sameSite: 'lax',
		secure: env.NODE_ENV === 'production',
		path: '/',
		maxAge: SESSION_TTL_SECONDS,
		// The env schema makes SESSION_SECRET mandatory in production.
		secrets: [env.SESSION_SECRET ?? DEV_SESSION_SECRET],
	})
	const expiry = (expires?: Date) => expires ?? new Date(Date.now() + SESSION_TTL_SECONDS * 1000)
	return createSessionStorage({
		cookie,
		async createData(data, expires) {
			const id = crypto.randomBytes(32).toString('base64url')
			await prisma.session.create({ data: { id, data: data as Prisma.InputJsonValue, expiresAt: expiry(expires) } })
			return id
		},
		async readData(id) {
			const row = await prisma.session.findUnique({ where: { id } })
			if (!row || row.expiresAt <= new Date()) return null
			return row.data as Record<string, unknown>
		},
		async updateData(id, data, expires) {
			await prisma.session.updateMany({
				where: { id },
				data: { data: data as Prisma.InputJsonValue, expiresAt: expiry(expires) },
			})
		},
		async deleteData(id) {
			await prisma.session.deleteMany({ where: { id } })
		},
	})
}

let storage: ReturnType<typeof createStorage> | undefined

/** Server-side sessions: the signed cookie carries only a random id; the data lives in Postgres. */
export function getSessionStorage() {
	storage ??= createStorage()
	return storage
}

export function getSession(request: Request) {
	return getSessionStorage().getSession(request.headers.get('Cookie'))
}

export function commitSession(session: Session) {
	return getSessionStorage().commitSession(session)
}

export function destroySession(session: Session) {
	return getSessionStorage().destroySession(session)
}

/** Removes sessions past their expiry (run opportunistically at sign-in). */
export function deleteExpiredSessions() {
	return prisma.session.deleteMany({ where: { expiresAt: { lt: new Date() } } })
}
