import { describe, expect, it } from 'vitest'
import { defaultBusiness } from '~/config/business'
import { itemOrdering } from './menu-item-view'

describe('itemOrdering', () => {
	it('decides per item how it is ordered: the cart when sold online, else the ordering page, else the shop', () => {
		const withPage = { ...defaultBusiness, orderOnlineUrl: 'https://order.example.com/doce-dulce' }
		expect(itemOrdering({ orderable: true }, defaultBusiness)).toEqual({ way: 'cart' })
		expect(itemOrdering({ orderable: true }, withPage)).toEqual({ way: 'cart' })
		expect(itemOrdering({ orderable: false }, defaultBusiness)).toEqual({ way: 'in-shop' })
		expect(itemOrdering({ orderable: false }, withPage)).toEqual({
			way: 'ordering-page',
			href: 'https://order.example.com/doce-dulce',
		})
	})
})
