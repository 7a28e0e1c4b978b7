import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { MenuErrorBoundary, MenuPage, useMenuData } from '~/components/menu/menu-page'
import { loadCategoryMenu } from '~/domain/menu/menu-page.server'
import { outageHeaders } from '~/utils/outage.server'
import { useT } from '~/utils/i18n-react'
import { metaTranslator, pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('shop.mexicanTitle'), description: t('shop.mexicanDescription') })
}

export async function loader({ request }: LoaderFunctionArgs) {
	return loadCategoryMenu('MEXICAN_PASTRIES', request)
}

export const headers = outageHeaders

export default function MexicanPastries() {
	const t = useT()
	const menu = useMenuData(useLoaderData<typeof loader>())
	return (
		<MenuPage title={t('shop.mexicanTitle')} intro={t('shop.mexicanIntro')} section={{ ...menu, showOrderNow: true }} />
	)
}

export function ErrorBoundary() {
	const t = useT()
	return <MenuErrorBoundary message={t('shop.mexicanError')} />
}
