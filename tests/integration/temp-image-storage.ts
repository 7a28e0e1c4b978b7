import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { resetEnv } from '~/utils/env.server'

/**
 * Stored images (STORAGE_DIR) and resized variants (IMAGE_CACHE_DIR) in a temp folder of this test
 * file's own, removed after its tests. `storage.uploadsDir` is set once the file's tests start.
 */
export function useTempImageStorage(prefix: string) {
	const storage = { uploadsDir: '' }
	let tempDir: string
	beforeAll(async () => {
		tempDir = await mkdtemp(path.join(os.tmpdir(), prefix))
		storage.uploadsDir = path.join(tempDir, 'uploads')
		process.env.STORAGE_DIR = storage.uploadsDir
		process.env.IMAGE_CACHE_DIR = path.join(tempDir, 'cache')
		resetEnv()
	})
	afterAll(async () => {
		await rm(tempDir, { recursive: true, force: true })
	})
	return storage
}
