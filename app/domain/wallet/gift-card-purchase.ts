import { z } from 'zod'
import { parsePriceToCents } from '~/utils/money'
import { normalizePhoneNumber } from '~/domain/texts/phone-number'

/** The amounts offered online, and the custom amount's limits (decision 078). */
export const PRESET_AMOUNTS_CENTS = [2500, 5000, 7500, 10000] as const
const CUSTOM_MIN_CENTS = 1000
const CUSTOM_MAX_CENTS = 50000
/** The recipient's mail can wait up to a year. */
export const MAX_DELIVERY_DAYS = 365

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).default('')

/**
 * The online purchase form, for the browser and the server alike; messages are keys of the `giftCards` namespace.
 * `amount` is a preset in cents or 'custom' with `customAmount` in dollars. The delivery date's range (today to a
 * year ahead, in the bakery's calendar) is checked by the server, which knows today.
 */
export const giftCardPurchaseSchema = z
	.object({
		amount: z.string({ required_error: 'giftCards.amountRequired' }),
		customAmount: z.string().trim().default(''),
		buyerName: z
			.string({ required_error: 'giftCards.nameRequired' })
			.trim()
			.min(1, 'giftCards.nameRequired')
			.max(100, 'giftCards.tooLong'),
		buyerEmail: z
			.string({ required_error: 'giftCards.emailRequired' })
			.trim()
			.max(254, 'giftCards.tooLong')
			.email('giftCards.emailInvalid'),
		forWhom: z.enum(['self', 'recipient'], { message: 'giftCards.forWhomRequired' }),
		recipientName: optionalText(100, 'giftCards.tooLong'),
		recipientEmail: optionalText(254, 'giftCards.tooLong'),
		recipientPhone: optionalText(30, 'giftCards.phoneInvalid'),
		recipientTextAgreed: z.string().optional(),
		message: optionalText(500, 'giftCards.messageTooLong'),
		deliverOn: optionalText(10, 'giftCards.deliverOnInvalid'),
	})
	.transform((value, ctx) => {
		const preset = PRESET_AMOUNTS_CENTS.find((cents) => String(cents) === value.amount)
		let amountCents: number | null = preset ?? null
		if (value.amount === 'custom') {
			const cents = parsePriceToCents(value.customAmount)
			if (cents === null || cents < CUSTOM_MIN_CENTS || cents > CUSTOM_MAX_CENTS) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['customAmount'], message: 'giftCards.customAmountRange' })
				return z.NEVER
			}
			amountCents = cents
		}
		if (amountCents === null) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['amount'], message: 'giftCards.amountRequired' })
			return z.NEVER
		}
		const forRecipient = value.forWhom === 'recipient'
		if (forRecipient && !value.recipientName) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['recipientName'], message: 'giftCards.recipientNameRequired' })
		}
		if (forRecipient && !z.string().email().safeParse(value.recipientEmail).success) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['recipientEmail'], message: 'giftCards.emailInvalid' })
		}
		const recipientPhone = forRecipient && value.recipientPhone ? normalizePhoneNumber(value.recipientPhone) : ''
		if (recipientPhone === null) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['recipientPhone'], message: 'giftCards.phoneInvalid' })
		} else if (recipientPhone && value.recipientTextAgreed !== 'on') {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['recipientTextAgreed'],
				message: 'giftCards.textAgreedRequired',
			})
		}
		if (value.deliverOn && !/^\d{4}-\d{2}-\d{2}$/.test(value.deliverOn)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['deliverOn'], message: 'giftCards.deliverOnInvalid' })
		}
		return {
			amountCents,
			buyerName: value.buyerName,
			buyerEmail: value.buyerEmail.toLowerCase(),
			forRecipient,
			recipientName: forRecipient ? value.recipientName : '',
			recipientEmail: forRecipient ? value.recipientEmail.toLowerCase() : '',
			recipientPhone: recipientPhone ?? '',
			message: forRecipient ? value.message : '',
			deliverOn: forRecipient ? value.deliverOn : '',
		}
	})

export type GiftCardPurchaseRequest = z.output<typeof giftCardPurchaseSchema>
