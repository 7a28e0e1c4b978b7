// The browser loads this module (/reviews, the JSON-LD on every page that has it): nothing server-only,
// and nothing heavy (no zod: the home page's bundle includes it). The forms' schema is review-schemas.ts.

export const MAX_RATING = 5
export const ratingValues = [5, 4, 3, 2, 1] as const

/** How long a "Tell us how it was" link works. */
export const REVIEW_INVITATION_DAYS = 30

/** What a screen reader says for a rating, and the visible text beside the stars. */
export function ratingLabel(rating: number) {
	return `${rating} out of ${MAX_RATING} stars`
}

/** The average of the ratings to one decimal (4.8), or null without any. */
export function averageRating(ratings: readonly number[]) {
	if (ratings.length === 0) return null
	return Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 10) / 10
}

interface RatedReview {
	name: string
	rating: number
	comment: string
}

/**
 * The schema.org `aggregateRating` and `review` of the bakery, from the approved reviews; nothing
 * without any (an empty rating is not valid structured data).
 */
export function reviewsJsonLd(reviews: readonly RatedReview[]) {
	const ratingValue = averageRating(reviews.map((review) => review.rating))
	if (ratingValue === null) return {}
	return {
		aggregateRating: {
			'@type': 'AggregateRating',
			ratingValue,
			reviewCount: reviews.length,
			bestRating: MAX_RATING,
			worstRating: 1,
		},
		review: reviews.map((review) => ({
			'@type': 'Review',
			author: { '@type': 'Person', name: review.name },
			reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: MAX_RATING, worstRating: 1 },
			reviewBody: review.comment,
		})),
	}
}
