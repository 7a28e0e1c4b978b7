/**
 * The Home and About texts the owner can write in each language at /admin/site-texts (browser-safe: the
 * admin form's schema and the public pages use it). Empty: the built-in text (app/components/bakery-texts.ts).
 */
export const SITE_TEXT_KEYS = ['description', 'story', 'mission', 'values'] as const
export type SiteTextKey = (typeof SITE_TEXT_KEYS)[number]

/** The longest text of each language (the database's CHECKs hold the same limit). */
export const SITE_TEXT_MAX = 1000

export const siteTextLabels: Record<SiteTextKey, { label: string; hint: string }> = {
	description: { label: 'Short description', hint: 'One sentence about the bakery (Home and About).' },
	story: { label: 'Our story', hint: 'How the bakery began (About).' },
	mission: { label: 'Our mission', hint: 'What the bakery is for (About).' },
	values: { label: 'Our values', hint: 'One value per line (About).' },
}

/**
 * The owner's texts for one page view, already in the page's language: the owner's text in that language,
 * else the owner's English, else null (the built-in text). `values` is one value per line.
 */
export type OwnSiteTexts = Partial<Record<SiteTextKey, string>>

/** 'values' is written one per line; blank lines are ignored. */
export function siteTextLines(text: string) {
	return text
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean)
}
