import { data, type HeadersFunction, type MetaFunction } from '@remix-run/node'
import { HomePage } from '~/components/home-page'
import { defaultBusiness } from '~/config/business'
import { pageMeta } from '~/utils/seo'

/**
 * Any unknown path shows the Home screen (docs/product.md), answered 404 and marked noindex so search
 * engines never index it as a duplicate of the home page.
 */
export function loader() {
	return data({ notFound: true }, { status: 404, headers: { 'X-Robots-Tag': 'noindex' } })
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
	return <HomePage />
}
