import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { HomePage } from '~/components/home-page'
import { defaultBusiness } from '~/config/business'
import { loadOwnSiteTexts } from '~/domain/content/models/site-text.server'
import { requestLocale } from '~/utils/i18n.server'
import { pageMeta } from '~/utils/seo'
import { loadVisitorHours, visitorHoursHeaders } from '~/domain/pickup/visitor-hours.server'

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: `${defaultBusiness.name}: Brazilian & Mexican bakery and coffee in Everett, WA`,
		description:
			'Fresh Brazilian and Mexican goods baked daily in Everett, WA: pão de queijo, brigadeiros, conchas, pan dulce, custom cakes and coffee. Visit us or order online.',
	})

/**
 * The opening hours and the closures ahead, from the owner's pickup schedule (read on every request), and
 * the owner's own texts in the page's language.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const locale = requestLocale(request)
	const [{ hours, outage }, siteTexts] = await Promise.all([
		loadVisitorHours(new Date(), locale),
		loadOwnSiteTexts(locale),
	])
	return data({ hours, siteTexts }, { headers: visitorHoursHeaders(outage) })
}

export default function Home() {
	const { hours, siteTexts } = useLoaderData<typeof loader>()
	return <HomePage hours={hours} siteTexts={siteTexts} />
}
