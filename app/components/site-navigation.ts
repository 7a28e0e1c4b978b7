import type { MessageKey } from '~/utils/i18n'

interface NavigationLink {
	/** The English path; links render it in the page's language. */
	to: string
	label: MessageKey
}

/** Where the header and footer lead. The header shows About and Gallery; the rest fill the dropdown. */
export const primaryLinks: readonly NavigationLink[] = [
	{ to: '/about', label: 'common.navAbout' },
	{ to: '/gallery', label: 'common.navGallery' },
]

/** The desktop dropdown (docs/decisions/007-public-site-layout.md). */
export const menuLinks: readonly NavigationLink[] = [
	{ to: '/menu', label: 'common.navExploreMenu' },
	{ to: '/cakes', label: 'common.navCakes' },
	{ to: '/brazilian-pastries', label: 'common.navBrazilianPastries' },
	{ to: '/mexican-pastries', label: 'common.navMexicanPastries' },
	{ to: '/custom-cakes', label: 'common.navCustomCakes' },
]

export const moreLinks: readonly NavigationLink[] = [
	{ to: '/reviews', label: 'common.navReviews' },
	{ to: '/contact', label: 'common.navContact' },
]
