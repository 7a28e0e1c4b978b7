import { describe, expect, it } from 'vitest'
import { disallowedPaths, sitemapPaths } from './seo.server'

describe('the sitemap and robots.txt, from the page registry', () => {
	it('list the indexable public pages', () => {
		expect([...sitemapPaths].sort()).toEqual(
			[
				'/',
				'/about',
				'/contact',
				'/reviews',
				'/gallery',
				'/shop',
				'/menu',
				'/cakes',
				'/brazilian-pastries',
				'/mexican-pastries',
				'/custom-cakes',
				'/gift-cards',
				'/gift-cards/balance',
				'/club',
			].sort(),
		)
	})

	it('disallow the cart flow, the personal links by their prefix, the owner’s screens and the quote photos', () => {
		expect([...disallowedPaths].sort()).toEqual(
			[
				'/cart',
				'/checkout',
				'/success',
				'/cancel',
				'/admin',
				'/admin-upload',
				'/admin-custom-cake-orders',
				'/image-uploader',
				'/review/',
				'/quote/',
				'/here/',
				'/quote-photo/',
				'/gift-cards/thanks',
				// A cart line's waitlist (decision 091): reached from the checkout, never an address to index.
				'/waitlist',
				// The customers' account, its sign-in and magic link, by their prefix.
				'/account',
			].sort(),
		)
	})

	it('never list a disallowed page', () => {
		expect(sitemapPaths.filter((path) => disallowedPaths.some((prefix) => path.startsWith(prefix)))).toEqual([])
	})
})
