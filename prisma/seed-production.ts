/**
 * Demo production planning (decisions 082, 083): resources, steps and recipes for the seeded items, and twelve
 * weeks of closing counts so the bake sheet's forecast has a history in development. Idempotent: resources by
 * name, an item's steps and recipe only while it has none, counts never over ones already entered.
 */
import { addLocalDays, weekdayOf } from '../app/domain/pickup/pickup-schedule'
import { dateColumn } from '../app/domain/pickup/models/pickup-schedule.server'
import type { IngredientUnit } from '../app/generated/prisma/enums'
import { prisma } from '../app/utils/db.server'

const RESOURCES = [
	{ name: 'Oven 1', startsAt: '04:00', minutes: 480 },
	{ name: 'Mixer', startsAt: '04:00', minutes: 240 },
	{ name: 'Decorating bench', startsAt: '07:00', minutes: 240 },
] as const

type ResourceName = (typeof RESOURCES)[number]['name']

interface DemoProduction {
	steps: Array<{
		name: string
		resource: ResourceName
		minutes: number
		batch: number
		daysBefore?: number
		choice?: string
	}>
	recipe: Array<{ name: string; quantity: number; unit: IngredientUnit; batch: number }>
	/** Typical counter sales on a weekday (Sunday first); 0: not on the counter. */
	counter?: readonly number[]
}

const DEMO: Record<string, DemoProduction> = {
	Conchas: {
		steps: [
			{ name: 'Mix and shape', resource: 'Mixer', minutes: 20, batch: 24 },
			{ name: 'Bake', resource: 'Oven 1', minutes: 25, batch: 12 },
		],
		recipe: [
			{ name: 'Flour', quantity: 1.2, unit: 'kg', batch: 12 },
			{ name: 'Sugar', quantity: 350, unit: 'g', batch: 12 },
			{ name: 'Butter', quantity: 250, unit: 'g', batch: 12 },
			{ name: 'Eggs', quantity: 4, unit: 'each', batch: 12 },
			{ name: 'Milk', quantity: 300, unit: 'ml', batch: 12 },
		],
		counter: [30, 0, 18, 18, 20, 26, 36],
	},
	'Pão de Queijo': {
		steps: [{ name: 'Bake', resource: 'Oven 1', minutes: 20, batch: 24 }],
		recipe: [
			{ name: 'Tapioca flour', quantity: 500, unit: 'g', batch: 24 },
			{ name: 'Milk', quantity: 250, unit: 'ml', batch: 24 },
			{ name: 'Eggs', quantity: 2, unit: 'each', batch: 24 },
			{ name: 'Cheese', quantity: 200, unit: 'g', batch: 24 },
		],
		counter: [40, 0, 24, 24, 28, 34, 48],
	},
	Brigadeiros: {
		steps: [{ name: 'Roll', resource: 'Decorating bench', minutes: 30, batch: 30 }],
		recipe: [
			{ name: 'Condensed milk', quantity: 395, unit: 'g', batch: 30 },
			{ name: 'Cocoa', quantity: 30, unit: 'g', batch: 30 },
			{ name: 'Butter', quantity: 15, unit: 'g', batch: 30 },
		],
		counter: [24, 0, 12, 12, 14, 18, 30],
	},
	Orejas: {
		steps: [{ name: 'Bake', resource: 'Oven 1', minutes: 18, batch: 20 }],
		recipe: [
			{ name: 'Puff pastry', quantity: 1, unit: 'kg', batch: 20 },
			{ name: 'Sugar', quantity: 150, unit: 'g', batch: 20 },
		],
		counter: [16, 0, 8, 8, 10, 12, 18],
	},
	'Tres Leches Cake': {
		steps: [
			{ name: 'Bake', resource: 'Oven 1', minutes: 45, batch: 2, daysBefore: 1 },
			{ name: 'Soak and decorate', resource: 'Decorating bench', minutes: 20, batch: 1 },
			{ name: 'Extra bake for 10″', resource: 'Oven 1', minutes: 15, batch: 1, daysBefore: 1, choice: '10″' },
		],
		recipe: [
			{ name: 'Flour', quantity: 300, unit: 'g', batch: 2 },
			{ name: 'Eggs', quantity: 10, unit: 'each', batch: 2 },
			{ name: 'Milk', quantity: 1, unit: 'l', batch: 2 },
			{ name: 'Condensed milk', quantity: 395, unit: 'g', batch: 2 },
		],
	},
}

/** A small deterministic wobble (−3 … +3) so the history looks like real days and the seed stays repeatable. */
function wobble(name: string, date: string) {
	let hash = 0
	for (const character of `${name}|${date}`) hash = (hash * 31 + character.charCodeAt(0)) | 0
	return (Math.abs(hash) % 7) - 3
}

export async function seedProduction(today: string) {
	const resources = new Map<string, string>()
	for (const resource of RESOURCES) {
		const row = await prisma.productionResource.upsert({
			where: { name: resource.name },
			create: {
				name: resource.name,
				startsAt: resource.startsAt,
				// Every day: the shop is closed on Mondays, but the kitchen bakes then for Tuesday's pickups (what is
				// made the day before needs a Monday, decision 088).
				minutesByWeekday: Array.from({ length: 7 }, () => resource.minutes),
			},
			update: {},
		})
		resources.set(resource.name, row.id)
	}
	const items = await prisma.menuItem.findMany({
		where: { name: { in: Object.keys(DEMO) } },
		select: { id: true, name: true, _count: { select: { productionSteps: true, recipeIngredients: true } } },
	})
	for (const item of items) {
		const demo = DEMO[item.name]
		if (!demo) continue
		if (item._count.productionSteps === 0) {
			await prisma.productionStep.createMany({
				data: demo.steps.map((step, index) => ({
					menuItemId: item.id,
					name: step.name,
					resourceId: resources.get(step.resource)!,
					minutesPerBatch: step.minutes,
					batchSize: step.batch,
					daysBefore: step.daysBefore ?? 0,
					optionChoice: step.choice ?? '',
					sortOrder: index,
				})),
			})
		}
		if (item._count.recipeIngredients === 0) {
			await prisma.recipeIngredient.createMany({
				data: demo.recipe.map((ingredient, index) => ({
					menuItemId: item.id,
					name: ingredient.name,
					milliQuantityPerBatch: Math.round(ingredient.quantity * 1000),
					unit: ingredient.unit,
					batchSize: ingredient.batch,
					sortOrder: index,
				})),
			})
		}
		if (!demo.counter) continue
		await prisma.closingCount.createMany({ data: closingCountHistory(item, demo.counter, today), skipDuplicates: true })
	}
}

/**
 * Twelve weeks of closing counts before `today` for an item that typically sells `counter` a weekday (Sunday first;
 * 0: not on the counter that day): a few more made than that, the day's wobble sold. Also seeds bench/bake-sheet.ts.
 */
export function closingCountHistory(item: { id: string; name: string }, counter: readonly number[], today: string) {
	const counts = []
	for (let daysAgo = 1; daysAgo <= 84; daysAgo++) {
		const date = addLocalDays(today, -daysAgo)
		const typical = counter[weekdayOf(date)] ?? 0
		if (typical === 0) continue
		const sold = Math.max(0, typical + wobble(item.name, date))
		const made = typical + 4
		counts.push({
			menuItemId: item.id,
			date: dateColumn(date),
			made,
			leftOver: Math.max(0, made - sold),
			enteredBy: 'seed',
		})
	}
	return counts
}
