import { data, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { HomePage } from '~/components/home-page'
import { defaultBusiness } from '~/config/business'
import { pageMeta } from '~/utils/seo'
import { loadVisitorHours, visitorHoursHeaders } from '~/utils/visitor-hours.server'

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: `${defaultBusiness.name}: Brazilian & Mexican bakery and coffee in Everett, WA`,
		description:
			'Fresh Brazilian and Mexican goods baked daily in Everett, WA: pão de queijo, brigadeiros, conchas, pan dulce, custom cakes and coffee. Visit us or order online.',
	})

/** The opening hours and the closures ahead, from the owner's pickup schedule (read on every request). */
export async function loader() {
	const { hours, outage } = await loadVisitorHours(new Date())
	return data({ hours }, { headers: visitorHoursHeaders(outage) })
}

export default function Home() {
	const { hours } = useLoaderData<typeof loader>()
	return <HomePage hours={hours} />
}
