/**
 * The owner's bread club plan form (decision 093): one schema for the browser (Conform) and the action, and the box's
 * line picker, whose values are a menu item with its chosen options (a "variant"). Browser-safe.
 */
import { z } from 'zod'
import { lineName, priceChoices, type ChosenOption, type OptionGroupView } from '~/domain/menu/item-options'
import { isWallTime } from '~/domain/pickup/pickup-schedule'
import { formatPrice, parsePriceToCents } from '~/utils/money'
import { CLUB_FREQUENCIES } from './cadence'

export const MAX_BOX_LINES = 10
const MAX_BOX_QUANTITY = 48
const MIN_PRICE_CENTS = 100
const MAX_PRICE_CENTS = 100_000
/** An item with many sizes and flavours offers its first combinations only: a box is a few everyday things. */
const MAX_VARIANTS_PER_ITEM = 24

/** The picker's value of an item with its choices: the item first, then one group=choice pair per answer. */
export function encodeBoxVariant(menuItemId: string, choices: readonly ChosenOption[]) {
	const pairs = choices.map((choice) => [choice.groupId, choice.optionIds?.[0] ?? ''])
	return new URLSearchParams([['item', menuItemId], ...pairs]).toString()
}

/** A picker's value read back (the server checks it against the menu again); null when it is not one. */
export function decodeBoxVariant(value: string): { menuItemId: string; choices: ChosenOption[] } | null {
	const [first, ...pairs] = [...new URLSearchParams(value)]
	if (!first || first[0] !== 'item' || !first[1]) return null
	if (pairs.length > 20 || pairs.some(([groupId, optionId]) => !groupId || !optionId)) return null
	return { menuItemId: first[1], choices: pairs.map(([groupId, optionId]) => ({ groupId, optionIds: [optionId] })) }
}

/** The item's groups as a plan reads them: the owner's sold-out marks are today's, and a plan runs for weeks. */
export function ignoringSoldOut(groups: readonly OptionGroupView[]): OptionGroupView[] {
	return groups.map((group) => ({ ...group, options: group.options.map((option) => ({ ...option, soldOut: false })) }))
}

interface PickerItem {
	id: string
	name: string
	priceCents: number
	optionGroups: readonly OptionGroupView[]
}

/**
 * What a box may hold of an item: the item itself when it needs no answer, else one entry per combination of its
 * required single-choice groups (optional groups left unanswered), at today's price. An item that needs typed text or
 * several choices is not offered.
 */
export function boxVariants(item: PickerItem) {
	const groups = ignoringSoldOut(item.optionGroups)
	let combinations: ChosenOption[][] = [[]]
	for (const group of groups) {
		if (group.kind !== 'SINGLE' || !group.required) continue
		combinations = combinations
			.flatMap((chosen) => group.options.map((option) => [...chosen, { groupId: group.id, optionIds: [option.id] }]))
			.slice(0, MAX_VARIANTS_PER_ITEM)
	}
	return combinations.flatMap((choices) => {
		const priced = priceChoices(item.priceCents, groups, choices)
		if (!priced.ok) return []
		return [
			{
				value: encodeBoxVariant(item.id, priced.chosen),
				name: lineName(item.name, priced.options),
				unitPriceCents: priced.unitPriceCents,
			},
		]
	})
}

const REQUIRED_NAME = 'Please name the plan.'
const TIME_MESSAGE = 'Please enter a time such as 09:00 or 20:00.'

/** A time input's value ('09:00', or '09:00:00' from some browsers) as 'HH:MM'. */
const wallTime = (required: string) =>
	z
		.string({ required_error: required })
		.trim()
		.transform((value) => value.slice(0, 5))
		.refine((value) => isWallTime(value) && value !== '24:00', TIME_MESSAGE)

const optionalText = (max: number) =>
	z
		.string()
		.trim()
		.max(max, `At most ${max} characters.`)
		.optional()
		.transform((value) => value || null)

const wholeNumber = (min: number, max: number) =>
	z
		.number({
			required_error: `Please enter a number from ${min} to ${max}.`,
			invalid_type_error: 'Please enter a whole number.',
		})
		.int('Please enter a whole number.')
		.min(min, `Please enter a number from ${min} to ${max}.`)
		.max(max, `Please enter a number from ${min} to ${max}.`)

/** A choice of a select, as its number: a weekday (0 = Sunday), a number of days. */
const dayCount = (values: [string, ...string[]], message: string) =>
	z.enum(values, { errorMap: () => ({ message }) }).transform(Number)

/** One row of the box: an item (a picker value) and how many; a row left empty is no line. */
const boxRow = z
	.object({
		variant: z
			.string()
			.max(4000)
			.optional()
			.transform((value, ctx) => {
				if (!value) return null
				const variant = decodeBoxVariant(value)
				if (!variant) {
					ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Please choose an item from the list.' })
					return z.NEVER
				}
				return { value, ...variant }
			}),
		quantity: wholeNumber(1, MAX_BOX_QUANTITY).optional(),
	})
	.superRefine(({ variant, quantity }, ctx) => {
		if (!variant && quantity !== undefined) {
			ctx.addIssue({ code: 'custom', path: ['variant'], message: 'Choose an item, or clear its quantity.' })
		}
		if (variant && quantity === undefined) {
			ctx.addIssue({
				code: 'custom',
				path: ['quantity'],
				message: `Please enter how many, from 1 to ${MAX_BOX_QUANTITY}.`,
			})
		}
	})

const boxRows = z
	.array(boxRow)
	.max(MAX_BOX_LINES)
	.default([])
	.superRefine((rows, ctx) => {
		const seen = new Set<string>()
		rows.forEach(({ variant }, row) => {
			if (!variant) return
			if (seen.has(variant.value)) {
				ctx.addIssue({
					code: 'custom',
					path: [row, 'variant'],
					message: 'This item is in the box already: change its quantity instead.',
				})
			}
			seen.add(variant.value)
		})
		if (seen.size === 0) ctx.addIssue({ code: 'custom', message: 'Put at least one item in the box.' })
	})

/** A plan as the owner writes it: prices in dollars on the form, in cents here; `id` when editing one. */
export const clubPlanSchema = z
	.object({
		id: z.string().min(1).max(100).optional(),
		name: z.string({ required_error: REQUIRED_NAME }).trim().min(1, REQUIRED_NAME).max(80, 'At most 80 characters.'),
		nameEs: optionalText(80),
		namePtBr: optionalText(80),
		description: z.string().trim().max(500, 'At most 500 characters.').default(''),
		descriptionEs: optionalText(500),
		descriptionPtBr: optionalText(500),
		lines: boxRows,
		frequency: z.enum(CLUB_FREQUENCIES, { errorMap: () => ({ message: 'Please choose how often.' }) }),
		pickupWeekday: dayCount(['0', '1', '2', '3', '4', '5', '6'], 'Please choose the pickup day.'),
		windowStart: wallTime('Please enter the first pickup time.'),
		windowEnd: wallTime('Please enter the last pickup time.'),
		price: z
			.string({ required_error: 'Please enter the price of one box.' })
			.trim()
			.transform((value, ctx) => {
				const cents = parsePriceToCents(value)
				if (cents === null || cents < MIN_PRICE_CENTS || cents > MAX_PRICE_CENTS) {
					ctx.addIssue({
						code: z.ZodIssueCode.custom,
						message: `Please enter a price from ${formatPrice(MIN_PRICE_CENTS)} to ${formatPrice(MAX_PRICE_CENTS)}, such as 24.00.`,
					})
					return z.NEVER
				}
				return cents
			}),
		maxSubscribers: wholeNumber(1, 1000),
		cutoffDaysBefore: dayCount(['1', '2', '3', '4', '5', '6'], 'Please choose when changes close.'),
		cutoffTime: wallTime('Please enter when changes close.'),
		active: z.boolean().default(false),
	})
	.refine((plan) => plan.windowStart <= plan.windowEnd, {
		path: ['windowEnd'],
		message: 'The last pickup time must not be before the first.',
	})
	.transform(({ price, lines, ...plan }) => ({
		...plan,
		priceCents: price,
		/** The box's lines, each with the form row it came from (to say which one the menu refuses). */
		lines: lines.flatMap(({ variant, quantity }, row) =>
			variant && quantity ? [{ row, menuItemId: variant.menuItemId, choices: variant.choices, quantity }] : [],
		),
	}))

export type ClubPlanInput = z.output<typeof clubPlanSchema>
