import { afterEach, describe, expect, it, vi } from 'vitest'
import { loader as galleryLoader } from '~/routes/gallery'
import { loader as reviewsLoader, meta as reviewsMeta } from '~/routes/reviews'
import { loader as robotsLoader } from '~/routes/robots[.]txt'
import { loader as sitemapLoader } from '~/routes/sitemap[.]xml'
import { loader as unknownPathLoader } from '~/routes/$'
import { loader as rootLoader } from '~/root'
import { defaultBusiness, type VisitorHours } from '~/config/business'
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

/** The JSON-LD the /reviews page's meta gives <Meta> to render, for its loader data. */
function jsonLdOf(data: unknown) {
	const root = { id: 'root', data: { business: defaultBusiness, siteOrigin: 'https://docedulce.example' } }
	const descriptors = reviewsMeta({ data, matches: [root], location: { pathname: '/reviews' } } as never)
	const found = descriptors.find((descriptor) => 'script:ld+json' in descriptor) as Record<string, unknown> | undefined
	return found?.['script:ld+json'] as Record<string, unknown>
}

describe('Customer Reviews', () => {
	it('lists the approved reviews in the owner’s order with their ratings; pending and hidden ones stay off', async () => {
		await prisma.review.createMany({
			data: [
				{ name: 'Second', comment: 'Lovely conchas.', rating: 4, status: 'APPROVED', position: 2 },
				{ name: 'First', comment: 'Best pão de queijo in town.', rating: 5, status: 'APPROVED', position: 1 },
				{ name: 'Waiting', comment: 'Not read yet.', rating: 1, status: 'PENDING', source: 'CUSTOMER', position: 0 },
				{ name: 'Hidden', comment: 'Off topic.', rating: 2, status: 'HIDDEN', position: 0 },
			],
		})
		type Reviews = { reviews: Array<{ name: string; comment: string; rating: number }> }
		const { status, value } = unwrap<Reviews>(await reviewsLoader())
		expect(status).toBe(200)
		expect(value.reviews.map((review) => [review.name, review.comment, review.rating])).toEqual([
			['First', 'Best pão de queijo in town.', 5],
			['Second', 'Lovely conchas.', 4],
		])
		// The page's Bakery JSON-LD carries these, and only these, with their average.
		expect(jsonLdOf(value)).toMatchObject({ '@type': 'Bakery', name: defaultBusiness.name })
		expect(jsonLdOf(value)).toMatchObject({
			aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
			review: [
				{
					'@type': 'Review',
					author: { '@type': 'Person', name: 'First' },
					reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
					reviewBody: 'Best pão de queijo in town.',
				},
				{
					'@type': 'Review',
					author: { '@type': 'Person', name: 'Second' },
					reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
					reviewBody: 'Lovely conchas.',
				},
			],
		})
	})

	it('without approved reviews the JSON-LD has no rating at all (an empty one is invalid)', async () => {
		await prisma.review.deleteMany()
		await prisma.review.create({ data: { name: 'Waiting', comment: 'Hmm.', rating: 2, status: 'PENDING' } })
		const { value } = unwrap<{ reviews: Array<{ name: string; comment: string; rating: number }> }>(
			await reviewsLoader(),
		)
		expect(value.reviews).toEqual([])
		const bakery = jsonLdOf(value)
		expect(bakery).toMatchObject({ '@type': 'Bakery', name: defaultBusiness.name })
		expect(bakery).not.toHaveProperty('aggregateRating')
		expect(bakery).not.toHaveProperty('review')
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
			business: {
				...defaultBusiness,
				allergenStatement: expect.stringMatching(/^Everything is made in one shared kitchen/),
			},
			siteOrigin: 'http://bakery.test',
			// The page's language and only its messages, compiled (docs/decisions/042).
			i18n: { locale: 'en', messages: expect.stringContaining('"common.navAbout":["About"]') },
		})
	})

	it('a Spanish page gets Spanish messages and no other language', () => {
		const spanish = rootLoader({ request: new Request('http://bakery.test/es/about'), context: {}, params: {} })
		expect(spanish.i18n.locale).toBe('es')
		expect((JSON.parse(spanish.i18n.messages) as Record<string, unknown>)['common.navAbout']).toEqual(['Nosotros'])
		expect(spanish.i18n.messages).not.toContain('Sobre nós')
	})

	it('unknown paths answer 404 and noindex, with the hours in business.ts in the page’s language', () => {
		const unknown = (path: string) =>
			unwrap<{ hours: VisitorHours }>(
				unknownPathLoader({ request: new Request(`http://bakery.test${path}`), context: {}, params: {} }),
			)
		const { status, headers, value } = unknown('/no-such-page')
		expect(status).toBe(404)
		expect(headers.get('X-Robots-Tag')).toBe('noindex')
		expect(value.hours.lines).toEqual([
			{ days: 'Tue–Fri', times: '7 am – 6 pm' },
			{ days: 'Sat', times: '8 am – 5 pm' },
			{ days: 'Sun', times: '8 am – 2 pm' },
			{ days: 'Mon', times: null },
		])
		expect(unknown('/es/no-existe').value.hours.lines[0]).toEqual({ days: 'mar–vie', times: '7:00 a.m. – 6:00 p.m.' })
		expect(unknown('/pt-br/nao-existe').value.hours.lines.at(-1)).toEqual({ days: 'seg.', times: null })
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
