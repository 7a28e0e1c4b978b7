import path from 'node:path'
import 'dotenv/config'
import { defineConfig } from 'prisma/config'

// No native engines can be downloaded offline: the CLI runs Prisma's WebAssembly
// schema engine through a small Node wrapper (docs/decisions/002-offline-prisma.md).
// An explicitly set PRISMA_SCHEMA_ENGINE_BINARY (e.g. a native engine) still wins.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve(
	import.meta.dirname,
	'scripts/prisma-schema-engine.mjs',
)

export default defineConfig({
	schema: 'prisma/schema.prisma',
	migrations: {
		path: 'prisma/migrations',
		seed: 'tsx prisma/seed.ts',
	},
	// Must not throw when DATABASE_URL is unset: `prisma generate` runs in postinstall.
	datasource: { url: process.env.DATABASE_URL ?? '' },
})
