import type { MetaFunction } from '@remix-run/node'
import { business } from '~/config/business'

export const meta: MetaFunction = () => [
	{ title: `${business.name} — Brazilian & Mexican bakery in Everett, WA` },
	{ name: 'description', content: 'Fresh Brazilian and Mexican goods baked daily in Everett, Washington.' },
]

export default function Home() {
	return (
		<section className="mx-auto max-w-3xl px-4 py-20 text-center">
			<h1 className="font-display text-4xl font-bold">Welcome to the bakery</h1>
			<p className="mt-4 text-lg">Fresh Brazilian and Mexican goods baked daily.</p>
		</section>
	)
}
