import { z } from 'zod'
import { chosenOptionsSchema, customerSchema } from '~/domain/orders/checkout'
import { TEXTS_NEED_PHONE, textsNeedPhone } from '~/domain/texts/consent'

/** The most of one item a waitlist entry asks for (the database's CHECK says the same). */
export const MAX_WAITLIST_QUANTITY = 99

/**
 * The line the page is about (its option answers: a JSON field), from its address (`?item=…&quantity=…&choices=…`)
 * or its form's hidden fields.
 */
export const waitlistLineSchema = z.object({
	item: z.string().min(1).max(100),
	quantity: z.coerce.number().int().min(1).max(MAX_WAITLIST_QUANTITY).catch(1),
	choices: z
		.string()
		.max(4000)
		.optional()
		.transform((value, ctx) => {
			if (!value) return []
			try {
				return chosenOptionsSchema.parse(JSON.parse(value))
			} catch {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'shop.waitlistUnavailable' })
				return z.NEVER
			}
		}),
})

/** The form's value for one full time of a day: the day, then the slot's start (an ISO instant). */
export function waitlistTimeValue(date: string, pickupAt: string) {
	return `${date}@${pickupAt}`
}

/** The day and, for a full time, the time a `date` field's value waits for. */
export function waitlistWhen(value: string) {
	const [pickupDate, pickupAt] = value.split('@') as [string, string | undefined]
	return { pickupDate, pickupAt }
}

/**
 * The waitlist form (decision 091): the line, the day, who to tell and how. The server checks the day is one a place
 * can free up on; texting the offer needs a number a text can reach.
 */
export const waitlistFormSchema = waitlistLineSchema
	.extend({
		/** A sold-out day ('YYYY-MM-DD': any time of it), or one full time of a day (`waitlistTimeValue`). */
		date: z
			.string({ required_error: 'shop.waitlistChooseDate' })
			.max(60, 'shop.waitlistChooseDate')
			.regex(/^\d{4}-\d{2}-\d{2}(@[0-9T:.Z-]+)?$/, 'shop.waitlistChooseDate')
			.refine(
				(value) => !value.includes('@') || !Number.isNaN(Date.parse(value.split('@')[1]!)),
				'shop.waitlistChooseDate',
			),
		customer: customerSchema,
		textOffer: z
			.literal('on')
			.optional()
			.transform((value) => value === 'on'),
	})
	.superRefine((value, ctx) => {
		if (textsNeedPhone({ textsOptIn: value.textOffer, phone: value.customer.phone })) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['customer', 'phone'], message: TEXTS_NEED_PHONE })
		}
	})
