import type { MetaDescriptor } from '@remix-run/node'
import { defaultBusiness, streetAddressLine, type BusinessConfig } from '~/config/business'
import { siteImageHeight, siteImageUrl } from '~/utils/site-images'
import { LOCALES, localeFromPath, localizedPath, unlocalizedPath, type Locale, type Translate } from './i18n'
import { translatorFor, type PageTranslations } from './i18n-runtime'

/** What the root loader hands to every page (see app/root.tsx). */
export interface RootData {
	business: BusinessConfig
	siteOrigin: string
	i18n: PageTranslations
}

interface MetaArgsLike {
	location: { pathname: string }
	matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>
}

export interface PageSeo {
	/** The page's own title; the bakery's name is appended unless it is already in it. */
	title: string
	description: string
	/** Defaults to the current path (lower-case, no trailing slash). */
	canonicalPath?: string
	/** Keep the page out of search results (unknown paths, carts, admin screens). */
	noindex?: boolean
}

export function rootDataFrom(matches: MetaArgsLike['matches']): RootData | undefined {
	return matches.find((match) => match?.id === 'root')?.data as RootData | undefined
}

/** Translates in a `meta` function (it runs outside React): the page's messages from the root loader. */
export function metaTranslator(matches: MetaArgsLike['matches']): Translate {
	const root = rootDataFrom(matches)
	return root?.i18n ? translatorFor(root.i18n) : (key) => key
}

function canonicalPath(pathname: string) {
	const lower = pathname.toLowerCase().replace(/\/+$/, '')
	return lower === '' ? '/' : lower
}

const OG_IMAGE_WIDTH = 1200

const OPEN_GRAPH_LOCALES = { en: 'en_US', es: 'es_US', 'pt-BR': 'pt_BR' } as const satisfies Record<Locale, string>

/** The same page in every language, plus `x-default` (English) for everyone else. */
export function languageAlternates(origin: string, pathname: string) {
	const english = unlocalizedPath(canonicalPath(pathname))
	return [
		...LOCALES.map((locale) => ({ hrefLang: locale, href: `${origin}${localizedPath(english, locale)}` })),
		{ hrefLang: 'x-default', href: `${origin}${english}` },
	]
}

/** Title, description, canonical URL, Open Graph and Twitter card tags for one page. */
export function pageMeta(args: MetaArgsLike, seo: PageSeo): MetaDescriptor[] {
	const root = rootDataFrom(args.matches)
	const business = root?.business ?? defaultBusiness
	const origin = root?.siteOrigin ?? ''
	const locale = root?.i18n?.locale ?? localeFromPath(args.location.pathname)
	const title = seo.title.includes(business.name) ? seo.title : `${seo.title} | ${business.name}`
	const path = seo.canonicalPath ?? canonicalPath(args.location.pathname)
	const url = `${origin}${path}`
	const image = `${origin}${siteImageUrl('storefront', OG_IMAGE_WIDTH, 'jpg')}`
	const imageAlt = metaTranslator(args.matches)('common.storefrontImageAlt', {
		name: business.name,
		town: business.address.locality,
	})
	return [
		{ title },
		{ name: 'description', content: seo.description },
		...(seo.noindex
			? [{ name: 'robots', content: 'noindex' }]
			: languageAlternates(origin, path).map((alternate) => ({ tagName: 'link', rel: 'alternate', ...alternate }))),
		{ tagName: 'link', rel: 'canonical', href: url },
		{ property: 'og:type', content: 'website' },
		{ property: 'og:site_name', content: business.name },
		{ property: 'og:locale', content: OPEN_GRAPH_LOCALES[locale] },
		...LOCALES.filter((other) => other !== locale).map((other) => ({
			property: 'og:locale:alternate',
			content: OPEN_GRAPH_LOCALES[other],
		})),
		{ property: 'og:title', content: title },
		{ property: 'og:description', content: seo.description },
		{ property: 'og:url', content: url },
		{ property: 'og:image', content: image },
		{ property: 'og:image:width', content: String(OG_IMAGE_WIDTH) },
		{ property: 'og:image:height', content: String(siteImageHeight('storefront', OG_IMAGE_WIDTH)) },
		{ property: 'og:image:alt', content: imageAlt },
		{ name: 'twitter:card', content: 'summary_large_image' },
	]
}

const schemaDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

/** schema.org `Bakery` for local search (Home and Contact). */
export function bakeryJsonLd(business: BusinessConfig, origin: string) {
	return {
		'@context': 'https://schema.org',
		'@type': 'Bakery',
		'@id': `${origin}/#bakery`,
		name: business.name,
		description: business.description,
		slogan: business.tagline,
		url: `${origin}/`,
		image: `${origin}${siteImageUrl('storefront', OG_IMAGE_WIDTH, 'jpg')}`,
		logo: `${origin}/images/site/icon-512.png`,
		telephone: business.phone,
		email: business.email,
		priceRange: business.priceRange,
		servesCuisine: business.servesCuisine,
		address: {
			'@type': 'PostalAddress',
			streetAddress: business.address.street,
			addressLocality: business.address.locality,
			addressRegion: business.address.region,
			postalCode: business.address.postalCode,
			addressCountry: business.address.country,
		},
		geo: { '@type': 'GeoCoordinates', latitude: business.geo.latitude, longitude: business.geo.longitude },
		hasMap: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(streetAddressLine(business))}`,
		openingHoursSpecification: business.openingHours.map((hours) => ({
			'@type': 'OpeningHoursSpecification',
			dayOfWeek: [...hours.days].sort((a, b) => schemaDays.indexOf(a) - schemaDays.indexOf(b)),
			opens: hours.opens,
			closes: hours.closes,
		})),
		sameAs: [business.social.facebook, business.social.instagram],
	}
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no value can close the element. */
export function serializeJsonLd(data: unknown) {
	return JSON.stringify(data).replace(/</g, '\\u003c')
}
