import { prepareUploadedImage, type UploadRejection } from '~/utils/images.server'
import { createObjectKey, deleteObject, putObject, type StoragePrefix } from '~/utils/storage.server'

export type StoredImageOutcome<T> =
	{ ok: true; value: T } | { ok: false; imageRejection: UploadRejection } | { ok: false; formError: string }

export const imageStorageFailureMessage = 'We couldn’t store the image just now. Please try again in a moment.'
export const saveFailureMessage = 'We couldn’t save your changes just now. Please try again in a moment.'

/** Deletes an object nothing references any more; a failure only leaves an orphan behind, so it is logged. */
export async function removeObjectQuietly(key: string) {
	try {
		await deleteObject(key)
	} catch (error) {
		console.error(`Stored object ${key} could not be removed:`, error)
	}
}

/**
 * Checks and re-encodes an uploaded image, stores it under `prefix`, then runs `write` with its new
 * key. If `write` (the database change) fails, the stored image is removed again: both happen or
 * neither does.
 */
export async function withStoredImage<T>(
	prefix: StoragePrefix,
	file: File,
	write: (key: string) => Promise<T>,
): Promise<StoredImageOutcome<T>> {
	const prepared = await prepareUploadedImage(new Uint8Array(await file.arrayBuffer()), 'owner')
	if (!prepared.ok) return { ok: false, imageRejection: prepared.reason }
	const key = createObjectKey(prefix, prepared.extension)
	try {
		await putObject(key, prepared.bytes, prepared.contentType)
	} catch (error) {
		console.error(`Storing an image under ${prefix}/ failed:`, error)
		return { ok: false, formError: imageStorageFailureMessage }
	}
	try {
		return { ok: true, value: await write(key) }
	} catch (error) {
		console.error(`Saving the record for ${key} failed:`, error)
		await removeObjectQuietly(key)
		return { ok: false, formError: saveFailureMessage }
	}
}
