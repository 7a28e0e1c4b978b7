/**
 * The owner's content in Spanish and Portuguese (menu items, options, closure notes, Home/About texts):
 * what the admin saves, what the database refuses, and what each language's visitor is sent.
 */
import type { SubmissionResult } from '@conform-to/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { action as editAction } from '~/routes/admin.menu_.$itemId'
import { action as scheduleAction } from '~/routes/admin.pickup-schedule'
import { action as siteTextsAction, loader as siteTextsLoader } from '~/routes/admin.site-texts'
import { loader as aboutLoader } from '~/routes/about'
import { loader as homeLoader } from '~/routes/_index'
import { loader as contactLoader } from '~/routes/contact'
import { loader as menuLoader } from '~/routes/menu'
import { getCheckoutRules, getPickupSchedule } from '~/domain/pickup/models/pickup-schedule.server'
import { prisma } from '~/utils/db.server'
import { invalidateMenuCache } from '~/domain/menu/menu-cache.server'
import { createCakeOptions, createMenuItem } from '../fixtures/menu'
import { ADMIN, get, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { fromJsonText } from '~/utils/json-text'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let cookie: string

beforeAll(async () => {
	env = await useAdminTestEnv()
	cookie = await sessionCookieFor(ADMIN)
})

afterAll(() => env.cleanup())

beforeEach(async () => {
	await prisma.orderItem.deleteMany()
	await prisma.order.deleteMany()
	await prisma.menuItem.deleteMany()
	await prisma.pickupClosure.deleteMany()
	await prisma.siteText.deleteMany()
	invalidateMenuCache()
})

type Reply = { result: SubmissionResult<string[]>; saved?: boolean; message?: string }

async function editItem(id: string, overrides: Record<string, string> = {}) {
	const fields = {
		name: 'Cheese bread',
		description: 'Warm and chewy.',
		price: '3.50',
		category: 'BRAZILIAN_PASTRIES',
		sortOrder: '1',
		orderable: 'on',
		...overrides,
	}
	const outcome = await run(
		editAction({ request: post(`/admin/menu/${id}`, fields, cookie), params: { itemId: id }, context: {} }),
	)
	return { status: outcome.status, reply: outcome.data as Reply }
}

type MenuData = {
	items: ReadonlyArray<{
		name: string
		description: string
		optionGroups?: Array<{ name: string; options: Array<{ name: string }> }>
	}>
}

async function menuIn(path: string) {
	const data = await menuLoader({ request: new Request(`http://localhost${path}`), params: {}, context: {} })
	return { ...data, items: fromJsonText(data.items) } as MenuData
}

describe('menu items in three languages', () => {
	it('the owner saves a Spanish name and description; /es/menu shows them, /pt-br/menu and /menu the English', async () => {
		const item = await createMenuItem({ name: 'Cheese bread', category: 'BRAZILIAN_PASTRIES' })
		const saved = await editItem(item.id, { nameEs: ' Pan de queso ', descriptionEs: 'Tibio y elástico.' })
		expect(saved.reply.saved).toBe(true)
		expect(await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({
			nameEs: 'Pan de queso',
			descriptionEs: 'Tibio y elástico.',
			namePtBr: null,
			descriptionPtBr: null,
		})

		const es = await menuIn('/es/menu')
		expect(es.items[0]).toMatchObject({ name: 'Pan de queso', description: 'Tibio y elástico.' })
		// One language per page: the translation columns never reach the browser.
		expect(Object.keys(es.items[0]!)).not.toContain('nameEs')
		expect((await menuIn('/pt-br/menu')).items[0]).toMatchObject({
			name: 'Cheese bread',
			description: 'Warm and chewy.',
		})
		expect((await menuIn('/menu')).items[0]).toMatchObject({ name: 'Cheese bread', description: 'Warm and chewy.' })
	})

	it('an emptied translation is stored as null (the English shows again)', async () => {
		const item = await createMenuItem({ name: 'Cheese bread' })
		await editItem(item.id, { nameEs: 'Pan de queso', namePtBr: 'Pão de queijo' })
		await editItem(item.id, { nameEs: '   ', namePtBr: 'Pão de queijo' })
		expect(await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({
			nameEs: null,
			namePtBr: 'Pão de queijo',
		})
	})

	it('refuses a translation longer than the English field allows, saving nothing', async () => {
		const item = await createMenuItem({ name: 'Cheese bread' })
		const refused = await editItem(item.id, { namePtBr: 'x'.repeat(101), descriptionEs: 'y'.repeat(1001) })
		expect(refused.status).toBe(400)
		expect(refused.reply.result.error).toMatchObject({
			namePtBr: ['Please keep the Portuguese name to 100 characters or fewer.'],
			descriptionEs: ['Please keep the Spanish description to 1,000 characters or fewer.'],
		})
		expect((await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).namePtBr).toBeNull()
	})

	it('the database refuses blank or over-long translations', async () => {
		const item = await createMenuItem()
		await expect(prisma.menuItem.update({ where: { id: item.id }, data: { nameEs: '  ' } })).rejects.toThrow()
		await expect(
			prisma.menuItem.update({ where: { id: item.id }, data: { namePtBr: 'x'.repeat(101) } }),
		).rejects.toThrow()
		const group = await prisma.menuOptionGroup.create({ data: { menuItemId: item.id, name: 'Size', kind: 'SINGLE' } })
		await expect(prisma.menuOptionGroup.update({ where: { id: group.id }, data: { nameEs: '' } })).rejects.toThrow()
		await expect(prisma.siteText.create({ data: { key: 'story', es: ' ' } })).rejects.toThrow()
		await expect(prisma.siteText.create({ data: { key: 'nonsense', es: 'Hola' } })).rejects.toThrow()
	})

	it('option groups and choices: the owner names them in Spanish; the menu and the checkout read them', async () => {
		const item = await createMenuItem({ name: 'Custom cake' })
		const { size } = await createCakeOptions(item.id)
		const groupReply = await run(
			editAction({
				request: post(
					`/admin/menu/${item.id}`,
					{ intent: 'edit-group', id: size.id, name: 'Size', nameEs: 'Tamaño', kind: 'SINGLE', required: 'on' },
					cookie,
				),
				params: { itemId: item.id },
				context: {},
			}),
		)
		expect(groupReply.status).toBe(200)
		const choice = { id: size.eight, name: '8″' }
		await run(
			editAction({
				request: post(
					`/admin/menu/${item.id}`,
					{ intent: 'edit-choice', id: choice.id, name: choice.name, namePtBr: '8 polegadas', price: '12' },
					cookie,
				),
				params: { itemId: item.id },
				context: {},
			}),
		)
		const tooLong = await run(
			editAction({
				request: post(
					`/admin/menu/${item.id}`,
					{ intent: 'edit-choice', id: choice.id, name: choice.name, nameEs: 'x'.repeat(61), price: '12' },
					cookie,
				),
				params: { itemId: item.id },
				context: {},
			}),
		)
		expect(tooLong.status).toBe(400)

		const es = (await menuIn('/es/menu')).items[0]!.optionGroups!
		expect(es[0]!.name).toBe('Tamaño')
		expect(es[0]!.options[1]!.name).toBe('8″')
		const pt = (await menuIn('/pt-br/menu')).items[0]!.optionGroups!
		expect(pt[0]!.name).toBe('Size')
		expect(pt[0]!.options[1]!.name).toBe('8 polegadas')

		const { menuItems } = await getCheckoutRules([item.id], new Date())
		expect(menuItems[0]!.optionGroups[0]).toMatchObject({ name: 'Size', nameEs: 'Tamaño', namePtBr: null })
	})
})

describe('closure notes', () => {
	it('the owner adds a closure with a Spanish note; Spanish reads it, Portuguese reads the English', async () => {
		const outcome = await run(
			scheduleAction({
				request: post(
					'/admin/pickup-schedule',
					{
						intent: 'closure',
						startDate: '2099-11-26',
						endDate: '2099-11-27',
						note: 'Closed for Thanksgiving',
						noteEs: 'Cerrado por Acción de Gracias',
						notePtBr: '',
					},
					cookie,
				),
				params: {},
				context: {},
			}),
		)
		expect(outcome.status).toBe(200)
		const now = new Date()
		expect((await getPickupSchedule(now, 'es')).closures[0]!.note).toBe('Cerrado por Acción de Gracias')
		expect((await getPickupSchedule(now, 'pt-BR')).closures[0]!.note).toBe('Closed for Thanksgiving')
		expect((await getPickupSchedule(now)).closures[0]!.note).toBe('Closed for Thanksgiving')
		const home = (await homeLoader({
			request: new Request('http://localhost/es'),
			params: {},
			context: {},
		})) as unknown as {
			data: { hours: { notices: string[] } }
		}
		expect(home.data.hours.notices).toEqual([
			expect.stringMatching(/^Cerrado \S+ 26 de nov\S* – .+: Cerrado por Acción de Gracias$/),
		])
		// The site's own words follow the page's language too; the note falls back to English.
		const contact = (await contactLoader({
			request: new Request('http://localhost/pt-br/contact'),
			params: {},
			context: {},
		})) as unknown as { data: { hours: { notices: string[] } } }
		expect(contact.data.hours.notices).toEqual([expect.stringMatching(/^Fechado .+: Closed for Thanksgiving$/)])
	})
})

describe('site texts', () => {
	async function save(fields: Record<string, string>, who = cookie) {
		const outcome = await run(
			siteTextsAction({
				request: post('/admin/site-texts', { intent: 'save', ...fields }, who),
				params: {},
				context: {},
			}),
		)
		return { status: outcome.status, reply: outcome.data as Reply }
	}

	async function aboutIn(path: string) {
		return (await aboutLoader({ request: new Request(`http://localhost${path}`), params: {}, context: {} })) as {
			siteTexts: Record<string, string>
		}
	}

	it('only the admin sees and saves them', async () => {
		expect((await run(siteTextsLoader({ request: get('/admin/site-texts'), params: {}, context: {} }))).status).toBe(
			302,
		)
		expect((await save({ key: 'story', en: 'Intruder' }, '')).status).toBe(401)
		expect(await prisma.siteText.count()).toBe(0)
	})

	it('a Portuguese story shows on /pt-br/about; Spanish falls back to the owner’s English; nothing set: built-in', async () => {
		expect((await aboutIn('/pt-br/about')).siteTexts).toEqual({})
		const saved = await save({ key: 'story', en: 'Our own story.', es: '', ptBr: 'Nossa própria história.' })
		expect(saved.status).toBe(200)
		expect(saved.reply.message).toBe('Our story saved. Home and About show it now.')
		expect((await aboutIn('/pt-br/about')).siteTexts).toEqual({ story: 'Nossa própria história.' })
		expect((await aboutIn('/es/about')).siteTexts).toEqual({ story: 'Our own story.' })
		expect((await aboutIn('/about')).siteTexts).toEqual({ story: 'Our own story.' })
		expect(await prisma.siteText.findUniqueOrThrow({ where: { key: 'story' } })).toMatchObject({ es: null })
	})

	it('refuses an unknown text and an over-long one, saving nothing', async () => {
		expect((await save({ key: 'footer', en: 'Hello' })).status).toBe(400)
		const long = await save({ key: 'mission', es: 'x'.repeat(1001) })
		expect(long.status).toBe(400)
		expect(long.reply.result.error).toMatchObject({
			es: ['Please keep the Spanish text to 1,000 characters or fewer.'],
		})
		expect(await prisma.siteText.count()).toBe(0)
	})
})
