/**
 * Playwright's web server for tests/e2e-dev: `npm run dev` as a newcomer runs it on a fresh clone —
 * no `.env`, no DATABASE_URL (so the embedded Postgres), no Google or Stripe keys — on E2E_PORT,
 * with its own database and uploads folders under .data/e2e-dev (never a developer's data).
 */
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { stopOrphanedCluster } from '../../server/embedded-postgres'

const dataDir = path.resolve('.data/e2e-dev')
// A run killed before its server stopped leaves that server's Postgres on the folder about to be deleted.
await stopOrphanedCluster(path.join(dataDir, 'postgres'))
rmSync(dataDir, { recursive: true, force: true })

// The shell a newcomer has: the operating system's variables, none of the app's (env.server.ts).
const SYSTEM_VARIABLE =
	/^(PATH|PATHEXT|HOME|USER|USERNAME|USERPROFILE|LOGNAME|SHELL|TERM|LANG|LC_\w+|TZ|TMPDIR|TEMP|TMP|SYSTEMROOT|COMSPEC|APPDATA|LOCALAPPDATA|CI|npm_\w+)$/i
const newcomerShell = Object.fromEntries(Object.entries(process.env).filter(([name]) => SYSTEM_VARIABLE.test(name)))

// In a process group of its own: Playwright ends this script's group once the script exits, and the dev
// server must be left to finish its shutdown (requests, the mail queue, then its Postgres) on its own.
const ownGroup = process.platform !== 'win32'
const server = spawn('npm', ['run', 'dev'], {
	stdio: 'inherit',
	detached: ownGroup,
	shell: process.platform === 'win32',
	env: {
		...newcomerShell,
		// What the server assumes when it is unset, as in a newcomer's shell.
		NODE_ENV: 'development',
		PORT: process.env.E2E_PORT ?? '3200',
		EMBEDDED_DATABASE_DIR: path.join(dataDir, 'postgres'),
		STORAGE_DIR: path.join(dataDir, 'uploads'),
		// A developer's own .env (their database, bucket or keys) is not part of a fresh clone.
		DOTENV_CONFIG_PATH: path.join(dataDir, 'no.env'),
		DOTENV_CONFIG_QUIET: 'true',
	},
})

let stopping = false
function stop(signal: NodeJS.Signals) {
	if (stopping) return
	stopping = true
	if (server.exitCode !== null) return
	// The whole group (npm, its shell, tsx, the server), as a terminal's Ctrl-C would.
	if (ownGroup) process.kill(-server.pid!, signal)
	else server.kill(signal)
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
