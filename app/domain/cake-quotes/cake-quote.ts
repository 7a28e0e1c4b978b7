import { z } from 'zod'
import type { CakeRequestStatus } from '~/generated/prisma/enums'
import { parsePriceToCents } from '~/utils/money'
import { isLocalDate } from '~/domain/pickup/pickup-schedule'

/**
 * Custom cake quotes, browser-safe: the owner's quote form (one schema for Conform in the browser and the
 * server) and the words for statuses and who changed them.
 */

/** How far ahead the owner may book a cake (beyond the customers' ordering horizon). */
export const QUOTE_HORIZON_DAYS = 120
export const DEFAULT_VALID_HOURS = 72
/** Stripe's smallest charge in US dollars. */
const MIN_DEPOSIT_CENTS = 50
const MAX_QUOTE_CENTS = 10_000_000
const MAX_NOTES = 2000
const MAX_POLICY = 4000

export const statusLabels: Record<CakeRequestStatus, string> = {
	REQUESTED: 'Requested: no quote yet',
	QUOTED: 'Quoted: waiting for the deposit',
	DEPOSIT_PAID: 'Deposit paid',
	PAID_IN_FULL: 'Paid in full',
	PICKED_UP: 'Picked up',
	DECLINED: 'Declined by the customer',
	CANCELLED: 'Cancelled',
	EXPIRED: 'Quote expired',
}

/** Who made a change, in the owner's words. */
export function actorText(actor: string) {
	if (actor.startsWith('owner:')) return `by ${actor.slice('owner:'.length)}`
	if (actor === 'customer') return 'by the customer'
	if (actor === 'payment') return 'by an online payment'
	return 'automatically'
}

const priceText = (what: string) => `Please enter the ${what} such as 85, 85.5 or $85.50 (at most two decimals).`

function cents(value: string | undefined) {
	return value === undefined ? null : parsePriceToCents(value)
}

const WALL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/

/** A cake's work on one resource (decision 089): at most a day's minutes, at most a week before its pickup. */
export const MAX_CAKE_STEP_MINUTES = 1440
export const MAX_CAKE_DAYS_BEFORE = 7
const MINUTES_MESSAGE = `Please enter whole minutes from 1 to ${MAX_CAKE_STEP_MINUTES.toLocaleString('en-US')}, or leave it empty.`
const DAYS_BEFORE_MESSAGE = `Please choose from 0 to ${MAX_CAKE_DAYS_BEFORE} days before the pickup.`

/** One resource's row of the quote's "Production" fieldset: empty minutes, no work on it. */
const cakeStepSchema = z.object({
	resourceId: z.string(),
	minutes: z
		.number({ invalid_type_error: MINUTES_MESSAGE })
		.int(MINUTES_MESSAGE)
		.min(1, MINUTES_MESSAGE)
		.max(MAX_CAKE_STEP_MINUTES, MINUTES_MESSAGE)
		.optional(),
	daysBefore: z
		.number({ invalid_type_error: DAYS_BEFORE_MESSAGE })
		.int(DAYS_BEFORE_MESSAGE)
		.min(0, DAYS_BEFORE_MESSAGE)
		.max(MAX_CAKE_DAYS_BEFORE, DAYS_BEFORE_MESSAGE)
		.optional(),
})

/**
 * The pickup field's refusal when the form's date is not the day whose times it shows (changed without
 * "Show day", or a page that does not say which day it shows): those times belong to another day.
 */
export const DAY_NOT_SHOWN_MESSAGE =
	'The pickup date was changed but its times are not shown: press “Show day”, then choose one of its times.'

/**
 * The owner's quote: price, deposit (a percentage or an amount), pickup slot, notes and how long it stands.
 * `shownDate` is the day whose times the form shows (a hidden field) and `date` the pickup date field: the
 * slot must be on the day shown (the server checks the slot's own day against `shownDate`).
 */
export const quoteSchema = z
	.object({
		date: z.string().optional(),
		shownDate: z.string().optional(),
		price: z.string({ required_error: 'Please enter the price.' }).trim(),
		depositKind: z.enum(['percent', 'amount'], {
			errorMap: () => ({ message: 'Please choose a percentage or an amount.' }),
		}),
		depositPercent: z.string().trim().optional(),
		depositAmount: z.string().trim().optional(),
		pickupAt: z
			.string({ required_error: 'Please choose a pickup time.' })
			.datetime({ message: 'Please choose a pickup time.' }),
		notes: z
			.string()
			.trim()
			.max(MAX_NOTES, `Please keep the notes under ${MAX_NOTES.toLocaleString('en-US')} characters.`)
			.optional(),
		validUntil: z
			.string({ required_error: 'Please say until when the quote stands.' })
			.regex(WALL_DATE_TIME, 'Please enter a date and time.'),
		production: z.array(cakeStepSchema).optional(),
	})
	.transform((value, ctx) => {
		// The day shown, when the date field still says it.
		const shown = value.shownDate
		const shownDate = shown && isLocalDate(shown) && (value.date ?? shown) === shown ? shown : null
		if (shownDate === null) ctx.addIssue({ code: 'custom', path: ['pickupAt'], message: DAY_NOT_SHOWN_MESSAGE })
		const quoteCents = cents(value.price)
		if (quoteCents === null || quoteCents < 100 || quoteCents > MAX_QUOTE_CENTS) {
			ctx.addIssue({
				code: 'custom',
				path: ['price'],
				message: quoteCents === null ? priceText('price') : 'Please enter a price from $1 to $100,000.',
			})
			return z.NEVER
		}
		let depositCents: number | null
		if (value.depositKind === 'percent') {
			const percent = Number(value.depositPercent)
			if (!/^\d{1,2}$/.test(value.depositPercent ?? '') || percent < 1 || percent > 99) {
				ctx.addIssue({
					code: 'custom',
					path: ['depositPercent'],
					message: 'Please enter a whole percentage from 1 to 99.',
				})
				return z.NEVER
			}
			depositCents = Math.round((quoteCents * percent) / 100)
		} else {
			depositCents = cents(value.depositAmount)
			if (depositCents === null) {
				ctx.addIssue({ code: 'custom', path: ['depositAmount'], message: priceText('deposit') })
				return z.NEVER
			}
		}
		if (depositCents < MIN_DEPOSIT_CENTS || depositCents >= quoteCents) {
			const path = [value.depositKind === 'percent' ? 'depositPercent' : 'depositAmount']
			ctx.addIssue({ code: 'custom', path, message: 'The deposit must be at least $0.50 and less than the price.' })
			return z.NEVER
		}
		if (shownDate === null) return z.NEVER
		const production = (value.production ?? []).flatMap((step) =>
			step.minutes === undefined
				? []
				: [{ resourceId: step.resourceId, minutes: step.minutes, daysBefore: step.daysBefore ?? 0 }],
		)
		if (new Set(production.map((step) => step.resourceId)).size !== production.length) {
			ctx.addIssue({ code: 'custom', path: ['production'], message: 'Please give each resource one row of minutes.' })
			return z.NEVER
		}
		const [, validDate, validTime] = WALL_DATE_TIME.exec(value.validUntil)!
		return {
			quoteCents,
			depositCents,
			shownDate,
			pickupAt: value.pickupAt,
			notes: value.notes ?? '',
			production,
			validDate: validDate!,
			validTime: validTime!,
		}
	})

const cakesPerDayMessage = 'Please enter a whole number of cakes from 1 to 1,000, or leave it empty for no limit.'

export const quoteSettingsSchema = z.object({
	depositPercent: z.coerce
		.number({ invalid_type_error: 'Please enter a whole percentage from 1 to 99.' })
		.int('Please enter a whole percentage from 1 to 99.')
		.min(1, 'Please enter a whole percentage from 1 to 99.')
		.max(99, 'Please enter a whole percentage from 1 to 99.'),
	cancellationPolicy: z
		.string()
		.trim()
		.max(MAX_POLICY, `Please keep the policy under ${MAX_POLICY.toLocaleString('en-US')} characters.`)
		.optional(),
	cakesPerDay: z.coerce
		.number({ invalid_type_error: cakesPerDayMessage })
		.int(cakesPerDayMessage)
		.min(1, cakesPerDayMessage)
		.max(1000, cakesPerDayMessage)
		.optional(),
})
