import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { MenuJsonLd } from '~/components/menu/menu-json-ld'
import { MenuErrorBoundary, MenuPageHeader, MenuPageShell, MenuSection } from '~/components/menu/menu-page'
import { loadFilterableMenu } from '~/utils/menu-page.server'
import { outageHeaders } from '~/utils/outage.server'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Explore Our Menu',
		description: 'Everything we bake, from Brazilian pastries and Mexican pan dulce to celebration cakes and donuts.',
	})

export async function loader({ request }: LoaderFunctionArgs) {
	return loadFilterableMenu(request)
}

export const headers = outageHeaders

export default function Menu() {
	const menu = useLoaderData<typeof loader>()
	// The whole menu's structured data, on the page search engines index (not on its filtered views).
	const wholeMenu = !menu.activeCategory && menu.hidden.length === 0
	return (
		<MenuPageShell>
			{wholeMenu ? <MenuJsonLd items={menu.items} /> : null}
			<MenuPageHeader title="Explore Our Menu">
				Brazilian classics, Mexican pan dulce, cakes for every celebration and donuts with a twist.
			</MenuPageHeader>
			<MenuSection {...menu} showDescription showOrderNow />
		</MenuPageShell>
	)
}

export function ErrorBoundary() {
	return <MenuErrorBoundary message="Unable to load menu right now. Please try again later." />
}
