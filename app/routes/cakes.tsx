import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import {
	MenuErrorBoundary,
	MenuPageHeader,
	MenuPageShell,
	MenuSection,
	ViewCartLink,
} from '~/components/menu/menu-page'
import { loadCategoryMenu } from '~/utils/menu-page.server'
import { outageHeaders } from '~/utils/outage.server'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Our Cakes',
		description: 'Tres leches, brigadeiro, carrot and fruit cakes, baked to order. Choose a cake and pay online.',
	})

export async function loader({ request }: LoaderFunctionArgs) {
	return loadCategoryMenu('CAKES', request)
}

export const headers = outageHeaders

export default function Cakes() {
	const menu = useLoaderData<typeof loader>()
	return (
		<MenuPageShell>
			<MenuPageHeader title="Our Cakes" actions={<ViewCartLink />}>
				Homemade cakes from family recipes. Choose one, pick how many, and add it to your cart.
			</MenuPageHeader>
			<MenuSection {...menu} />
		</MenuPageShell>
	)
}

export function ErrorBoundary() {
	return <MenuErrorBoundary message="Failed to load cakes. Please try again later." />
}
