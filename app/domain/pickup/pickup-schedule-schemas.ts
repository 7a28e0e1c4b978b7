import { z } from 'zod'
import { isLocalDate, isWallTime } from './pickup-schedule'

/**
 * The owner's "Pickup schedule" forms (app/routes/admin.pickup-schedule.tsx): one schema each for the
 * browser (Conform) and the server. Browser-safe.
 */

/** weekday 0 = Sunday … 6 = Saturday, as OpeningHours stores it. */
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** The week as the owner reads it: Monday first. */
export const weekdaysMondayFirst = [1, 2, 3, 4, 5, 6, 0] as const

export const slotLengthChoices = ['10', '15', '20', '30', '60'] as const

const TIME_FORMAT_MESSAGE = 'Please enter a time such as 07:00 or 18:30.'
const CLOSES_AFTER_MESSAGE = 'The closing time must be after the opening time.'

/** A time input's value ('07:00', or '07:00:00' from some browsers) → 'HH:MM'. */
function wallTime(value: string) {
	return /^\d\d:\d\d:\d\d$/.test(value) ? value.slice(0, 5) : value
}

/**
 * A closing time: a time input cannot show '24:00', so 12:00 AM ('00:00') means midnight at the end of
 * the day (closing at the start of the day it opens would make no sense); '24:00' typed is kept.
 */
function closingTime(value: string) {
	const time = wallTime(value)
	return time === '00:00' ? '24:00' : time
}

const openingField = (required: string) =>
	z
		.string({ required_error: required })
		.trim()
		.transform(wallTime)
		.refine((value) => isWallTime(value) && value !== '24:00', TIME_FORMAT_MESSAGE)

const closingField = (required: string) =>
	z.string({ required_error: required }).trim().transform(closingTime).refine(isWallTime, TIME_FORMAT_MESSAGE)

/** One weekday of the weekly hours: closed, or open from `opensAt` to `closesAt`. */
const weekdayHours = z
	.object({
		weekday: z.number().int().min(0).max(6),
		open: z.boolean().optional(),
		opensAt: z.string().trim().transform(wallTime).optional(),
		closesAt: z.string().trim().transform(closingTime).optional(),
	})
	.superRefine((day, ctx) => {
		if (!day.open) return
		const opensOk = day.opensAt !== undefined && isWallTime(day.opensAt) && day.opensAt !== '24:00'
		const closesOk = day.closesAt !== undefined && isWallTime(day.closesAt)
		if (day.opensAt === undefined)
			ctx.addIssue({ code: 'custom', path: ['opensAt'], message: 'Please enter the opening time.' })
		else if (!opensOk) ctx.addIssue({ code: 'custom', path: ['opensAt'], message: TIME_FORMAT_MESSAGE })
		if (day.closesAt === undefined)
			ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'Please enter the closing time.' })
		else if (!closesOk) ctx.addIssue({ code: 'custom', path: ['closesAt'], message: TIME_FORMAT_MESSAGE })
		if (opensOk && closesOk && day.closesAt! <= day.opensAt!) {
			ctx.addIssue({ code: 'custom', path: ['closesAt'], message: CLOSES_AFTER_MESSAGE })
		}
	})

/** The whole week; `days[weekday]`, 0 = Sunday. */
export const weeklyHoursSchema = z.object({
	days: z
		.array(weekdayHours)
		.length(7, 'Please send all seven days.')
		.refine((days) => days.every((day, index) => day.weekday === index), 'Please send all seven days.'),
})

export const leadUnits = ['minutes', 'hours'] as const

const wholeNumber = (range: string) =>
	z
		.number({
			required_error: `Please enter a number from ${range}.`,
			invalid_type_error: 'Please enter a whole number.',
		})
		.int('Please enter a whole number.')

/** The ordering settings. The earliest pickup is typed as an amount and a unit; it is stored in minutes. */
export const pickupSettingsSchema = z
	.object({
		slotMinutes: z
			.enum(slotLengthChoices, { errorMap: () => ({ message: 'Please choose a slot length.' }) })
			.transform(Number),
		ordersPerSlot: wholeNumber('1 to 100')
			.min(1, 'Please enter a number from 1 to 100.')
			.max(100, 'Please enter a number from 1 to 100.'),
		leadAmount: wholeNumber('0 to 10080').min(0, 'The earliest pickup cannot be in the past.'),
		leadUnit: z.enum(leadUnits, { errorMap: () => ({ message: 'Please choose minutes or hours.' }) }),
		sameDayCutoff: z
			.string()
			.trim()
			.transform(wallTime)
			.refine((value) => isWallTime(value) && value !== '24:00', TIME_FORMAT_MESSAGE)
			.optional(),
		horizonDays: wholeNumber('1 to 60')
			.min(1, 'Please enter a number of days from 1 to 60.')
			.max(60, 'Please enter a number of days from 1 to 60.'),
		changeLockHours: wholeNumber('0 to 336')
			.min(0, 'Please enter a number of hours from 0 to 336.')
			.max(336, 'Please enter a number of hours from 0 to 336 (14 days).'),
	})
	.superRefine((settings, ctx) => {
		const minutes = settings.leadUnit === 'hours' ? settings.leadAmount * 60 : settings.leadAmount
		if (minutes > 7 * 24 * 60) {
			ctx.addIssue({
				code: 'custom',
				path: ['leadAmount'],
				message: 'Please keep the earliest pickup within 7 days (168 hours).',
			})
		}
	})

const dateField = (required: string) =>
	z.string({ required_error: required }).trim().refine(isLocalDate, 'Please enter a date such as 2026-11-26.')

/** A closed date range with the note visitors read. */
export const closureSchema = z
	.object({
		startDate: dateField('Please enter the first closed day.'),
		endDate: dateField('Please enter the last closed day.'),
		note: z
			.string({ required_error: 'Please write the note visitors will see, e.g. “Closed for Thanksgiving”.' })
			.trim()
			.min(1, 'Please write the note visitors will see, e.g. “Closed for Thanksgiving”.')
			.max(120, 'Please keep the note under 120 characters.'),
		// Optional translations; empty: Spanish and Portuguese pages show the English note.
		noteEs: z.string().trim().max(120, 'Please keep the Spanish note under 120 characters.').optional(),
		notePtBr: z.string().trim().max(120, 'Please keep the Portuguese note under 120 characters.').optional(),
	})
	.superRefine((closure, ctx) => {
		if (closure.endDate < closure.startDate) {
			ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The last closed day cannot be before the first.' })
		}
	})

/** Hours that replace the weekly hours on one date. */
export const specialHoursSchema = z
	.object({
		date: dateField('Please enter the date.'),
		opensAt: openingField('Please enter the opening time.'),
		closesAt: closingField('Please enter the closing time.'),
	})
	.superRefine((day, ctx) => {
		if (day.closesAt <= day.opensAt) ctx.addIssue({ code: 'custom', path: ['closesAt'], message: CLOSES_AFTER_MESSAGE })
	})

export const PAST_DATE_MESSAGE = 'That date has already passed. Please choose today or a later date.'

/** Phone orders (decision 075): whether staff may confirm one to be paid at the counter. An unticked box is absent. */
export const phoneOrderSettingsSchema = z.object({ payAtPickupAllowed: z.boolean().optional() })
