import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'

const read = (file: string) => readFileSync(file, 'utf8')
const pinned = read('.nvmrc').trim()
const major = pinned.split('.')[0]

describe('one Node.js version for development, CI and production', () => {
	test('.nvmrc pins an exact Node.js 24 LTS release', () => {
		expect(pinned).toMatch(/^24\.\d+\.\d+$/)
	})

	test('the Docker image runs the pinned version', () => {
		expect(read('Dockerfile')).toMatch(new RegExp(`^ARG NODE_VERSION=${pinned.replaceAll('.', '\\.')}$`, 'm'))
	})

	test('package.json engines and the server bundle target that major version', () => {
		const manifest = JSON.parse(read('package.json')) as { engines: { node: string }; scripts: Record<string, string> }
		expect(manifest.engines.node).toBe(`>=${major}.11.0`)
		expect(read('scripts/build-server.ts')).toContain(`target: 'node${major}'`)
	})

	// .ci/run installs the pinned Node.js before anything else: the suite runs on production's runtime.
	test.runIf(process.env.CI)('CI runs the tests on the pinned version', () => {
		expect(process.version).toBe(`v${pinned}`)
	})
})
