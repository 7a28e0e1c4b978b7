import { defaultBusiness, useBusiness } from '~/config/business'
import type { MessageKey } from '~/utils/i18n'
import { useLocale, useT } from '~/utils/i18n-react'

const VALUE_KEYS: readonly MessageKey[] = [
	'pages.bakeryValueFreshness',
	'pages.bakeryValueCraft',
	'pages.bakeryValueCommunity',
	'pages.bakeryValueHappiness',
]

/**
 * The bakery's own words for Home and About in the page's language. English shows the business
 * config (the owner's env overrides included); Spanish and Portuguese show our translation of the
 * default text, or the owner's English where the owner changed it (docs/decisions/042).
 */
export function useBakeryTexts() {
	const business = useBusiness()
	const locale = useLocale()
	const t = useT()
	const own = (field: 'description' | 'story' | 'mission') =>
		locale !== 'en' && business[field] === defaultBusiness[field]
	const valuesAreDefault = business.values.join('\n') === defaultBusiness.values.join('\n')
	return {
		description: own('description') ? t('pages.bakeryDescription') : business.description,
		story: own('story') ? t('pages.bakeryStory') : business.story,
		mission: own('mission') ? t('pages.bakeryMission') : business.mission,
		values: locale !== 'en' && valuesAreDefault ? VALUE_KEYS.map((key) => t(key)) : business.values,
	}
}
