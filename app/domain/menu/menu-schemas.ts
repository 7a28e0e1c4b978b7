import { z } from 'zod'
import type { Allergen, DietaryLabel, OptionGroupKind } from '~/generated/prisma/enums'
import {
	allergenContradictions,
	allergenKeys,
	allergenRuleMessages,
	allergenValuesOf,
	dietKeys,
	dietValuesOf,
	type AllergenKey,
	type DietKey,
} from '~/domain/menu/allergens'
import { menuCategories } from '~/domain/menu/menu-categories'
import { parsePriceToCents } from '~/utils/money'
import { translationColumn } from '~/domain/content/localized-content'
import { isLocalDate } from '~/domain/pickup/pickup-schedule'
import { TAX_CATEGORIES } from '~/domain/orders/sales-tax'
import { imageFileField, ownerImageUpload } from '~/utils/upload-rules'

/**
 * The owner's menu forms (/image-uploader, /admin/menu/:id and its option editor): one schema each for the
 * browser (Conform) and the server, and the form values as the model's columns.
 */
const categoryValues = menuCategories.map((category) => category.value) as [
	(typeof menuCategories)[number]['value'],
	...(typeof menuCategories)[number]['value'][],
]

const imageFile = imageFileField(ownerImageUpload)

const priceMessage = 'Please enter a price such as 4, 4.5 or $4.50 (at most two decimals).'

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
	// Optional: a post without it keeps the item's category (edit) or takes its category's default (upload).
	taxCategory: z
		.enum(TAX_CATEGORIES, { errorMap: () => ({ message: 'Please choose how sales tax applies to this item.' }) })
		.optional(),
}

/**
 * An optional translation of the owner's text (Spanish or Portuguese): empty means "show the English". The
 * limit is the English field's (the database's CHECKs hold the same).
 */
function translation(language: string, what: string, max: number) {
	return z
		.string()
		.trim()
		.max(max, `Please keep the ${language} ${what} to ${max.toLocaleString('en-US')} characters or fewer.`)
		.optional()
}

/** The Spanish and Portuguese name and description of a menu item (edit page). */
const menuItemTranslationFields = {
	nameEs: translation('Spanish', 'name', 100),
	namePtBr: translation('Portuguese', 'name', 100),
	descriptionEs: translation('Spanish', 'description', 1000),
	descriptionPtBr: translation('Portuguese', 'description', 1000),
}

const MAX_LEAD_HOURS = 720
const MAX_DAILY_LIMIT = 9999

const leadHoursMessage = `Please enter the lead time as a whole number of hours from 1 to ${MAX_LEAD_HOURS}, or leave it empty.`
const dailyLimitMessage = `Please enter how many can be picked up per day, a whole number from 1 to ${MAX_DAILY_LIMIT}, or leave it empty.`

function pickupDate(what: string) {
	const message = `Please enter the ${what} date as YYYY-MM-DD (e.g. 2027-01-02), or leave it empty.`
	return z.string().trim().refine(isLocalDate, message).optional()
}

/** A menu item's pickup rules; an empty field means no rule. `leadHours` is stored as leadMinutes. */
const pickupRuleFields = {
	leadHours: z
		.number({ invalid_type_error: leadHoursMessage })
		.int(leadHoursMessage)
		.min(1, leadHoursMessage)
		.max(MAX_LEAD_HOURS, leadHoursMessage)
		.optional(),
	dailyLimit: z
		.number({ invalid_type_error: dailyLimitMessage })
		.int(dailyLimitMessage)
		.min(1, dailyLimitMessage)
		.max(MAX_DAILY_LIMIT, dailyLimitMessage)
		.optional(),
	availableFrom: pickupDate('first pickup'),
	availableUntil: pickupDate('last pickup'),
}

/** The form's pickup rules as the model's columns: an empty field is no rule; hours are stored as minutes. */
export function pickupRuleColumns(value: {
	leadHours?: number
	dailyLimit?: number
	availableFrom?: string
	availableUntil?: string
}) {
	return {
		leadMinutes: value.leadHours === undefined ? null : value.leadHours * 60,
		dailyLimit: value.dailyLimit ?? null,
		availableFrom: value.availableFrom || null,
		availableUntil: value.availableUntil || null,
	}
}

const pickupWindowOrderMessage = 'The last pickup date must be on or after the first pickup date.'

function windowInOrder(value: { availableFrom?: string; availableUntil?: string }, ctx: z.RefinementCtx) {
	const { availableFrom, availableUntil } = value
	if (availableFrom && availableUntil && availableUntil < availableFrom) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['availableUntil'], message: pickupWindowOrderMessage })
	}
}

const allergenChoice = z.array(z.enum(allergenKeys, { message: 'Please choose allergens from the list.' }))
const dietChoice = z.array(z.enum(dietKeys, { message: 'Please choose labels from the list.' }))

/**
 * The allergen fieldsets: checkbox groups of keys (app/domain/menu/allergens.ts); none ticked is an empty list.
 * (Not named `contains`: a form control of that name would hide the form element's own contains().)
 */
const allergenFields = {
	allergens: allergenChoice.optional(),
	mayContain: allergenChoice.optional(),
	diets: dietChoice.optional(),
	allergensListed: z.boolean().optional(),
}

interface AllergenFormValue {
	allergens?: AllergenKey[]
	mayContain?: AllergenKey[]
	diets?: DietKey[]
	allergensListed?: boolean
}

/** The labels must not contradict the allergens: the same rules as the database's CHECKs, in words. */
function allergensConsistent(value: AllergenFormValue, ctx: z.RefinementCtx) {
	const { both, rules } = allergenContradictions({
		contains: value.allergens ?? [],
		mayContain: value.mayContain ?? [],
		diets: value.diets ?? [],
	})
	for (const key of both) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			path: ['mayContain'],
			message: allergenRuleMessages.containedAndMayContain(key),
		})
	}
	for (const rule of rules) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['diets'], message: allergenRuleMessages[rule] })
	}
}

/** The form's allergen values as the model's columns. */
export function allergenColumns(value: AllergenFormValue): {
	allergens: Allergen[]
	mayContain: Allergen[]
	dietaryLabels: DietaryLabel[]
	allergensListed: boolean
} {
	return {
		allergens: allergenValuesOf(value.allergens ?? []),
		mayContain: allergenValuesOf(value.mayContain ?? []),
		dietaryLabels: dietValuesOf(value.diets ?? []),
		allergensListed: value.allergensListed ?? false,
	}
}

function menuItemRules(
	value: AllergenFormValue & { availableFrom?: string; availableUntil?: string },
	ctx: z.RefinementCtx,
) {
	windowInOrder(value, ctx)
	allergensConsistent(value, ctx)
}

/** The Upload Menu Item form (one schema for the browser and the server). */
export const uploadMenuItemSchema = z
	.object({ ...menuItemDetails, ...pickupRuleFields, ...allergenFields, image: imageFile })
	.superRefine(menuItemRules)

/** Editing an item on /admin/menu/:id: every field, and optionally a new image. */
export const editMenuItemSchema = z
	.object({
		...menuItemDetails,
		...menuItemTranslationFields,
		...pickupRuleFields,
		...allergenFields,
		image: imageFile.optional(),
		orderable: z.boolean().optional(),
		soldOut: z.boolean().optional(),
		sortOrder: z
			.number({ required_error: 'Please enter a position.', invalid_type_error: 'Please enter a whole number.' })
			.int('Please enter a whole number.')
			.min(-9999, 'Please enter a number from -9999 to 9999.')
			.max(9999, 'Please enter a number from -9999 to 9999.'),
	})
	.superRefine(menuItemRules)

// --- Item options (decision 038): the owner's editor on /admin/menu/:id ---

/** How customers answer a group, in the owner's words (the radios of the group form). */
export const optionGroupKinds = [
	{ value: 'SINGLE', label: 'One choice', hint: 'e.g. Size: the customer picks one.' },
	{ value: 'MULTIPLE', label: 'Several choices', hint: 'e.g. Toppings: the customer picks any number you allow.' },
	{ value: 'TEXT', label: 'Short text', hint: 'e.g. Message on the cake: the customer types it.' },
] as const satisfies ReadonlyArray<{ value: OptionGroupKind; label: string; hint: string }>

/** The database's CHECKs (migration 20261123081000): names, choice counts, text length, price added. */
const OPTION_NAME_MAX = 60
export const MAX_GROUP_CHOICES = 20
export const DEFAULT_OPTION_TEXT_LENGTH = 60
export const MAX_OPTION_TEXT = 200
const MAX_PRICE_DELTA_CENTS = 100_000

function optionName(what: string) {
	const missing = `Please enter the ${what}’s name.`
	return z
		.string({ required_error: missing })
		.trim()
		.min(1, missing)
		.max(OPTION_NAME_MAX, `Please keep the name to ${OPTION_NAME_MAX} characters or fewer.`)
}

/** A group's or choice's Spanish and Portuguese names (empty: the English one is shown). */
const optionNameTranslations = {
	nameEs: translation('Spanish', 'name', OPTION_NAME_MAX),
	namePtBr: translation('Portuguese', 'name', OPTION_NAME_MAX),
}

/** The translations as the model's columns: an empty field is null. */
export function optionNameColumns(value: { nameEs?: string; namePtBr?: string }) {
	return { nameEs: translationColumn(value.nameEs), namePtBr: translationColumn(value.namePtBr) }
}

function wholeNumber(message: string, min: number, max: number) {
	return z.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message).optional()
}

const minChoicesMessage = `Please enter the minimum as a whole number from 0 to ${MAX_GROUP_CHOICES}, or leave it empty.`
const maxChoicesMessage = `Please enter the maximum as a whole number from 1 to ${MAX_GROUP_CHOICES}, or leave it empty for no limit.`
const maxLengthMessage = `Please enter the longest answer as a whole number of characters from 1 to ${MAX_OPTION_TEXT}.`
const requiredNeedsMinimumMessage = 'A required group needs a minimum of at least 1, or untick “Customers must answer”.'
export const maxBelowMinMessage = (min: number) => `Max must be at least min (${min}).`

/** Adding or editing a group. Only "several choices" counts choices; the other kinds ignore min and max. */
export const optionGroupSchema = z
	.object({
		name: optionName('group'),
		...optionNameTranslations,
		kind: z.enum(['SINGLE', 'MULTIPLE', 'TEXT'], {
			errorMap: () => ({ message: 'Please choose how customers answer.' }),
		}),
		required: z.boolean().optional(),
		minChoices: wholeNumber(minChoicesMessage, 0, MAX_GROUP_CHOICES),
		maxChoices: wholeNumber(maxChoicesMessage, 1, MAX_GROUP_CHOICES),
		maxLength: wholeNumber(maxLengthMessage, 1, MAX_OPTION_TEXT),
	})
	.superRefine((value, ctx) => {
		if (value.kind !== 'MULTIPLE') return
		if (value.required && value.minChoices === 0) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['minChoices'], message: requiredNeedsMinimumMessage })
			return
		}
		const min = minimumOf(value)
		// Compared only when both are in range (an out-of-range number has its own message).
		const inRange = (count: number) => count >= 0 && count <= MAX_GROUP_CHOICES
		if (value.maxChoices !== undefined && value.maxChoices >= 1 && inRange(min) && value.maxChoices < min) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['maxChoices'], message: maxBelowMinMessage(min) })
		}
	})

type OptionGroupFormValue = z.output<typeof optionGroupSchema>

/** "Customers must answer" with no minimum means at least one. */
function minimumOf(value: Pick<OptionGroupFormValue, 'required' | 'minChoices'>) {
	return value.minChoices ?? (value.required ? 1 : 0)
}

/** The group form's values as the model's columns (the database refuses min/max on a SINGLE or TEXT group). */
export function optionGroupColumns(value: OptionGroupFormValue) {
	const { name, kind } = value
	const names = { name, ...optionNameColumns(value) }
	if (kind === 'MULTIPLE') {
		const minChoices = minimumOf(value)
		return {
			...names,
			kind,
			required: minChoices > 0,
			minChoices,
			maxChoices: value.maxChoices ?? null,
			maxLength: DEFAULT_OPTION_TEXT_LENGTH,
		}
	}
	const maxLength = kind === 'TEXT' ? (value.maxLength ?? DEFAULT_OPTION_TEXT_LENGTH) : DEFAULT_OPTION_TEXT_LENGTH
	return { ...names, kind, required: value.required ?? false, minChoices: 0, maxChoices: null, maxLength }
}

export const choicePriceMessage =
	'Price must be a dollar amount like 12 or 12.50 (leave it empty when the choice costs nothing extra).'
const choicePriceTooHighMessage = 'A choice can add at most $1,000.00 to the price.'

/** Adding or editing a choice: what it adds to the item's price (empty: nothing), and whether it is sold out. */
export const optionChoiceSchema = z.object({
	name: optionName('choice'),
	...optionNameTranslations,
	price: z
		.string()
		.trim()
		.optional()
		.transform((value, ctx) => {
			if (!value) return 0
			const cents = parsePriceToCents(value)
			if (cents === null) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: choicePriceMessage })
				return z.NEVER
			}
			if (cents > MAX_PRICE_DELTA_CENTS) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: choicePriceTooHighMessage })
				return z.NEVER
			}
			return cents
		}),
	soldOut: z.boolean().optional(),
})
