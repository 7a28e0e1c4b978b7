import type { LoaderFunctionArgs } from '@remix-run/node'
import { imageResponse, plainResponse } from '~/utils/images.server'
import { readQuoteLink } from '~/domain/cake-quotes/quote-checkout.server'

/**
 * `/quote-photo/<quote token>?w=<width>`: the photo the customer sent with their request, for whoever holds
 * the quote's signed link (the public image route refuses this folder). Personal: never cached by others.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const view = await readQuoteLink(params.token ?? '')
	const key = view.open ? view.quote.imageKey : null
	if (!key) return plainResponse(404, 'Image not found.')
	const response = await imageResponse(request, key, { visibility: 'private' })
	response.headers.set('Cache-Control', 'private, no-store')
	response.headers.set('X-Robots-Tag', 'noindex')
	return response
}
