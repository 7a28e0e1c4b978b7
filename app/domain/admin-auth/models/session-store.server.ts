import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'

export type SessionData = Record<string, unknown>

/** The storage behind app/domain/admin-auth/session.server.ts: one row per signed-in admin. */
export async function storeSessionData(id: string, data: SessionData, expiresAt: Date) {
	await prisma.session.create({ data: { id, data: data as Prisma.InputJsonValue, expiresAt } })
}

/** The session's data, or null when it is unknown or past its expiry. */
export async function readSessionData(id: string) {
	const row = await prisma.session.findUnique({ where: { id }, select: { data: true, expiresAt: true } })
	if (!row || row.expiresAt <= new Date()) return null
	return row.data as SessionData
}

export async function updateSessionData(id: string, data: SessionData, expiresAt: Date) {
	await prisma.session.updateMany({ where: { id }, data: { data: data as Prisma.InputJsonValue, expiresAt } })
}

export async function deleteSessionData(id: string) {
	await prisma.session.deleteMany({ where: { id } })
}

/** Removes every session past its expiry; returns how many went. */
export async function deleteExpiredSessions() {
	const { count } = await prisma.session.deleteMany({ where: { expiresAt: { lt: new Date() } } })
	return count
}
