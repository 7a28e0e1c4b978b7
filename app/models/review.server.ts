import { prisma } from '~/utils/db.server'

/** Reviews for the public page, newest first. */
export function listReviews() {
	return prisma.review.findMany({
		select: { id: true, name: true, comment: true },
		orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
	})
}

export type PublicReview = Awaited<ReturnType<typeof listReviews>>[number]
