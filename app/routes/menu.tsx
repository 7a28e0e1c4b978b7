import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { MenuJsonLd } from '~/components/menu/menu-json-ld'
import { MenuErrorBoundary, MenuPage, useMenuData } from '~/components/menu/menu-page'
import { outlineButtonClass } from '~/components/ui/button-classes'
import { clubTakesMembers } from '~/domain/club/club-page.server'
import { loadFilterableMenu } from '~/domain/menu/menu-page.server'
import { outageHeaders } from '~/utils/outage.server'
import { useLocalizedPath, useT } from '~/utils/i18n-react'
import { metaTranslator, pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('shop.menuTitle'), description: t('shop.menuDescription') })
}

export async function loader({ request }: LoaderFunctionArgs) {
	// The bread club's link (decision 093): one cached read beside the menu's, while a plan takes members.
	const [menu, club] = await Promise.all([loadFilterableMenu(request), clubTakesMembers()])
	return { ...menu, club }
}

export const headers = outageHeaders

export default function Menu() {
	const t = useT()
	const localize = useLocalizedPath()
	const menu = useMenuData(useLoaderData<typeof loader>())
	// The whole menu's structured data, on the page search engines index (not on its filtered views).
	const wholeMenu = !menu.activeCategory && menu.hidden.length === 0
	return (
		<MenuPage
			title={t('shop.menuTitle')}
			intro={t('shop.menuIntro')}
			actions={
				menu.club ? (
					<Link to={localize('/club')} className={`${outlineButtonClass} px-5 py-2`}>
						{t('shop.menuClubLink')}
					</Link>
				) : null
			}
			before={wholeMenu ? <MenuJsonLd items={menu.items} /> : null}
			section={{ ...menu, showDescription: true, showOrderNow: true }}
		/>
	)
}

export function ErrorBoundary() {
	const t = useT()
	return <MenuErrorBoundary message={t('shop.menuError')} />
}
