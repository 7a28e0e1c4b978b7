/**
 * The bread club's pages (decision 093) as a browser without JavaScript uses them: /club lists the plans in the page's
 * language and sends a signed-in customer to Stripe's subscription page (the mock speaks the protocol), anyone else to
 * the sign-in; /account/club starts the membership on the way back (`?started=`) and makes each change a member posts,
 * answering what it did, for their own memberships only and until each box's cutoff.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cutoffOf, firstPickupDate } from '~/domain/club/cadence'
import { addLocalDays, localDateOf } from '~/domain/pickup/pickup-schedule'
import { createMenuItem } from '../fixtures/menu'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { get, post, run, useAdminTestEnv } from './admin-helpers'
import { clearClub, signedInCustomer } from './customer-helpers'
import { clearPickupHolds, openEveryDay } from './pickup-helpers'

const TZ = 'America/Los_Angeles'
let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let stripe: MockStripe
let page: typeof import('~/routes/club')
let account: typeof import('~/routes/account_.club')
let menu: typeof import('~/domain/menu/index.server')
let prisma: (typeof import('~/utils/db.server'))['prisma']

beforeAll(async () => {
	env = await useAdminTestEnv()
	stripe = await startMockStripe({ webhookUrl: '', webhookSecret: 'whsec_club_pages' })
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_club_pages',
		STRIPE_WEBHOOK_SECRET: 'whsec_club_pages',
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
	})
	;(await import('~/utils/env.server')).resetEnv()
	page = await import('~/routes/club')
	account = await import('~/routes/account_.club')
	menu = await import('~/domain/menu/index.server')
	prisma = (await import('~/utils/db.server')).prisma
})

afterAll(async () => {
	await stripe.close()
	await env.cleanup()
})

beforeEach(async () => {
	await clearClub()
	await clearPickupHolds()
	await prisma.menuItem.deleteMany()
	await prisma.customer.deleteMany()
	await openEveryDay({ slotMinutes: 30 })
	menu.invalidateMenuCache()
})

/** A Saturday plan: two dozen pão de queijo, 9:00–11:00, changes close Friday at 20:00; named in Spanish too. */
async function saturdayPlan(more: { maxSubscribers?: number } = {}) {
	const item = await createMenuItem({ name: 'Pão de Queijo (dozen)', priceCents: 1500, category: 'BRAZILIAN_PASTRIES' })
	await prisma.menuItem.update({ where: { id: item.id }, data: { nameEs: 'Pan de queso (docena)' } })
	return prisma.clubPlan.create({
		data: {
			name: 'Pão de queijo club',
			nameEs: 'Club del pan de queso',
			description: 'Two dozen, warm from the oven.',
			descriptionEs: 'Dos docenas, recién salidas del horno.',
			lines: [{ menuItemId: item.id, quantity: 2, choices: [] }],
			frequency: 'WEEKLY',
			pickupWeekday: 6,
			windowStart: '09:00',
			windowEnd: '11:00',
			priceCents: 2400,
			maxSubscribers: more.maxSubscribers ?? 10,
			cutoffDaysBefore: 1,
			cutoffTime: '20:00',
		},
	})
}

/** What an action answers in `data()` (a redirect aside). */
type ReplyData<Reply> = Awaited<Reply> extends infer Value ? (Value extends { data: infer Data } ? Data : never) : never
type PageData = Awaited<ReturnType<typeof page.loader>>
type JoinData = ReplyData<ReturnType<typeof page.action>>
type AccountData = Awaited<ReturnType<typeof account.loader>>['data']
type ChangeData = ReplyData<ReturnType<typeof account.action>>

async function clubPage(path = '/club') {
	return (await run(page.loader({ request: get(path), params: {}, context: {} }))).data as PageData
}

async function join(fields: Record<string, string>, cookie?: string, path = '/club') {
	const outcome = await run(
		page.action({ request: post(path, fields, cookie), params: {}, context: { clientIp: '203.0.113.40' } }),
	)
	return { ...outcome, data: outcome.data as JoinData }
}

async function accountPage(cookie: string, path = '/account/club') {
	return (await run(account.loader({ request: get(path, cookie), params: {}, context: {} }))).data as AccountData
}

async function change(fields: Record<string, string>, cookie: string) {
	const outcome = await run(account.action({ request: post('/account/club', fields, cookie), params: {}, context: {} }))
	return { ...outcome, data: outcome.data as ChangeData }
}

/** A customer joins through the page, pays on the mock's page and comes back: their membership, started. */
async function member(planId: string, name = 'Ana', pickupTime = '10:00') {
	const customer = await signedInCustomer(name)
	const joined = await join({ plan: planId, pickupTime }, customer.cookie)
	expect(joined.status).toBe(302)
	const sessionId = /\/pay\/([^/?]+)$/.exec(joined.headers.get('Location') ?? '')![1]!
	stripe.startSubscription(sessionId)
	const back = await accountPage(customer.cookie, `/account/club?started=${sessionId}`)
	return { customer, sessionId, back, membership: back.memberships[0]! }
}

describe('/club', () => {
	it('lists a plan in the page’s language: its box, day and window, price, first box and when its changes close', async () => {
		const plan = await saturdayPlan()
		const now = new Date()
		const first = firstPickupDate(plan, now)
		const english = await clubPage()
		expect(english.plans).toHaveLength(1)
		expect(english.plans[0]).toMatchObject({
			id: plan.id,
			name: 'Pão de queijo club',
			description: 'Two dozen, warm from the oven.',
			box: [{ name: 'Pão de Queijo (dozen)', quantity: 2 }],
			frequency: 'WEEKLY',
			pickupWeekday: 6,
			windowStart: '09:00',
			windowEnd: '11:00',
			priceCents: 2400,
			full: false,
			firstBox: first,
			pickupTimes: ['09:00', '09:30', '10:00', '10:30', '11:00'],
		})
		expect(english.plans[0]!.changesClose).toMatch(/^Fri, [A-Z][a-z]{2} \d{1,2} at 8:00 PM$/)
		expect(cutoffOf(plan, first).getTime()).toBeGreaterThan(now.getTime())
		// The page says whether a seat is left, never how many are taken.
		expect(JSON.stringify(english)).not.toMatch(/liveMembers|maxSubscribers/)

		const spanish = await clubPage('/es/club')
		expect(spanish.plans[0]).toMatchObject({
			name: 'Club del pan de queso',
			description: 'Dos docenas, recién salidas del horno.',
			box: [{ name: 'Pan de queso (docena)', quantity: 2 }],
		})
		expect(spanish.plans[0]!.changesClose).toMatch(/^vie, \d{1,2} de [a-z]+\.?, 8:00 p\.m\.$/)
		// Portuguese is not translated by the owner: English.
		expect((await clubPage('/pt-br/club')).plans[0]!.name).toBe('Pão de queijo club')
	})

	it('says a plan is full when its seats are taken, and refuses to join it', async () => {
		const plan = await saturdayPlan({ maxSubscribers: 1 })
		await member(plan.id, 'Ana')
		expect((await clubPage()).plans[0]).toMatchObject({ full: true })
		const late = await signedInCustomer('Bia')
		const refused = await join({ plan: plan.id, pickupTime: '10:00' }, late.cookie)
		expect(refused.status).toBe(409)
		expect(refused.data).toMatchObject({ planId: plan.id, refusal: 'full' })
	})

	it('sends a visitor who is not signed in to the sign-in, which comes back to the page', async () => {
		const plan = await saturdayPlan()
		const english = await join({ plan: plan.id, pickupTime: '10:00' })
		expect(english.status).toBe(302)
		expect(english.headers.get('Location')).toBe('/account/sign-in?redirectTo=%2Fclub')
		const spanish = await join({ plan: plan.id, pickupTime: '10:00' }, undefined, '/es/club')
		expect(spanish.headers.get('Location')).toBe('/es/account/sign-in?redirectTo=%2Fes%2Fclub')
		expect(await prisma.clubSubscription.count()).toBe(0)
	})

	it('sends a signed-in customer to Stripe’s subscription page for the plan, in their language', async () => {
		const plan = await saturdayPlan()
		const customer = await signedInCustomer('Caio')
		const joined = await join({ plan: plan.id, pickupTime: '09:30' }, customer.cookie, '/es/club')
		expect(joined.status).toBe(302)
		expect(joined.headers.get('Location')).toMatch(new RegExp(`^${stripe.baseUrl}/pay/cs_`))
		const session = [...stripe.sessions.values()].at(-1)!
		expect(session.params.get('mode')).toBe('subscription')
		expect(session.params.get('success_url')).toBe(
			'http://localhost:3000/es/account/club?started={CHECKOUT_SESSION_ID}',
		)
		expect(await prisma.clubSubscription.findFirstOrThrow({ where: { customerId: customer.id } })).toMatchObject({
			status: 'CHECKOUT',
			pickupTime: '09:30',
			locale: 'es',
		})
	})

	it('answers each refusal with the choice kept: a time outside the window, already a member', async () => {
		const plan = await saturdayPlan()
		const { customer } = await member(plan.id, 'Duda')
		const again = await join({ plan: plan.id, pickupTime: '10:30' }, customer.cookie)
		expect(again.status).toBe(409)
		expect(again.data).toMatchObject({ planId: plan.id, refusal: 'member' })
		expect(again.data.result.initialValue).toMatchObject({ plan: plan.id, pickupTime: '10:30' })

		const other = await signedInCustomer('Edu')
		const late = await join({ plan: plan.id, pickupTime: '12:00' }, other.cookie)
		expect(late.data).toMatchObject({ refusal: 'time' })
		expect(late.data.result.initialValue).toMatchObject({ pickupTime: '12:00' })
		const unreadable = await join({ plan: plan.id, pickupTime: 'noon' }, other.cookie)
		expect(unreadable.status).toBe(400)
		expect(unreadable.data.result.error?.pickupTime).toEqual(['Please choose a pickup time.'])
	})
})

describe('/account/club', () => {
	it('starts the membership on the way back from Stripe and lists it with its coming boxes', async () => {
		const plan = await saturdayPlan()
		const { back, membership } = await member(plan.id)
		expect(back.welcome).toBe(true)
		expect(back.memberships).toHaveLength(1)
		const first = firstPickupDate(plan, new Date())
		expect(membership).toMatchObject({
			status: 'ACTIVE',
			planName: 'Pão de queijo club',
			priceCents: 2400,
			pickupTime: '10:00',
			pickupTimes: ['09:00', '09:30', '10:00', '10:30', '11:00'],
			pausedUntilText: null,
		})
		expect(membership.boxes.map((box) => [box.date, box.state, box.changeable])).toEqual(
			[0, 7, 14, 21, 28, 35].map((days) => [addLocalDays(first, days), 'open', true]),
		)
		expect(membership.boxes[0]!.cutoffText).toMatch(/^Fri, [A-Z][a-z]{2} \d{1,2} at 8:00 PM$/)
		expect(await prisma.clubSubscription.findFirstOrThrow()).toMatchObject({ status: 'ACTIVE' })
	})

	it('skips a box and takes the skip back, pauses and resumes, moves the time and leaves, saying what it did', async () => {
		const plan = await saturdayPlan()
		const { customer, membership } = await member(plan.id)
		const own = { membership: membership.id }
		const [first, second] = membership.boxes.map((box) => box.date)

		const skipped = await change({ ...own, intent: 'skip', date: first! }, customer.cookie)
		expect(skipped.status).toBe(200)
		expect(skipped.data.answer).toEqual({
			membershipId: membership.id,
			intent: 'skip',
			outcome: 'changed',
			date: first,
		})
		expect((await accountPage(customer.cookie)).memberships[0]!.boxes[0]).toMatchObject({ state: 'skipped' })
		expect((await change({ ...own, intent: 'skip', date: first! }, customer.cookie)).data.answer?.outcome).toBe(
			'unchanged',
		)
		const unskipped = await change({ ...own, intent: 'unskip', date: first! }, customer.cookie)
		expect(unskipped.data.answer).toMatchObject({ intent: 'unskip', outcome: 'changed' })
		expect((await accountPage(customer.cookie)).memberships[0]!.boxes[0]).toMatchObject({ state: 'open' })

		const paused = await change({ ...own, intent: 'pause', weeks: '2' }, customer.cookie)
		expect(paused.data.answer).toMatchObject({ intent: 'pause', outcome: 'changed', weeks: 2 })
		const whilePaused = (await accountPage(customer.cookie)).memberships[0]!
		expect(whilePaused.boxes.slice(0, 3).map((box) => box.state)).toEqual(['paused', 'paused', 'open'])
		expect(whilePaused.pausedUntilText).toMatch(/^Saturday, /)
		const subscription = [...stripe.subscriptions.values()].at(-1)!
		expect(subscription.pause_collection).toMatchObject({ behavior: 'void' })
		expect((await change({ ...own, intent: 'pause', weeks: '9' }, customer.cookie)).status).toBe(400)
		const resumed = await change({ ...own, intent: 'resume' }, customer.cookie)
		expect(resumed.data.answer).toMatchObject({ intent: 'resume', outcome: 'changed' })
		expect(subscription.pause_collection).toBeNull()
		expect((await accountPage(customer.cookie)).memberships[0]!.boxes[1]).toMatchObject({ date: second, state: 'open' })

		const moved = await change({ ...own, intent: 'time', pickupTime: '09:30' }, customer.cookie)
		expect(moved.data.answer).toMatchObject({ intent: 'time', outcome: 'changed', pickupTime: '09:30' })
		expect((await accountPage(customer.cookie)).memberships[0]!.pickupTime).toBe('09:30')

		const left = await change({ ...own, intent: 'leave' }, customer.cookie)
		expect(left.data.answer).toMatchObject({ intent: 'leave', outcome: 'changed' })
		expect(subscription.status).toBe('canceled')
		expect((await accountPage(customer.cookie)).memberships).toEqual([])
		expect((await change({ ...own, intent: 'skip', date: second! }, customer.cookie)).status).toBe(404)
	})

	it('refuses every change to another customer’s membership', async () => {
		const plan = await saturdayPlan()
		const { membership } = await member(plan.id)
		const stranger = await signedInCustomer('Zé')
		const changes: Array<Record<string, string>> = [
			{ intent: 'skip', date: membership.boxes[0]!.date },
			{ intent: 'pause', weeks: '1' },
			{ intent: 'time', pickupTime: '09:00' },
			{ intent: 'leave' },
			{ intent: 'card' },
		]
		for (const fields of changes) {
			const refused = await change({ membership: membership.id, ...fields }, stranger.cookie)
			expect(refused.status, fields.intent).toBe(404)
			expect(refused.data.answer?.outcome).toBe('not-member')
		}
		expect(await prisma.clubSubscription.findUniqueOrThrow({ where: { id: membership.id } })).toMatchObject({
			status: 'ACTIVE',
			pickupTime: '10:00',
			pausedUntil: null,
		})
		expect(await prisma.clubPickup.count()).toBe(0)
		expect((await accountPage(stranger.cookie)).memberships).toEqual([])
	})

	it('a past-due member is told and sent to Stripe’s page to update their card', async () => {
		const plan = await saturdayPlan()
		const { customer, membership } = await member(plan.id)
		await prisma.clubSubscription.update({ where: { id: membership.id }, data: { status: 'PAST_DUE' } })
		expect((await accountPage(customer.cookie)).memberships[0]).toMatchObject({ status: 'PAST_DUE' })
		const card = await change({ membership: membership.id, intent: 'card' }, customer.cookie)
		expect(card.status).toBe(302)
		expect(card.headers.get('Location')).toMatch(new RegExp(`^${stripe.baseUrl}/portal/`))
	})

	it('says a change to a box after its cutoff came too late, with when its changes closed', async () => {
		const plan = await saturdayPlan()
		const { customer, membership } = await member(plan.id)
		// Tomorrow's box, whose changes closed at midnight today.
		const tomorrow = addLocalDays(localDateOf(new Date(), TZ), 1)
		await prisma.clubPlan.update({ where: { id: plan.id }, data: { cutoffTime: '00:00' } })
		await prisma.clubSubscription.update({
			where: { id: membership.id },
			data: { firstPickupDate: new Date(`${tomorrow}T00:00:00Z`) },
		})
		const late = await change({ membership: membership.id, intent: 'skip', date: tomorrow }, customer.cookie)
		expect(late.status).toBe(409)
		expect(late.data.answer).toMatchObject({ intent: 'skip', outcome: 'past-cutoff', date: tomorrow })
		const box = (await accountPage(customer.cookie)).memberships[0]!.boxes[0]!
		expect(box).toMatchObject({ date: tomorrow, state: 'closed', changeable: false })
		expect(box.cutoffText).toMatch(/at 12:00 AM$/)
		expect(await prisma.clubPickup.count()).toBe(0)
	})
})
