/**
 * Every way the production server starts runs Node with the same flags (server/production-node.ts): the memory
 * bounds of decision 061, and the compile cache of decision 062, which V8 rejects under any other flags.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { productionNodeFlags } from '../../server/production-node'
import { imageOf, parseDockerfile } from '../integration/runtime-image-replay'

const read = (file: string) => readFileSync(file, 'utf8')
const flagsOf = (command: string[]) => command.filter((argument) => argument.startsWith('--'))
const words = (line: string) => line.split(/\s+/).filter(Boolean)

describe('the production Node flags', () => {
	it('are the Dockerfile CMD', () => {
		const { command } = imageOf(parseDockerfile(read('Dockerfile')))
		expect(command[0]).toBe('node')
		expect(flagsOf(command)).toEqual(productionNodeFlags)
	})

	it('are `npm start` and `npm run worker`', () => {
		const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> }
		expect(flagsOf(words(scripts.start!))).toEqual(productionNodeFlags)
		expect(flagsOf(words(scripts.worker!))).toEqual(productionNodeFlags)
	})

	it("are fly.toml's process lines for a separate mail worker", () => {
		const processLines = read('fly.toml')
			.split('\n')
			.filter((line) => /^#\s+(app|worker) = /.test(line))
		expect(processLines).toHaveLength(2)
		for (const line of processLines) {
			expect(flagsOf(words(line.replace(/["']/g, ' ')))).toEqual(productionNodeFlags)
		}
	})
})
