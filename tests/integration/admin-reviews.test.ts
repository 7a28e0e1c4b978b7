import type { SubmissionResult } from '@conform-to/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { listReviews } from '~/domain/reviews/models/review.server'
import { loader as dashboardLoader } from '~/routes/admin._index'
import { action as reviewsAction, loader as reviewsLoader } from '~/routes/admin.reviews'
import { action as editAction, loader as editLoader } from '~/routes/admin.reviews_.$reviewId'
import { prisma } from '~/utils/db.server'
import { ADMIN, get, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let cookie: string

beforeAll(async () => {
	env = await useAdminTestEnv()
	cookie = await sessionCookieFor(ADMIN)
})

afterAll(() => env.cleanup())

beforeEach(async () => {
	await prisma.review.deleteMany()
	await prisma.order.deleteMany()
})

interface ListReply {
	message?: string
	confirm?: string
	result?: SubmissionResult<string[]>
}

async function postList(fields: Record<string, string>) {
	const outcome = await run(reviewsAction({ request: post('/admin/reviews', fields, cookie), params: {}, context: {} }))
	return { status: outcome.status, reply: outcome.data as ListReply }
}

async function adminList() {
	const outcome = await run(reviewsLoader({ request: get('/admin/reviews', cookie), params: {}, context: {} }))
	return (outcome.data as { reviews: Array<{ id: string; name: string; status: string }> }).reviews
}

const publicNames = async () => (await listReviews()).map((review) => review.name)

/** Three shown reviews in the owner's order A, B, C. */
async function threeShown() {
	const rows = []
	for (const [position, name] of ['A', 'B', 'C'].entries()) {
		rows.push(
			await prisma.review.create({
				data: { name, comment: `Review ${name}`, rating: 5, status: 'APPROVED', position },
			}),
		)
	}
	return rows
}

async function pendingFromCustomer(name = 'Gabi') {
	const order = await prisma.order.create({
		data: { customerName: 'Gabriela Torres', customerEmail: 'g@example.com', status: 'PICKED_UP', totalCents: 900 },
	})
	return prisma.review.create({
		data: { name, comment: 'Loved the conchas.', rating: 4, source: 'CUSTOMER', orderId: order.id, position: 9 },
	})
}

describe('adding a review (e.g. copied from Google)', () => {
	it('shows it at once, at the top of the Reviews page, with its rating', async () => {
		await threeShown()
		const { status, reply } = await postList({
			intent: 'add',
			name: ' Rosa M. ',
			rating: '4',
			comment: 'Best churros north of Seattle.',
		})
		expect(status).toBe(200)
		expect(reply.message).toBe('The review from Rosa M. was added at the top of the Reviews page.')
		expect(reply.result?.initialValue).toBeNull() // the form is cleared for the next one
		expect(await publicNames()).toEqual(['Rosa M.', 'A', 'B', 'C'])
		expect((await listReviews())[0]).toMatchObject({ rating: 4, comment: 'Best churros north of Seattle.' })
		expect(await prisma.review.findFirstOrThrow({ where: { name: 'Rosa M.' } })).toMatchObject({
			status: 'APPROVED',
			source: 'OWNER',
			orderId: null,
		})
	})

	it('explains what is missing and keeps what was typed; nothing is stored', async () => {
		const { status, reply } = await postList({ intent: 'add', name: 'Rosa', rating: '0', comment: '' })
		expect(status).toBe(400)
		expect(reply.result?.error).toEqual({
			rating: ['Please choose a rating from 1 to 5 stars.'],
			comment: ['Please write a few words about your visit.'],
		})
		expect(reply.result?.initialValue).toMatchObject({ name: 'Rosa' })
		expect(await prisma.review.count()).toBe(0)
	})
})

describe('approving and hiding', () => {
	it('lists customer reviews awaiting approval first; approving one puts it at the top of the page', async () => {
		await threeShown()
		const pending = await pendingFromCustomer()
		expect((await adminList()).map((review) => [review.name, review.status])).toEqual([
			['Gabi', 'PENDING'],
			['A', 'APPROVED'],
			['B', 'APPROVED'],
			['C', 'APPROVED'],
		])
		expect(await publicNames()).toEqual(['A', 'B', 'C'])
		const dashboard = await run(dashboardLoader({ request: get('/admin', cookie), params: {}, context: {} }))
		expect(dashboard.data).toMatchObject({ pendingReviews: 1 })

		const { reply } = await postList({ intent: 'approve', id: pending.id, name: 'Gabi' })
		expect(reply.message).toBe('The review from Gabi is now shown on the Reviews page.')
		expect(await publicNames()).toEqual(['Gabi', 'A', 'B', 'C'])
	})

	it('hiding takes a review off the page; showing it again puts it back in its place', async () => {
		const [, b] = await threeShown()
		expect((await postList({ intent: 'hide', id: b!.id, name: 'B' })).reply.message).toBe(
			'The review from B is hidden.',
		)
		expect(await publicNames()).toEqual(['A', 'C'])
		// Hiding a pending review rejects it: it never shows.
		const pending = await pendingFromCustomer()
		await postList({ intent: 'hide', id: pending.id, name: 'Gabi' })
		expect(await publicNames()).toEqual(['A', 'C'])
		await postList({ intent: 'approve', id: b!.id, name: 'B' })
		expect(await publicNames()).toEqual(['A', 'B', 'C'])
	})

	it('says so when the review was deleted meanwhile', async () => {
		const { reply } = await postList({ intent: 'approve', id: 'gone', name: 'Gabi' })
		expect(reply.message).toBe('That review no longer exists.')
	})
})

describe('reordering (works without JavaScript: plain form posts)', () => {
	it('moves a review up and down the page; the ends cannot move further', async () => {
		const [a, , c] = await threeShown()
		await postList({ intent: 'down', id: a!.id, name: 'A' })
		expect(await publicNames()).toEqual(['B', 'A', 'C'])
		await postList({ intent: 'up', id: c!.id, name: 'C' })
		expect(await publicNames()).toEqual(['B', 'C', 'A'])
		expect((await postList({ intent: 'down', id: a!.id, name: 'A' })).reply.message).toBe(
			'That review can’t move further.',
		)
		expect(await publicNames()).toEqual(['B', 'C', 'A'])
	})

	it('moves past hidden reviews as the owner sees them, and never moves one awaiting approval', async () => {
		const [a, b] = await threeShown()
		await prisma.review.update({ where: { id: b!.id }, data: { status: 'HIDDEN' } })
		await postList({ intent: 'down', id: a!.id, name: 'A' })
		await postList({ intent: 'approve', id: b!.id, name: 'B' })
		expect(await publicNames()).toEqual(['B', 'A', 'C'])
		const pending = await pendingFromCustomer()
		expect((await postList({ intent: 'up', id: pending.id, name: 'Gabi' })).reply.message).toBe(
			'That review can’t move further.',
		)
	})
})

describe('deleting', () => {
	it('asks first without JavaScript, then deletes', async () => {
		const [a] = await threeShown()
		expect((await postList({ intent: 'delete', id: a!.id })).reply).toEqual({ confirm: a!.id })
		expect(await prisma.review.count()).toBe(3)
		const { reply } = await postList({ intent: 'delete', id: a!.id, confirmed: 'yes' })
		expect(reply.message).toBe('The review was deleted.')
		expect(await publicNames()).toEqual(['B', 'C'])
	})
})

describe('editing', () => {
	const edit = async (id: string, fields: Record<string, string>) => {
		const request = post(`/admin/reviews/${id}`, fields, cookie)
		const outcome = await run(editAction({ request, params: { reviewId: id }, context: {} }))
		return { status: outcome.status, reply: outcome.data as { saved: boolean; result: SubmissionResult<string[]> } }
	}

	it('corrects the name, rating and words, and the page shows them', async () => {
		const [a] = await threeShown()
		const page = await run(
			editLoader({ request: get(`/admin/reviews/${a!.id}`, cookie), params: { reviewId: a!.id }, context: {} }),
		)
		expect(page.data).toMatchObject({ review: { name: 'A', rating: 5, comment: 'Review A' } })
		const { status, reply } = await edit(a!.id, { name: 'Ana', rating: '3', comment: 'Good, a bit sweet.' })
		expect(status).toBe(200)
		expect(reply.saved).toBe(true)
		expect((await listReviews())[0]).toMatchObject({ name: 'Ana', rating: 3, comment: 'Good, a bit sweet.' })
	})

	it('refuses a rating outside 1–5, keeping the text; a deleted review is a 404', async () => {
		const [a] = await threeShown()
		const { status, reply } = await edit(a!.id, { name: 'Ana', rating: '7', comment: 'Typed again' })
		expect(status).toBe(400)
		expect(reply.result.error).toEqual({ rating: ['Please choose a rating from 1 to 5 stars.'] })
		expect(reply.result.initialValue).toMatchObject({ comment: 'Typed again' })
		expect((await listReviews())[0]).toMatchObject({ name: 'A', rating: 5 })

		const missing = await run(
			editLoader({ request: get('/admin/reviews/gone', cookie), params: { reviewId: 'gone' }, context: {} }),
		)
		expect(missing.status).toBe(404)
		expect((await edit('gone', { name: 'Ana', rating: '3', comment: 'x' })).status).toBe(404)
	})
})

describe('the database', () => {
	it('refuses a rating outside 1–5 even from other code', async () => {
		await expect(prisma.review.create({ data: { name: 'X', comment: 'x', rating: 6 } })).rejects.toThrow(
			/Review_rating_check/,
		)
	})
})
