import { EnvError, getEnv, type Env } from '../app/utils/env.server'

/** The validated environment, or the one-line error and exit code 1 (the server and the mail worker). */
export function loadEnvOrExit(): Env {
	try {
		return getEnv()
	} catch (error) {
		if (error instanceof EnvError) {
			console.error(error.message)
			process.exit(1)
		}
		throw error
	}
}
