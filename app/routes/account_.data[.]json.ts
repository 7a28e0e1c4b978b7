import type { LoaderFunctionArgs } from '@remix-run/node'
import { customerDataExport } from '~/domain/customers/privacy.server'
import { requireCustomer } from '~/domain/customers/session.server'
import { localizedPath } from '~/utils/i18n'
import { requestLocale } from '~/utils/i18n.server'
import { withOutagePolicy } from '~/utils/outage.server'

/**
 * "Download my data" (decision 067): the signed-in customer's own data as a JSON file, never stored by a browser
 * or a shared cache. Anyone else goes to sign-in and comes back here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const customer = await requireCustomer(request, localizedPath('/account/sign-in', requestLocale(request)))
	const now = new Date()
	const body = await withOutagePolicy(() => customerDataExport(customer.id, now))
	if (!body) throw new Response('Not Found', { status: 404, headers: { 'Cache-Control': 'private, no-store' } })
	return new Response(JSON.stringify(body, null, 2), {
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Content-Disposition': `attachment; filename="doce-dulce-my-data-${now.toISOString().slice(0, 10)}.json"`,
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex',
		},
	})
}
