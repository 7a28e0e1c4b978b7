import type { FieldMetadata } from '@conform-to/react'
import { RatingField } from '~/components/review-rating'
import { TextareaField, TextField } from '~/components/ui/forms'

export interface ReviewFieldSet {
	name: FieldMetadata<string>
	rating: FieldMetadata<number>
	comment: FieldMetadata<string>
}

/** The reviewer's name, the stars and the words: shared by adding and editing a review. */
export function ReviewFields({ fields }: { fields: ReviewFieldSet }) {
	return (
		<>
			<TextField
				meta={fields.name}
				label="Name shown"
				hint="As the reviewer signs, e.g. “Mariana S.”"
				autoComplete="off"
			/>
			<RatingField meta={fields.rating} legend="Rating" />
			<TextareaField meta={fields.comment} label="Review" rows={5} />
		</>
	)
}
