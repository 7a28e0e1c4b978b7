import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from '~/utils/env.server'
import { defaultBusiness, mapsSearchUrl, orderLink, telHref } from './business'
import { businessFor, resolveBusiness } from './business.server'

describe('business config', () => {
	it('uses the demo bakery when nothing is overridden, ordering in-site', () => {
		const business = resolveBusiness(parseEnv({}))
		expect(business).toEqual(defaultBusiness)
		expect(orderLink(business)).toEqual({ href: '/shop', external: false })
		expect(orderLink(business, '/cakes')).toEqual({ href: '/cakes', external: false })
	})

	it('takes the owner’s ordering page, contact details, address and social links from the environment', () => {
		const business = resolveBusiness(
			parseEnv({
				ORDER_ONLINE_URL: 'https://order.example.com/doce-dulce',
				BUSINESS_PHONE: '(425) 555-0199',
				BUSINESS_EMAIL: 'owner@docedulce.example',
				BUSINESS_STREET: '1 Hewitt Ave',
				BUSINESS_POSTAL_CODE: '98203',
				BUSINESS_LATITUDE: '47.98',
				INSTAGRAM_URL: 'https://www.instagram.com/another',
			}),
		)
		expect(orderLink(business)).toEqual({ href: 'https://order.example.com/doce-dulce', external: true })
		expect(business.phone).toBe('(425) 555-0199')
		expect(business.email).toBe('owner@docedulce.example')
		expect(business.address).toMatchObject({ street: '1 Hewitt Ave', locality: 'Everett', postalCode: '98203' })
		expect(business.geo).toEqual({ latitude: 47.98, longitude: defaultBusiness.geo.longitude })
		expect(business.social).toEqual({
			facebook: defaultBusiness.social.facebook,
			instagram: 'https://www.instagram.com/another',
		})
	})

	it('says the tagline, description and the kitchen’s allergen statement in the page’s language', () => {
		const english = businessFor('en')
		expect(english).toMatchObject({ tagline: defaultBusiness.tagline, description: defaultBusiness.description })
		expect(english.allergenStatement).toMatch(/one shared kitchen that also handles milk/)
		expect(businessFor('es')).toMatchObject({
			tagline: 'Dulces recuerdos en cada bocado de sabor brasileño y mexicano.',
			description: 'Pan y repostería de Brasil y México, horneados cada día.',
			allergenStatement: expect.stringMatching(/^Todo se prepara en una misma cocina/),
		})
		expect(businessFor('pt-BR').allergenStatement).toMatch(/^Tudo é feito em uma única cozinha/)
		expect(businessFor('pt-BR').phone).toBe(english.phone)
	})

	it('treats empty variables as unset and rejects unsafe or malformed values', () => {
		expect(resolveBusiness(parseEnv({ ORDER_ONLINE_URL: '', BUSINESS_PHONE: '' })).orderOnlineUrl).toBeNull()
		expect(() => parseEnv({ ORDER_ONLINE_URL: 'javascript:alert(1)' })).toThrow(EnvError)
		expect(() => parseEnv({ FACEBOOK_URL: 'not a url' })).toThrow(/FACEBOOK_URL/)
		expect(() => parseEnv({ BUSINESS_EMAIL: 'nobody' })).toThrow(/BUSINESS_EMAIL/)
		expect(() => parseEnv({ BUSINESS_PHONE: 'call us!' })).toThrow(/BUSINESS_PHONE/)
		expect(() => parseEnv({ BUSINESS_LATITUDE: '123' })).toThrow(/BUSINESS_LATITUDE/)
	})

	it('formats links the way people and phones expect', () => {
		expect(telHref('(425) 555-0164')).toBe('tel:+14255550164')
		expect(telHref('+55 11 91234-5678')).toBe('tel:+5511912345678')
		expect(mapsSearchUrl(defaultBusiness)).toBe(
			'https://www.google.com/maps/search/?api=1&query=Doce%20Dulce%20Bakery%2C%202814%20Colby%20Ave%2C%20Everett%2C%20WA%2098201',
		)
	})
})
