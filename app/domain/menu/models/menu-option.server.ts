// The owner's writes to an item's option groups and choices (decision 038); requireAdmin is checked by the
// calling route. Every write is scoped to the menu item of the page it came from: a group or choice id of
// another item is treated as missing. The public menu reads the options through menu-item.server.ts.
import type { OptionGroupKind } from '~/generated/prisma/enums'
import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { invalidateMenuCache } from '~/domain/menu/menu-cache.server'

/** A group as the owner sets it up (the migration's CHECKs hold the same rules). */
export interface OptionGroupFields {
	name: string
	/** The owner's translations; null: the English name is shown. */
	nameEs: string | null
	namePtBr: string | null
	kind: OptionGroupKind
	required: boolean
	minChoices: number
	maxChoices: number | null
	maxLength: number
}

export interface OptionChoiceFields {
	name: string
	nameEs: string | null
	namePtBr: string | null
	priceDeltaCents: number
	soldOut: boolean
}

export type MoveDirection = 'up' | 'down'

/** 'edge': already first (up) or last (down); 'missing': no such row on this item. */
export type MoveOutcome = 'moved' | 'edge' | 'missing'

type Tx = Prisma.TransactionClient

/**
 * Locks the item's row for the rest of the transaction, so adds and moves on one item take turns (positions
 * stay distinct); false when the item is gone.
 */
async function lockItem(tx: Tx, menuItemId: string) {
	const rows = await tx.$queryRaw<unknown[]>`SELECT 1 FROM "MenuItem" WHERE "id" = ${menuItemId} FOR UPDATE`
	return rows.length > 0
}

function afterWrite<T>(outcome: Promise<T>) {
	return outcome.finally(invalidateMenuCache)
}

/**
 * Swaps a row with its neighbour in the owner's order (position, then id). Rows of equal position (none
 * after adds through here, but possible from the seed or by hand) are numbered 0, 1, 2… first.
 */
async function swapWithNeighbour(
	rows: ReadonlyArray<{ id: string; position: number }>,
	id: string,
	direction: MoveDirection,
	setPosition: (id: string, position: number) => Promise<unknown>,
): Promise<MoveOutcome> {
	const index = rows.findIndex((row) => row.id === id)
	if (index === -1) return 'missing'
	const other = direction === 'up' ? index - 1 : index + 1
	if (other < 0 || other >= rows.length) return 'edge'
	const order = rows.map((row) => row.id)
	;[order[index], order[other]] = [order[other]!, order[index]!]
	const before = new Map(rows.map((row) => [row.id, row.position]))
	const distinct = new Set(before.values()).size === rows.length
	if (distinct) {
		// Exchange the two positions; everything else keeps its number.
		await setPosition(order[index]!, before.get(order[other]!)!)
		await setPosition(order[other]!, before.get(order[index]!)!)
		return 'moved'
	}
	for (const [position, rowId] of order.entries()) {
		if (before.get(rowId) !== position) await setPosition(rowId, position)
	}
	return 'moved'
}

const ownerOrder = [{ position: 'asc' as const }, { id: 'asc' as const }]

// --- Groups ---

/** Adds a group at the end of the item's groups; 'missing' when the item is gone. */
export function createOptionGroup(menuItemId: string, fields: OptionGroupFields) {
	return afterWrite(
		prisma.$transaction(async (tx) => {
			if (!(await lockItem(tx, menuItemId))) return { outcome: 'missing' } as const
			const last = await tx.menuOptionGroup.aggregate({ where: { menuItemId }, _max: { position: true } })
			const group = await tx.menuOptionGroup.create({
				data: { ...fields, menuItemId, position: (last._max.position ?? -1) + 1 },
				select: { id: true },
			})
			return { outcome: 'created', id: group.id } as const
		}),
	)
}

/**
 * Saves a group's settings. A group with choices cannot become a short-text question ('has-choices'): the
 * choices would silently stop being offered; the owner deletes them first.
 */
export function updateOptionGroup(
	menuItemId: string,
	groupId: string,
	fields: OptionGroupFields,
): Promise<'updated' | 'missing' | 'has-choices'> {
	return afterWrite(
		prisma.$transaction(async (tx) => {
			if (!(await lockItem(tx, menuItemId))) return 'missing'
			const group = await tx.menuOptionGroup.findFirst({
				where: { id: groupId, menuItemId },
				select: { _count: { select: { options: true } } },
			})
			if (!group) return 'missing'
			if (fields.kind === 'TEXT' && group._count.options > 0) return 'has-choices'
			await tx.menuOptionGroup.update({ where: { id: groupId }, data: fields })
			return 'updated'
		}),
	)
}

/** Removes a group and its choices; false when it was already gone. Past orders keep their own copy. */
export function deleteOptionGroup(menuItemId: string, groupId: string) {
	return afterWrite(
		prisma.menuOptionGroup.deleteMany({ where: { id: groupId, menuItemId } }).then(({ count }) => count > 0),
	)
}

export function moveOptionGroup(menuItemId: string, groupId: string, direction: MoveDirection) {
	return afterWrite(
		prisma.$transaction(async (tx): Promise<MoveOutcome> => {
			if (!(await lockItem(tx, menuItemId))) return 'missing'
			const groups = await tx.menuOptionGroup.findMany({
				where: { menuItemId },
				select: { id: true, position: true },
				orderBy: ownerOrder,
			})
			return swapWithNeighbour(groups, groupId, direction, (id, position) =>
				tx.menuOptionGroup.update({ where: { id }, data: { position } }),
			)
		}),
	)
}

// --- Choices ---

/** Only this item's groups and choices. */
const ofItem = (menuItemId: string) => ({ group: { is: { menuItemId } } })

/**
 * Adds a choice at the end of one of the item's groups. 'missing': no such group on this item;
 * 'text-group': a short-text question has no choices.
 */
export function createOptionChoice(menuItemId: string, groupId: string, fields: OptionChoiceFields) {
	return afterWrite(
		prisma.$transaction(async (tx) => {
			if (!(await lockItem(tx, menuItemId))) return { outcome: 'missing' } as const
			const group = await tx.menuOptionGroup.findFirst({ where: { id: groupId, menuItemId }, select: { kind: true } })
			if (!group) return { outcome: 'missing' } as const
			if (group.kind === 'TEXT') return { outcome: 'text-group' } as const
			const last = await tx.menuOption.aggregate({ where: { groupId }, _max: { position: true } })
			const choice = await tx.menuOption.create({
				data: { ...fields, groupId, position: (last._max.position ?? -1) + 1 },
				select: { id: true },
			})
			return { outcome: 'created', id: choice.id } as const
		}),
	)
}

/** Saves a choice's name, price and sold-out flag; false when this item has no such choice. */
export function updateOptionChoice(menuItemId: string, choiceId: string, fields: OptionChoiceFields) {
	return afterWrite(
		prisma.menuOption
			.updateMany({ where: { id: choiceId, ...ofItem(menuItemId) }, data: fields })
			.then(({ count }) => count > 0),
	)
}

export function setOptionChoiceSoldOut(menuItemId: string, choiceId: string, soldOut: boolean) {
	return afterWrite(
		prisma.menuOption
			.updateMany({ where: { id: choiceId, ...ofItem(menuItemId) }, data: { soldOut } })
			.then(({ count }) => count > 0),
	)
}

export function deleteOptionChoice(menuItemId: string, choiceId: string) {
	return afterWrite(
		prisma.menuOption.deleteMany({ where: { id: choiceId, ...ofItem(menuItemId) } }).then(({ count }) => count > 0),
	)
}

/** Moves a choice within its group. */
export function moveOptionChoice(menuItemId: string, choiceId: string, direction: MoveDirection) {
	return afterWrite(
		prisma.$transaction(async (tx): Promise<MoveOutcome> => {
			if (!(await lockItem(tx, menuItemId))) return 'missing'
			const choice = await tx.menuOption.findFirst({
				where: { id: choiceId, ...ofItem(menuItemId) },
				select: { groupId: true },
			})
			if (!choice) return 'missing'
			const choices = await tx.menuOption.findMany({
				where: { groupId: choice.groupId },
				select: { id: true, position: true },
				orderBy: ownerOrder,
			})
			return swapWithNeighbour(choices, choiceId, direction, (id, position) =>
				tx.menuOption.update({ where: { id }, data: { position } }),
			)
		}),
	)
}
