import { z } from 'zod'
import { MAX_RATING } from './review-rating'

interface ReviewMessages {
	rating: string
	commentRequired: string
	commentTooLong: string
	nameRequired: string
	nameTooLong: string
}

function reviewSchemaWith(messages: ReviewMessages) {
	const ratingMessage = messages.rating
	return z.object({
		rating: z
			.number({ required_error: ratingMessage, invalid_type_error: ratingMessage })
			.int(ratingMessage)
			.min(1, ratingMessage)
			.max(MAX_RATING, ratingMessage),
		comment: z
			.string({ required_error: messages.commentRequired })
			.trim()
			.min(1, messages.commentRequired)
			.max(2000, messages.commentTooLong),
		name: z
			.string({ required_error: messages.nameRequired })
			.trim()
			.min(1, messages.nameRequired)
			.max(60, messages.nameTooLong),
	})
}

/** A review's fields, for the owner's form (English: the admin is the owner's language). */
export const reviewSchema = reviewSchemaWith({
	rating: 'Please choose a rating from 1 to 5 stars.',
	commentRequired: 'Please write a few words about your visit.',
	commentTooLong: 'Please keep the review under 2,000 characters.',
	nameRequired: 'Please enter the name to show with the review.',
	nameTooLong: 'Please keep the name under 60 characters.',
})

/**
 * The same fields for the customer's form reached from the review mail: its messages are keys
 * (app/locales/<language>/requests.json; English exactly as above), one schema for browser and server.
 */
export const invitedReviewSchema = reviewSchemaWith({
	rating: 'requests.reviewRatingRequired',
	commentRequired: 'requests.reviewCommentRequired',
	commentTooLong: 'requests.reviewCommentTooLong',
	nameRequired: 'requests.reviewNameRequired',
	nameTooLong: 'requests.reviewNameTooLong',
})
