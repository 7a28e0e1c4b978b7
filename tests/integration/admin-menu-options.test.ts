import type { SubmissionResult } from '@conform-to/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { action as editAction, loader as editLoader } from '~/routes/admin.menu_.$itemId'
import { action as uploadAction } from '~/routes/admin-upload'
import { listMenuItems } from '~/domain/menu/models/menu-item.server'
import { prisma } from '~/utils/db.server'
import { choicePriceMessage, maxBelowMinMessage } from '~/domain/menu/menu-schemas'
import { file, photo } from '../fixtures/images'
import { ADMIN, FORMER_ADMIN, get, ORIGIN, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let cookie: string
let formerCookie: string

beforeAll(async () => {
	env = await useAdminTestEnv()
	const { resetEnv } = await import('~/utils/env.server')
	process.env.ADMIN_EMAILS = `${ADMIN.email},${FORMER_ADMIN.email}`
	resetEnv()
	formerCookie = await sessionCookieFor(FORMER_ADMIN)
	process.env.ADMIN_EMAILS = ADMIN.email
	resetEnv()
	cookie = await sessionCookieFor(ADMIN)
})

afterAll(() => env.cleanup())

beforeEach(async () => {
	await prisma.orderItem.deleteMany()
	await prisma.order.deleteMany()
	await prisma.menuItem.deleteMany()
})

interface Reply {
	result?: SubmissionResult<string[]>
	form?: string
	message?: string
	confirm?: string
}

async function createItem(name = 'Tres Leches Cake') {
	return prisma.menuItem.create({
		data: { name, priceCents: 4200, category: 'CAKES', orderable: true },
		select: { id: true, name: true },
	})
}

/** Posts one option form to the item's page, as the admin (or `as`), the way a browser without JavaScript does. */
async function act(itemId: string, fields: Record<string, string>, as: string | null = cookie) {
	const outcome = await run(
		editAction({ request: post(`/admin/menu/${itemId}`, fields, as ?? undefined), params: { itemId }, context: {} }),
	)
	return { ...outcome, reply: outcome.data as Reply }
}

async function addGroup(itemId: string, fields: Record<string, string> = {}) {
	return act(itemId, { intent: 'add-group', name: 'Size', kind: 'SINGLE', required: 'on', ...fields })
}

async function addChoice(
	itemId: string,
	groupId: string,
	name: string,
	price = '',
	extra: Record<string, string> = {},
) {
	return act(itemId, { intent: 'add-choice', groupId, name, price, ...extra })
}

const groupsOf = (menuItemId: string) =>
	prisma.menuOptionGroup.findMany({
		where: { menuItemId },
		orderBy: [{ position: 'asc' }, { id: 'asc' }],
		include: { options: { orderBy: [{ position: 'asc' }, { id: 'asc' }] } },
	})

/** The public menu's view of the item (through the menu cache). */
async function publicGroups(itemId: string) {
	const item = (await listMenuItems()).find((entry) => entry.id === itemId)
	return (item?.optionGroups ?? []).map((group) => ({
		name: group.name,
		choices: group.options.map(
			(option) => `${option.name} ${option.priceDeltaCents}${option.soldOut ? ' sold out' : ''}`,
		),
	}))
}

/** A cake with Size (6″, 8″ +$12, 10″ +$24). */
async function cakeWithSizes() {
	const item = await createItem()
	await addGroup(item.id)
	const [group] = await groupsOf(item.id)
	for (const [name, price] of [
		['6″', ''],
		['8″', '12'],
		['10″', '$24.00'],
	] as const) {
		expect((await addChoice(item.id, group!.id, name, price)).status).toBe(200)
	}
	return { item, group: (await groupsOf(item.id))[0]! }
}

describe('option groups', () => {
	it('adds a group and its choices in order; the public menu shows them at once', async () => {
		const item = await createItem()
		// The public menu has been read (and cached) before the owner's change.
		expect(await publicGroups(item.id)).toEqual([])
		const added = await addGroup(item.id)
		expect(added.status).toBe(200)
		expect(added.reply.message).toBe('The group “Size” was added. Add its choices below.')
		// The add form starts over (Conform's reset).
		expect(added.reply.result).toEqual({ initialValue: null })
		const [group] = await groupsOf(item.id)
		expect(group).toMatchObject({ name: 'Size', kind: 'SINGLE', required: true, minChoices: 0, maxChoices: null })
		expect(await publicGroups(item.id)).toEqual([{ name: 'Size', choices: [] }])

		await addChoice(item.id, group!.id, '6″')
		const eight = await addChoice(item.id, group!.id, '8″', '12')
		expect(eight.reply.message).toBe('“8″” was added.')
		await addChoice(item.id, group!.id, '10″', '$24.50', { soldOut: 'on' })
		expect(await publicGroups(item.id)).toEqual([{ name: 'Size', choices: ['6″ 0', '8″ 1200', '10″ 2450 sold out'] }])

		await addGroup(item.id, { name: 'Message on the cake', kind: 'TEXT', required: '' })
		expect((await groupsOf(item.id)).map((entry) => [entry.name, entry.kind, entry.required, entry.maxLength])).toEqual(
			[
				['Size', 'SINGLE', true, 60],
				['Message on the cake', 'TEXT', false, 60],
			],
		)
	})

	it('reads a browser’s url-encoded post as well', async () => {
		const item = await createItem()
		const request = new Request(`${ORIGIN}/admin/menu/${item.id}`, {
			method: 'POST',
			headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ intent: 'add-group', name: 'Toppings', kind: 'MULTIPLE', maxChoices: '2' }),
		})
		expect((await run(editAction({ request, params: { itemId: item.id }, context: {} }))).status).toBe(200)
		expect(await groupsOf(item.id)).toMatchObject([
			{ name: 'Toppings', kind: 'MULTIPLE', minChoices: 0, maxChoices: 2 },
		])
	})

	it('counts choices only for “several choices”: required means at least one, min and max are kept', async () => {
		const item = await createItem()
		await addGroup(item.id, { name: 'Toppings', kind: 'MULTIPLE', required: 'on', minChoices: '', maxChoices: '2' })
		await addGroup(item.id, { name: 'Fillings', kind: 'MULTIPLE', required: '', minChoices: '2', maxChoices: '3' })
		// A form without JavaScript sends every field: a one-choice group ignores min and max.
		await addGroup(item.id, { name: 'Size', kind: 'SINGLE', minChoices: '2', maxChoices: '5', maxLength: '60' })
		await addGroup(item.id, { name: 'Message', kind: 'TEXT', required: '', maxLength: '120' })
		expect(
			(await groupsOf(item.id)).map(({ name, required, minChoices, maxChoices, maxLength }) => ({
				name,
				required,
				minChoices,
				maxChoices,
				maxLength,
			})),
		).toEqual([
			{ name: 'Toppings', required: true, minChoices: 1, maxChoices: 2, maxLength: 60 },
			{ name: 'Fillings', required: true, minChoices: 2, maxChoices: 3, maxLength: 60 },
			{ name: 'Size', required: true, minChoices: 0, maxChoices: null, maxLength: 60 },
			{ name: 'Message', required: false, minChoices: 0, maxChoices: null, maxLength: 120 },
		])
	})

	it.each([
		[{ kind: 'MULTIPLE', minChoices: '3', maxChoices: '2' }, 'maxChoices', maxBelowMinMessage(3)],
		[
			{ kind: 'MULTIPLE', required: 'on', maxChoices: '0' },
			'maxChoices',
			expect.stringMatching(/^Please enter the maximum/),
		],
		[
			{ kind: 'MULTIPLE', required: 'on', minChoices: '0' },
			'minChoices',
			'A required group needs a minimum of at least 1, or untick “Customers must answer”.',
		],
		[{ kind: 'TEXT', maxLength: '500' }, 'maxLength', expect.stringMatching(/from 1 to 200/)],
		[{ name: '   ' }, 'name', 'Please enter the group’s name.'],
		[{ name: 'x'.repeat(61) }, 'name', 'Please keep the name to 60 characters or fewer.'],
		[{ kind: 'DROPDOWN' }, 'kind', 'Please choose how customers answer.'],
	] as Array<[Record<string, string>, string, unknown]>)(
		'refuses %j, names the problem and keeps what was typed',
		async (fields, field, message) => {
			const item = await createItem()
			const outcome = await addGroup(item.id, { name: 'Toppings', ...fields })
			expect(outcome.status).toBe(400)
			expect(outcome.reply.form).toBe('group-new')
			expect(outcome.reply.result?.error).toEqual({ [field]: [message] })
			expect(outcome.reply.result?.initialValue).toMatchObject({ name: fields.name ?? 'Toppings', ...fields })
			expect(await groupsOf(item.id)).toEqual([])
		},
	)

	it('edits a group; one with choices can’t become a short-text question', async () => {
		const { item, group } = await cakeWithSizes()
		const edited = await act(item.id, { intent: 'edit-group', id: group.id, name: 'Cake size', kind: 'SINGLE' })
		expect(edited.reply.message).toBe('The group “Cake size” was saved.')
		expect(await groupsOf(item.id)).toMatchObject([{ name: 'Cake size', required: false, options: { length: 3 } }])

		const refused = await act(item.id, { intent: 'edit-group', id: group.id, name: 'Message', kind: 'TEXT' })
		expect(refused.status).toBe(409)
		expect(refused.reply.form).toBe(`group-${group.id}`)
		expect(refused.reply.result?.error).toEqual({
			kind: ['This group has choices: delete them first to make it a short-text question.'],
		})
		expect(refused.reply.result?.initialValue).toMatchObject({ name: 'Message', kind: 'TEXT' })
		expect(await groupsOf(item.id)).toMatchObject([{ name: 'Cake size', kind: 'SINGLE' }])
	})

	it('moves groups up and down, and says when one is already first', async () => {
		const item = await createItem()
		for (const name of ['Size', 'Toppings', 'Message']) await addGroup(item.id, { name })
		const names = async () => (await groupsOf(item.id)).map((group) => group.name)
		const idOf = async (name: string) => (await groupsOf(item.id)).find((group) => group.name === name)!.id

		const moved = await act(item.id, {
			intent: 'move-group',
			id: await idOf('Message'),
			name: 'Message',
			direction: 'up',
		})
		expect(moved.reply.message).toBe('“Message” moved up.')
		expect(await names()).toEqual(['Size', 'Message', 'Toppings'])
		expect((await listMenuItems())[0]!.optionGroups.map((group) => group.name)).toEqual(['Size', 'Message', 'Toppings'])

		await act(item.id, { intent: 'move-group', id: await idOf('Size'), name: 'Size', direction: 'down' })
		expect(await names()).toEqual(['Message', 'Size', 'Toppings'])
		const edge = await act(item.id, {
			intent: 'move-group',
			id: await idOf('Message'),
			name: 'Message',
			direction: 'up',
		})
		expect(edge.reply.message).toBe('“Message” is already first.')
		expect(await names()).toEqual(['Message', 'Size', 'Toppings'])

		// Rows of equal position (added by hand) still move one step.
		await prisma.menuOptionGroup.updateMany({ where: { menuItemId: item.id }, data: { position: 0 } })
		const before = await names()
		await act(item.id, { intent: 'move-group', id: await idOf(before[2]!), name: before[2]!, direction: 'up' })
		expect(await names()).toEqual([before[0], before[2], before[1]])
	})

	it('choices added at the same moment each get a place of their own', async () => {
		const { item, group } = await cakeWithSizes()
		const names = ['12″', '14″', '16″', '18″', '20″']
		const outcomes = await Promise.all(names.map((name) => addChoice(item.id, group.id, name, '30')))
		expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 200, 200, 200, 200])
		const positions = (await groupsOf(item.id))[0]!.options.map((option) => option.position)
		expect(positions).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
	})

	it('an item deleted meanwhile gets no group (404)', async () => {
		const item = await createItem()
		await prisma.menuItem.delete({ where: { id: item.id } })
		expect((await addGroup(item.id)).status).toBe(404)
		expect(await prisma.menuOptionGroup.count()).toBe(0)
	})

	it('asks before deleting a group (no JavaScript), then deletes it with its choices', async () => {
		const { item, group } = await cakeWithSizes()
		const asked = await act(item.id, { intent: 'delete-group', id: group.id })
		expect(asked.reply).toEqual({ confirm: group.id })
		expect(await groupsOf(item.id)).toHaveLength(1)
		const deleted = await act(item.id, { intent: 'delete-group', id: group.id, confirmed: 'yes' })
		expect(deleted.reply.message).toBe('The group was deleted.')
		expect(await groupsOf(item.id)).toEqual([])
		expect(await prisma.menuOption.count()).toBe(0)
		expect(await publicGroups(item.id)).toEqual([])
	})
})

describe('choices', () => {
	it.each([
		['twelve', choicePriceMessage],
		['-5', choicePriceMessage],
		['12.505', choicePriceMessage],
		['1000.01', 'A choice can add at most $1,000.00 to the price.'],
	])('refuses the price %j next to the field and keeps what was typed', async (price, message) => {
		const { item, group } = await cakeWithSizes()
		const outcome = await addChoice(item.id, group.id, '12″', price)
		expect(outcome.status).toBe(400)
		expect(outcome.reply.form).toBe(`choice-new-${group.id}`)
		expect(outcome.reply.result?.error).toEqual({ price: [message] })
		expect(outcome.reply.result?.initialValue).toMatchObject({ name: '12″', price })
		expect((await groupsOf(item.id))[0]!.options).toHaveLength(3)
	})

	it('requires a name', async () => {
		const { item, group } = await cakeWithSizes()
		const outcome = await addChoice(item.id, group.id, ' ', '5')
		expect(outcome.reply.result?.error).toEqual({ name: ['Please enter the choice’s name.'] })
	})

	it('edits a choice, marks it sold out and available again; the public menu follows', async () => {
		const { item, group } = await cakeWithSizes()
		const eight = group.options[1]!
		const edited = await act(item.id, { intent: 'edit-choice', id: eight.id, name: '8 inch', price: '14.50' })
		expect(edited.reply.message).toBe('“8 inch” was saved.')
		expect(await publicGroups(item.id)).toEqual([{ name: 'Size', choices: ['6″ 0', '8 inch 1450', '10″ 2400'] }])

		const soldOut = await act(item.id, { intent: 'choice-sold-out', id: eight.id, name: '8 inch' })
		expect(soldOut.reply.message).toBe('“8 inch” is now sold out.')
		expect((await publicGroups(item.id))[0]!.choices[1]).toBe('8 inch 1450 sold out')
		await act(item.id, { intent: 'choice-available', id: eight.id, name: '8 inch' })
		expect((await publicGroups(item.id))[0]!.choices[1]).toBe('8 inch 1450')

		const refused = await act(item.id, { intent: 'edit-choice', id: eight.id, name: '8 inch', price: '$$' })
		expect(refused.status).toBe(400)
		expect(refused.reply.form).toBe(`choice-${eight.id}`)
		expect(refused.reply.result?.initialValue).toMatchObject({ name: '8 inch', price: '$$' })
	})

	it('moves a choice within its group and deletes one after asking', async () => {
		const { item, group } = await cakeWithSizes()
		const ten = group.options[2]!
		await act(item.id, { intent: 'move-choice', id: ten.id, name: '10″', direction: 'up' })
		expect((await publicGroups(item.id))[0]!.choices).toEqual(['6″ 0', '10″ 2400', '8″ 1200'])
		const edge = await act(item.id, { intent: 'move-choice', id: group.options[0]!.id, name: '6″', direction: 'up' })
		expect(edge.reply.message).toBe('“6″” is already first.')

		expect((await act(item.id, { intent: 'delete-choice', id: ten.id })).reply).toEqual({ confirm: ten.id })
		const deleted = await act(item.id, { intent: 'delete-choice', id: ten.id, confirmed: 'yes' })
		expect(deleted.reply.message).toBe('The choice was deleted.')
		expect((await publicGroups(item.id))[0]!.choices).toEqual(['6″ 0', '8″ 1200'])
	})

	it('a short-text question takes no choices', async () => {
		const item = await createItem()
		await addGroup(item.id, { name: 'Message', kind: 'TEXT' })
		const [group] = await groupsOf(item.id)
		const outcome = await addChoice(item.id, group!.id, 'Happy birthday')
		expect(outcome.status).toBe(404)
		expect(outcome.reply.result?.error).toEqual({ '': ['A short-text question has no choices.'] })
		expect(await prisma.menuOption.count()).toBe(0)
	})
})

describe('another item’s options', () => {
	it('are refused from this item’s page: nothing of the other item changes', async () => {
		const { item: cake, group } = await cakeWithSizes()
		const other = await createItem('Chocoflan')
		const before = await groupsOf(cake.id)
		const choice = group.options[0]!
		const attempts: Array<[Record<string, string>, number]> = [
			[{ intent: 'edit-choice', id: choice.id, name: 'Hacked', price: '999' }, 404],
			[{ intent: 'choice-sold-out', id: choice.id, name: 'Hacked' }, 404],
			[{ intent: 'move-choice', id: group.options[1]!.id, name: 'x', direction: 'up' }, 404],
			[{ intent: 'delete-choice', id: choice.id, confirmed: 'yes' }, 200],
			[{ intent: 'add-choice', groupId: group.id, name: '12″', price: '40' }, 404],
			[{ intent: 'edit-group', id: group.id, name: 'Hacked', kind: 'SINGLE' }, 404],
			[{ intent: 'move-group', id: group.id, name: 'x', direction: 'down' }, 404],
			[{ intent: 'delete-group', id: group.id, confirmed: 'yes' }, 200],
		]
		for (const [fields, status] of attempts) {
			const outcome = await act(other.id, fields)
			expect(outcome.status, fields.intent).toBe(status)
			expect(outcome.reply.message ?? outcome.reply.result?.error?.['']?.[0], fields.intent).toMatch(
				/no longer on this item|already been deleted/,
			)
		}
		expect(await groupsOf(cake.id)).toEqual(before)
		expect(await groupsOf(other.id)).toEqual([])
	})
})

describe('who may change options', () => {
	it.each([
		['anonymous', 401],
		['a removed admin', 403],
	] as const)('%s is refused (%i) and nothing changes', async (who, status) => {
		const { item, group } = await cakeWithSizes()
		const as_ = who === 'anonymous' ? null : formerCookie
		const before = await groupsOf(item.id)
		const attempts: Array<Record<string, string>> = [
			{ intent: 'add-group', name: 'Toppings', kind: 'MULTIPLE' },
			{ intent: 'add-choice', groupId: group.id, name: '12″', price: '40' },
			{ intent: 'edit-choice', id: group.options[0]!.id, name: 'Hacked' },
			{ intent: 'delete-group', id: group.id, confirmed: 'yes' },
			{ intent: 'move-group', id: group.id, direction: 'down' },
		]
		for (const fields of attempts) {
			expect((await act(item.id, fields, as_)).status, fields.intent).toBe(status)
		}
		expect(await groupsOf(item.id)).toEqual(before)
	})

	it('an unknown intent changes nothing (400)', async () => {
		const { item, group } = await cakeWithSizes()
		expect((await act(item.id, { intent: 'rename-everything', id: group.id })).status).toBe(400)
		expect((await act(item.id, { intent: 'move-group', id: group.id, direction: 'sideways' })).status).toBe(400)
	})
})

describe('the item page', () => {
	it('loads the item’s groups and choices in the owner’s order', async () => {
		const { item } = await cakeWithSizes()
		await addGroup(item.id, { name: 'Message on the cake', kind: 'TEXT', required: '' })
		const outcome = await run(
			editLoader({ request: get(`/admin/menu/${item.id}`, cookie), params: { itemId: item.id }, context: {} }),
		)
		const { item: loaded } = outcome.data as {
			item: { optionGroups: Array<{ name: string; options: Array<{ name: string }> }> }
		}
		expect(loaded.optionGroups.map((group) => [group.name, group.options.map((option) => option.name)])).toEqual([
			['Size', ['6″', '8″', '10″']],
			['Message on the cake', []],
		])
	})
})

describe('sales tax category', () => {
	const itemFields = { name: 'Coxinha', price: '4.75', category: 'BRAZILIAN_PASTRIES', sortOrder: '0' }

	it('is saved from the item form, and kept when a post leaves it out', async () => {
		const item = await createItem('Coxinha')
		const edit = (fields: Record<string, string>) =>
			run(
				editAction({
					request: post(`/admin/menu/${item.id}`, fields, cookie),
					params: { itemId: item.id },
					context: {},
				}),
			)
		expect((await edit({ ...itemFields, taxCategory: 'PREPARED_FOOD' })).status).toBe(200)
		expect((await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).taxCategory).toBe('PREPARED_FOOD')
		expect((await edit(itemFields)).status).toBe(200)
		expect((await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).taxCategory).toBe('PREPARED_FOOD')

		const refused = await edit({ ...itemFields, taxCategory: 'LUXURY' })
		expect(refused.status).toBe(400)
		expect((refused.data as Reply).result?.error).toEqual({
			taxCategory: ['Please choose how sales tax applies to this item.'],
		})
	})

	it('a new item starts as a bakery item unless the owner chooses prepared food', async () => {
		const upload = async (fields: Record<string, string>) => {
			const image = file(await photo({ width: 120, height: 90, format: 'png' }), 'item.png', 'image/png')
			return run(
				uploadAction({ request: post('/admin-upload', { ...fields, image }, cookie), params: {}, context: {} }),
			)
		}
		expect((await upload({ ...itemFields, name: 'Pão de Queijo' })).status).toBe(200)
		expect((await upload({ ...itemFields, taxCategory: 'PREPARED_FOOD' })).status).toBe(200)
		const rows = await prisma.menuItem.findMany({ select: { name: true, taxCategory: true }, orderBy: { name: 'asc' } })
		expect(rows).toEqual([
			{ name: 'Coxinha', taxCategory: 'PREPARED_FOOD' },
			{ name: 'Pão de Queijo', taxCategory: 'BAKERY' },
		])
	})
})
