import { createCustomerReviewIn, type ReviewFields } from './review.server'
import { prisma } from '~/utils/db.server'
import { REVIEW_INVITATION_DAYS } from '~/domain/reviews/review-rating'
import { readReviewToken, signReviewToken } from '~/domain/reviews/review-token.server'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The order's review invitation (created on the first call; later calls return the same link), as
 * the path of the review form: `/review/<token>`. Throws when the order does not exist.
 */
export async function createReviewInvitation(orderId: string) {
	const now = new Date()
	const invitation = await prisma.reviewInvitation.upsert({
		where: { orderId },
		create: { orderId, createdAt: now, expiresAt: new Date(now.getTime() + REVIEW_INVITATION_DAYS * DAY_MS) },
		update: {},
		select: { id: true },
	})
	return `/review/${signReviewToken(invitation.id)}`
}

/** The absolute review link for the order's "Tell us how it was" mail; `origin` is siteOrigin(). */
export async function reviewUrlFor(orderId: string, origin: string): Promise<string> {
	return `${origin}${await createReviewInvitation(orderId)}`
}

/** Why a link no longer opens the form. */
export type ClosedInvitation = 'invalid' | 'expired' | 'used'

async function findInvitation(token: string) {
	const invitationId = readReviewToken(token)
	if (!invitationId) return null
	return prisma.reviewInvitation.findUnique({
		where: { id: invitationId },
		select: { id: true, orderId: true, expiresAt: true, usedAt: true, order: { select: { customerName: true } } },
	})
}

function closedReason(invitation: { expiresAt: Date; usedAt: Date | null } | null, now: Date): ClosedInvitation | null {
	if (!invitation) return 'invalid'
	if (invitation.usedAt) return 'used'
	if (invitation.expiresAt <= now) return 'expired'
	return null
}

/** An open invitation with the customer's first name (the form's suggested display name), or why it is closed. */
export async function readReviewInvitation(token: string, now = new Date()) {
	const invitation = await findInvitation(token)
	const closed = closedReason(invitation, now)
	if (closed || !invitation) return { open: false, reason: closed ?? 'invalid' } as const
	const firstName = invitation.order.customerName.trim().split(/\s+/)[0] ?? ''
	return { open: true, firstName } as const
}

/**
 * Stores the customer's review, awaiting approval, and uses up the invitation in the same transaction.
 * The invitation is claimed by a conditional update, so of two submissions with one link exactly one
 * stores a review; the other learns the link was used.
 */
export async function submitInvitedReview(
	token: string,
	fields: ReviewFields,
	now = new Date(),
): Promise<{ stored: true } | { stored: false; reason: ClosedInvitation }> {
	const invitation = await findInvitation(token)
	const closed = closedReason(invitation, now)
	if (closed || !invitation) return { stored: false, reason: closed ?? 'invalid' }
	return prisma.$transaction(async (tx) => {
		const { count } = await tx.reviewInvitation.updateMany({
			where: { id: invitation.id, usedAt: null, expiresAt: { gt: now } },
			data: { usedAt: now },
		})
		if (count === 0) return { stored: false, reason: 'used' } as const
		await createCustomerReviewIn(tx, invitation.orderId, fields)
		return { stored: true } as const
	})
}
