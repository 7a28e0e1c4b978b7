import { getEnv, type Env } from '~/utils/env.server'
import { defaultBusiness, kitchenAllergenStatement, type BusinessConfig } from './business'

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
		allergenStatement: base.allergenStatement ?? kitchenAllergenStatement,
	}
}

let cached: BusinessConfig | undefined

export function getBusiness(): BusinessConfig {
	cached ??= resolveBusiness(getEnv())
	return cached
}
