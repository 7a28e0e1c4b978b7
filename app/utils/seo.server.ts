import { PUBLIC_PAGES } from '~/config/pages'

/** The indexable public pages, for /sitemap.xml (app/config/pages.ts). */
export const sitemapPaths = PUBLIC_PAGES.filter((page) => page.sitemap).map((page) => page.path)

/**
 * Never worth crawling: the cart flow and the personal review and quote links (by the path before their
 * token), the owner's screens and sign-in, and the quote's photos.
 */
export const disallowedPaths = [
	...PUBLIC_PAGES.filter((page) => page.disallow).map((page) => page.path.replace(/\/:.*$/, '/')),
	'/admin',
	'/admin-upload',
	'/admin-custom-cake-orders',
	'/image-uploader',
	'/quote-photo/',
]
