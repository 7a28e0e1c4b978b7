import type { MessageKey, PageNamespace } from '~/utils/i18n'

/**
 * Where the header and footer link to a page (decision 007): `primary` in the header's bar, `menu` in its
 * "Our menu" dropdown, `more` in the mobile panel only; the footer lists all three, in this order.
 */
export type NavigationPlacement = 'primary' | 'menu' | 'more'

export interface PublicPage {
	/** The English path, as Remix serves the route module: `/shop`, `/review/:token`; `/*` is the not-found page. */
	path: `/${string}`
	/** The route module in app/routes, without its extension. */
	route: string
	/** `false`: English only (no copies under /es and /pt-br, no language links). */
	translated?: false
	/** The message namespaces it needs besides `common`. Without them it gets every namespace. */
	namespaces?: readonly PageNamespace[]
	/** Listed in /sitemap.xml, in every language. */
	sitemap?: true
	/** `Disallow`ed in /robots.txt (a path with a parameter by what comes before it: `/review/`). */
	disallow?: true
	/** Linked from the header and footer. */
	nav?: { in: NavigationPlacement; label: MessageKey }
}

/**
 * Every page a visitor reads, one entry each (decision 056): app/routes.ts serves the translated ones again
 * under each language's prefix, the pages get their messages and language links from here (utils/i18n.ts),
 * the sitemap and robots.txt (utils/seo.server.ts) and the header and footer (components/site-navigation.ts)
 * too. A new public page is its route module and its entry here; `pages.test.ts` fails on a route module that
 * renders a page but is neither here nor one of the owner's screens, and on an entry Remix does not serve.
 * The browser loads this list (the header, footer and language links): keep it to these fields.
 */
export const PUBLIC_PAGES: readonly PublicPage[] = [
	{ path: '/', route: '_index', namespaces: ['home', 'pages', 'requests'], sitemap: true },
	{
		path: '/about',
		route: 'about',
		namespaces: ['pages'],
		sitemap: true,
		nav: { in: 'primary', label: 'common.navAbout' },
	},
	{
		path: '/gallery',
		route: 'gallery',
		namespaces: ['pages'],
		sitemap: true,
		nav: { in: 'primary', label: 'common.navGallery' },
	},
	{ path: '/shop', route: 'shop', namespaces: ['shop'], sitemap: true },
	{
		path: '/menu',
		route: 'menu',
		namespaces: ['shop'],
		sitemap: true,
		nav: { in: 'menu', label: 'common.navExploreMenu' },
	},
	{
		path: '/cakes',
		route: 'cakes',
		namespaces: ['shop'],
		sitemap: true,
		nav: { in: 'menu', label: 'common.navCakes' },
	},
	{
		path: '/brazilian-pastries',
		route: 'brazilian-pastries',
		namespaces: ['shop'],
		sitemap: true,
		nav: { in: 'menu', label: 'common.navBrazilianPastries' },
	},
	{
		path: '/mexican-pastries',
		route: 'mexican-pastries',
		namespaces: ['shop'],
		sitemap: true,
		nav: { in: 'menu', label: 'common.navMexicanPastries' },
	},
	{
		path: '/custom-cakes',
		route: 'custom-cakes',
		namespaces: ['requests'],
		sitemap: true,
		nav: { in: 'menu', label: 'common.navCustomCakes' },
	},
	{
		path: '/reviews',
		route: 'reviews',
		namespaces: ['requests'],
		sitemap: true,
		nav: { in: 'more', label: 'common.navReviews' },
	},
	{
		path: '/contact',
		route: 'contact',
		namespaces: ['requests'],
		sitemap: true,
		nav: { in: 'more', label: 'common.navContact' },
	},
	// Gift cards (decision 078): buying one online, its return page, and the balance page, which answers a code typed
	// into its form (never one in the address).
	{
		path: '/gift-cards',
		route: 'gift-cards',
		namespaces: ['giftCards'],
		sitemap: true,
		nav: { in: 'more', label: 'common.navGiftCards' },
	},
	{ path: '/gift-cards/thanks', route: 'gift-cards_.thanks', namespaces: ['giftCards'], disallow: true },
	{ path: '/gift-cards/balance', route: 'gift-cards_.balance', namespaces: ['giftCards'], sitemap: true },
	// The bread club (decision 093): the plans and joining; a member's boxes are under /account.
	{
		path: '/club',
		route: 'club',
		namespaces: ['breadClub'],
		sitemap: true,
		nav: { in: 'menu', label: 'common.navClub' },
	},
	{ path: '/cart', route: 'cart', namespaces: ['shop'], disallow: true },
	{ path: '/checkout', route: 'checkout', namespaces: ['shop'], disallow: true },
	{ path: '/success', route: 'success', namespaces: ['shop'], disallow: true },
	// "Tell me if one frees up" (decision 091): reached from a sold-out day, for one cart line.
	{ path: '/waitlist', route: 'waitlist', namespaces: ['shop'], disallow: true },
	{ path: '/cancel', route: 'cancel', namespaces: ['shop'], disallow: true },
	// The customers' account (decision 063): `/account` disallows its sign-in, code and magic-link paths too.
	{ path: '/account', route: 'account', namespaces: ['account', 'giftCards'], disallow: true },
	{ path: '/account/sign-in', route: 'account_.sign-in', namespaces: ['account'] },
	{ path: '/account/code', route: 'account_.code', namespaces: ['account'] },
	// A customer's own order: change pickup, cancel, order again (decision 065).
	{ path: '/account/orders/:orderId', route: 'account_.orders.$orderId', namespaces: ['account'] },
	// A member's bread club: the coming boxes, skip, pause, pickup time, leave (decision 093).
	{ path: '/account/club', route: 'account_.club', namespaces: ['account', 'breadClub'] },
	// Deleting the account: the confirmation step, and where the signed-out browser reads that it is done (decision 067).
	{ path: '/account/delete', route: 'account_.delete', namespaces: ['account'] },
	{ path: '/review/:token', route: 'review.$token', namespaces: ['requests'], disallow: true },
	{ path: '/quote/:token', route: 'quote.$token', namespaces: ['requests'], disallow: true },
	// The customer's "I'm here" (decision 070): the link in the receipt, the ready mail and /success.
	{ path: '/here/:token', route: 'here.$token', namespaces: ['shop'], disallow: true },
	// Any other path: the home screen with a 404 (decision 050), so every namespace; language links lead home.
	{ path: '/*', route: '$' },
	// The development stand-in for Stripe's payment page.
	{ path: '/test-payment/:sessionId', route: 'test-payment.$sessionId', translated: false },
]

/** A path's segments: `/review/abc/` → ['review', 'abc'], `/` → []. */
const segments = (path: string) => path.replace(/\/+$/, '').split('/').slice(1)

/** The public page at an English path (lower-case), if it is one (`/*` stands for itself only). */
export function publicPageAt(path: string): PublicPage | undefined {
	const wanted = segments(path)
	return PUBLIC_PAGES.find((page) => {
		const parts = segments(page.path)
		return (
			parts.length === wanted.length &&
			parts.every((part, index) => (part[0] === ':' ? wanted[index] !== '' : part === wanted[index]))
		)
	})
}
