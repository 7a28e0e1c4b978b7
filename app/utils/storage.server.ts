import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { getEnv } from './env.server'

/** The storage folders of the spec. Every object key starts with one of them. */
export const storagePrefixes = ['menuImages', 'customCakeImages', 'galleryImages'] as const
export type StoragePrefix = (typeof storagePrefixes)[number]

const KEY_PATTERN = new RegExp(`^(${storagePrefixes.join('|')})/[A-Za-z0-9][A-Za-z0-9_-]*\\.[a-z0-9]{2,5}$`)

/** True for keys the server itself generates: a known prefix and one safe file name (no `..`, slashes or NUL). */
export function isValidStorageKey(key: string) {
	return KEY_PATTERN.test(key)
}

function assertValidKey(key: string) {
	if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
}

function localPath(key: string) {
	assertValidKey(key)
	return path.resolve(getEnv().STORAGE_DIR, key)
}

// Local-disk backend. The storage issue adds an S3-compatible backend behind these same functions.
export async function putObject(key: string, body: Uint8Array) {
	const file = localPath(key)
	await mkdir(path.dirname(file), { recursive: true })
	await writeFile(file, body)
}

export async function getObject(key: string): Promise<Buffer | null> {
	try {
		return await readFile(localPath(key))
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
		throw error
	}
}

export async function objectExists(key: string) {
	try {
		return (await stat(localPath(key))).isFile()
	} catch {
		return false
	}
}

export async function deleteObject(key: string) {
	await rm(localPath(key), { force: true })
}
