import { z } from 'zod'
import { parsePriceToCents } from '~/utils/money'
import { menuCategories } from '~/domain/menu/menu-categories'
import type { MenuCategory } from '~/generated/prisma/enums'

/** Letters, digits and dashes, 3 to 40 of them: what a code may look like (stored in upper case). */
const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,38}[A-Z0-9]$/

const dollars = (message: string) =>
	z
		.string()
		.trim()
		.optional()
		.transform((value, ctx) => {
			if (!value) return null
			const cents = parsePriceToCents(value)
			if (cents === null || cents > 100_000_00) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message })
				return z.NEVER
			}
			return cents
		})

const count = z.preprocess(
	(value) => (value === '' || value === undefined ? null : value),
	z.coerce
		.number()
		.int('Please enter a whole number.')
		.min(1, 'At least 1, or leave it empty.')
		.max(1_000_000)
		.nullable(),
)

const localDate = z
	.string()
	.trim()
	.optional()
	.transform((value, ctx) => {
		if (!value) return null
		if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Please choose a date.' })
			return z.NEVER
		}
		return value
	})

const categoryValues = menuCategories.map((category) => category.value) as [MenuCategory, ...MenuCategory[]]

/**
 * The owner's window and limits of a code (editing keeps its code and its discount: a code customers already hold
 * never changes what it gives). Dates are the bakery's days: from the first day's opening of the day to the end of
 * the last day.
 */
const promoLimitsFields = {
	minimumOrder: dollars('Please enter an amount such as 20 or 20.00.'),
	startsOn: localDate,
	endsOn: localDate,
	maxUses: count,
	maxUsesPerCustomer: count,
	firstOrderOnly: z.boolean().default(false),
}

const windowInOrder = (value: { startsOn: string | null; endsOn: string | null }) =>
	!value.startsOn || !value.endsOn || value.startsOn <= value.endsOn

export const promoLimitsSchema = z
	.object({ id: z.string().min(1).max(100), ...promoLimitsFields })
	.refine(windowInOrder, { path: ['endsOn'], message: 'The last day must be on or after the first day.' })

/** A new code: its discount, what it applies to, and its window and limits. */
export const newPromoCodeSchema = z
	.object({
		code: z
			.string({ required_error: 'Please enter a code.' })
			.trim()
			.transform((value) => value.toUpperCase())
			.pipe(z.string().regex(PROMO_CODE_PATTERN, 'Use 3 to 40 letters, digits or dashes, such as SPRING-10.')),
		kind: z.enum(['PERCENT', 'AMOUNT'], { required_error: 'Choose percent or amount off.' }),
		percentOff: count,
		amountOff: dollars('Please enter an amount such as 5 or 5.00.'),
		categories: z.array(z.enum(categoryValues)).max(categoryValues.length).default([]),
		menuItemIds: z.array(z.string().min(1).max(100)).max(200).default([]),
		...promoLimitsFields,
	})
	.superRefine((value, ctx) => {
		if (value.kind === 'PERCENT' && (value.percentOff === null || value.percentOff > 100)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['percentOff'], message: 'Enter a percent from 1 to 100.' })
		}
		if (value.kind === 'AMOUNT' && !value.amountOff) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['amountOff'], message: 'Enter the amount off.' })
		}
		if (!windowInOrder(value)) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['endsOn'],
				message: 'The last day must be on or after the first day.',
			})
		}
	})

export type NewPromoCode = z.infer<typeof newPromoCodeSchema>
export type PromoLimits = z.infer<typeof promoLimitsSchema>
