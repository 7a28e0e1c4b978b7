import { useRouteLoaderData } from '@remix-run/react'

/**
 * The bakery's public identity in one place. Demo values: the phone is in the fictional 555-01xx
 * range and the e-mail uses the reserved `.example` domain. An owner overrides what changes
 * (ordering URL, contact details, address, social links) with environment variables, resolved on
 * the server by `getBusiness()` in business.server.ts and handed to components by the root loader
 * (`useBusiness()`), so the browser bundle never reads process.env.
 */

export interface OpeningHours {
	/** schema.org day names. */
	days: ReadonlyArray<'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday'>
	/** 24-hour clock, HH:MM. */
	opens: string
	closes: string
	/** How people read it in English, e.g. 'Tue–Fri'. */
	label: string
}

export interface BusinessConfig {
	name: string
	tagline: string
	description: string
	story: string
	mission: string
	values: readonly string[]
	/** The third-party ordering page; null means "order in-site" (/shop). */
	orderOnlineUrl: string | null
	phone: string
	email: string
	address: { street: string; locality: string; region: string; postalCode: string; country: string }
	geo: { latitude: number; longitude: number }
	priceRange: string
	servesCuisine: readonly string[]
	openingHours: readonly OpeningHours[]
	social: { facebook: string; instagram: string }
	/**
	 * The kitchen's allergen statement in the page's language, shown in the item dialog and at checkout:
	 * app/locales/<language>/business.json, resolved on the server (absent only when the root loader could not run).
	 */
	allergenStatement?: string
}

export const defaultBusiness: BusinessConfig = {
	name: 'Doce Dulce Bakery',
	tagline: 'Serving sweet memories with every bite of Brazilian & Mexican goodness.',
	description: 'Fresh Brazilian and Mexican goods baked daily.',
	story: 'What began in a home kitchen grew into a neighbourhood bakery, built on family recipes.',
	mission: 'To bring joy through every bite by baking fresh, authentic goods and serving our community with heart.',
	values: ['Freshness and quality', 'Craftsmanship and tradition', 'Community and connection', 'Customer happiness'],
	orderOnlineUrl: null,
	phone: '(425) 555-0164',
	email: 'hello@docedulcebakery.example',
	address: { street: '2814 Colby Ave', locality: 'Everett', region: 'WA', postalCode: '98201', country: 'US' },
	geo: { latitude: 47.9795, longitude: -122.2026 },
	priceRange: '$',
	servesCuisine: ['Brazilian', 'Mexican', 'Bakery', 'Coffee'],
	openingHours: [
		{ days: ['Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '18:00', label: 'Tue–Fri' },
		{ days: ['Saturday'], opens: '08:00', closes: '17:00', label: 'Sat' },
		{ days: ['Sunday'], opens: '08:00', closes: '14:00', label: 'Sun' },
	],
	social: {
		facebook: 'https://www.facebook.com/docedulcebakery',
		instagram: 'https://www.instagram.com/docedulcebakery',
	},
}
/** The resolved config from the root loader; the defaults when the root loader could not run. */
export function useBusiness(): BusinessConfig {
	const data = useRouteLoaderData<{ business?: BusinessConfig }>('root')
	return data?.business ?? defaultBusiness
}

export interface OrderLink {
	href: string
	/** External links open in a new tab with rel="noopener noreferrer". */
	external: boolean
}

/** Where Order Online / Order Now go: the ordering provider, or `fallbackPath` in-site when none is configured. */
export function orderLink(business: BusinessConfig, fallbackPath = '/shop'): OrderLink {
	return business.orderOnlineUrl
		? { href: business.orderOnlineUrl, external: true }
		: { href: fallbackPath, external: false }
}

export function streetAddressLine(business: BusinessConfig) {
	const { street, locality, region, postalCode } = business.address
	return `${street}, ${locality}, ${region} ${postalCode}`
}

/** `tel:` wants digits only; US numbers get the +1 country code. */
export function telHref(phone: string) {
	const digits = phone.replace(/[^\d+]/g, '')
	if (digits.startsWith('+')) return `tel:${digits}`
	return `tel:+${digits.length === 10 ? `1${digits}` : digits}`
}

export function mapsSearchUrl(business: BusinessConfig) {
	return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${business.name}, ${streetAddressLine(business)}`)}`
}

/** The embeddable map (CSP: frame-src https://www.google.com). */
export function mapsEmbedUrl(business: BusinessConfig) {
	return `https://www.google.com/maps?q=${encodeURIComponent(streetAddressLine(business))}&output=embed`
}

/**
 * The hours Home, Contact and the JSON-LD show: the weekly hours grouped, and the closures and special
 * hours ahead as visitors read them (worded on the server, so the pages' bundle carries no date library).
 */
export interface VisitorHours {
	/** The schedule as data (the JSON-LD's openingHoursSpecification). */
	openingHours: readonly OpeningHours[]
	/** The same hours as the page's language writes them (app/domain/pickup/opening-hours.ts `hoursLines`). */
	lines: readonly HoursLine[]
	notices: readonly string[]
}

/** One line of the weekly hours, in a language: 'Tue–Fri' '7 am – 6 pm'; a closed day ('Mon') has no times. */
export interface HoursLine {
	days: string
	times: string | null
}
