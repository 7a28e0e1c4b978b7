/**
 * The reading of the Dockerfile that tests/integration/runtime-image.test.ts replays (decision 060): what another
 * stage, flag or line layout must not change.
 */
import { describe, expect, it } from 'vitest'
import { dockerIgnore, imageOf, parseDockerfile } from '../integration/runtime-image-replay'

const dockerfile = `# syntax=docker/dockerfile:1
ARG NODE_VERSION=24.21.0
FROM node:\${NODE_VERSION}-slim AS base
ENV NODE_ENV=production
WORKDIR /app

FROM base AS deps
RUN npm ci --include=dev

FROM base AS runtime
# Memory: fewer malloc arenas.
ENV MALLOC_ARENA_MAX=2 \\
    PORT=8080
RUN apt-get update \\
 && apt-get install -y --no-install-recommends postgresql-client \\
 && rm -rf /var/lib/apt/lists/*
COPY --from=deps --chown=bakery:bakery /app/node_modules /app/node_modules
COPY --chown=bakery package.json \\
     prisma.config.ts ./
COPY ["prisma/migrations", "./prisma/migrations"]
USER bakery
CMD ["node", "--max-old-space-size=128", "server-build/index.js"]
`

describe('the Dockerfile as the replay reads it', () => {
	const stages = parseDockerfile(dockerfile)

	it('finds each stage and what it is built from', () => {
		expect(stages.map(({ name, from }) => [name, from])).toEqual([
			['base', 'node:${NODE_VERSION}-slim'],
			['deps', 'base'],
			['runtime', 'base'],
		])
	})

	it('gives the last stage its ancestors’ ENV and WORKDIR, its own USER and CMD (exec form as written)', () => {
		const image = imageOf(stages)
		expect(image.env).toEqual({ NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', PORT: '8080' })
		expect(image.workdir).toBe('/app')
		expect(image.user).toBe('bakery')
		expect(image.command).toEqual(['node', '--max-old-space-size=128', 'server-build/index.js'])
	})

	it('reads COPY flags, several sources across continuation lines and the JSON form; comments are no lines', () => {
		const copies = imageOf(stages)
			.steps.map((step) => step.instruction)
			.filter((instruction) => instruction.keyword === 'COPY')
		expect(copies.map(({ flags, args, line }) => ({ flags, args, line }))).toEqual([
			{ flags: { from: 'deps', chown: 'bakery:bakery' }, args: ['/app/node_modules', '/app/node_modules'], line: 17 },
			{ flags: { chown: 'bakery' }, args: ['package.json', 'prisma.config.ts', './'], line: 18 },
			{ flags: {}, args: ['prisma/migrations', './prisma/migrations'], line: 20 },
		])
	})
})

describe('.dockerignore as Docker reads it', () => {
	const ignored = dockerIgnore('# comment\nnode_modules\n/build\n*.log\nprisma/seed\n!prisma/seed/keep.txt\n')

	it('leaves out a matched folder with everything under it, and files matching a pattern', () => {
		expect(ignored('node_modules/react/index.js')).toBe(true)
		expect(ignored('build/server/index.js')).toBe(true)
		expect(ignored('npm-debug.log')).toBe(true)
		expect(ignored('prisma/seed/cake.jpg')).toBe(true)
	})

	it('keeps the rest, and what a later ! pattern takes back', () => {
		expect(ignored('prisma/migrations/0001_init/migration.sql')).toBe(false)
		expect(ignored('server-build/index.js')).toBe(false)
		expect(ignored('prisma/seed/keep.txt')).toBe(false)
	})
})
