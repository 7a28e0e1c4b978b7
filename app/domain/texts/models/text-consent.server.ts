/**
 * Consent to texts, one row per phone number (decision 074): what the customer agreed to (the words they read, in
 * their language, and the wording's version), when, where, and a digest of the client that sent it.
 */
import crypto from 'node:crypto'
import type { Prisma } from '~/generated/prisma/client'
import type { TextChannel } from '~/generated/prisma/enums'
import { prisma } from '~/utils/db.server'

/** 'phone': staff read the wording to the customer on a phone order and ticked their yes (decision 075). */
type ConsentSource = 'checkout' | 'account' | 'phone'
export type WithdrawnBy = 'keyword' | 'account' | 'provider'

export interface ConsentGrant {
	/** E.164. */
	phone: string
	channel: TextChannel
	wording: string
	version: string
	source: ConsentSource
	/** The rate limits' client key (an address): only its digest is kept. */
	client?: string | null
	userAgent?: string | null
	/** Source 'phone': the staff member's e-mail, in place of a client. */
	recordedBy?: string | null
}

/** Enough to tell two consents from the same client apart from others, never the address itself. */
function clientDigest(client: string) {
	return crypto.createHash('sha256').update(`text-consent-client:${client}`).digest('base64url').slice(0, 22)
}

function grantData(grant: ConsentGrant) {
	return {
		channel: grant.channel,
		wording: grant.wording,
		version: grant.version,
		source: grant.source,
		grantedAt: new Date(),
		clientDigest: grant.client ? clientDigest(grant.client) : null,
		userAgent: grant.userAgent?.slice(0, 300) ?? null,
		recordedBy: grant.recordedBy ?? null,
		withdrawnAt: null,
		withdrawnBy: null,
	}
}

/** Records (or renews, with the newest words and channel) a number's consent. */
export async function grantTextConsent(grant: ConsentGrant, db: Prisma.TransactionClient = prisma) {
	const data = grantData(grant)
	await db.textConsent.upsert({ where: { phone: grant.phone }, create: { phone: grant.phone, ...data }, update: data })
}

/** STOP, the account's switch, or the provider saying the number opted out. True when a standing consent ended. */
export async function withdrawTextConsent(phone: string, by: WithdrawnBy) {
	const { count } = await prisma.textConsent.updateMany({
		where: { phone, withdrawnAt: null },
		data: { withdrawnAt: new Date(), withdrawnBy: by },
	})
	return count > 0
}

/**
 * START: a number that withdrew gets its consent back, as it was given (its words and version); a number that never
 * agreed gets nothing (a text from a stranger is not an opt-in to order texts).
 */
export async function restoreTextConsent(phone: string) {
	const { count } = await prisma.textConsent.updateMany({
		where: { phone, withdrawnAt: { not: null } },
		data: { withdrawnAt: null, withdrawnBy: null, grantedAt: new Date() },
	})
	return count > 0
}

/** The number's standing consent and its channel, or null (never given, or withdrawn). */
function currentTextConsent(phone: string, db: Prisma.TransactionClient = prisma) {
	return db.textConsent.findFirst({ where: { phone, withdrawnAt: null }, select: { channel: true } })
}

/**
 * The channel a text goes by: the number's standing consent's; for a one-off text (asked for, a waitlist's offer, or a
 * gift card's), the given channel unless the number sent STOP. Null: it must not be sent.
 */
export async function channelForText(
	phone: string,
	oneOff: { channel: TextChannel; kind: 'requested' | 'gift-card' | 'waitlist' } | null,
	db: Prisma.TransactionClient = prisma,
) {
	const consent = await currentTextConsent(phone, db)
	if (consent) return consent.channel
	if (!oneOff) return null
	// A phone order's link goes even after STOP: the customer asked for it on the phone (decision 075).
	if (oneOff.kind === 'requested') return oneOff.channel
	const withdrawn = await db.textConsent.findFirst({
		where: { phone, withdrawnAt: { not: null } },
		select: { phone: true },
	})
	return withdrawn ? null : oneOff.channel
}

/** The number's consent as the customer's account shows it. */
export function findTextConsent(phone: string) {
	return prisma.textConsent.findUnique({
		where: { phone },
		select: { channel: true, grantedAt: true, withdrawnAt: true },
	})
}
