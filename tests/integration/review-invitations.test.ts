import type { SubmissionResult } from '@conform-to/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listReviews } from '~/domain/reviews/models/review.server'
import {
	createReviewInvitation,
	readReviewInvitation,
	reviewUrlFor,
	submitInvitedReview,
} from '~/domain/reviews/models/review-invitation.server'
import { action, loader, THANK_YOU } from '~/routes/review.$token'
import { prisma } from '~/utils/db.server'
import { resetEnv } from '~/utils/env.server'
import { HONEYPOT_FIELD } from '~/utils/honeypot'
import { resetRateLimits } from '~/utils/rate-limit.server'
import { REVIEW_INVITATION_DAYS } from '~/domain/reviews/review-rating'
import { run } from './admin-helpers'

const DAY = 24 * 60 * 60 * 1000
const review = { rating: '5', comment: 'The tres leches was perfect.', name: 'Gabi' }

interface Reply {
	result: SubmissionResult<string[]>
	sent: boolean
	closed: 'invalid' | 'expired' | 'used' | null
}

async function pickedUpOrder(customerName = 'Gabriela Torres') {
	return prisma.order.create({
		data: { customerName, customerEmail: 'gabriela@example.com', status: 'PICKED_UP', totalCents: 4500 },
	})
}

/** The token of a path `/review/<token>`. */
const tokenOf = (path: string) => path.replace(/^\/review\//, '')

function openPage(token: string) {
	return run(loader({ request: new Request(`http://localhost/review/${token}`), params: { token }, context: {} }))
}

async function send(token: string, fields: Record<string, string>, clientIp = 'review-test') {
	const request = new Request(`http://localhost/review/${token}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(fields),
	})
	const outcome = await run(action({ request, params: { token }, context: { clientIp } }))
	return { status: outcome.status, headers: outcome.headers, reply: outcome.data as Reply }
}

beforeEach(async () => {
	resetRateLimits()
	await prisma.review.deleteMany()
	await prisma.order.deleteMany()
})

afterEach(() => {
	delete process.env.SESSION_SECRET
	resetEnv()
})

describe('an invitation', () => {
	it('is one per order: asking again (a retried mail) gives the same link, with the site’s origin', async () => {
		const order = await pickedUpOrder()
		const path = await createReviewInvitation(order.id)
		expect(path).toMatch(/^\/review\/[a-z0-9]+\.[A-Za-z0-9_-]{43}$/)
		expect(await createReviewInvitation(order.id)).toBe(path)
		expect(await reviewUrlFor(order.id, 'https://docedulce.example')).toBe(`https://docedulce.example${path}`)
		const rows = await prisma.reviewInvitation.findMany()
		expect(rows).toHaveLength(1)
		// Only the invitation is stored, never the token: its signature is nowhere in the row.
		expect(JSON.stringify(rows)).not.toContain(tokenOf(path).split('.')[1])
		expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(REVIEW_INVITATION_DAYS * DAY)
	})

	it('opens the form with the customer’s first name as the suggested name', async () => {
		const token = tokenOf(await createReviewInvitation((await pickedUpOrder('  Gabriela  Torres ')).id))
		const page = await openPage(token)
		expect(page.status).toBe(200)
		expect(page.headers.get('Cache-Control')).toBe('private, no-store')
		expect(page.data).toEqual({ invitation: { open: true, firstName: 'Gabriela' } })
	})

	it('refuses a token whose signature or invitation id was changed, or that another secret signed', async () => {
		const token = tokenOf(await createReviewInvitation((await pickedUpOrder()).id))
		const [id, signature] = token.split('.') as [string, string]
		const otherOrderToken = tokenOf(await createReviewInvitation((await pickedUpOrder('Lee Neighbour')).id))
		const forged = [
			`${id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
			`${otherOrderToken.split('.')[0]}.${signature}`,
			id,
			'',
			`${id}.${signature}.extra`,
		]
		for (const bad of forged) {
			expect(await readReviewInvitation(bad)).toEqual({ open: false, reason: 'invalid' })
			expect((await openPage(bad)).status).toBe(404)
		}
		process.env.SESSION_SECRET = 'a-different-production-secret-of-32-characters'
		resetEnv()
		expect(await readReviewInvitation(token)).toEqual({ open: false, reason: 'invalid' })
	})

	it('expires after 30 days: a friendly page (410), and nothing can be sent', async () => {
		const order = await pickedUpOrder()
		const token = tokenOf(await createReviewInvitation(order.id))
		await prisma.reviewInvitation.update({
			where: { orderId: order.id },
			data: { expiresAt: new Date(Date.now() - 1000) },
		})
		const page = await openPage(token)
		expect(page.status).toBe(410)
		expect(page.data).toEqual({ invitation: { open: false, reason: 'expired' } })
		const sent = await send(token, review)
		expect(sent.status).toBe(410)
		expect(sent.reply).toMatchObject({ sent: false, closed: 'expired' })
		expect(await prisma.review.count()).toBe(0)
		// Just before the end it still worked.
		const dayBefore = new Date(Date.now() - DAY)
		expect(await readReviewInvitation(token, dayBefore)).toMatchObject({ open: true })
	})
})

describe('sending a review', () => {
	it('stores it awaiting approval, linked to the order, off the public page; the link then says it was used', async () => {
		const order = await pickedUpOrder()
		const token = tokenOf(await createReviewInvitation(order.id))
		const sent = await send(token, { ...review, comment: '  The tres leches was perfect.  ', [HONEYPOT_FIELD]: '' })
		expect(sent.status).toBe(200)
		expect(sent.reply).toMatchObject({ sent: true, closed: null })
		expect(THANK_YOU).toBe('Thank you — your review will appear once we’ve read it.')
		const rows = await prisma.review.findMany()
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({
			name: 'Gabi',
			rating: 5,
			comment: 'The tres leches was perfect.',
			status: 'PENDING',
			source: 'CUSTOMER',
			orderId: order.id,
		})
		expect(await listReviews()).toEqual([])

		const again = await send(token, { ...review, comment: 'Trying twice.' })
		expect(again.status).toBe(410)
		expect(again.reply).toMatchObject({ sent: false, closed: 'used' })
		expect(await prisma.review.count()).toBe(1)
		expect((await openPage(token)).data).toEqual({ invitation: { open: false, reason: 'used' } })
	})

	it('two submissions racing with one link store exactly one review', async () => {
		const order = await pickedUpOrder()
		const token = tokenOf(await createReviewInvitation(order.id))
		const fields = { rating: 4, comment: 'Great conchas.', name: 'Gabriela' }
		const outcomes = await Promise.all([
			submitInvitedReview(token, fields),
			submitInvitedReview(token, { ...fields, comment: 'Second tab.' }),
			submitInvitedReview(token, { ...fields, comment: 'Third tab.' }),
		])
		expect(outcomes.filter((outcome) => outcome.stored)).toHaveLength(1)
		expect(outcomes.filter((outcome) => !outcome.stored)).toEqual([
			{ stored: false, reason: 'used' },
			{ stored: false, reason: 'used' },
		])
		expect(await prisma.review.count({ where: { orderId: order.id } })).toBe(1)
	})

	it('explains what to fix and keeps what was typed; the link stays open', async () => {
		const token = tokenOf(await createReviewInvitation((await pickedUpOrder()).id))
		const sent = await send(token, { comment: 'Loved it', name: 'Gabi', rating: '6' })
		expect(sent.status).toBe(400)
		expect(sent.reply.result.error).toEqual({ rating: ['Please choose a rating from 1 to 5 stars.'] })
		expect(sent.reply.result.initialValue).toMatchObject({ comment: 'Loved it', name: 'Gabi' })

		const empty = await send(token, { rating: '', comment: ' ', name: '' })
		expect(empty.reply.result.error).toEqual({
			rating: ['Please choose a rating from 1 to 5 stars.'],
			comment: ['Please write a few words about your visit.'],
			name: ['Please enter the name to show with the review.'],
		})
		expect(await prisma.review.count()).toBe(0)
		expect((await openPage(token)).data).toMatchObject({ invitation: { open: true } })
	})

	it('a bot that fills the hidden field sees the thanks, but nothing is stored and the link stays open', async () => {
		const token = tokenOf(await createReviewInvitation((await pickedUpOrder()).id))
		const sent = await send(token, { ...review, [HONEYPOT_FIELD]: 'https://spam.example' })
		expect(sent.reply).toMatchObject({ sent: true })
		expect(await prisma.review.count()).toBe(0)
		expect((await openPage(token)).data).toMatchObject({ invitation: { open: true } })
	})

	it('many posts from one address are refused for a while (429 with Retry-After), like the contact form', async () => {
		const token = tokenOf(await createReviewInvitation((await pickedUpOrder()).id))
		let last = await send(token, { rating: '' }, 'busy-client')
		for (let attempt = 0; attempt < 10 && last.status !== 429; attempt++) {
			last = await send(token, { rating: '' }, 'busy-client')
		}
		expect(last.status).toBe(429)
		expect(Number(last.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect(await prisma.review.count()).toBe(0)
	})
})
