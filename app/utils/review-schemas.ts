import { z } from 'zod'
import { MAX_RATING } from './review-rating'

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
