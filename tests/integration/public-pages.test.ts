import { afterEach, describe, expect, it, vi } from 'vitest'
import { loader as galleryLoader } from '~/routes/gallery'
import { loader as reviewsLoader } from '~/routes/reviews'
import { loader as robotsLoader } from '~/routes/robots[.]txt'
import { loader as sitemapLoader } from '~/routes/sitemap[.]xml'
import { loader as unknownPathLoader } from '~/routes/$'
import { loader as rootLoader } from '~/root'
import { defaultBusiness, kitchenAllergenStatement } from '~/config/business'
import { prisma } from '~/utils/db.server'

/** `data(value, init)` or a plain object, as Remix single fetch sees it. */
function unwrap<T>(returned: unknown) {
	const wrapped = returned as { type?: string; data?: T; init?: ResponseInit | null }
	if (wrapped?.type !== 'DataWithResponseInit') return { status: 200, headers: new Headers(), value: returned as T }
	return { status: wrapped.init?.status ?? 200, headers: new Headers(wrapped.init?.headers), value: wrapped.data as T }
}

/** What a loader threw: the status and headers of a thrown `data()` response, or the error itself. */
async function thrownBy(load: () => unknown) {
	try {
		await load()
	} catch (thrown) {
		return unwrap(thrown)
	}
	throw new Error('the loader did not throw')
}

// What the Postgres driver throws when nothing listens on the database's port.
const databaseDown = () => new Error('connect ECONNREFUSED 127.0.0.1:5432')

afterEach(() => {
	vi.restoreAllMocks()
})

describe('Customer Reviews', () => {
	it('lists every review from the database, newest first', async () => {
		await prisma.review.createMany({
			data: [
				{ name: 'Older', comment: 'Lovely conchas.', createdAt: new Date('2026-01-01') },
				{ name: 'Newer', comment: 'Best pão de queijo in town.', createdAt: new Date('2026-02-01') },
			],
		})
		const { status, value } = unwrap<{ reviews: Array<{ name: string; comment: string }> }>(await reviewsLoader())
		expect(status).toBe(200)
		expect(value.reviews.map((review) => [review.name, review.comment])).toEqual([
			['Newer', 'Best pão de queijo in town.'],
			['Older', 'Lovely conchas.'],
		])
	})

	it('answers 503 with Retry-After (the page’s boundary shows a friendly note) when the database is down', async () => {
		vi.spyOn(prisma.review, 'findMany').mockRejectedValueOnce(databaseDown())
		const log = vi.spyOn(console, 'error').mockImplementation(() => {})
		const { status, headers } = await thrownBy(reviewsLoader)
		expect(status).toBe(503)
		expect(headers.get('Retry-After')).toBe('30')
		expect(log).toHaveBeenCalledWith('Database unavailable: connect ECONNREFUSED 127.0.0.1:5432')
	})

	it('a failure that is not an outage stays an error (a 500 that handleError logs), not a 503', async () => {
		const bug = new TypeError('Cannot read properties of undefined')
		vi.spyOn(prisma.review, 'findMany').mockRejectedValueOnce(bug)
		await expect(reviewsLoader()).rejects.toBe(bug)
	})
})

describe('Bakery Gallery', () => {
	it('lists images from the galleryImages folder in the owner’s order', async () => {
		await prisma.galleryImage.createMany({
			data: [
				{ storageKey: 'galleryImages/second.jpg', alt: 'Second', sortOrder: 20 },
				{ storageKey: 'galleryImages/first.jpg', alt: 'First', sortOrder: 10 },
				{ storageKey: 'menuImages/not-gallery.jpg', alt: 'Not a gallery picture', sortOrder: 0 },
			],
		})
		const { value } = unwrap<{ images: Array<{ storageKey: string; alt: string }> }>(await galleryLoader())
		expect(value.images.map((image) => [image.storageKey, image.alt])).toEqual([
			['galleryImages/first.jpg', 'First'],
			['galleryImages/second.jpg', 'Second'],
		])
	})

	it('answers 503 with Retry-After when the database is down, and a bug stays an error', async () => {
		vi.spyOn(prisma.galleryImage, 'findMany').mockRejectedValueOnce(databaseDown())
		vi.spyOn(console, 'error').mockImplementation(() => {})
		const { status, headers } = await thrownBy(galleryLoader)
		expect(status).toBe(503)
		expect(headers.get('Retry-After')).toBe('30')
		const bug = new Error('a bug')
		vi.spyOn(prisma.galleryImage, 'findMany').mockRejectedValueOnce(bug)
		await expect(galleryLoader()).rejects.toBe(bug)
	})
})

describe('site-wide data and crawler files', () => {
	const request = new Request('http://bakery.test/some/page')

	it('the root loader hands the business config and the public origin to every page', () => {
		expect(rootLoader({ request, context: {}, params: {} })).toEqual({
			// The kitchen's allergen statement is added on the server (not in the browser's defaults).
			business: { ...defaultBusiness, allergenStatement: kitchenAllergenStatement },
			siteOrigin: 'http://bakery.test',
		})
	})

	it('unknown paths answer 404 and noindex', () => {
		const { status, headers } = unwrap(unknownPathLoader())
		expect(status).toBe(404)
		expect(headers.get('X-Robots-Tag')).toBe('noindex')
	})

	it('/sitemap.xml lists the public pages with absolute URLs, and no cart or admin pages', async () => {
		const response = sitemapLoader({ request, context: {}, params: {} })
		expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
		const xml = await response.text()
		const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
		expect(locations).toEqual(
			expect.arrayContaining(['http://bakery.test/', 'http://bakery.test/about', 'http://bakery.test/gallery']),
		)
		expect(locations.some((url) => /cart|checkout|admin|uploader/.test(url!))).toBe(false)
	})

	it('/robots.txt keeps crawlers out of the cart and admin pages and names the sitemap', async () => {
		const text = await robotsLoader({ request, context: {}, params: {} }).text()
		expect(text).toContain('Disallow: /checkout')
		expect(text).toContain('Disallow: /admin')
		expect(text).toContain('Sitemap: http://bakery.test/sitemap.xml')
	})
})
