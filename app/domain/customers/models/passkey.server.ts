import { isUniqueViolation, prisma } from '~/utils/db.server'
import { openCustomerSession } from './customer.server'

/** What a challenge is for (decision 066): registering needs a customer session, signing in has none yet. */
export type PasskeyPurpose = 'register' | 'sign-in'

/** Stores a challenge for one use until `expiresAt`; a registration's goes with the session that asked for it. */
export async function createPasskeyChallenge(input: {
	id: string
	challenge: string
	purpose: PasskeyPurpose
	sessionId: string | null
	expiresAt: Date
}) {
	await prisma.passkeyChallenge.create({ data: input })
}

/**
 * Takes a challenge out, whatever happens next (one use): the challenge when `id` names one for this purpose and
 * session and it has not expired, else null. Two requests racing for it: one DELETE returns the row.
 */
export async function takePasskeyChallenge(
	id: string,
	purpose: PasskeyPurpose,
	sessionId: string | null,
	now = new Date(),
): Promise<string | null> {
	const [row] = await prisma.$queryRaw<Array<{ challenge: string; expiresAt: Date }>>`
		DELETE FROM "PasskeyChallenge"
		WHERE "id" = ${id} AND "purpose" = ${purpose} AND "sessionId" IS NOT DISTINCT FROM ${sessionId}
		RETURNING "challenge", "expiresAt"`
	return row && row.expiresAt > now ? row.challenge : null
}

/** Housekeeping: challenges past their expiry (a browser that never answered). */
export async function deleteExpiredPasskeyChallenges(now = new Date()) {
	const { count } = await prisma.passkeyChallenge.deleteMany({ where: { expiresAt: { lt: now } } })
	return count
}

/** A customer's passkeys, newest first: what the account page lists and what registration must not repeat. */
export function listCustomerPasskeys(customerId: string) {
	return prisma.customerPasskey.findMany({
		where: { customerId },
		orderBy: { createdAt: 'desc' },
		select: { id: true, name: true, transports: true, createdAt: true, lastUsedAt: true },
	})
}

/** 'duplicate' when the credential id is stored already (this or another account: never overwritten). */
export async function savePasskey(input: {
	id: string
	customerId: string
	publicKey: Uint8Array
	counter: number
	transports: string[]
	deviceType: string
	backedUp: boolean
	name: string
}): Promise<'saved' | 'duplicate'> {
	try {
		await prisma.customerPasskey.create({
			data: { ...input, publicKey: Buffer.from(input.publicKey), counter: BigInt(input.counter) },
		})
		return 'saved'
	} catch (error) {
		if (isUniqueViolation(error)) return 'duplicate'
		throw error
	}
}

/** A stored credential with its account's id and address, or null. */
export async function findPasskey(id: string) {
	const passkey = await prisma.customerPasskey.findUnique({
		where: { id },
		select: {
			id: true,
			publicKey: true,
			counter: true,
			transports: true,
			customer: { select: { id: true, email: true } },
		},
	})
	return passkey && { ...passkey, publicKey: new Uint8Array(passkey.publicKey), counter: Number(passkey.counter) }
}

/**
 * A verified passkey assertion, in one transaction: the counter moves from the value it was checked against to the
 * new one (a second sign-in racing with the same counter changes nothing and gets false), and the customer's
 * session opens as a code sign-in opens it.
 */
export async function signInWithPasskey(input: {
	passkeyId: string
	customerId: string
	email: string
	checkedCounter: number
	newCounter: number
	sessionId: string
	now?: Date
}): Promise<boolean> {
	const now = input.now ?? new Date()
	return prisma.$transaction(async (tx) => {
		const { count } = await tx.customerPasskey.updateMany({
			where: { id: input.passkeyId, customerId: input.customerId, counter: BigInt(input.checkedCounter) },
			data: { counter: BigInt(input.newCounter), lastUsedAt: now },
		})
		if (count !== 1) return false
		await openCustomerSession(tx, { customerId: input.customerId, email: input.email, sessionId: input.sessionId, now })
		return true
	})
}

/** Removes one of the customer's own passkeys: false when the customer has none with that id. */
export async function deletePasskey(customerId: string, id: string) {
	const { count } = await prisma.customerPasskey.deleteMany({ where: { id, customerId } })
	return count === 1
}
