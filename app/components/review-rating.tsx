import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { FieldErrors } from '~/components/ui/forms'
import { useT } from '~/utils/i18n-react'
import { MAX_RATING, ratingValues } from '~/domain/reviews/review-rating'

/** Filled and empty stars for the eye; the words ("4 out of 5 stars") for everyone. */
export function RatingStars({ rating, className = '' }: { rating: number; className?: string }) {
	const t = useT()
	return (
		<p className={`flex items-center gap-2 ${className}`}>
			<span aria-hidden="true" className="text-xl tracking-wider text-cinnamon">
				{'★'.repeat(rating) + '☆'.repeat(MAX_RATING - rating)}
			</span>
			<span className="text-sm font-semibold">{t('requests.ratingLabel', { rating, max: MAX_RATING })}</span>
		</p>
	)
}

/** The rating as a radio group in a fieldset with a legend: works without JavaScript, every option a real label. */
export function RatingField({ meta, legend }: { meta: FieldMetadata<number>; legend: string }) {
	const t = useT()
	return (
		<fieldset className="mb-2">
			<legend className="font-semibold">{legend}</legend>
			<div className="mt-1 flex flex-wrap gap-2">
				{ratingValues.map((rating) => {
					// Conform gives every radio the field's id: each needs its own for its label.
					const { key, ...props } = getInputProps(meta, { type: 'radio', value: String(rating) })
					const id = `${meta.id}-${rating}`
					return (
						<label
							key={id}
							htmlFor={id}
							className="flex cursor-pointer items-center gap-2 rounded-lg border border-cocoa/30 bg-white px-3 py-2 has-[:checked]:border-cinnamon has-[:checked]:bg-dough has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-cinnamon"
						>
							<input key={key} {...props} id={id} className="accent-cinnamon" />
							<span aria-hidden="true" className="text-cinnamon">
								{'★'.repeat(rating)}
							</span>
							{t('requests.ratingStars', { rating })}
						</label>
					)
				})}
			</div>
			<FieldErrors id={meta.errorId} errors={meta.errors} />
		</fieldset>
	)
}
