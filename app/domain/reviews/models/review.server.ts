import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { orderNumber } from '~/domain/orders/index.server'

/** The owner's order; reviews with the same position newest first, then by id so the order never wavers. */
const reviewOrder = [{ position: 'asc' as const }, { createdAt: 'desc' as const }, { id: 'asc' as const }]

/** Approved reviews for /reviews and the site's structured data, in the owner's order. */
export function listReviews() {
	return prisma.review.findMany({
		where: { status: 'APPROVED' },
		select: { id: true, name: true, comment: true, rating: true },
		orderBy: reviewOrder,
	})
}

export interface ReviewFields {
	name: string
	rating: number
	comment: string
}

/** A position above every review: new and newly approved reviews open the page (the owner moves them). */
async function topPosition(tx: Prisma.TransactionClient) {
	const first = await tx.review.aggregate({ _min: { position: true } })
	return (first._min.position ?? 0) - 1
}

/** A customer's review from an invitation, awaiting the owner's approval (the caller holds the invitation). */
export async function createCustomerReviewIn(tx: Prisma.TransactionClient, orderId: string, fields: ReviewFields) {
	return tx.review.create({
		data: { ...fields, orderId, status: 'PENDING', source: 'CUSTOMER', position: await topPosition(tx) },
		select: { id: true },
	})
}

// --- Admin (requireAdmin is checked by the calling route) ---

const adminSelect = {
	id: true,
	name: true,
	comment: true,
	rating: true,
	status: true,
	source: true,
	orderId: true,
	createdAt: true,
	updatedAt: true,
} as const

/** Every review: those awaiting approval first (newest first), then the rest in the public order. */
export async function listReviewsForAdmin() {
	const [pending, rest] = await Promise.all([
		prisma.review.findMany({
			where: { status: 'PENDING' },
			select: adminSelect,
			orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
		}),
		prisma.review.findMany({ where: { status: { not: 'PENDING' } }, select: adminSelect, orderBy: reviewOrder }),
	])
	return [...pending, ...rest].map((review) => ({
		...review,
		orderNumber: review.orderId ? orderNumber(review.orderId) : null,
	}))
}

export type AdminReview = Awaited<ReturnType<typeof listReviewsForAdmin>>[number]

export function findReviewForAdmin(id: string) {
	return prisma.review.findUnique({ where: { id }, select: adminSelect })
}

export function countPendingReviews() {
	return prisma.review.count({ where: { status: 'PENDING' } })
}

/** A review the owner typed in (e.g. copied from Google): shown at once, at the top of the page. */
export function createOwnerReview(fields: ReviewFields) {
	return prisma.$transaction(async (tx) =>
		tx.review.create({
			data: { ...fields, status: 'APPROVED', source: 'OWNER', position: await topPosition(tx) },
			select: { id: true },
		}),
	)
}

/** Corrects a review's name, rating or words; false when it is gone. */
export async function updateReview(id: string, fields: ReviewFields) {
	const { count } = await prisma.review.updateMany({ where: { id }, data: fields })
	return count > 0
}

/**
 * Shows or hides a review; false when it is gone. A review approved for the first time goes to the top
 * of the page, as a new one would; showing a hidden one again keeps its place.
 */
export function setReviewStatus(id: string, status: 'APPROVED' | 'HIDDEN') {
	return prisma.$transaction(async (tx) => {
		const review = await tx.review.findUnique({ where: { id }, select: { status: true } })
		if (!review) return false
		const firstApproval = review.status === 'PENDING' && status === 'APPROVED'
		await tx.review.update({
			where: { id },
			data: { status, ...(firstApproval ? { position: await topPosition(tx) } : {}) },
		})
		return true
	})
}

/**
 * Swaps a shown or hidden review with its neighbour and renumbers them 0…n-1 in one transaction
 * (reviews awaiting approval have no place yet); false when it cannot move.
 */
export function moveReview(id: string, direction: 'up' | 'down') {
	return prisma.$transaction(async (tx) => {
		const rows = await tx.review.findMany({
			where: { status: { not: 'PENDING' } },
			select: { id: true, position: true },
			orderBy: reviewOrder,
		})
		const ids = rows.map((row) => row.id)
		const from = ids.indexOf(id)
		const to = direction === 'up' ? from - 1 : from + 1
		if (from === -1 || to < 0 || to >= ids.length) return false
		;[ids[from], ids[to]] = [ids[to]!, ids[from]!]
		const current = new Map(rows.map((row) => [row.id, row.position]))
		for (const [position, rowId] of ids.entries()) {
			if (current.get(rowId) !== position) await tx.review.update({ where: { id: rowId }, data: { position } })
		}
		return true
	})
}

export async function deleteReview(id: string) {
	const { count } = await prisma.review.deleteMany({ where: { id } })
	return count > 0
}
