import { z } from 'zod'
import { LOCALES } from '~/utils/i18n'
import { normalizePhoneNumber } from '~/domain/texts/phone-number'
import { cartLineKey, MAX_OPTION_TEXT_LENGTH, type ChosenOption } from '~/domain/menu/item-options'
import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE } from './cart'

/**
 * The staff's phone-order form (decision 075), one schema for the browser and the action: who is ordering (a name,
 * and a phone number or an e-mail or both), the menu's rows with a quantity each (0: not ordered) and their
 * choices, a pickup time, how the customer pays, and their note and allergies (decision 077). No price is read from it: the server prices the order
 * from the database, through the online checkout's own path. Admin words are English.
 */

const PHONE_ORDER_PAYMENTS = ['link', 'pay-at-pickup'] as const
export type PhoneOrderPayment = (typeof PHONE_ORDER_PAYMENTS)[number]

/** The checkout's bounds for the customer's note and allergy note (decision 077; the columns' widths). */
export const MAX_CUSTOMER_NOTE_LENGTH = 500
export const MAX_ALLERGY_NOTE_LENGTH = 300

/** Empty fields arrive as undefined (Conform); a quantity of 0 or nothing means "not ordered". */
const quantityField = z.preprocess(
	(value) => (value === undefined ? 0 : typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value),
	z
		.number({ invalid_type_error: 'Enter a whole number.' })
		.int('Enter a whole number.')
		.min(0, 'Enter a whole number.')
		.max(MAX_QUANTITY_PER_LINE, `At most ${MAX_QUANTITY_PER_LINE} of one item.`),
)

const choiceField = z.object({
	groupId: z.string().min(1).max(100),
	optionIds: z
		.preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(z.string().min(1).max(100)).max(20))
		.optional(),
	text: z.string().trim().max(MAX_OPTION_TEXT_LENGTH, `At most ${MAX_OPTION_TEXT_LENGTH} characters.`).optional(),
})

const menuRow = z.object({
	id: z.string().min(1).max(100),
	quantity: quantityField,
	choices: z.array(choiceField).max(20).default([]),
})

export const phoneOrderSchema = z
	.object({
		customer: z.object({
			name: z
				.string({ required_error: 'Enter the customer’s name.' })
				.trim()
				.min(1, 'Enter the customer’s name.')
				.max(100, 'At most 100 characters.'),
			phone: z
				.string()
				.trim()
				.optional()
				.transform((value, ctx) => {
					if (!value) return undefined
					const normalized = normalizePhoneNumber(value)
					if (!normalized) {
						ctx.addIssue({
							code: z.ZodIssueCode.custom,
							message: 'Enter a phone number such as 425 555 0123, or +52 and the number abroad.',
						})
						return z.NEVER
					}
					return normalized
				}),
			email: z
				.string()
				.trim()
				.max(254, 'At most 254 characters.')
				.email('Enter an e-mail address such as ana@example.com.')
				.optional(),
		}),
		/** The customer's language: their payment page and mails are in it. */
		locale: z.enum(LOCALES, { errorMap: () => ({ message: 'Choose the customer’s language.' }) }),
		pickupAt: z
			.string({ required_error: 'Choose a pickup time.' })
			.trim()
			.max(40, 'Choose a pickup time.')
			.refine((value) => !Number.isNaN(Date.parse(value)), 'Choose a pickup time.'),
		payment: z.enum(PHONE_ORDER_PAYMENTS, { errorMap: () => ({ message: 'Choose how the customer pays.' }) }),
		customerNote: z
			.string()
			.trim()
			.max(MAX_CUSTOMER_NOTE_LENGTH, `At most ${MAX_CUSTOMER_NOTE_LENGTH} characters.`)
			.optional(),
		allergyNote: z
			.string()
			.trim()
			.max(MAX_ALLERGY_NOTE_LENGTH, `At most ${MAX_ALLERGY_NOTE_LENGTH} characters.`)
			.optional(),
		rows: z.array(menuRow).max(500).default([]),
		/** The customer asked for the payment link by text (it is e-mailed whenever they gave an e-mail). */
		linkByText: z.boolean().default(false),
		/** Staff read the customer the texts' wording and they said yes: order texts follow, as an online opt-in. */
		textsConsent: z.boolean().default(false),
	})
	.superRefine((order, ctx) => {
		if (!order.customer.phone && !order.customer.email) {
			for (const field of ['phone', 'email'] as const) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: ['customer', field],
					message: 'Enter a phone number or an e-mail address (or both).',
				})
			}
		}
		if (!order.customer.phone && (order.textsConsent || (order.linkByText && order.payment === 'link'))) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['customer', 'phone'],
				message: 'Enter the phone number to text.',
			})
		}
		const ordered = order.rows.filter((row) => row.quantity > 0)
		if (ordered.length === 0) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['rows'], message: 'Enter a quantity for at least one item.' })
		}
		if (ordered.length > MAX_CART_LINES) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['rows'], message: `At most ${MAX_CART_LINES} items.` })
		}
		if (new Set(ordered.map((row) => cartLineKey(row.id, answeredChoices(row.choices)))).size < ordered.length) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['rows'], message: 'An item is listed twice.' })
		}
	})

export type PhoneOrderForm = z.infer<typeof phoneOrderSchema>

/** The rows with a quantity, as order lines: only the answered choices (an optional group left empty is no answer). */
export function phoneOrderItems(rows: PhoneOrderForm['rows']) {
	return rows
		.filter((row) => row.quantity > 0)
		.map(({ id, quantity, choices }) => ({ id, quantity, choices: answeredChoices(choices) }))
}

function answeredChoices(choices: PhoneOrderForm['rows'][number]['choices']): ChosenOption[] {
	return choices.flatMap(({ groupId, optionIds, text }): ChosenOption[] => {
		if (optionIds?.length) return [{ groupId, optionIds }]
		return text ? [{ groupId, text }] : []
	})
}
