import type { Prisma } from '~/generated/prisma/client'
import { enqueueMail } from '~/domain/mail/index.server'
import { prisma } from '~/utils/db.server'
import { SIGN_IN_CODE_MAX_ATTEMPTS, SIGN_IN_CODE_TTL_SECONDS } from '../sign-in-rules'

/** What a typed code is, checked against the address's newest code. Never says whether an account exists. */
export type CodeCheck =
	{ outcome: 'match' } | { outcome: 'wrong'; attemptsLeft: number } | { outcome: 'exhausted' } | { outcome: 'expired' }

/**
 * Stores a new code for an address and queues its mail, in one transaction: the older open codes of the
 * address stop working. `codeHash` and `sealedCode` come from sign-in-code-crypto.server.ts.
 */
export async function issueSignInCode(input: { email: string; codeHash: string; sealedCode: string; locale: string }) {
	const now = new Date()
	return prisma.$transaction(async (tx) => {
		await tx.customerSignInCode.updateMany({
			where: { email: input.email, usedAt: null, supersededAt: null },
			data: { supersededAt: now, sealedCode: null },
		})
		const code = await tx.customerSignInCode.create({
			data: { ...input, createdAt: now, expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_SECONDS * 1000) },
			select: { id: true },
		})
		await enqueueMail(tx, { kind: 'customer-sign-in-code', codeId: code.id })
		return code.id
	})
}

function newestOpenCode(client: Prisma.TransactionClient | typeof prisma, email: string) {
	return client.customerSignInCode.findFirst({
		where: { email, supersededAt: null },
		orderBy: { createdAt: 'desc' },
		select: { id: true, codeHash: true, attempts: true, expiresAt: true, usedAt: true },
	})
}

/**
 * A typed code against the address's newest code. A wrong one spends a try (a conditional update, so two
 * racing guesses cannot both spend the last one); the right one is only recognised here and spent by
 * `spendSignInCode` once the browser's own copy (the TOTP strategy's cookie) agrees.
 */
export async function checkSignInCode(email: string, codeHash: string, now = new Date()): Promise<CodeCheck> {
	const code = await newestOpenCode(prisma, email)
	if (!code || code.usedAt || code.expiresAt <= now) return { outcome: 'expired' }
	if (code.attempts >= SIGN_IN_CODE_MAX_ATTEMPTS) return { outcome: 'exhausted' }
	if (code.codeHash === codeHash) return { outcome: 'match' }
	const spent = await prisma.customerSignInCode.updateMany({
		where: { id: code.id, usedAt: null, attempts: { lt: SIGN_IN_CODE_MAX_ATTEMPTS } },
		data: { attempts: { increment: 1 } },
	})
	if (spent.count === 0) return { outcome: 'exhausted' }
	const attemptsLeft = SIGN_IN_CODE_MAX_ATTEMPTS - code.attempts - 1
	return attemptsLeft > 0 ? { outcome: 'wrong', attemptsLeft } : { outcome: 'exhausted' }
}

/** Spends the code once: true for exactly one caller while it is the newest, unexpired, unused one with tries left. */
export async function spendSignInCode(
	tx: Prisma.TransactionClient,
	email: string,
	codeHash: string,
	now = new Date(),
): Promise<boolean> {
	const { count } = await tx.customerSignInCode.updateMany({
		where: {
			email,
			codeHash,
			usedAt: null,
			supersededAt: null,
			expiresAt: { gt: now },
			attempts: { lt: SIGN_IN_CODE_MAX_ATTEMPTS },
		},
		data: { usedAt: now, sealedCode: null },
	})
	return count === 1
}

/** The code's mail: null once it was used, replaced or expired (a late mail would only confuse). */
export async function findSignInCodeForMail(id: string, now = new Date()) {
	const code = await prisma.customerSignInCode.findUnique({
		where: { id },
		select: { email: true, sealedCode: true, locale: true, expiresAt: true, usedAt: true, supersededAt: true },
	})
	if (!code?.sealedCode || code.usedAt || code.supersededAt || code.expiresAt <= now) return null
	return { email: code.email, sealedCode: code.sealedCode, locale: code.locale }
}

/** Housekeeping: codes a day past their expiry go. */
export async function deleteOldSignInCodes(now = new Date()) {
	const { count } = await prisma.customerSignInCode.deleteMany({
		where: { expiresAt: { lt: new Date(now.getTime() - 24 * 60 * 60 * 1000) } },
	})
	return count
}
