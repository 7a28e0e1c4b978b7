import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { MenuErrorBoundary, MenuPageHeader, MenuPageShell, MenuSection } from '~/components/menu/menu-page'
import { loadCategoryMenu } from '~/utils/menu-page.server'
import { outageHeaders } from '~/utils/outage.server'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Brazilian Pastries',
		description: 'Pão de queijo, brigadeiros, coxinhas, quindim and more Brazilian favourites, baked daily in Everett.',
	})

export async function loader({ request }: LoaderFunctionArgs) {
	return loadCategoryMenu('BRAZILIAN_PASTRIES', request)
}

export const headers = outageHeaders

export default function BrazilianPastries() {
	const menu = useLoaderData<typeof loader>()
	return (
		<MenuPageShell>
			<MenuPageHeader title="Brazilian Pastries">From pão de queijo to brigadeiros: a taste of Brazil.</MenuPageHeader>
			<MenuSection {...menu} />
		</MenuPageShell>
	)
}

export function ErrorBoundary() {
	return <MenuErrorBoundary message="We couldn't load the Brazilian pastries right now. Please try again later." />
}
