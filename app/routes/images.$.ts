import type { LoaderFunctionArgs } from '@remix-run/node'
import { imageResponse, plainResponse } from '~/utils/images.server'
import { isValidStorageKey, type StoragePrefix } from '~/utils/storage.server'

/** Folders anyone may see. customCakeImages/ are customers' private photos: only the admin pages serve them. */
const publicPrefixes: ReadonlyArray<StoragePrefix> = ['menuImages', 'galleryImages']

function isPublicImageKey(key: string) {
	return isValidStorageKey(key) && publicPrefixes.some((prefix) => key.startsWith(`${prefix}/`))
}

/** `/images/<storage key>?w=<width>`: a stored image resized and re-encoded (see app/components/stored-image.tsx). */
export async function loader({ params, request }: LoaderFunctionArgs) {
	const key = params['*'] ?? ''
	// Private and unknown keys get the same answer, so the route reveals nothing about them.
	if (!isPublicImageKey(key)) return plainResponse(404, 'Image not found.')
	return imageResponse(request, key)
}
