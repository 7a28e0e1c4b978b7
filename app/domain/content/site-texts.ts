/**
 * The Home and About texts the owner can write in each language at /admin/site-texts (browser-safe: the
 * admin form's schema and the public pages use it; only types reach the public pages' bundle). Empty: the built-in text (app/components/bakery-texts.ts).
 */
export const SITE_TEXT_KEYS = ['description', 'story', 'mission', 'values'] as const
export type SiteTextKey = (typeof SITE_TEXT_KEYS)[number]

/** The longest text of each language (the database's CHECKs hold the same limit). */
export const SITE_TEXT_MAX = 1000

/**
 * The owner's texts for one page view, already in the page's language: the owner's text in that language,
 * else the owner's English, else null (the built-in text). `values` is one value per line.
 */
export type OwnSiteTexts = Partial<Record<SiteTextKey, string>>
