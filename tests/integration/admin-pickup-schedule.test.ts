import type { SubmissionResult } from '@conform-to/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultBusiness, type VisitorHours } from '~/config/business'
import { getPickupSchedule, getPickupSettings, replaceWeeklyHours } from '~/domain/pickup/models/pickup-schedule.server'
import { action, loader } from '~/routes/admin.pickup-schedule'
import { loader as homeLoader } from '~/routes/_index'
import { loader as contactLoader } from '~/routes/contact'
import { prisma } from '~/utils/db.server'
import { addLocalDays, localDateOf } from '~/domain/pickup/pickup-schedule'
import { bakeryJsonLd } from '~/utils/seo'
import { ADMIN, FORMER_ADMIN, get, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let cookie: string

beforeAll(async () => {
	env = await useAdminTestEnv()
	cookie = await sessionCookieFor(ADMIN)
})

afterAll(() => env.cleanup())

afterEach(() => {
	vi.restoreAllMocks()
})

/** Today's hours in business.ts, as the seed writes them: Tue–Fri 07–18, Sat 08–17, Sun 08–14, Monday closed. */
const seededWeek = [
	{ weekday: 0, opensAt: '08:00', closesAt: '14:00' },
	...[2, 3, 4, 5].map((weekday) => ({ weekday, opensAt: '07:00', closesAt: '18:00' })),
	{ weekday: 6, opensAt: '08:00', closesAt: '17:00' },
]

beforeEach(async () => {
	await prisma.pickupClosure.deleteMany()
	await prisma.specialHours.deleteMany()
	await prisma.openingHours.deleteMany()
	await prisma.pickupSettings.deleteMany()
	await prisma.openingHours.createMany({ data: seededWeek })
	await prisma.pickupSettings.create({ data: { id: 1 } })
})

const today = () => localDateOf(new Date(), 'America/Los_Angeles')
const PATH = '/admin/pickup-schedule'

interface FormResult {
	result: SubmissionResult<string[]>
	form: string
	message?: string
}

async function submit(fields: Record<string, string>, as = cookie) {
	const outcome = await run(action({ request: post(PATH, fields, as), params: {}, context: {} }))
	return { ...outcome, reply: outcome.data as FormResult & { confirm?: string } }
}

/** The weekly-hours form as a browser posts it: `week[weekday]` open or closed. */
function weekFields(week: Record<number, [string, string] | null>) {
	const fields: Record<string, string> = { intent: 'hours' }
	for (let weekday = 0; weekday < 7; weekday++) {
		fields[`days[${weekday}].weekday`] = String(weekday)
		const hours = week[weekday]
		if (!hours) continue
		fields[`days[${weekday}].open`] = 'on'
		fields[`days[${weekday}].opensAt`] = hours[0]
		fields[`days[${weekday}].closesAt`] = hours[1]
	}
	return fields
}

async function visitorHours(load: typeof homeLoader | typeof contactLoader, path = '/') {
	const request = new Request(`http://localhost${path}`)
	const returned = (await load({ request, params: {}, context: {} })) as unknown as {
		type?: string
		data: { hours: VisitorHours }
		init: ResponseInit | null
	}
	return { hours: returned.data.hours, headers: new Headers(returned.init?.headers) }
}

describe('Pickup schedule: only for the owner', () => {
	it('refuses the screen and every action without an admin session, and changes nothing', async () => {
		const formerCookie = await sessionCookieFor(FORMER_ADMIN)
		const { id: closureId } = await prisma.pickupClosure.create({
			data: { startDate: new Date('2099-01-01'), endDate: new Date('2099-01-02'), note: 'Kept' },
		})
		const signedOut = await run(loader({ request: get(PATH), params: {}, context: {} }))
		expect(signedOut.status).toBe(302)
		expect(signedOut.headers.get('Location')).toMatch(/returnTo=%2Fadmin%2Fpickup-schedule/)
		for (const [as, status] of [
			['', 401],
			[formerCookie, 403],
		] as const) {
			for (const fields of [
				{ intent: 'delete-closure', id: closureId, confirmed: 'yes' },
				{ intent: 'special-hours', date: addLocalDays(today(), 3), opensAt: '03:00', closesAt: '04:00' },
				weekFields({ 1: ['06:00', '12:00'] }),
				{ intent: 'closure', startDate: addLocalDays(today(), 3), endDate: addLocalDays(today(), 3), note: 'Nope' },
				{
					intent: 'settings',
					slotMinutes: '30',
					ordersPerSlot: '2',
					leadAmount: '1',
					leadUnit: 'hours',
					horizonDays: '7',
					changeLockHours: '12',
				},
			]) {
				expect((await submit(fields, as)).status).toBe(status)
			}
		}
		expect(await prisma.pickupClosure.findMany({ select: { id: true } })).toEqual([{ id: closureId }])
		expect(await prisma.specialHours.count()).toBe(0)
		expect(await prisma.openingHours.findMany({ orderBy: { weekday: 'asc' } })).toEqual(seededWeek)
		expect((await getPickupSettings()).slotMinutes).toBe(15)
	})

	it('shows the owner the week, the settings and what is ahead', async () => {
		await prisma.pickupClosure.create({
			data: {
				startDate: new Date(`${addLocalDays(today(), -3)}T00:00:00Z`),
				endDate: new Date(`${addLocalDays(today(), -1)}T00:00:00Z`),
				note: 'Ended',
			},
		})
		const outcome = await run(loader({ request: get(PATH, cookie), params: {}, context: {} }))
		expect(outcome.status).toBe(200)
		expect(outcome.headers.get('Cache-Control')).toBe('private, no-store')
		const { schedule } = outcome.data as { schedule: { weeklyHours: unknown; closures: unknown[] } }
		expect(schedule.weeklyHours).toEqual(seededWeek)
		expect(schedule.closures).toEqual([]) // the ended closure is not listed
	})
})

describe('Weekly opening hours', () => {
	it('replaces the whole week: days left unticked are closed', async () => {
		const { status, reply } = await submit(
			weekFields({ 1: ['09:00', '15:00'], 3: ['07:30', '00:00'], 6: ['08:00', '24:00'] }),
		)
		expect(status).toBe(200)
		expect(reply.message).toBe('Opening hours saved.')
		expect(await prisma.openingHours.findMany({ orderBy: { weekday: 'asc' } })).toEqual([
			{ weekday: 1, opensAt: '09:00', closesAt: '15:00' },
			// 12:00 AM as a closing time is midnight at the end of the day.
			{ weekday: 3, opensAt: '07:30', closesAt: '24:00' },
			{ weekday: 6, opensAt: '08:00', closesAt: '24:00' },
		])
	})

	it('keeps every day as it was when any day is wrong, and says which field', async () => {
		const { status, reply } = await submit(
			weekFields({ 1: ['09:00', '15:00'], 2: ['18:00', '07:00'], 4: ['', '12:00'], 5: ['7 am', '12:00'] }),
		)
		expect(status).toBe(400)
		expect(reply.result.error).toMatchObject({
			'days[2].closesAt': ['The closing time must be after the opening time.'],
			'days[4].opensAt': ['Please enter the opening time.'],
			'days[5].opensAt': ['Please enter a time such as 07:00 or 18:30.'],
		})
		// What was typed comes back to the form.
		expect(reply.result.initialValue).toMatchObject({
			days: expect.arrayContaining([expect.objectContaining({ opensAt: '7 am' })]),
		})
		expect(await prisma.openingHours.findMany({ orderBy: { weekday: 'asc' } })).toEqual(seededWeek)
	})

	it('is atomic: when the new week cannot be written, the old week stays', async () => {
		// Two rows for Monday break the primary key after the old week was deleted in the same transaction.
		const clash = [
			{ weekday: 1, opensAt: '09:00', closesAt: '15:00' },
			{ weekday: 1, opensAt: '10:00', closesAt: '16:00' },
		]
		await expect(replaceWeeklyHours(clash)).rejects.toThrow()
		expect(await prisma.openingHours.findMany({ orderBy: { weekday: 'asc' } })).toEqual(seededWeek)
	})
})

describe('Ordering settings', () => {
	it('saves slot length, orders per slot, earliest pickup in hours, cutoff and horizon', async () => {
		const { status, reply } = await submit({
			intent: 'settings',
			slotMinutes: '30',
			ordersPerSlot: '4',
			leadAmount: '3',
			leadUnit: 'hours',
			sameDayCutoff: '14:00',
			horizonDays: '21',
			changeLockHours: '48',
		})
		expect(status).toBe(200)
		expect(reply.message).toBe('Ordering settings saved.')
		expect(await getPickupSettings()).toEqual({
			timeZone: 'America/Los_Angeles',
			slotMinutes: 30,
			ordersPerSlot: 4,
			minLeadMinutes: 180,
			sameDayCutoff: '14:00',
			horizonDays: 21,
			changeLockHours: 48,
		})
		// An empty cutoff removes it.
		await submit({
			intent: 'settings',
			slotMinutes: '15',
			ordersPerSlot: '6',
			leadAmount: '45',
			leadUnit: 'minutes',
			horizonDays: '14',
			changeLockHours: '24',
		})
		expect(await getPickupSettings()).toMatchObject({ minLeadMinutes: 45, sameDayCutoff: null })
	})

	it('refuses out-of-range values with a message per field and keeps what was typed', async () => {
		const { status, reply } = await submit({
			intent: 'settings',
			slotMinutes: '7',
			ordersPerSlot: '0',
			leadAmount: '-1',
			leadUnit: 'hours',
			sameDayCutoff: '25:00',
			horizonDays: '61',
			changeLockHours: '337',
		})
		expect(status).toBe(400)
		expect(reply.result.error).toMatchObject({
			slotMinutes: ['Please choose a slot length.'],
			ordersPerSlot: ['Please enter a number from 1 to 100.'],
			leadAmount: ['The earliest pickup cannot be in the past.'],
			sameDayCutoff: ['Please enter a time such as 07:00 or 18:30.'],
			horizonDays: ['Please enter a number of days from 1 to 60.'],
			changeLockHours: ['Please enter a number of hours from 0 to 336 (14 days).'],
		})
		expect(reply.result.initialValue).toMatchObject({ ordersPerSlot: '0', horizonDays: '61', changeLockHours: '337' })
		expect((await getPickupSettings()).slotMinutes).toBe(15)
	})
})

describe('Closures', () => {
	it('are added with their note, listed while upcoming, and deleted after confirming', async () => {
		const start = addLocalDays(today(), 3)
		const end = addLocalDays(today(), 4)
		const added = await submit({ intent: 'closure', startDate: start, endDate: end, note: 'Closed for Thanksgiving' })
		expect(added.status).toBe(200)
		expect(added.reply.message).toMatch(
			/^Closure added: Closed \w{3}, \w{3} \d+ – \w{3}, \w{3} \d+: Closed for Thanksgiving\.$/,
		)
		const { closures } = await getPickupSchedule(new Date())
		expect(closures).toEqual([{ startDate: start, endDate: end, note: 'Closed for Thanksgiving' }])

		const row = await prisma.pickupClosure.findFirstOrThrow()
		// Without JavaScript the first press only asks.
		const asked = await submit({ intent: 'delete-closure', id: row.id })
		expect(asked.reply).toEqual({ confirm: row.id })
		expect(await prisma.pickupClosure.count()).toBe(1)
		const deleted = await submit({ intent: 'delete-closure', id: row.id, confirmed: 'yes' })
		expect(deleted.reply).toEqual({ message: 'The closure was deleted.' })
		expect(await prisma.pickupClosure.count()).toBe(0)
	})

	it('needs a note, real dates, an end on or after the start, and not an ended range', async () => {
		const missing = await submit({ intent: 'closure', startDate: '2026-02-30', endDate: '', note: ' ' })
		expect(missing.status).toBe(400)
		expect(missing.reply.result.error).toMatchObject({
			startDate: ['Please enter a date such as 2026-11-26.'],
			endDate: ['Please enter the last closed day.'],
			note: ['Please write the note visitors will see, e.g. “Closed for Thanksgiving”.'],
		})
		const backwards = await submit({
			intent: 'closure',
			startDate: addLocalDays(today(), 5),
			endDate: addLocalDays(today(), 4),
			note: 'Inventory',
		})
		expect(backwards.reply.result.error).toMatchObject({ endDate: ['The last closed day cannot be before the first.'] })
		expect(backwards.reply.result.initialValue).toMatchObject({ note: 'Inventory' })
		const past = await submit({
			intent: 'closure',
			startDate: addLocalDays(today(), -5),
			endDate: addLocalDays(today(), -4),
			note: 'Too late',
		})
		expect(past.reply.result.error).toMatchObject({
			endDate: ['That date has already passed. Please choose today or a later date.'],
		})
		expect(await prisma.pickupClosure.count()).toBe(0)
	})
})

describe('Special hours', () => {
	it('set the hours of one date (again: replaced), and are deleted after confirming', async () => {
		const date = addLocalDays(today(), 6)
		await submit({ intent: 'special-hours', date, opensAt: '10:00', closesAt: '13:00' })
		const saved = await submit({ intent: 'special-hours', date, opensAt: '08:00', closesAt: '12:00' })
		expect(saved.reply.message).toMatch(/^Saved: Special hours \w{3}, \w{3} \d+: 8:00 AM – 12:00 PM\.$/)
		expect((await getPickupSchedule(new Date())).specialHours).toEqual([{ date, opensAt: '08:00', closesAt: '12:00' }])
		const deleted = await submit({ intent: 'delete-special-hours', id: date, confirmed: 'yes' })
		expect(deleted.reply.message).toMatch(/^The special hours for .+ were deleted\.$/)
		expect(await prisma.specialHours.count()).toBe(0)
	})

	it('refuses a closing time before the opening time', async () => {
		const date = addLocalDays(today(), 6)
		const { status, reply } = await submit({ intent: 'special-hours', date, opensAt: '12:00', closesAt: '09:00' })
		expect(status).toBe(400)
		expect(reply.result.error).toMatchObject({ closesAt: ['The closing time must be after the opening time.'] })
		expect(await prisma.specialHours.count()).toBe(0)
	})
})

describe('What visitors see on Home and Contact', () => {
	it('a closure added by the owner is on both pages while upcoming, and gone once it has ended', async () => {
		const start = addLocalDays(today(), 2)
		await submit({ intent: 'closure', startDate: start, endDate: start, note: 'Closed for Thanksgiving' })
		for (const load of [homeLoader, contactLoader]) {
			const { hours } = await visitorHours(load)
			expect(hours.notices).toEqual([expect.stringMatching(/^Closed \w{3}, \w{3} \d+: Closed for Thanksgiving$/)])
		}
		// The day after the closure, the pages no longer mention it.
		vi.useFakeTimers({ now: new Date(Date.now() + 4 * 86_400_000), toFake: ['Date'] })
		try {
			for (const load of [homeLoader, contactLoader]) expect((await visitorHours(load)).hours.notices).toEqual([])
		} finally {
			vi.useRealTimers()
		}
	})

	it('the hours and the JSON-LD openingHoursSpecification follow the weekly hours table', async () => {
		await submit(weekFields({ 1: ['09:00', '15:00'], 2: ['09:00', '15:00'], 6: ['10:00', '16:00'] }))
		const { hours, headers } = await visitorHours(contactLoader)
		expect(headers.get('Cache-Control')).toBeNull() // a normal public page
		expect(hours.openingHours).toEqual([
			{ days: ['Monday', 'Tuesday'], opens: '09:00', closes: '15:00', label: 'Mon–Tue' },
			{ days: ['Saturday'], opens: '10:00', closes: '16:00', label: 'Sat' },
		])
		const jsonLd = bakeryJsonLd({ ...defaultBusiness, openingHours: hours.openingHours }, 'https://example.com')
		expect(jsonLd.openingHoursSpecification).toEqual([
			{ '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday'], opens: '09:00', closes: '15:00' },
			{ '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:00', closes: '16:00' },
		])
	})

	it('the seeded week reads as today’s hard-coded hours', async () => {
		const { hours } = await visitorHours(homeLoader)
		expect(hours.openingHours).toEqual(defaultBusiness.openingHours)
	})

	it('during a database outage both pages still show, with the hours in business.ts and kept by no cache', async () => {
		vi.spyOn(prisma, '$queryRaw').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:5432'))
		vi.spyOn(console, 'error').mockImplementation(() => {})
		for (const load of [homeLoader, contactLoader]) {
			const { hours, headers } = await visitorHours(load)
			expect(hours).toEqual({
				openingHours: defaultBusiness.openingHours,
				lines: [
					{ days: 'Tue–Fri', times: '7 am – 6 pm' },
					{ days: 'Sat', times: '8 am – 5 pm' },
					{ days: 'Sun', times: '8 am – 2 pm' },
					{ days: 'Mon', times: null },
				],
				notices: [],
			})
			expect(headers.get('Cache-Control')).toBe('private, no-store')
		}
		// The same fallback in the page's language.
		expect((await visitorHours(homeLoader, '/es')).hours.lines[0]).toEqual({
			days: 'mar–vie',
			times: '7:00 a.m. – 6:00 p.m.',
		})
		expect((await visitorHours(contactLoader, '/pt-br/contact')).hours.lines).toEqual([
			{ days: 'ter.–sex.', times: '7:00 – 18:00' },
			{ days: 'sáb.', times: '8:00 – 17:00' },
			{ days: 'dom.', times: '8:00 – 14:00' },
			{ days: 'seg.', times: null },
		])
	})
})
