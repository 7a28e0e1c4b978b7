import { z } from 'zod'
import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE } from './cart'

/**
 * What the browser may send to start a checkout: item ids, quantities and who is ordering.
 * Prices, names and images are deliberately absent — the server reads them from the database.
 */
export const customerSchema = z.object({
	name: z.string({ required_error: 'Please enter name and email.' }).trim().min(1, 'Please enter name and email.').max(100),
	email: z
		.string({ required_error: 'Please enter name and email.' })
		.trim()
		.min(1, 'Please enter name and email.')
		.max(254)
		.email('Please enter a valid email address.'),
	phone: z
		.string()
		.trim()
		.max(30)
		.regex(/^[+()\d\s.-]*$/, 'Please enter a valid phone number.')
		.optional()
		.transform((value) => value || undefined),
})

export const checkoutRequestSchema = z.object({
	customer: customerSchema,
	items: z
		.array(
			z.object({
				id: z.string().min(1).max(100),
				quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_LINE),
			}),
		)
		.min(1, 'Your cart is empty.')
		.max(MAX_CART_LINES)
		.refine((items) => new Set(items.map((item) => item.id)).size === items.length, 'Each item may appear once.'),
})

export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>

export const CHECKOUT_FAILED_MESSAGE = 'Checkout failed. Try again.'
