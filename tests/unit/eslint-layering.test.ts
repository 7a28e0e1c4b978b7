/** The layering lint rule of eslint.config.js: routes → models/utils → db, UI apart (README, Architecture). */
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
	"import { isDatabaseReachable, isDatabaseUnavailable } from '~/utils/db.server'",
	"import type { Prisma } from '~/generated/prisma/client'",
	"import { MenuCategory } from '~/generated/prisma/enums'",
]
const ui = ["import { Modal } from '~/components/ui/modal'", "import { MenuCard } from '../components/menu/menu-grid'"]
const routeModules = ["import { loader } from '~/routes/menu'", "import type { action } from '../../routes/contact'"]
const models = [
	"import { listMenuItems } from '~/models/menu-item.server'",
	"import type { X } from '../models/x.server'",
]
const serverModules = ["import { getEnv } from '~/utils/env.server'", "import type { Env } from '../utils/env.server'"]
const shared = ["import { formatPrice } from '~/utils/money'", "import { useState } from 'react'"]

test('only models (and db.server.ts itself) import the Prisma client; its helpers, types and enums go anywhere', async () => {
	for (const filePath of ['app/models/example.server.ts', 'app/utils/db.server.ts']) {
		expect(await refused(filePath, [...prismaClient, ...databaseHelpers]), filePath).toEqual([])
	}
	for (const filePath of [
		'app/utils/example.server.ts',
		'app/mail/example.server.tsx',
		'app/routes/example.tsx',
		'app/entry.server.tsx',
		'app/root.tsx',
		'server/example.ts',
	]) {
		expect(await refused(filePath, [...prismaClient, ...databaseHelpers]), filePath).toEqual(prismaClient)
	}
})

test('utils, models and mails import no UI and no route module', async () => {
	const imports = [...ui, ...routeModules, ...models, ...serverModules, ...shared]
	for (const filePath of [
		'app/utils/example.ts',
		'app/utils/example.server.ts',
		'app/models/example.server.ts',
		'app/mail/example.server.tsx',
	]) {
		expect(await refused(filePath, imports), filePath).toEqual([...ui, ...routeModules])
	}
})

test('components import no model, no server module (types neither) and no route module', async () => {
	const imports = [...ui, ...routeModules, ...models, ...serverModules, ...shared]
	expect(await refused('app/components/menu/example.tsx', imports)).toEqual([
		...routeModules,
		...models,
		...serverModules,
	])
})

test('routes and tests may import anything but the Prisma client; tests that too', async () => {
	const imports = [...ui, ...routeModules, ...models, ...serverModules, ...shared, ...databaseHelpers]
	expect(await refused('app/routes/example.tsx', imports)).toEqual([])
	expect(await refused('app/utils/example.test.ts', [...imports, ...prismaClient])).toEqual([])
})
