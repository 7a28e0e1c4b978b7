import { PUBLIC_PAGES, type NavigationPlacement } from '~/config/pages'
import type { MessageKey } from '~/utils/i18n'

interface NavigationLink {
	/** The English path; links render it in the page's language. */
	to: string
	label: MessageKey
}

/** The pages placed there in the page registry (app/config/pages.ts), in its order. */
function linksIn(placement: NavigationPlacement): readonly NavigationLink[] {
	return PUBLIC_PAGES.flatMap(({ path, nav }) => (nav?.in === placement ? [{ to: path, label: nav.label }] : []))
}

/** Where the header and footer lead. The header shows About and Gallery; the rest fill the dropdown. */
export const primaryLinks = linksIn('primary')

/** The desktop dropdown (docs/decisions/007-public-site-layout.md). */
export const menuLinks = linksIn('menu')

export const moreLinks = linksIn('more')
