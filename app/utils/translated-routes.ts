/**
 * The route modules app/routes.ts serves again under each language's prefix (`/es/shop`): the public pages
 * a visitor reads. Everything else (the owner's screens, sign-in, the test payment page) is English only.
 * The browser tells them apart by their message namespaces (`languageLinksOf` in i18n.ts); a unit test
 * holds the two lists together.
 */
export const TRANSLATED_ROUTES = [
	'_index',
	'$',
	'about',
	'brazilian-pastries',
	'cakes',
	'cancel',
	'cart',
	'checkout',
	'contact',
	'custom-cakes',
	'gallery',
	'menu',
	'mexican-pastries',
	'quote.$token',
	'review.$token',
	'reviews',
	'shop',
	'success',
] as const
