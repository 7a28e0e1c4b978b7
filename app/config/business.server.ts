import { getEnv, type Env } from '~/utils/env.server'
import type { Locale } from '~/utils/i18n'
import { translator } from '~/utils/i18n.server'
import { defaultBusiness, type BusinessConfig } from './business'

/** The demo defaults with the owner's environment overrides applied (validated by the env schema). */
export function resolveBusiness(env: Env, base: BusinessConfig = defaultBusiness): BusinessConfig {
	return {
		...base,
		orderOnlineUrl: env.ORDER_ONLINE_URL ?? base.orderOnlineUrl,
		phone: env.BUSINESS_PHONE ?? base.phone,
		email: env.BUSINESS_EMAIL ?? base.email,
		address: {
			...base.address,
			street: env.BUSINESS_STREET ?? base.address.street,
			locality: env.BUSINESS_CITY ?? base.address.locality,
			region: env.BUSINESS_REGION ?? base.address.region,
			postalCode: env.BUSINESS_POSTAL_CODE ?? base.address.postalCode,
		},
		geo: {
			latitude: env.BUSINESS_LATITUDE ?? base.geo.latitude,
			longitude: env.BUSINESS_LONGITUDE ?? base.geo.longitude,
		},
		social: {
			facebook: env.FACEBOOK_URL ?? base.social.facebook,
			instagram: env.INSTAGRAM_URL ?? base.social.instagram,
		},
	}
}

let cached: BusinessConfig | undefined

export function getBusiness(): BusinessConfig {
	cached ??= resolveBusiness(getEnv())
	return cached
}

const byLocale = new Map<Locale, BusinessConfig>()

/**
 * The resolved config in a page's language, as the root loader sends it: the tagline and the description
 * (footer, JSON-LD) translated while they are the built-in texts, and the kitchen's allergen statement, which
 * lives in app/locales/<language>/business.json (edit it there for your kitchen, in each language).
 */
export function businessFor(locale: Locale): BusinessConfig {
	let business = byLocale.get(locale)
	if (!business) {
		const resolved = getBusiness()
		const t = translator(locale)
		const builtIn = (field: 'tagline' | 'description') => locale !== 'en' && resolved[field] === defaultBusiness[field]
		business = {
			...resolved,
			tagline: builtIn('tagline') ? t('business.tagline') : resolved.tagline,
			description: builtIn('description') ? t('pages.bakeryDescription') : resolved.description,
			allergenStatement: t('business.kitchenAllergenStatement'),
		}
		byLocale.set(locale, business)
	}
	return business
}
