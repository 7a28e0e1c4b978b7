/**
 * The layering lint rule of eslint.config.js (README, Architecture; decision 053): routes → business areas
 * (app/domain/<area>) and plumbing (app/utils) → the database, UI apart.
 */
import { ESLint } from 'eslint'
import { beforeAll, expect, test } from 'vitest'

const eslint = new ESLint()
const RULE = '@typescript-eslint/no-restricted-imports'

// Loading the config and its parsers takes seconds on a busy machine: once, before the tests' own timeouts.
beforeAll(() => eslint.lintText('', { filePath: 'app/utils/example.ts' }), 60_000)

/** The imports of `imports` that the rule refuses in a module at `filePath`. */
async function refused(filePath: string, imports: string[]) {
	const [result] = await eslint.lintText(`${imports.join('\n')}\n`, { filePath })
	const lines = result!.messages.filter((message) => message.ruleId === RULE).map((message) => message.line)
	return imports.filter((_, index) => lines.includes(index + 1))
}

const prismaClient = [
	"import { prisma } from '~/utils/db.server'",
	"import { prisma } from './db.server'",
	"import * as db from '~/utils/db.server'",
	"import { Prisma } from '~/generated/prisma/client'",
]
const databaseHelpers = [
	"import { isDatabaseReachable, isDatabaseUnavailable, isRecordNotFound } from '~/utils/db.server'",
	"import type { Prisma } from '~/generated/prisma/client'",
	"import { MenuCategory } from '~/generated/prisma/enums'",
]
const ui = ["import { Modal } from '~/components/ui/modal'", "import { MenuCard } from '../components/menu/menu-grid'"]
const routeModules = ["import { loader } from '~/routes/menu'", "import type { action } from '../../routes/contact'"]
const models = [
	"import { listMenuItems } from '~/domain/menu/models/menu-item.server'",
	"import type { X } from '../models/x.server'",
]
const areas = [
	"import { allergenKeys } from '~/domain/menu/allergens'",
	"import { enqueueMail } from '~/domain/mail/index.server'",
]
const serverModules = ["import { getEnv } from '~/utils/env.server'", "import type { Env } from '../utils/env.server'"]
const shared = ["import { formatPrice } from '~/utils/money'", "import { useState } from 'react'"]

test('only an area’s models (and db.server.ts itself) import the Prisma client; its helpers, types and enums go anywhere', async () => {
	for (const filePath of ['app/domain/menu/models/example.server.ts', 'app/utils/db.server.ts']) {
		expect(await refused(filePath, [...prismaClient, ...databaseHelpers]), filePath).toEqual([])
	}
	for (const filePath of [
		'app/domain/menu/example.server.ts',
		'app/domain/mail/templates/example.tsx',
		'app/utils/example.server.ts',
		'app/routes/example.tsx',
		'app/entry.server.tsx',
		'app/root.tsx',
		'server/example.ts',
	]) {
		expect(await refused(filePath, [...prismaClient, ...databaseHelpers]), filePath).toEqual(prismaClient)
	}
})

test('plumbing (app/utils) imports no UI, no route module and no business area', async () => {
	const imports = [...ui, ...routeModules, ...areas, ...serverModules, ...shared]
	for (const filePath of ['app/utils/example.ts', 'app/utils/example.server.ts']) {
		expect(await refused(filePath, imports), filePath).toEqual([...ui, ...routeModules, ...areas])
	}
})

test('business areas import no UI and no route module', async () => {
	const imports = [...ui, ...routeModules, ...serverModules, ...shared]
	for (const filePath of [
		'app/domain/orders/example.ts',
		'app/domain/orders/example.server.ts',
		'app/domain/orders/models/example.server.ts',
		'app/domain/mail/templates/example.tsx',
	]) {
		expect(await refused(filePath, imports), filePath).toEqual([...ui, ...routeModules])
	}
})

test('an area reaches another area’s server side only through its public module, index.server.ts', async () => {
	const otherAreasInternals = [
		"import { reservePickupCapacity } from '~/domain/pickup/models/pickup-capacity.server'",
		"import type { PickupRefusal } from '~/domain/pickup/models/pickup-capacity.server'",
		"import { loadMenuPickup } from '~/domain/pickup/pickup.server'",
	]
	const allowed = [
		"import { reservePickupCapacity, loadMenuPickup } from '~/domain/pickup/index.server'",
		"import { checkPickupSlot } from '~/domain/pickup/pickup-schedule'",
		"import { placePendingOrder } from './models/order.server'",
		"import { placePendingOrder } from '~/domain/orders/models/order.server'",
		"import { taxPolicy } from '~/domain/orders/sales-tax.server'",
	]
	for (const filePath of ['app/domain/orders/example.server.ts', 'app/domain/orders/models/example.server.ts']) {
		expect(await refused(filePath, [...otherAreasInternals, ...allowed]), filePath).toEqual(otherAreasInternals)
	}
})

test('components import no model, no server module (types neither) and no route module', async () => {
	const imports = [...ui, ...routeModules, ...models, ...serverModules, ...shared, areas[0]!]
	expect(await refused('app/components/menu/example.tsx', imports)).toEqual([
		...routeModules,
		...models,
		...serverModules,
	])
})

test('routes and tests may import anything but the Prisma client; tests that too', async () => {
	const imports = [...ui, ...routeModules, ...models, ...areas, ...serverModules, ...shared, ...databaseHelpers]
	expect(await refused('app/routes/example.tsx', imports)).toEqual([])
	expect(await refused('app/utils/example.test.ts', [...imports, ...prismaClient])).toEqual([])
})
