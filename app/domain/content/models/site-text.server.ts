// The owner's Home and About texts in each language (/admin/site-texts); requireAdmin is checked by the
// calling route. Public pages read them through loadOwnSiteTexts (cached with the menu, cleared by every save).
import type { Locale } from '~/utils/i18n'
import { isDatabaseUnavailable, prisma } from '~/utils/db.server'
import { SITE_TEXT_KEYS, type OwnSiteTexts, type SiteTextKey } from '~/domain/content/site-texts'
import { cachedMenuRead, invalidateMenuCache } from '~/domain/menu/index.server'

export interface SiteTextValues {
	en: string | null
	es: string | null
	ptBr: string | null
}

const empty: SiteTextValues = { en: null, es: null, ptBr: null }

async function readAll(): Promise<Record<SiteTextKey, SiteTextValues>> {
	const rows = await prisma.siteText.findMany({ select: { key: true, en: true, es: true, ptBr: true } })
	const byKey = new Map(rows.map(({ key, ...values }) => [key, values]))
	return Object.fromEntries(SITE_TEXT_KEYS.map((key) => [key, byKey.get(key) ?? empty])) as Record<
		SiteTextKey,
		SiteTextValues
	>
}

/** Every text with its three languages (null: not written), for the owner's screen. */
export function listSiteTexts() {
	return readAll()
}

/** Saves one text's three languages (null clears a language: the built-in text shows again). */
export async function saveSiteText(key: SiteTextKey, values: SiteTextValues) {
	await prisma.siteText.upsert({ where: { key }, create: { key, ...values }, update: values })
	invalidateMenuCache()
}

/** The owner's text in `locale`, else the owner's English; absent keys keep the built-in text. */
function ownSiteTextsFor(texts: Record<SiteTextKey, SiteTextValues>, locale: Locale): OwnSiteTexts {
	const own: OwnSiteTexts = {}
	for (const key of SITE_TEXT_KEYS) {
		const { en, es, ptBr } = texts[key]
		const text = (locale === 'es' ? es : locale === 'pt-BR' ? ptBr : null) ?? en
		if (text) own[key] = text
	}
	return own
}

/**
 * The owner's texts for a public page in `locale`. During a database outage: none (the built-in texts show),
 * so Home and About never fail for them.
 */
export async function loadOwnSiteTexts(locale: Locale): Promise<OwnSiteTexts> {
	try {
		return ownSiteTextsFor(await cachedMenuRead('site-texts', readAll), locale)
	} catch (error) {
		if (isDatabaseUnavailable(error)) return {}
		throw error
	}
}
