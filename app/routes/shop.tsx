import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import {
	MenuErrorBoundary,
	MenuPageHeader,
	MenuPageShell,
	MenuSection,
	ViewCartLink,
} from '~/components/menu/menu-page'
import { loadFilterableMenu } from '~/utils/menu-page.server'
import { outageHeaders } from '~/utils/outage.server'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Shop Our Menu',
		description:
			'Shop our Brazilian and Mexican bakery menu: pão de queijo, conchas, churros, tres leches cakes and more.',
	})

export async function loader({ request }: LoaderFunctionArgs) {
	return loadFilterableMenu(request)
}

export const headers = outageHeaders

export default function Shop() {
	const menu = useLoaderData<typeof loader>()
	return (
		<MenuPageShell>
			<MenuPageHeader title="Shop Our Menu" actions={<ViewCartLink to="/checkout" />}>
				Fresh Brazilian and Mexican treats, baked every morning. Pick a favourite — or something new.
			</MenuPageHeader>
			<MenuSection {...menu} showOrderNow />
		</MenuPageShell>
	)
}

export function ErrorBoundary() {
	return <MenuErrorBoundary message="We couldn't load the shop right now. Please try again shortly." />
}
