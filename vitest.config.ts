import tsconfigPaths from 'vite-tsconfig-paths'
import { defineConfig } from 'vitest/config'

export default defineConfig({
	plugins: [tsconfigPaths()],
	test: {
		projects: [
			{
				extends: true,
				test: {
					name: 'unit',
					include: ['app/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
					environment: 'node',
				},
			},
			{
				extends: true,
				test: {
					name: 'integration',
					include: ['tests/integration/**/*.test.ts'],
					globalSetup: ['tests/setup/global-database.ts'],
					setupFiles: ['tests/setup/file-database.ts'],
					testTimeout: 30_000,
					hookTimeout: 120_000,
					pool: 'forks',
				},
			},
		],
	},
})
