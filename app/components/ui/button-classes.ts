/**
 * The site's button looks, as class strings. Their own module (not forms.tsx): the header's cart link uses one on
 * every page, and importing it from forms.tsx put the form helpers' chunk (~2 KB gzip) on the home page.
 */
export const buttonClass =
	'inline-flex items-center justify-center rounded-full bg-cinnamon px-6 py-3 font-semibold text-white shadow transition-colors hover:bg-cocoa disabled:cursor-not-allowed disabled:bg-stone-500'

/** The secondary, outlined counterpart of buttonClass (links such as the cart and View Cart); add the padding. */
export const outlineButtonClass =
	'inline-flex items-center rounded-full border-2 border-cinnamon font-semibold text-cinnamon hover:bg-dough'
