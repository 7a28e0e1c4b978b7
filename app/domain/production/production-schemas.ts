import { z } from 'zod'
import { parseMilliQuantity } from './production-plan'

/** Sunday first, as `ProductionResource.minutesByWeekday` and `weekdayOf` count. */
export const WEEKDAY_FIELDS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
export const WEEKDAY_LABELS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

function wholeNumber(label: string, min: number, max: number) {
	return z.coerce
		.number({ required_error: `Please enter ${label}.`, invalid_type_error: `${label} must be a whole number.` })
		.int(`${label} must be a whole number.`)
		.min(min, `${label} is at least ${min}.`)
		.max(max, `${label} is at most ${max}.`)
}

const minutesOfDay = z.coerce
	.number({ invalid_type_error: 'Minutes must be a whole number.' })
	.int('Minutes must be a whole number.')
	.min(0, 'Minutes are 0 (closed) or more.')
	.max(1440, 'A day has 1440 minutes.')
	.default(0)

/** The owner's resource: its name, when its day starts and its minutes on each day of the week. */
export const resourceSchema = z.object({
	name: z
		.string({ required_error: 'Please name the resource, e.g. Oven 1.' })
		.trim()
		.min(1, 'Please name the resource, e.g. Oven 1.')
		.max(60, 'A name has at most 60 characters.'),
	startsAt: z
		.string({ required_error: 'Please give the time its day starts, e.g. 05:00.' })
		.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please give a time like 05:00.'),
	...(Object.fromEntries(WEEKDAY_FIELDS.map((day) => [day, minutesOfDay])) as Record<
		(typeof WEEKDAY_FIELDS)[number],
		typeof minutesOfDay
	>),
})

export function minutesByWeekdayOf(value: z.infer<typeof resourceSchema>) {
	return WEEKDAY_FIELDS.map((day) => value[day])
}

export const stepSchema = z.object({
	name: z
		.string({ required_error: 'Please name the step, e.g. Bake.' })
		.trim()
		.min(1, 'Please name the step, e.g. Bake.')
		.max(60, 'A name has at most 60 characters.'),
	resourceId: z
		.string({ required_error: 'Please choose the resource it uses.' })
		.min(1, 'Please choose the resource it uses.'),
	optionChoice: z.string().trim().max(80).default(''),
	minutesPerBatch: wholeNumber('Minutes per batch', 1, 1440),
	batchSize: wholeNumber('The batch size', 1, 10000),
	daysBefore: wholeNumber('Days before pickup', 0, 14),
})

export const INGREDIENT_UNITS = ['g', 'kg', 'ml', 'l', 'each'] as const

export const ingredientSchema = z.object({
	name: z
		.string({ required_error: 'Please name the ingredient.' })
		.trim()
		.min(1, 'Please name the ingredient.')
		.max(80, 'A name has at most 80 characters.'),
	quantity: z.string({ required_error: 'Please enter the quantity per batch.' }).transform((text, context) => {
		const milli = parseMilliQuantity(text)
		if (milli === null) {
			context.addIssue({
				code: 'custom',
				message: 'Please enter a quantity above 0 like 250 or 1.5 (at most 3 decimals).',
			})
			return z.NEVER
		}
		return milli
	}),
	unit: z.enum(INGREDIENT_UNITS, { errorMap: () => ({ message: 'Please choose g, kg, ml, l or each.' }) }),
	batchSize: wholeNumber('The batch size', 1, 10000),
})

/** The owner's counter quantity for an item on a date: a number, or empty to go back to the forecast. */
export const counterOverrideSchema = z.object({
	menuItemId: z.string().min(1),
	quantity: z.coerce
		.number({ invalid_type_error: 'Please enter a whole number, or leave it empty for the forecast.' })
		.int('Please enter a whole number, or leave it empty for the forecast.')
		.min(0, 'At least 0.')
		.max(100000, 'At most 100000.')
		.optional(),
})

/** One closing count: whole numbers, left over no more than made. Null fields mean the row was left empty. */
export function readClosingCount(madeText: string, leftText: string) {
	const made = madeText.trim()
	const left = leftText.trim()
	if (made === '' && left === '') return { kind: 'empty' } as const
	const number = (text: string) => (/^\d{1,5}$/.test(text) ? Number(text) : null)
	const madeValue = number(made)
	const leftValue = number(left === '' ? '0' : left)
	if (madeValue === null) return { kind: 'error', field: 'made', message: 'Made: a whole number, 0 or more.' } as const
	if (leftValue === null)
		return { kind: 'error', field: 'left', message: 'Left over: a whole number, 0 or more.' } as const
	if (leftValue > madeValue)
		return { kind: 'error', field: 'left', message: 'Left over cannot be more than made.' } as const
	return { kind: 'count', made: madeValue, leftOver: leftValue } as const
}
