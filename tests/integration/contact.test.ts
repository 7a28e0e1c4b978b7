import type { SubmissionResult } from '@conform-to/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { action } from '~/routes/contact'
import { prisma } from '~/utils/db.server'
import { HONEYPOT_FIELD } from '~/utils/honeypot'
import { rateLimitPolicies, resetRateLimits } from '~/utils/rate-limit.server'

interface Outcome {
	status: number
	headers: Headers
	sent: boolean
	result: SubmissionResult<string[]> | undefined
}

const valid = { name: 'Mariana Souza', email: 'mariana@example.com', message: 'Do you make brigadeiros for weddings?' }

/** Posts the form the way a browser does (urlencoded) straight to the route's action. */
async function postContact(
	fields: Record<string, string>,
	{ clientIp = 'contact-test', headers = {}, path = '/contact' } = {},
) {
	const request = new Request(`http://localhost${path}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
		body: new URLSearchParams(fields),
	})
	const returned = (await action({ request, context: { clientIp }, params: {} })) as unknown
	const wrapped = returned as { type?: string; data?: unknown; init?: ResponseInit | null }
	const isWrapped = wrapped?.type === 'DataWithResponseInit'
	const value = (isWrapped ? wrapped.data : returned) as Omit<Outcome, 'status' | 'headers'>
	return {
		...value,
		status: isWrapped ? (wrapped.init?.status ?? 200) : 200,
		headers: new Headers(isWrapped ? (wrapped.init?.headers ?? undefined) : undefined),
	} satisfies Outcome
}

const storedMessages = () => prisma.contactMessage.findMany({ orderBy: { createdAt: 'asc' } })

beforeEach(async () => {
	resetRateLimits()
	await prisma.contactMessage.deleteMany()
})

describe('sending a message', () => {
	it('stores the message (trimmed) and answers with a success that clears the form', async () => {
		const outcome = await postContact({ ...valid, name: '  Mariana Souza ', [HONEYPOT_FIELD]: '' })

		expect(outcome.status).toBe(200)
		expect(outcome.sent).toBe(true)
		expect(outcome.result?.initialValue).toBeNull() // Conform's resetForm
		const rows = await storedMessages()
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({ ...valid, readAt: null })
	})
})

describe('rejected input', () => {
	it.each([
		[{ name: '' }, { name: ['Please enter your name.'] }],
		[{ name: '   ' }, { name: ['Please enter your name.'] }],
		[{ email: '' }, { email: ['Please enter your email address so we can reply.'] }],
		[{ email: 'mariana@example' }, { email: ['Please enter a valid email address, e.g. name@example.com.'] }],
		[{ email: 'mariana example.com' }, { email: ['Please enter a valid email address, e.g. name@example.com.'] }],
		[{ message: ' ' }, { message: ['Please write your message.'] }],
		[{ message: 'x'.repeat(2001) }, { message: ['Please keep your message under 2,000 characters.'] }],
		[{ name: 'n'.repeat(101) }, { name: ['Please keep your name under 100 characters.'] }],
	])('%j: 400, the error next to the field, typed values kept, nothing stored', async (override, errors) => {
		const fields = { ...valid, ...override }
		const outcome = await postContact(fields)

		expect(outcome.status).toBe(400)
		expect(outcome.sent).toBe(false)
		expect(outcome.result?.error).toEqual(errors)
		const typed = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''))
		expect(outcome.result?.initialValue).toMatchObject(typed)
		expect(await storedMessages()).toHaveLength(0)
	})

	it('accepts exactly 2,000 characters', async () => {
		const outcome = await postContact({ ...valid, message: 'x'.repeat(2000) })
		expect(outcome.sent).toBe(true)
		expect(await storedMessages()).toHaveLength(1)
	})

	it('refuses an oversized body before reading it', async () => {
		const outcome = await postContact(valid, { headers: { 'Content-Length': String(64 * 1024) } })
		expect(outcome.status).toBe(413)
		expect(outcome.sent).toBe(false)
		expect(outcome.result?.error?.['']).toEqual(['Your message is too long to send. Please shorten it and try again.'])
		expect(await storedMessages()).toHaveLength(0)
	})
})

describe('abuse protection', () => {
	it('answers a filled honeypot like a success but stores nothing', async () => {
		const outcome = await postContact({ ...valid, [HONEYPOT_FIELD]: 'https://spam.example' })
		expect(outcome.status).toBe(200)
		expect(outcome.sent).toBe(true)
		expect(await storedMessages()).toHaveLength(0)
	})

	it(`allows ${rateLimitPolicies.form.points} posts per client in 10 minutes, then 429 with Retry-After, values kept`, async () => {
		const { points } = rateLimitPolicies.form
		for (let i = 0; i < points; i++) {
			expect((await postContact({ ...valid, message: `Message ${i}` }, { clientIp: '203.0.113.7' })).sent).toBe(true)
		}
		const limited = await postContact({ ...valid, message: 'One too many' }, { clientIp: '203.0.113.7' })

		expect(limited.status).toBe(429)
		expect(limited.sent).toBe(false)
		expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect(limited.result?.error?.['']?.[0]).toMatch(
			/^You’ve sent several messages in a short time\. Please try again in \d+ minutes?\.$/,
		)
		expect(limited.result?.initialValue).toMatchObject({ message: 'One too many' })
		expect(await storedMessages()).toHaveLength(points)

		// Another client is not affected.
		expect((await postContact(valid, { clientIp: '198.51.100.4' })).sent).toBe(true)
	})

	// Issue 35: every address of an IPv6 /64 (one home, one phone) had a budget of its own.
	it('counts the addresses of one IPv6 /64 as one client', async () => {
		const { points } = rateLimitPolicies.form
		for (let host = 1; host <= points; host++) {
			expect((await postContact(valid, { clientIp: `2001:db8:1:2::${host}` })).sent).toBe(true)
		}
		expect((await postContact(valid, { clientIp: '2001:db8:1:2:ffff::1' })).status).toBe(429)
		expect((await postContact(valid, { clientIp: '2001:db8:1:3::1' })).sent).toBe(true)
	})
})

describe('in Spanish and Portuguese (/es/contact, /pt-br/contact)', () => {
	it('stores the page’s language with the message; English stays the default', async () => {
		await postContact(valid, { path: '/es/contact' })
		await postContact({ ...valid, name: 'Joana' }, { path: '/pt-br/contact' })
		await postContact({ ...valid, name: 'Pat' })
		const rows = await storedMessages()
		expect(rows.map((row) => [row.name, row.locale])).toEqual([
			['Mariana Souza', 'es'],
			['Joana', 'pt-BR'],
			['Pat', 'en'],
		])
	})

	it('answers validation and the rate limit in the page’s language', async () => {
		const invalid = await postContact({ ...valid, email: 'mariana@example' }, { path: '/es/contact' })
		expect(invalid.status).toBe(400)
		expect(invalid.result?.error).toEqual({
			email: ['Escribe un correo electrónico válido, p. ej., nombre@ejemplo.com.'],
		})
		expect(invalid.result?.initialValue?.name).toBe(valid.name)

		const { form } = rateLimitPolicies
		for (let i = 0; i < form.points; i++) await postContact(valid, { clientIp: 'limited-pt', path: '/pt-br/contact' })
		const limited = await postContact(valid, { clientIp: 'limited-pt', path: '/pt-br/contact' })
		expect(limited.status).toBe(429)
		expect(limited.result?.error?.['']?.[0]).toMatch(
			/^Você enviou várias mensagens em pouco tempo\. Tente de novo em \d+ minutos?\.$/,
		)
	})
})

describe('a failing database', () => {
	it('keeps what was typed and says the message was not sent', async () => {
		const spy = vi.spyOn(prisma, '$transaction').mockRejectedValueOnce(new Error('connection lost'))
		const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
		const outcome = await postContact(valid)
		spy.mockRestore()
		quiet.mockRestore()

		expect(outcome.status).toBe(503)
		expect(outcome.sent).toBe(false)
		expect(outcome.result?.error?.['']).toEqual([
			'Sorry, we couldn’t send your message just now. Please try again in a moment.',
		])
		expect(outcome.result?.initialValue).toMatchObject(valid)
	})
})
