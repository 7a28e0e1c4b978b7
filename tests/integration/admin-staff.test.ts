/**
 * The owner's staff screen (decision 076): adding by Google e-mail (normalized, owners and duplicates refused by
 * the database), the list with who added whom, STAFF_EMAILS shown but not removable, and a removal that takes effect
 * on the staff member's next request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { action as staffAction, loader as staffLoader } from '~/routes/admin.staff'
import { loader as prepListLoader } from '~/routes/admin.prep-list'
import { prisma } from '~/utils/db.server'
import { ADMIN, get, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'

const NEW_STAFF = { email: 'rosa.baker@gmail.com', name: 'Rosa Baker' }
const ENV_STAFF = 'env.staff@example.com'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let ownerCookie: string

beforeAll(async () => {
	env = await useAdminTestEnv()
	process.env.STAFF_EMAILS = ENV_STAFF
	const { resetEnv } = await import('~/utils/env.server')
	resetEnv()
	ownerCookie = await sessionCookieFor(ADMIN)
})

afterAll(async () => {
	delete process.env.STAFF_EMAILS
	await env.cleanup()
})

beforeEach(async () => {
	await prisma.staffMember.deleteMany()
})

type StaffList = { staff: Array<{ source: string; email: string; addedBy?: string; addedAt?: Date; id?: string }> }

const staffList = async () =>
	((await run(staffLoader({ request: get('/admin/staff', ownerCookie), params: {}, context: {} }))).data as StaffList)
		.staff

const act = (fields: Record<string, string>) =>
	run(staffAction({ request: post('/admin/staff', fields, ownerCookie), params: {}, context: {} }))

type Reply = { message?: string; result?: { error?: Record<string, string[]> } }
const replyOf = (outcome: { data: unknown }) => outcome.data as Reply

describe('adding a staff member', () => {
	it('stores the address normalized, with who added them and when, and lists them', async () => {
		const outcome = await act({ intent: 'add', email: '  Rosa.Baker@Gmail.com ' })
		expect(outcome.status).toBe(200)
		expect(replyOf(outcome).message).toContain('rosa.baker@gmail.com is now staff')
		const list = await staffList()
		expect(list).toEqual([
			expect.objectContaining({ source: 'screen', email: NEW_STAFF.email, addedBy: ADMIN.email }),
			{ source: 'environment', email: ENV_STAFF },
		])
		expect(Date.now() - list[0]!.addedAt!.getTime()).toBeLessThan(60_000)
	})

	it('refuses the same person twice, however the address is typed', async () => {
		await act({ intent: 'add', email: NEW_STAFF.email })
		const again = await act({ intent: 'add', email: 'ROSA.BAKER@gmail.com' })
		expect(again.status).toBe(400)
		expect(replyOf(again).result?.error?.email).toEqual(['rosa.baker@gmail.com is already on the staff list.'])
		expect(await prisma.staffMember.count()).toBe(1)
	})

	it('two owners adding the same person at once: the unique index keeps one row', async () => {
		const outcomes = await Promise.all([
			act({ intent: 'add', email: NEW_STAFF.email }),
			act({ intent: 'add', email: NEW_STAFF.email }),
		])
		expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([200, 400])
		expect(await prisma.staffMember.count()).toBe(1)
	})

	it('the database itself refuses an address that is not normalized', async () => {
		await expect(
			prisma.staffMember.create({ data: { email: 'Rosa@Example.com', addedBy: ADMIN.email } }),
		).rejects.toThrow()
	})

	it('refuses an owner (ADMIN_EMAILS), an address already in STAFF_EMAILS, and a bad address, keeping what was typed', async () => {
		const owner = await act({ intent: 'add', email: 'Owner@Example.com' })
		expect(owner.status).toBe(400)
		expect(replyOf(owner).result?.error?.email?.[0]).toContain('is an owner')
		const fromEnv = await act({ intent: 'add', email: ENV_STAFF })
		expect(replyOf(fromEnv).result?.error?.email?.[0]).toContain('already staff through STAFF_EMAILS')
		const bad = await act({ intent: 'add', email: 'rosa at gmail' })
		expect(bad.status).toBe(400)
		expect(replyOf(bad).result).toMatchObject({ initialValue: { email: 'rosa at gmail' } })
		expect(replyOf(bad).result?.error?.email?.[0]).toContain('Please enter an e-mail address')
		expect(await prisma.staffMember.count()).toBe(0)
	})
})

describe('what a staff member added here may do', () => {
	it('gets the staff screens once added, and loses them on the next request after removal', async () => {
		const staffCookie = await sessionCookieFor(NEW_STAFF)
		const prepList = () =>
			run(prepListLoader({ request: get('/admin/prep-list', staffCookie), params: {}, context: {} }))
		expect((await prepList()).status).toBe(302)

		await act({ intent: 'add', email: NEW_STAFF.email })
		expect((await prepList()).status).toBe(200)
		const owners = await run(staffLoader({ request: get('/admin/staff', staffCookie), params: {}, context: {} }))
		expect(owners.status).toBe(403)

		const { id } = await prisma.staffMember.findUniqueOrThrow({ where: { email: NEW_STAFF.email } })
		const asks = await act({ intent: 'remove', id })
		expect(asks.data).toEqual({ confirm: id })
		expect(await prisma.staffMember.count()).toBe(1)
		const removed = await act({ intent: 'remove', id, confirmed: 'yes' })
		expect(replyOf(removed).message).toBe('rosa.baker@gmail.com is no longer staff.')
		const after = await prepList()
		expect(after.status).toBe(302)
		expect(after.headers.get('Location')).toMatch(/^\/image-uploader\?returnTo=/)

		const again = await act({ intent: 'remove', id, confirmed: 'yes' })
		expect(replyOf(again).message).toBe('That person had already been removed.')
	})

	it('STAFF_EMAILS still grants staff, as before the screen existed', async () => {
		const envCookie = await sessionCookieFor({ email: ENV_STAFF, name: 'Env Staff' })
		const outcome = await run(prepListLoader({ request: get('/admin/prep-list', envCookie), params: {}, context: {} }))
		expect(outcome.status).toBe(200)
	})
})
