import { describe, expect, it } from 'vitest'
import { averageRating, ratingLabel } from './review-rating'
import { reviewSchema } from './review-schemas'

describe('ratings in words', () => {
	it('says the rating, not just stars', () => {
		expect(ratingLabel(5)).toBe('5 out of 5 stars')
		expect(ratingLabel(4.8)).toBe('4.8 out of 5 stars')
	})

	it('averages to one decimal, and has no average without ratings', () => {
		expect(averageRating([5, 5, 4])).toBe(4.7)
		expect(averageRating([5, 4, 5, 5, 5, 4, 5, 5, 5, 5])).toBe(4.8)
		expect(averageRating([])).toBeNull()
	})
})

describe('the review form', () => {
	it('accepts whole stars from 1 to 5 only', () => {
		const valid = { comment: 'Lovely.', name: 'Ana' }
		expect(reviewSchema.safeParse({ ...valid, rating: 1 }).success).toBe(true)
		expect(reviewSchema.safeParse({ ...valid, rating: 5 }).success).toBe(true)
		for (const rating of [0, 6, 4.5, undefined]) {
			expect(reviewSchema.safeParse({ ...valid, rating }).success).toBe(false)
		}
	})
})
