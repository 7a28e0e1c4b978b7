import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'

const prismaCli = createRequire(import.meta.url).resolve('prisma/build/index.js')

/**
 * Runs the ordinary Prisma CLI (offline-capable through prisma.config.ts) against `databaseUrl`.
 * Its output is kept for the error message, or shown as it runs with `stdio: 'inherit'`.
 */
export function runPrisma(
	args: string[],
	databaseUrl: string,
	{ stdio = 'pipe' }: { stdio?: 'pipe' | 'inherit' } = {},
): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [prismaCli, ...args], {
			env: { ...process.env, DATABASE_URL: databaseUrl },
			stdio: [stdio === 'inherit' ? 'inherit' : 'ignore', stdio, stdio],
		})
		let output = ''
		child.stdout?.on('data', (chunk) => (output += chunk))
		child.stderr?.on('data', (chunk) => (output += chunk))
		child.on('error', reject)
		child.on('close', (code) => {
			if (code === 0) resolve()
			else reject(new Error(`prisma ${args.join(' ')} exited with ${code}${output ? `:\n${output}` : ''}`))
		})
	})
}
