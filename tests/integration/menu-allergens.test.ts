import type { SubmissionResult } from '@conform-to/react'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { action as uploadAction } from '~/routes/admin-upload'
import { action as editAction, loader as editLoader } from '~/routes/admin.menu_.$itemId'
import { loader as cakesLoader } from '~/routes/cakes'
import { loader as menuLoader } from '~/routes/menu'
import { loader as shopLoader } from '~/routes/shop'
import { prisma } from '~/utils/db.server'
import { invalidateMenuCache } from '~/domain/menu/menu-cache.server'
import { categoryLabel } from '~/domain/menu/menu-categories'
import { menuJsonLd } from '~/domain/menu/menu-json-ld'
import type { MenuItemView } from '~/domain/menu/menu-item-view'
import { file, photo } from '../fixtures/images'
import { createMenuItem } from '../fixtures/menu'
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
	await prisma.menuItem.deleteMany()
	invalidateMenuCache()
})

interface MenuData {
	items: MenuItemView[]
	hidden: string[]
	hiddenCount: number
}

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>

async function load(loader: Loader, path: string) {
	const data = (await run(loader({ request: get(path), params: {}, context: {} }))).data as Omit<MenuData, 'items'> & {
		items: string
	}
	return { ...data, items: fromJsonText(data.items) } as MenuData
}

const names = (data: MenuData) => data.items.map((item) => item.name)

/** Pecan cookies, a cake from their trays, a cheese bread, and an item nobody has checked yet. */
async function demoMenu() {
	await createMenuItem({
		name: 'Polvorones',
		category: 'MEXICAN_PASTRIES',
		sortOrder: 1,
		allergens: ['MILK', 'WHEAT', 'TREE_NUTS'],
		allergensListed: true,
	})
	await createMenuItem({
		name: 'Marranitos',
		category: 'MEXICAN_PASTRIES',
		sortOrder: 2,
		allergens: ['WHEAT', 'EGGS'],
		mayContain: ['TREE_NUTS'],
		allergensListed: true,
	})
	await createMenuItem({
		name: 'Pão de Queijo',
		category: 'BRAZILIAN_PASTRIES',
		sortOrder: 3,
		allergens: ['MILK', 'EGGS'],
		dietaryLabels: ['VEGETARIAN', 'GLUTEN_FREE'],
		allergensListed: true,
	})
	await createMenuItem({ name: 'Tres Leches Cake', category: 'CAKES', sortOrder: 4, allergens: ['MILK'] })
	await createMenuItem({
		name: 'Carrot Cake',
		category: 'CAKES',
		sortOrder: 5,
		allergens: ['EGGS', 'WHEAT'],
		allergensListed: true,
	})
}

describe('the "Hide items containing" filter', () => {
	it('leaves out items that contain or may contain the allergen, and unlisted ones, and says how many', async () => {
		await demoMenu()
		const all = await load(menuLoader, '/menu')
		expect(names(all)).toEqual(['Polvorones', 'Marranitos', 'Pão de Queijo', 'Tres Leches Cake', 'Carrot Cake'])
		expect(all).toMatchObject({ hidden: [], hiddenCount: 0 })

		const noNuts = await load(menuLoader, '/menu?hide=tree-nuts')
		expect(names(noNuts)).toEqual(['Pão de Queijo', 'Carrot Cake'])
		expect(noNuts).toMatchObject({ hidden: ['tree-nuts'], hiddenCount: 3 })
		// The cards get the allergens as keys; the words come from app/domain/menu/allergens.ts.
		expect(noNuts.items[0]!.allergens).toEqual({
			contains: ['milk', 'eggs'],
			mayContain: [],
			diets: ['vegetarian', 'gluten-free'],
		})
		expect(all.items.find((item) => item.name === 'Tres Leches Cake')!.allergens).toBeNull()
	})

	it('combines with the category, as the GET form sends it (repeated hide=) or as a shared link', async () => {
		await demoMenu()
		const cakes = await load(shopLoader, '/shop?category=Cakes&hide=eggs&hide=peanuts')
		expect(names(cakes)).toEqual([])
		expect(cakes).toMatchObject({ hidden: ['eggs', 'peanuts'], hiddenCount: 2 })
		expect(names(await load(shopLoader, '/shop?category=cakes&hide=milk'))).toEqual(['Carrot Cake'])
		expect(names(await load(cakesLoader, '/cakes?hide=wheat,milk'))).toEqual([])
		expect(names(await load(cakesLoader, '/cakes?hide=sesame'))).toEqual(['Carrot Cake'])
	})

	it('the unfiltered /menu gives the JSON-LD menu with the owner’s diets', async () => {
		await demoMenu()
		const { items } = await load(menuLoader, '/menu')
		const data = menuJsonLd(items, {
			url: 'https://bakery.example/menu',
			name: 'Doce Dulce Bakery menu',
			sectionName: categoryLabel,
		})
		const paoDeQueijo = data.hasMenuSection[0]!.hasMenuItem.find((item) => item.name === 'Pão de Queijo')
		expect(paoDeQueijo).toMatchObject({
			offers: { '@type': 'Offer', price: '42.00', priceCurrency: 'USD' },
			suitableForDiet: ['https://schema.org/GlutenFreeDiet', 'https://schema.org/VegetarianDiet'],
		})
	})
})

async function edit(id: string, overrides: Record<string, string | string[]> = {}) {
	const fields = {
		name: 'Conchas',
		description: 'Sweet buns.',
		price: '3.50',
		category: 'MEXICAN_PASTRIES',
		imageAlt: 'Two conchas',
		sortOrder: '3',
		...overrides,
	}
	const outcome = await run(
		editAction({ request: post(`/admin/menu/${id}`, fields, cookie), params: { itemId: id }, context: {} }),
	)
	return { ...outcome, reply: outcome.data as { result: SubmissionResult<string[]>; saved: boolean } }
}

describe('the owner’s allergen fields', () => {
	it('saves what the owner ticks; the editor and the public menu show it', async () => {
		const item = await createMenuItem({ name: 'Conchas', category: 'MEXICAN_PASTRIES' })
		const outcome = await edit(item.id, {
			allergens: ['milk', 'eggs', 'wheat'],
			mayContain: ['tree-nuts'],
			diets: 'vegetarian',
			allergensListed: 'on',
		})
		expect(outcome.reply.saved).toBe(true)
		expect(await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({
			allergens: ['MILK', 'EGGS', 'WHEAT'],
			mayContain: ['TREE_NUTS'],
			dietaryLabels: ['VEGETARIAN'],
			allergensListed: true,
		})
		const editor = await run(
			editLoader({ request: get(`/admin/menu/${item.id}`, cookie), params: { itemId: item.id }, context: {} }),
		)
		expect((editor.data as { item: { allergens: string[] } }).item.allergens).toEqual(['MILK', 'EGGS', 'WHEAT'])
		const [shown] = (await load(menuLoader, '/menu')).items
		expect(shown!.allergens).toEqual({
			contains: ['milk', 'eggs', 'wheat'],
			mayContain: ['tree-nuts'],
			diets: ['vegetarian'],
		})

		// Unticking everything clears the lists: the item is "not listed" again.
		await edit(item.id)
		expect(await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({
			allergens: [],
			mayContain: [],
			dietaryLabels: [],
			allergensListed: false,
		})
	})

	it('refuses labels that contradict the allergens, saves nothing and keeps what was ticked', async () => {
		const item = await createMenuItem({ name: 'Conchas', category: 'MEXICAN_PASTRIES' })
		const before = await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })
		const outcome = await edit(item.id, {
			allergens: ['milk', 'wheat'],
			mayContain: ['wheat'],
			diets: ['vegan', 'gluten-free'],
			allergensListed: 'on',
		})
		expect(outcome.reply.saved).toBe(false)
		expect(outcome.reply.result.error).toMatchObject({
			mayContain: ['Choose either “contains” or “may contain” for wheat, not both.'],
			diets: [
				'An item with milk, eggs, fish or shellfish can’t be labelled vegan.',
				'An item that contains or may contain wheat can’t be labelled gluten-free.',
			],
		})
		expect(outcome.reply.result.initialValue).toMatchObject({
			allergens: ['milk', 'wheat'],
			diets: ['vegan', 'gluten-free'],
		})
		expect(await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).toEqual(before)
	})

	it('a new item is saved with its allergens', async () => {
		const image = file(await photo({ width: 300, height: 200, format: 'png' }), 'roll.png', 'image/png')
		const outcome = await run(
			uploadAction({
				request: post(
					'/admin-upload',
					{
						name: 'Guava Roll',
						price: '3.75',
						category: 'BRAZILIAN_PASTRIES',
						allergens: ['wheat', 'eggs'],
						diets: ['dairy-free', 'vegetarian'],
						allergensListed: 'on',
						image,
					},
					cookie,
				),
				params: {},
				context: {},
			}),
		)
		expect((outcome.data as { uploaded: string }).uploaded).toBe('Guava Roll')
		expect(await prisma.menuItem.findFirstOrThrow({ where: { name: 'Guava Roll' } })).toMatchObject({
			allergens: ['EGGS', 'WHEAT'],
			dietaryLabels: ['VEGETARIAN', 'DAIRY_FREE'],
			allergensListed: true,
		})
	})

	it.each([
		['vegan with eggs', { allergens: ['EGGS'], dietaryLabels: ['VEGAN'] }, 'MenuItem_vegan_check'],
		['vegetarian with fish', { allergens: ['FISH'], dietaryLabels: ['VEGETARIAN'] }, 'MenuItem_vegetarian_check'],
		['dairy-free with milk', { allergens: ['MILK'], dietaryLabels: ['DAIRY_FREE'] }, 'MenuItem_dairy_free_check'],
		[
			'gluten-free that may contain wheat',
			{ mayContain: ['WHEAT'], dietaryLabels: ['GLUTEN_FREE'] },
			'MenuItem_gluten_free_check',
		],
		[
			'milk both contained and “may contain”',
			{ allergens: ['MILK'], mayContain: ['MILK'] },
			'MenuItem_mayContain_not_contained',
		],
	] satisfies Array<[string, Parameters<typeof createMenuItem>[0], string]>)(
		'the database refuses %s from any writer',
		async (_case, fields, constraint) => {
			const refused = createMenuItem(fields)
			await expect(refused).rejects.toThrow(constraint)
		},
	)
})
