/** The lint rule of eslint.config.js that keeps server-only imports out of modules the browser loads. */
import { ESLint } from 'eslint'
import { beforeAll, expect, test } from 'vitest'

const eslint = new ESLint()
const RULE = '@typescript-eslint/no-restricted-imports'

// Loading the config and its parsers takes seconds on a busy machine: once, before the tests' own timeouts.
beforeAll(() => eslint.lintText('', { filePath: 'app/utils/example.ts' }), 60_000)

async function restrictedImports(filePath: string, code: string) {
	const [result] = await eslint.lintText(code, { filePath })
	return result!.messages.filter((message) => message.ruleId === RULE).map((message) => message.line)
}

const serverValueImports = [
	"import { data } from '@remix-run/node'",
	"import fs from 'node:fs'",
	"import { readFile } from 'fs/promises'",
	"import { PrismaClient } from '~/generated/prisma/client'",
	"import { PrismaPg } from '@prisma/adapter-pg'",
	"import { S3Client } from '@aws-sdk/client-s3'",
	"import sharp from 'sharp'",
	"import Stripe from 'stripe'",
	"import { Authenticator } from 'remix-auth'",
]

const browserSafeImports = [
	"import type { MetaFunction } from '@remix-run/node'",
	"import { type LoaderFunctionArgs } from '@remix-run/node'",
	"import type { Prisma } from '~/generated/prisma/client'",
	"import { MenuCategory } from '~/generated/prisma/enums'",
	"import { useState } from 'react'",
	"import { Form } from '@remix-run/react'",
	"import { z } from 'zod'",
]

function moduleWith(imports: string[]) {
	return `${imports.join('\n')}\n`
}

test('a component or shared module may not import a server-only value; types and browser packages are fine', async () => {
	const code = moduleWith([...serverValueImports, ...browserSafeImports])
	const flagged = serverValueImports.map((_, index) => index + 1)
	expect(await restrictedImports('app/components/example.tsx', code)).toEqual(flagged)
	expect(await restrictedImports('app/utils/example.ts', code)).toEqual(flagged)
})

test('a route module may import @remix-run/node values for its loader and action, nothing else server-only', async () => {
	const code = moduleWith(serverValueImports)
	expect(await restrictedImports('app/routes/example.tsx', code)).toEqual(
		serverValueImports.map((_, index) => index + 1).slice(1),
	)
})

test('server modules, the server entry and tests import what they need', async () => {
	// Prisma's client is the models' alone (eslint-layering.test.ts).
	const code = moduleWith(serverValueImports.filter((line) => !line.includes('generated/prisma')))
	for (const filePath of ['app/utils/example.server.ts', 'app/entry.server.tsx', 'app/utils/example.test.ts']) {
		expect(await restrictedImports(filePath, code), filePath).toEqual([])
	}
})
