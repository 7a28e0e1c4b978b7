import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** Where tests/e2e/serve-production.ts records the production server's process id, per port. */
function pidFile(port: number) {
	return path.resolve(`.data/e2e-server-${port}.pid`)
}

export function recordServerPid(port: number, pid: number) {
	mkdirSync(path.dirname(pidFile(port)), { recursive: true })
	writeFileSync(pidFile(port), String(pid))
}

export function serverPid(port: number) {
	return Number(readFileSync(pidFile(port), 'utf8'))
}

/** The server's resident memory in MB (Linux), or null once the process is gone. */
export function serverRssMegabytes(pid: number) {
	try {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8')
		return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 1024
	} catch {
		return null
	}
}
