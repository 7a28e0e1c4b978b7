import { defaultBusiness, useBusiness } from '~/config/business'
import type { MessageKey } from '~/utils/i18n'
import { useLocale, useT } from '~/utils/i18n-react'
import type { OwnSiteTexts } from '~/domain/content/site-texts'

const VALUE_KEYS: readonly MessageKey[] = [
	'pages.bakeryValueFreshness',
	'pages.bakeryValueCraft',
	'pages.bakeryValueCommunity',
	'pages.bakeryValueHappiness',
]

/**
 * The bakery's own words for Home and About in the page's language. What the owner wrote at
 * /admin/site-texts comes first (`own`, from the page's loader: the owner's text in this language, else
 * their English). Otherwise English shows the business config (the owner's env overrides included);
 * Spanish and Portuguese show our translation of the default text, or the owner's English where the
 * owner changed it (docs/decisions/042).
 */
export function useBakeryTexts(own: OwnSiteTexts = {}) {
	const business = useBusiness()
	const locale = useLocale()
	const t = useT()
	const translated = (field: 'description' | 'story' | 'mission') =>
		locale !== 'en' && business[field] === defaultBusiness[field]
	const valuesAreDefault = business.values.join('\n') === defaultBusiness.values.join('\n')
	const values = own.values ? siteTextLines(own.values) : []
	return {
		description: own.description ?? (translated('description') ? t('pages.bakeryDescription') : business.description),
		story: own.story ?? (translated('story') ? t('pages.bakeryStory') : business.story),
		mission: own.mission ?? (translated('mission') ? t('pages.bakeryMission') : business.mission),
		values:
			values.length > 0
				? values
				: locale !== 'en' && valuesAreDefault
					? VALUE_KEYS.map((key) => t(key))
					: business.values,
	}
}

/** 'values' is written one per line; blank lines are ignored. */
function siteTextLines(text: string) {
	return text
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean)
}
