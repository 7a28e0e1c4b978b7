import type { Allergen, DietaryLabel } from '~/generated/prisma/enums'
import type { MessageKey, Translate } from '~/utils/i18n'

/**
 * The one vocabulary of allergens and dietary labels (docs/decisions/037-allergens.md): the database
 * value, the key people share in URLs (?hide=tree-nuts) and form fields, and every word customers and
 * the owner read. Browser-safe; translate here (issue 18).
 */
export const allergens = [
	{ value: 'MILK', key: 'milk', word: 'milk' },
	{ value: 'EGGS', key: 'eggs', word: 'eggs' },
	{ value: 'FISH', key: 'fish', word: 'fish' },
	{ value: 'CRUSTACEAN_SHELLFISH', key: 'shellfish', word: 'crustacean shellfish' },
	{ value: 'TREE_NUTS', key: 'tree-nuts', word: 'tree nuts' },
	{ value: 'PEANUTS', key: 'peanuts', word: 'peanuts' },
	{ value: 'WHEAT', key: 'wheat', word: 'wheat' },
	{ value: 'SOYBEANS', key: 'soy', word: 'soy' },
	{ value: 'SESAME', key: 'sesame', word: 'sesame' },
] as const satisfies ReadonlyArray<{ value: Allergen; key: string; word: string }>

/**
 * `diets`: the schema.org RestrictedDiet values the label vouches for (a vegan item suits vegetarians too);
 * schema.org has no dairy-free diet (LowLactoseDiet is not the same promise), so dairy-free has none.
 */
export const dietaryLabels = [
	{ value: 'VEGETARIAN', key: 'vegetarian', word: 'Vegetarian', diets: ['VegetarianDiet'] },
	{ value: 'VEGAN', key: 'vegan', word: 'Vegan', diets: ['VeganDiet', 'VegetarianDiet'] },
	{ value: 'GLUTEN_FREE', key: 'gluten-free', word: 'Gluten-free', diets: ['GlutenFreeDiet'] },
	{ value: 'DAIRY_FREE', key: 'dairy-free', word: 'Dairy-free', diets: [] },
] as const satisfies ReadonlyArray<{ value: DietaryLabel; key: string; word: string; diets: readonly string[] }>

export type AllergenKey = (typeof allergens)[number]['key']
export type DietKey = (typeof dietaryLabels)[number]['key']

export const allergenKeys = allergens.map((allergen) => allergen.key) as [AllergenKey, ...AllergenKey[]]
export const dietKeys = dietaryLabels.map((label) => label.key) as [DietKey, ...DietKey[]]

/** What a menu item says about allergens; null while the owner has not listed them. */
export interface ItemAllergens {
	contains: AllergenKey[]
	mayContain: AllergenKey[]
	diets: DietKey[]
}

// --- Words ---

export const ALLERGENS_UNLISTED = 'Ask us about allergens'
/** A listed item with none of the nine, contained or possible. */
const NO_MAJOR_ALLERGENS = 'No major allergens'

function allergenWord(key: AllergenKey) {
	return allergens.find((allergen) => allergen.key === key)!.word
}

function dietWord(key: DietKey) {
	return dietaryLabels.find((label) => label.key === key)!.word
}

/** 'Contains: milk, eggs' */
function containsText(keys: readonly AllergenKey[]) {
	return `Contains: ${keys.map(allergenWord).join(', ')}`
}

/** 'May contain: tree nuts' */
function mayContainText(keys: readonly AllergenKey[]) {
	return `May contain: ${keys.map(allergenWord).join(', ')}`
}

/** Each allergen's word for customers, in the page's language (the admin keeps the English words above). */
export const allergenWordKeys = {
	milk: 'shop.allergenMilk',
	eggs: 'shop.allergenEggs',
	fish: 'shop.allergenFish',
	shellfish: 'shop.allergenShellfish',
	'tree-nuts': 'shop.allergenTreeNuts',
	peanuts: 'shop.allergenPeanuts',
	wheat: 'shop.allergenWheat',
	soy: 'shop.allergenSoy',
	sesame: 'shop.allergenSesame',
} as const satisfies Record<AllergenKey, MessageKey>

const dietWordKeys = {
	vegetarian: 'shop.dietVegetarian',
	vegan: 'shop.dietVegan',
	'gluten-free': 'shop.dietGlutenFree',
	'dairy-free': 'shop.dietDairyFree',
} as const satisfies Record<DietKey, MessageKey>

/**
 * The badges of an item, as text (never colour alone): the allergens first, then the labels. A vegan
 * item is vegetarian too; the badge says only 'Vegan'.
 */
export function allergenBadges(item: ItemAllergens | null, t?: Translate): string[] {
	if (t) return translatedBadges(item, t)
	if (!item) return [ALLERGENS_UNLISTED]
	const diets = withoutImplied(item.diets)
	const none = item.contains.length === 0 && item.mayContain.length === 0
	return [
		...(none ? [NO_MAJOR_ALLERGENS] : []),
		...(item.contains.length > 0 ? [containsText(item.contains)] : []),
		...(item.mayContain.length > 0 ? [mayContainText(item.mayContain)] : []),
		...diets.map(dietWord),
	]
}

/** A vegan item is vegetarian too: only 'Vegan' is said. */
function withoutImplied(diets: readonly DietKey[]) {
	return diets.includes('vegan') ? diets.filter((diet) => diet !== 'vegetarian') : diets
}

/** `allergenBadges` in the page's language (English reads the same as above). */
function translatedBadges(item: ItemAllergens | null, t: Translate): string[] {
	if (!item) return [t('shop.allergensUnlisted')]
	const list = (keys: readonly AllergenKey[]) => keys.map((key) => t(allergenWordKeys[key])).join(', ')
	const none = item.contains.length === 0 && item.mayContain.length === 0
	return [
		...(none ? [t('shop.noMajorAllergens')] : []),
		...(item.contains.length > 0 ? [t('shop.contains', { list: list(item.contains) })] : []),
		...(item.mayContain.length > 0 ? [t('shop.mayContain', { list: list(item.mayContain) })] : []),
		...withoutImplied(item.diets).map((diet) => t(dietWordKeys[diet])),
	]
}

/** The owner's words for the admin form and list. */
export const allergenFormWords = {
	contains: { legend: 'Contains', hint: 'The major allergens in the recipe.' },
	mayContain: {
		legend: 'May contain (shared equipment)',
		hint: 'Allergens it can pick up from trays, fryers or mixers it shares; not ones it contains.',
	},
	diets: { legend: 'Dietary labels', hint: 'Only what you can promise for this item.' },
	listed: {
		label: 'I have listed this item’s allergens',
		hint: 'Until this is ticked the menu says “Ask us about allergens” and the allergen filter hides the item.',
	},
	unlistedBadge: 'Allergens not listed',
} as const

/** The consistency rules, each with the words the form shows (the database refuses the same). */
export const allergenRuleMessages = {
	containedAndMayContain: (key: AllergenKey) =>
		`Choose either “contains” or “may contain” for ${allergenWord(key)}, not both.`,
	vegan: 'An item with milk, eggs, fish or shellfish can’t be labelled vegan.',
	vegetarian: 'An item with fish or shellfish can’t be labelled vegetarian.',
	dairyFree: 'An item with milk can’t be labelled dairy-free.',
	glutenFree: 'An item that contains or may contain wheat can’t be labelled gluten-free.',
} as const

export type AllergenRule = Exclude<keyof typeof allergenRuleMessages, 'containedAndMayContain'>

/**
 * Which labels contradict the allergens: [] when consistent. One rule set for the form's validation
 * and the tests; the migration's CHECK constraints state the same rules for the database.
 */
export function allergenContradictions(item: ItemAllergens): {
	both: AllergenKey[]
	rules: AllergenRule[]
} {
	const has = (key: AllergenKey) => item.contains.includes(key)
	const rules: AllergenRule[] = []
	if (item.diets.includes('vegan') && (['milk', 'eggs', 'fish', 'shellfish'] as const).some(has)) rules.push('vegan')
	if (item.diets.includes('vegetarian') && (['fish', 'shellfish'] as const).some(has)) rules.push('vegetarian')
	if (item.diets.includes('dairy-free') && has('milk')) rules.push('dairyFree')
	if (item.diets.includes('gluten-free') && (has('wheat') || item.mayContain.includes('wheat')))
		rules.push('glutenFree')
	return { both: item.contains.filter((key) => item.mayContain.includes(key)), rules }
}

// --- Database values ⇄ keys ---

/** Database values → keys, in the vocabulary's order, without repeats. */
export function allergenKeysOf(values: readonly Allergen[]): AllergenKey[] {
	return allergens.filter((allergen) => values.includes(allergen.value)).map((allergen) => allergen.key)
}

export function dietKeysOf(values: readonly DietaryLabel[]): DietKey[] {
	return dietaryLabels.filter((label) => values.includes(label.value)).map((label) => label.key)
}

export function allergenValuesOf(keys: readonly AllergenKey[]): Allergen[] {
	return allergens.filter((allergen) => keys.includes(allergen.key)).map((allergen) => allergen.value)
}

export function dietValuesOf(keys: readonly DietKey[]): DietaryLabel[] {
	return dietaryLabels.filter((label) => keys.includes(label.key)).map((label) => label.value)
}

// --- The menu's "Hide items containing" filter ---

export const HIDE_PARAM = 'hide'

/**
 * The allergens to hide from ?hide=: comma-separated or repeated (a GET form sends hide=a&hide=b),
 * case-insensitive; unknown keys are dropped. In the vocabulary's order, so equal choices give equal data.
 */
export function hiddenAllergensFrom(searchParams: URLSearchParams): AllergenKey[] {
	const wanted = new Set(
		searchParams
			.getAll(HIDE_PARAM)
			.flatMap((value) => value.split(','))
			.map((value) => value.trim().toLowerCase()),
	)
	return allergenKeys.filter((key) => wanted.has(key))
}

/**
 * True when the item may be shown to someone avoiding `hidden`: it neither contains nor may contain any
 * of them, and its allergens are listed (an item nobody has checked is never presented as safe).
 */
export function isSafeFor(item: ItemAllergens | null, hidden: readonly AllergenKey[]) {
	if (hidden.length === 0) return true
	if (!item) return false
	return !hidden.some((key) => item.contains.includes(key) || item.mayContain.includes(key))
}

/** The search string of a menu URL: ?category=Cakes (as the category links write it) and ?hide=a,b. */
export function menuSearch({ category, hide }: { category?: string | null; hide: readonly AllergenKey[] }) {
	const parts = [
		...(category ? [`category=${encodeURIComponent(category)}`] : []),
		...(hide.length > 0 ? [`${HIDE_PARAM}=${hide.join(',')}`] : []),
	]
	return parts.length > 0 ? `?${parts.join('&')}` : ''
}

/** A menu row's columns as what customers see; null while the owner has not listed them. */
export function itemAllergensOf(row: {
	allergens: readonly Allergen[]
	mayContain: readonly Allergen[]
	dietaryLabels: readonly DietaryLabel[]
	allergensListed: boolean
}): ItemAllergens | null {
	if (!row.allergensListed) return null
	return {
		contains: allergenKeysOf(row.allergens),
		mayContain: allergenKeysOf(row.mayContain),
		diets: dietKeysOf(row.dietaryLabels),
	}
}
