import { z } from 'zod'
import { parsePriceToCents } from '~/utils/money'

/**
 * The wallet's forms. The owner's screens are English only, so their messages are words; the customers' pages
 * carry message keys (the `giftCards` section of the locales) that `FieldErrors` translates.
 */

/** A card the owner issues, or credit they give: from $1 to $1,000 (a typo of $10,000 is refused). */
const OWNER_AMOUNT_MIN_CENTS = 100
const OWNER_AMOUNT_MAX_CENTS = 100_000

const ownerAmount = z
	.string({ required_error: 'Please enter an amount.' })
	.trim()
	.transform((value, ctx) => {
		const cents = parsePriceToCents(value)
		if (cents === null || cents < OWNER_AMOUNT_MIN_CENTS || cents > OWNER_AMOUNT_MAX_CENTS) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				message: 'Please enter an amount from $1 to $1,000, such as 25 or 25.50.',
			})
			return z.NEVER
		}
		return cents
	})

export const issueGiftCardSchema = z.object({
	amount: ownerAmount,
	source: z.enum(['SHOP', 'PROMOTION'], { message: 'Please say whether it was sold in the shop or is a promotion.' }),
	issuedTo: z.string().trim().max(200, 'At most 200 characters.').default(''),
	note: z.string().trim().max(500, 'A note can be at most 500 characters.').default(''),
})

export const voidGiftCardSchema = z.object({
	reason: z
		.string({ required_error: 'Please say why the card is voided.' })
		.trim()
		.min(3, 'Please say why the card is voided.')
		.max(500, 'At most 500 characters.'),
})

export const storeCreditSchema = z.object({
	amount: ownerAmount,
	reason: z.enum(['refund', 'goodwill'], { message: 'Please pick a reason.' }),
	note: z.string().trim().max(500, 'A note can be at most 500 characters.').default(''),
})
