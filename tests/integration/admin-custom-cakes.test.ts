import { rm } from 'node:fs/promises'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loader as photoLoader } from '~/routes/admin.cake-photos.$'
import { action, loader } from '~/routes/admin.custom-cakes'
import { loader as csvLoader } from '~/routes/admin.custom-cakes[.]csv'
import { loader as publicImageLoader } from '~/routes/images.$'
import { prisma } from '~/utils/db.server'
import { resetEnv } from '~/utils/env.server'
import { listObjectKeys, putObject } from '~/utils/storage.server'
import { photo } from '../fixtures/images'
import { ADMIN, get, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let cookie: string

beforeAll(async () => {
	env = await useAdminTestEnv()
	cookie = await sessionCookieFor(ADMIN)
})

afterAll(() => env.cleanup())

beforeEach(async () => {
	await prisma.customCakeRequest.deleteMany()
	await rm(process.env.STORAGE_DIR!, { recursive: true, force: true })
})

afterEach(() => {
	delete process.env.APP_URL
	resetEnv()
})

let counter = 0

async function createRequest(
	overrides: Partial<{
		name: string
		phone: string
		email: string
		type: string
		size: string
		message: string
		createdAt: Date
	}> = {},
	{ withPhoto = false } = {},
) {
	counter += 1
	let imageKey: string | null = null
	if (withPhoto) {
		imageKey = `customCakeImages/${crypto.randomUUID()}.webp`
		await putObject(imageKey, await photo({ width: 80, height: 60, format: 'webp' }), 'image/webp')
	}
	return prisma.customCakeRequest.create({
		data: {
			name: `Customer ${counter}`,
			phone: '(425) 555-0142',
			email: `customer${counter}@example.com`,
			type: 'Chocolate',
			size: '8-inch',
			message: '',
			imageKey,
			...overrides,
		},
	})
}

const deleteRequest = (fields: Record<string, string>) =>
	run(action({ request: post('/admin/custom-cakes', fields, cookie), params: {}, context: {} }))

describe('the list', () => {
	it('shows every request newest first', async () => {
		await createRequest({ name: 'Oldest', createdAt: new Date('2026-01-01T10:00:00Z') })
		await createRequest({ name: 'Newest', createdAt: new Date('2026-03-01T10:00:00Z') })
		await createRequest({ name: 'Middle', createdAt: new Date('2026-02-01T10:00:00Z') })
		const outcome = await run(loader({ request: get('/admin/custom-cakes', cookie), params: {}, context: {} }))
		const { requests } = outcome.data as { requests: Array<{ name: string }> }
		expect(requests.map((request) => request.name)).toEqual(['Newest', 'Middle', 'Oldest'])
	})

	it('is empty when there are no submissions', async () => {
		const outcome = await run(loader({ request: get('/admin/custom-cakes', cookie), params: {}, context: {} }))
		expect(outcome.data).toMatchObject({ adminName: 'Olivia Owner', requests: [], status: '' })
	})
})

describe('deleting a request', () => {
	it('asks first: without the confirmation nothing is deleted', async () => {
		const request = await createRequest({}, { withPhoto: true })
		expect((await deleteRequest({ intent: 'delete', id: request.id })).data).toEqual({ confirm: request.id })
		expect(await prisma.customCakeRequest.count()).toBe(1)
		expect(await listObjectKeys('customCakeImages')).toEqual([request.imageKey])
	})

	it('removes the row and its photo, and only that request', async () => {
		const doomed = await createRequest({}, { withPhoto: true })
		const kept = await createRequest({}, { withPhoto: true })
		const outcome = await deleteRequest({ intent: 'delete', id: doomed.id, confirmed: 'yes' })
		expect(outcome.data).toEqual({ message: 'The request was deleted.' })
		expect(await prisma.customCakeRequest.findMany({ select: { id: true } })).toEqual([{ id: kept.id }])
		expect(await listObjectKeys('customCakeImages')).toEqual([kept.imageKey])
	})

	it('says so when the request was already deleted (a second tab, a resubmitted page)', async () => {
		const request = await createRequest()
		await deleteRequest({ intent: 'delete', id: request.id, confirmed: 'yes' })
		const again = await deleteRequest({ intent: 'delete', id: request.id, confirmed: 'yes' })
		expect(again.data).toEqual({ message: 'That request had already been deleted.' })
	})
})

async function exportCsv() {
	const response = await csvLoader({ request: get('/admin/custom-cakes.csv', cookie), params: {}, context: {} })
	// The bytes as a spreadsheet sees them (Response.text() would drop the byte order mark).
	const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
	return { status: response.status, headers: response.headers, text }
}

describe('Export to CSV', () => {
	it('downloads custom_cake_orders.csv with the exact header, newest first', async () => {
		await createRequest({ name: 'Older', createdAt: new Date('2026-01-15T08:30:00Z') })
		await createRequest({ name: 'Newer', createdAt: new Date('2026-07-04T19:05:00Z') })
		const { status, headers, text } = await exportCsv()
		expect(status).toBe(200)
		expect(headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
		expect(headers.get('Content-Disposition')).toBe('attachment; filename="custom_cake_orders.csv"')
		expect(headers.get('Cache-Control')).toBe('private, no-store')
		expect(text.startsWith('\uFEFF')).toBe(true)
		const lines = text.slice(1).split('\r\n')
		expect(lines[0]).toBe('Name,Email,Type,Size,Message,Image URL,Phone,Submitted,Status,Quote,Paid,Pickup')
		// Submitted is the bakery's local time (PDT in July, PST in January).
		expect(lines[1]).toBe(
			`Newer,customer${counter}@example.com,Chocolate,8-inch,,,(425) 555-0142,2026-07-04 12:05,Requested,,,`,
		)
		expect(lines[2]).toBe(
			`Older,customer${counter - 1}@example.com,Chocolate,8-inch,,,(425) 555-0142,2026-01-15 00:30,Requested,,,`,
		)
		expect(lines[3]).toBe('')
		expect(lines).toHaveLength(4)
	})

	it('quotes commas, quotes and line breaks as RFC 4180 says', async () => {
		await createRequest({
			name: 'Torres, Gabriela',
			size: '10" round',
			message: 'Line one,\r\nline "two"\nline three',
		})
		const { text } = await exportCsv()
		const record = text.slice(1).split('\r\n').slice(1).join('\r\n')
		expect(record).toContain('"Torres, Gabriela",')
		expect(record).toContain(',"10"" round",')
		expect(record).toContain(',"Line one,\r\nline ""two""\nline three",')
	})

	it.each([
		['=HYPERLINK("https://evil.example","Click")', `"'=HYPERLINK(""https://evil.example"",""Click"")"`],
		['+1 425 555 0142', "'+1 425 555 0142"],
		['-2+3', "'-2+3"],
		['@SUM(A1:A9)', "'@SUM(A1:A9)"],
		['\t=cmd', `"'\t=cmd"`],
		['\r=cmd', `"'\r=cmd"`],
		['\n=cmd', `"'\n=cmd"`],
	])('neutralises a cell starting %j so a spreadsheet shows it as text', async (value, cell) => {
		await createRequest({ name: value, phone: value, message: value })
		const { text } = await exportCsv()
		const record = text.slice(1).split('\r\n').slice(1).join('\r\n')
		expect(record.startsWith(`${cell},`)).toBe(true)
		expect(record.split(cell)).toHaveLength(4)
	})

	it('leaves ordinary text alone, including a dash or equals sign inside it', async () => {
		await createRequest({ name: 'Ana-Luisa', message: 'Size = 10 inch, 2+2 layers' })
		const { text } = await exportCsv()
		expect(text).toContain('Ana-Luisa,')
		expect(text).toContain(',"Size = 10 inch, 2+2 layers",')
	})

	it('quotes a semicolon so a spreadsheet that splits on it (pt-BR, es-MX, Europe) sees one cell, not a formula', async () => {
		await createRequest({ name: 'Ana;=1+1;', message: 'Bolo; -2+3' })
		const { text } = await exportCsv()
		const record = text.slice(1).split('\r\n')[1]!
		expect(record.startsWith('"Ana;=1+1;",')).toBe(true)
		expect(record).toContain(',"Bolo; -2+3",')
	})

	it('links each photo absolutely to the admin-only photo route (APP_URL when set), and leaves it empty without one', async () => {
		const withPhoto = await createRequest({ createdAt: new Date('2026-02-02T00:00:00Z') }, { withPhoto: true })
		await createRequest({ createdAt: new Date('2026-01-01T00:00:00Z') })
		let lines = (await exportCsv()).text.split('\r\n')
		expect(lines[1]!.split(',')[5]).toBe(`http://localhost:3000/admin/cake-photos/${withPhoto.imageKey}`)
		expect(lines[2]!.split(',')[5]).toBe('')

		process.env.APP_URL = 'https://docedulce.example'
		resetEnv()
		lines = (await exportCsv()).text.split('\r\n')
		expect(lines[1]!.split(',')[5]).toBe(`https://docedulce.example/admin/cake-photos/${withPhoto.imageKey}`)
	})

	it('exports just the header when there are no submissions', async () => {
		expect((await exportCsv()).text).toBe(
			'\uFEFFName,Email,Type,Size,Message,Image URL,Phone,Submitted,Status,Quote,Paid,Pickup\r\n',
		)
	})
})

describe('customer photos', () => {
	const requestPhoto = (key: string, who = cookie) =>
		run(
			photoLoader({
				request: get(`/admin/cake-photos/${key}?w=320`, who, { Accept: 'image/webp' }),
				params: { '*': key },
				context: {},
			}),
		)

	it('are served to the admin, resized, never cached', async () => {
		const request = await createRequest({}, { withPhoto: true })
		const outcome = await requestPhoto(request.imageKey!)
		expect(outcome.status).toBe(200)
		expect(outcome.headers.get('Content-Type')).toBe('image/webp')
		expect(outcome.headers.get('Cache-Control')).toBe('private, no-store')
		expect((outcome.data as ArrayBuffer).byteLength).toBeGreaterThan(0)
	})

	it('are not served to anyone else: sign-in for a visitor, 404 on the public image route', async () => {
		const request = await createRequest({}, { withPhoto: true })
		const anonymous = await requestPhoto(request.imageKey!, '')
		expect(anonymous.status).toBe(302)
		expect(anonymous.headers.get('Location')).toMatch(/^\/image-uploader\?returnTo=/)
		const publicRoute = await run(
			publicImageLoader({
				request: get(`/images/${request.imageKey}?w=320`),
				params: { '*': request.imageKey! },
				context: {},
			}),
		)
		expect(publicRoute.status).toBe(404)
	})

	it('the admin route serves nothing outside the customer photo folder', async () => {
		const key = `menuImages/${crypto.randomUUID()}.webp`
		await putObject(key, await photo({ width: 40, height: 30, format: 'webp' }), 'image/webp')
		for (const other of [key, '../../etc/passwd', `customCakeImages/${crypto.randomUUID()}.webp`]) {
			expect((await requestPhoto(other)).status).toBe(404)
		}
	})
})
