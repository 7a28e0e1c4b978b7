/** Where the header and footer lead. The header shows About and Gallery; the rest fill the dropdown. */
export const primaryLinks = [
	{ to: '/about', label: 'About' },
	{ to: '/gallery', label: 'Gallery' },
] as const

/** The desktop dropdown (docs/decisions/007-public-site-layout.md). */
export const menuLinks = [
	{ to: '/menu', label: 'Explore Our Menu' },
	{ to: '/cakes', label: 'Cakes' },
	{ to: '/brazilian-pastries', label: 'Brazilian Pastries' },
	{ to: '/mexican-pastries', label: 'Mexican Pastries' },
	{ to: '/custom-cakes', label: 'Custom Cakes' },
] as const

export const moreLinks = [
	{ to: '/reviews', label: 'Reviews' },
	{ to: '/contact', label: 'Contact' },
] as const
