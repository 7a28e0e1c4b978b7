import { z } from 'zod'

// The browser loads this module (forms, /reviews): nothing server-only here (docs/decisions/020).

export const MAX_RATING = 5

/** How long a "Tell us how it was" link works. */
export const REVIEW_INVITATION_DAYS = 30
export const ratingValues = [5, 4, 3, 2, 1] as const

/** What a screen reader says for a rating, and the visible text beside the stars. */
export function ratingLabel(rating: number) {
	return `${rating} out of ${MAX_RATING} stars`
}

/** The average of the ratings to one decimal (4.8), or null without any. */
export function averageRating(ratings: readonly number[]) {
	if (ratings.length === 0) return null
	return Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 10) / 10
}

const ratingMessage = 'Please choose a rating from 1 to 5 stars.'

/** A review's fields, for the owner's form and the customer's (one schema for the browser and the server). */
export const reviewSchema = z.object({
	rating: z
		.number({ required_error: ratingMessage, invalid_type_error: ratingMessage })
		.int(ratingMessage)
		.min(1, ratingMessage)
		.max(MAX_RATING, ratingMessage),
	comment: z
		.string({ required_error: 'Please write a few words about your visit.' })
		.trim()
		.min(1, 'Please write a few words about your visit.')
		.max(2000, 'Please keep the review under 2,000 characters.'),
	name: z
		.string({ required_error: 'Please enter the name to show with the review.' })
		.trim()
		.min(1, 'Please enter the name to show with the review.')
		.max(60, 'Please keep the name under 60 characters.'),
})

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
