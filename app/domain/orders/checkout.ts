import { z } from 'zod'
import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE } from './cart'
import { cartLineKey, MAX_OPTION_TEXT_LENGTH } from '~/domain/menu/item-options'
import type { TipChoice, TipPercent } from '~/domain/promotions/promo-pricing'
import { TEXTS_NEED_PHONE, textsNeedPhone, textsOptInFields } from '~/domain/texts/consent'

// Messages are keys (app/locales/*/shop.json): the page shows them in its language, the action answers in the page's.
const NAME_REQUIRED = 'shop.nameRequired'
const EMAIL_REQUIRED = 'shop.emailRequired'
const CHOOSE_PICKUP_MESSAGE = 'shop.choosePickup'
/** The spec's alert when Preview Order is pressed without a name or an email (beside each field's own message). */
export const MISSING_DETAILS_MESSAGE = 'shop.missingDetails'

/** Whether a customer field's errors say it was left empty. */
export function isMissingDetail(errors: readonly string[] | undefined) {
	return Boolean(errors?.some((error) => error === NAME_REQUIRED || error === EMAIL_REQUIRED))
}

/** Who is ordering: the checkout form's fields (Conform names them `customer.name`, `customer.email`, `customer.phone`). */
export const customerSchema = z.object({
	name: z.string({ required_error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(100, 'shop.nameTooLong'),
	email: z
		.string({ required_error: EMAIL_REQUIRED })
		.trim()
		.min(1, EMAIL_REQUIRED)
		.max(254, 'shop.emailTooLong')
		.email('shop.emailInvalid'),
	phone: z
		.string()
		.trim()
		.max(30, 'shop.phoneTooLong')
		.regex(/^[+()\d\s.-]*$/, 'shop.phoneInvalid')
		.optional()
		.transform((value) => value || undefined),
})

/** The customer's notes to the bakery (decision 077): at most these many characters, the Order columns' widths. */
const CUSTOMER_NOTE_MAX_LENGTH = 500
const ALLERGY_NOTE_MAX_LENGTH = 300

/** An optional note: trimmed, bounded, and nothing at all when left empty. */
const optionalNote = (maxLength: number, tooLong: string) =>
	z
		.string()
		.trim()
		.max(maxLength, tooLong)
		.optional()
		.transform((value) => value || undefined)

/**
 * A line's quantity: a form sends it as text, and only plain decimal digits count ('1e1' and '0x10' are not 10 and
 * 16). Conform turns the text into a number with `Number()` inside this preprocess, so anything else becomes NaN first.
 */
const plainQuantity = z.preprocess(
	(value) => (typeof value === 'string' ? (/^\d{1,3}$/.test(value) ? Number(value) : Number.NaN) : value),
	z.number().int().min(1).max(MAX_QUANTITY_PER_LINE),
)

/** A cart line's answers to its item's options, as the browser sends them; the server checks them against the item. */
export const chosenOptionsSchema = z
	.array(
		z.object({
			groupId: z.string().min(1).max(100),
			optionIds: z.array(z.string().min(1).max(100)).max(20).optional(),
			text: z.string().max(MAX_OPTION_TEXT_LENGTH).optional(),
		}),
	)
	.max(20)

/**
 * What the browser may send to start a checkout: item ids, quantities and who is ordering — the one
 * schema for the checkout form (Conform, in the browser and in the action) and for `startCheckout`.
 * Prices, names and images are deliberately absent: the server reads them from the database.
 */
const checkoutFields = z.object({
	customer: customerSchema,
	/** The chosen slot's start (ISO instant); the server checks it against the schedule and holds it. */
	pickupAt: z
		.string({ required_error: CHOOSE_PICKUP_MESSAGE })
		.trim()
		.min(1, CHOOSE_PICKUP_MESSAGE)
		.max(40, CHOOSE_PICKUP_MESSAGE)
		.refine((value) => !Number.isNaN(Date.parse(value)), CHOOSE_PICKUP_MESSAGE),
	items: z
		.array(
			z.object({
				id: z.string().min(1).max(100),
				quantity: plainQuantity,
				/** The customer's answers to the item's options (app/domain/menu/item-options.ts). */
				choices: chosenOptionsSchema.default([]),
				/** The unit price the customer saw; a different price from the database is refused, never charged. */
				unitPriceCents: z.number().int().min(0).optional(),
			}),
		)
		.min(1, 'shop.cartEmpty')
		.max(MAX_CART_LINES)
		.refine(
			(items) => new Set(items.map((item) => cartLineKey(item.id, item.choices))).size === items.length,
			'shop.duplicateLines',
		),
	/** Anything the customer wants the bakery to know about the order ("I'll send my sister"), shown to the staff. */
	customerNote: optionalNote(CUSTOMER_NOTE_MAX_LENGTH, 'shop.customerNoteTooLong'),
	/** The customer's allergies for this order, shown prominently on the board and the orders screen. */
	allergyNote: optionalNote(ALLERGY_NOTE_MAX_LENGTH, 'shop.allergyNoteTooLong'),
	/** Texts about this order (decision 074): an unticked box, and SMS or WhatsApp. */
	...textsOptInFields,
	/** A promo code as typed (decision 080): the server finds, checks and prices it. */
	promoCode: z
		.string()
		.trim()
		.max(40, 'shop.promoCodeUnknown')
		.optional()
		.transform((value) => (value ? value.toUpperCase() : undefined)),
	/** A gift card's code as typed (decision 086): the server finds it and decides what it pays. */
	giftCardCode: z
		.string()
		.trim()
		.max(40, 'shop.giftCardUnknown')
		.optional()
		.transform((value) => value || undefined),
	/** The signed-in customer's store credit pays what the card does not (a checkbox; no account: ignored). */
	useStoreCredit: z.literal('on').optional(),
	/** The tip: none, 10/15/20 % of the discounted lines, or an amount typed in `tipAmount` (dollars). */
	tip: z.enum(['none', '10', '15', '20', 'custom']).default('none'),
	tipAmount: z
		.string()
		.trim()
		.regex(/^(\d{1,4}(\.\d{1,2})?)?$/, 'shop.promoTipAmountInvalid')
		.optional()
		.transform((value) => value || undefined),
})

/** Opting in to texts needs a number a text can reach (the message is the phone field's). */
export const checkoutRequestSchema = checkoutFields.superRefine((value, ctx) => {
	if (textsNeedPhone({ textsOptIn: value.textsOptIn, phone: value.customer.phone })) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['customer', 'phone'], message: TEXTS_NEED_PHONE })
	}
	if (value.tip === 'custom' && value.tipAmount === undefined) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['tipAmount'], message: 'shop.promoTipAmountInvalid' })
	}
})

/** The tip as the pricing reads it (app/domain/promotions/promo-pricing.ts). */
export function tipChoiceOf({ tip, tipAmount }: Pick<CheckoutRequest, 'tip' | 'tipAmount'>): TipChoice {
	if (tip === 'none') return { kind: 'none' }
	if (tip === 'custom') return { kind: 'amount', cents: Math.round(Number(tipAmount ?? '0') * 100) }
	return { kind: 'percent', percent: Number(tip) as TipPercent }
}

export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>

/**
 * What the Apply button sends (decision 080): the cart, the code and the tip, re-priced by the server before the
 * customer has filled in the rest. The e-mail, when typed, lets the preview say a code is used up for them.
 */
export const checkoutPreviewSchema = checkoutFields
	.pick({ items: true, promoCode: true, tip: true, tipAmount: true, giftCardCode: true, useStoreCredit: true })
	.extend({ customer: z.object({ email: z.string().trim().max(254).optional() }).default({}) })

export type CheckoutPreviewRequest = z.infer<typeof checkoutPreviewSchema>
