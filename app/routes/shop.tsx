import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { MenuErrorBoundary, MenuPage, ViewCartLink, useMenuData } from '~/components/menu/menu-page'
import { loadFilterableMenu } from '~/domain/menu/menu-page.server'
import { outageHeaders } from '~/utils/outage.server'
import { useT } from '~/utils/i18n-react'
import { metaTranslator, pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('shop.shopTitle'), description: t('shop.shopDescription') })
}

export async function loader({ request }: LoaderFunctionArgs) {
	return loadFilterableMenu(request)
}

export const headers = outageHeaders

export default function Shop() {
	const t = useT()
	const menu = useMenuData(useLoaderData<typeof loader>())
	return (
		<MenuPage
			title={t('shop.shopTitle')}
			intro={t('shop.shopIntro')}
			actions={<ViewCartLink to="/checkout" />}
			section={{ ...menu, showOrderNow: true }}
		/>
	)
}

export function ErrorBoundary() {
	const t = useT()
	return <MenuErrorBoundary message={t('shop.shopError')} />
}
