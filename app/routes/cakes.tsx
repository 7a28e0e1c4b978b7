import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { MenuErrorBoundary, MenuPage, ViewCartLink, useMenuData } from '~/components/menu/menu-page'
import { loadCategoryMenu } from '~/domain/menu/menu-page.server'
import { outageHeaders } from '~/utils/outage.server'
import { useT } from '~/utils/i18n-react'
import { metaTranslator, pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('shop.cakesTitle'), description: t('shop.cakesDescription') })
}

export async function loader({ request }: LoaderFunctionArgs) {
	return loadCategoryMenu('CAKES', request)
}

export const headers = outageHeaders

export default function Cakes() {
	const t = useT()
	const menu = useMenuData(useLoaderData<typeof loader>())
	return (
		<MenuPage
			title={t('shop.cakesTitle')}
			intro={t('shop.cakesIntro')}
			actions={<ViewCartLink />}
			section={{ ...menu }}
		/>
	)
}

export function ErrorBoundary() {
	const t = useT()
	return <MenuErrorBoundary message={t('shop.cakesError')} />
}
