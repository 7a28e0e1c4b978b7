import { prepareUploadedImage, type Uploader } from '~/utils/images.server'
import { createObjectKey, deleteObject, putObject, type StoragePrefix } from '~/utils/storage.server'
import type { UploadFailure } from '~/utils/upload-rules'

/** What became of a save with an image: the routes choose the words (app/utils/upload-rules.ts). */
export type StoredImageOutcome<T> = { ok: true; value: T } | { ok: false; failure: UploadFailure }

/** Deletes an object nothing references any more; a failure only leaves an orphan behind, so it is logged. */
export async function removeObjectQuietly(key: string) {
	try {
		await deleteObject(key)
	} catch (error) {
		console.error(`Stored object ${key} could not be removed:`, error)
	}
}

/** Runs a database write; if it fails, the object stored for it (if any) is removed again. */
export async function saveRecord<T>(write: () => Promise<T>, storedKey: string | null): Promise<StoredImageOutcome<T>> {
	try {
		return { ok: true, value: await write() }
	} catch (error) {
		console.error(`Saving a record${storedKey ? ` for ${storedKey}` : ''} failed:`, error)
		if (storedKey) await removeObjectQuietly(storedKey)
		return { ok: false, failure: 'database' }
	}
}

/**
 * Checks and re-encodes an uploaded image in `uploader`'s line (decision 023), stores it under
 * `prefix`, then runs `write` with its new key. If `write` (the database change) fails, the stored
 * image is removed again: both happen or neither does.
 */
export async function withStoredImage<T>(
	prefix: StoragePrefix,
	image: File | Uint8Array,
	uploader: Uploader,
	write: (key: string) => Promise<T>,
): Promise<StoredImageOutcome<T>> {
	const bytes = image instanceof Uint8Array ? image : new Uint8Array(await image.arrayBuffer())
	const prepared = await prepareUploadedImage(bytes, uploader)
	if (!prepared.ok) return { ok: false, failure: prepared.reason }
	const key = createObjectKey(prefix, prepared.extension)
	try {
		await putObject(key, prepared.bytes, prepared.contentType)
	} catch (error) {
		console.error(`Storing an image under ${prefix}/ failed:`, error)
		return { ok: false, failure: 'storage' }
	}
	return saveRecord(() => write(key), key)
}
