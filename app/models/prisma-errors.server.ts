// Shared by the models: the only modules that use the Prisma client (README, Architecture).
import { Prisma } from '~/generated/prisma/client'

/** Prisma's P2025: the row to update or delete does not exist (any more). */
export function isRecordNotFound(error: unknown) {
	return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025'
}

/** Prisma's P2002: a unique constraint refused the write (the row already exists). */
export function isUniqueViolation(error: unknown) {
	return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}
