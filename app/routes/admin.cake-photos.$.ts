import type { LoaderFunctionArgs } from '@remix-run/node'
import { adminResponseHeaders } from '~/utils/admin-route'
import { imageResponse, plainResponse } from '~/utils/images.server'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { isValidStorageKey } from '~/utils/storage.server'

/**
 * `/admin/cake-photos/customCakeImages/<id>.webp?w=<width>`: a customer's inspiration photo, for
 * signed-in admins only (the public image route refuses this folder). Never cached anywhere.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireAdmin(request, 'owner')
	const key = params['*'] ?? ''
	if (!isValidStorageKey(key) || !key.startsWith('customCakeImages/')) return plainResponse(404, 'Image not found.')
	const response = await imageResponse(request, key, { visibility: 'private' })
	for (const [name, value] of Object.entries(adminResponseHeaders)) response.headers.set(name, value)
	return response
}
