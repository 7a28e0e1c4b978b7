import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { MenuErrorBoundary, MenuPageHeader, MenuPageShell, MenuSection } from '~/components/menu/menu-page'
import { loadCategoryMenu } from '~/utils/menu-page.server'
import { outageHeaders } from '~/utils/outage.server'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Mexican Pastries',
		description: 'Conchas, orejas, marranitos, empanadas and more Mexican pan dulce, baked daily in Everett.',
	})

export async function loader({ request }: LoaderFunctionArgs) {
	return loadCategoryMenu('MEXICAN_PASTRIES', request)
}

export const headers = outageHeaders

export default function MexicanPastries() {
	const menu = useLoaderData<typeof loader>()
	return (
		<MenuPageShell>
			<MenuPageHeader title="Mexican Pastries">Pan dulce, conchas and more, fresh from the oven.</MenuPageHeader>
			<MenuSection {...menu} />
		</MenuPageShell>
	)
}

export function ErrorBoundary() {
	return <MenuErrorBoundary message="We couldn't load the Mexican pastries right now. Please try again later." />
}
