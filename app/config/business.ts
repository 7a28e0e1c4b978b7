/**
 * The bakery's public identity in one place. The public-site issue extends this
 * (address, phone, social links, env overrides); nothing else hard-codes these values.
 */
export const business = {
	name: 'Doce Dulce Bakery',
	tagline: 'Serving sweet memories with every bite of Brazilian & Mexican goodness.',
} as const
