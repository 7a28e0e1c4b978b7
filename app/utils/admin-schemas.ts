import { z } from 'zod'
import { menuCategories } from '~/utils/menu-categories'
import { parsePriceToCents } from '~/utils/money'
import { imageFileField, ownerImageUpload } from './upload-rules'

const categoryValues = menuCategories.map((category) => category.value) as [
	(typeof menuCategories)[number]['value'],
	...(typeof menuCategories)[number]['value'][],
]

const imageFile = imageFileField(ownerImageUpload)

export const priceMessage = 'Please enter a price such as 4, 4.5 or $4.50 (at most two decimals).'

/** '4', '4.5', '$4.50' → cents; negatives, words and a third decimal are refused. */
const price = z
	.string({ required_error: 'Please enter a price.' })
	.trim()
	.transform((value, ctx) => {
		const cents = parsePriceToCents(value)
		if (cents === null) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: priceMessage })
			return z.NEVER
		}
		if (cents === 0) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'The price must be more than $0.00.' })
			return z.NEVER
		}
		return cents
	})

const menuItemDetails = {
	name: z
		.string({ required_error: 'Please enter the item’s name.' })
		.trim()
		.min(1, 'Please enter the item’s name.')
		.max(100, 'Please keep the name under 100 characters.'),
	description: z.string().trim().max(1000, 'Please keep the description under 1,000 characters.').optional(),
	price,
	category: z.enum(categoryValues, { errorMap: () => ({ message: 'Please choose one of the four categories.' }) }),
	imageAlt: z.string().trim().max(200, 'Please keep the image description under 200 characters.').optional(),
}

/** The Upload Menu Item form (one schema for the browser and the server). */
export const uploadMenuItemSchema = z.object({ ...menuItemDetails, image: imageFile })

/** Editing an item on /admin/menu/:id: every field, and optionally a new image. */
export const editMenuItemSchema = z.object({
	...menuItemDetails,
	image: imageFile.optional(),
	orderable: z.boolean().optional(),
	soldOut: z.boolean().optional(),
	sortOrder: z
		.number({ required_error: 'Please enter a position.', invalid_type_error: 'Please enter a whole number.' })
		.int('Please enter a whole number.')
		.min(-9999, 'Please enter a number from -9999 to 9999.')
		.max(9999, 'Please enter a number from -9999 to 9999.'),
})

/** A picture for the public gallery: the description is required (it is the image's alt text). */
export const galleryUploadSchema = z.object({
	image: imageFile,
	alt: z
		.string({ required_error: 'Please describe the picture for people who can’t see it.' })
		.trim()
		.min(1, 'Please describe the picture for people who can’t see it.')
		.max(200, 'Please keep the description under 200 characters.'),
})
