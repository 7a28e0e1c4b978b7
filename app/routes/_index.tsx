import type { MetaFunction } from '@remix-run/node'
import { HomePage } from '~/components/home-page'
import { defaultBusiness } from '~/config/business'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: `${defaultBusiness.name}: Brazilian & Mexican bakery and coffee in Everett, WA`,
		description:
			'Fresh Brazilian and Mexican goods baked daily in Everett, WA: pão de queijo, brigadeiros, conchas, pan dulce, custom cakes and coffee. Visit us or order online.',
	})

export default function Home() {
	return <HomePage />
}
