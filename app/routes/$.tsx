import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { HomePage } from '~/components/home-page'
import { defaultBusiness } from '~/config/business'
import { requestLocale } from '~/utils/i18n.server'
import { pageMeta } from '~/utils/seo'
import { fallbackVisitorHours } from '~/domain/pickup/visitor-hours.server'

/**
 * Any unknown path shows the Home screen (docs/product.md), answered 404 and marked noindex so search
 * engines never index it as a duplicate of the home page. It reads no database: the hours are business.ts's,
 * in the page's language.
 */
export function loader({ request }: LoaderFunctionArgs) {
	const hours = fallbackVisitorHours(requestLocale(request))
	return data({ notFound: true, hours }, { status: 404, headers: { 'X-Robots-Tag': 'noindex' } })
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: `${defaultBusiness.name}: Brazilian & Mexican bakery and coffee in Everett, WA`,
		description: 'Fresh Brazilian and Mexican goods baked daily in Everett, WA.',
		canonicalPath: '/',
		noindex: true,
	})

export default function UnknownPath() {
	const { hours } = useLoaderData<typeof loader>()
	return <HomePage hours={hours} />
}
