import type { FieldMetadata } from '@conform-to/react'
import { FieldErrors, SelectField, TextareaField, TextField } from '~/components/ui/forms'
import { allergenFormWords, allergens, dietaryLabels, type AllergenKey, type DietKey } from '~/domain/menu/allergens'
import { CheckboxField } from './checkbox-field'
import { RadioGroupField } from './radio-group-field'
import { menuCategories } from '~/domain/menu/menu-categories'
import { TAX_CATEGORIES, taxCategoryLabels } from '~/domain/orders/sales-tax'
import { acceptedImageTypes } from '~/utils/upload-rules'

type Field = FieldMetadata<string | undefined>

export interface MenuItemFieldSet {
	name: Field
	description: Field
	price: Field
	category: Field
	taxCategory: Field
	imageAlt: Field
	image: FieldMetadata<File | undefined> | FieldMetadata<File>
	leadHours: FieldMetadata<number | undefined>
	dailyLimit: FieldMetadata<number | undefined>
	availableFrom: Field
	availableUntil: Field
	allergens: FieldMetadata<AllergenKey[] | undefined>
	mayContain: FieldMetadata<AllergenKey[] | undefined>
	diets: FieldMetadata<DietKey[] | undefined>
	allergensListed: FieldMetadata<boolean | undefined>
}

const categoryOptions = menuCategories.map(({ value, label }) => ({ value, label }))
const taxOptions = TAX_CATEGORIES.map((value) => ({ value, label: taxCategoryLabels[value] }))

/** Name, description, price, category and the image with its description: shared by upload and edit. */
export function MenuItemFields({
	fields,
	imageLabel,
	imageHint,
}: {
	fields: MenuItemFieldSet
	imageLabel: string
	imageHint: string
}) {
	return (
		<>
			<TextField meta={fields.name} label="Name" autoComplete="off" />
			<TextareaField meta={fields.description} label="Description" rows={3} />
			<TextField
				meta={fields.price}
				label="Price"
				hint="In dollars, e.g. 4, 4.5 or $4.50."
				inputMode="decimal"
				autoComplete="off"
			/>
			<SelectField meta={fields.category} label="Category" options={categoryOptions} placeholder="Choose a category" />
			<RadioGroupField
				meta={fields.taxCategory}
				legend="Sales tax"
				hint="Washington taxes prepared food: hot food, savoury items with meat or cheese (a coxinha), anything sold with utensils. Bakery items are exempt."
				options={taxOptions}
			/>
			<TextField
				meta={fields.imageAlt}
				label="Image description"
				hint="What the photo shows, for people who can’t see it, e.g. “Three conchas with pink and vanilla tops”. Leave empty to use the item’s name."
				autoComplete="off"
			/>
			<TextField
				meta={fields.image}
				label={imageLabel}
				hint={imageHint}
				type="file"
				accept={acceptedImageTypes.join(',')}
			/>
			<PickupRuleFields fields={fields} />
			<AllergenFields fields={fields} />
		</>
	)
}

/** Optional pickup rules: each empty field means no rule. */
function PickupRuleFields({ fields }: { fields: MenuItemFieldSet }) {
	return (
		<fieldset className="mt-4 mb-2 rounded-xl border border-dough p-4">
			<legend className="px-1 font-display text-lg font-bold">Pickup rules</legend>
			<p className="mb-3 text-sm text-cocoa/80">All optional: leave a field empty for no rule.</p>
			{[
				{
					meta: fields.leadHours,
					label: 'Lead time (hours)',
					hint: 'How long ahead customers must order, e.g. 48 for whole cakes.',
				},
				{
					meta: fields.dailyLimit,
					label: 'Daily limit',
					hint: 'How many can be picked up per day across all orders, e.g. 24.',
				},
			].map(({ meta, label, hint }) => (
				<TextField
					key={meta.name}
					meta={meta}
					label={label}
					hint={hint}
					type="number"
					min={1}
					step={1}
					inputMode="numeric"
				/>
			))}
			<TextField
				meta={fields.availableFrom}
				type="date"
				label="Pickup from (date)"
				hint="For seasonal items: the first pickup date."
			/>
			<TextField meta={fields.availableUntil} type="date" label="Pickup until (date)" hint="The last pickup date." />
		</fieldset>
	)
}

const allergenOptions = allergens.map(({ key, word }) => ({ key, word: word[0]!.toUpperCase() + word.slice(1) }))
const dietOptions = dietaryLabels.map(({ key, word }) => ({ key, word }))

/** Allergens and dietary labels: checkbox groups, then the owner's word that the list is complete. */
function AllergenFields({ fields }: { fields: MenuItemFieldSet }) {
	return (
		<fieldset className="mt-4 mb-2 rounded-xl border border-dough p-4">
			<legend className="px-1 font-display text-lg font-bold">Allergens and diet</legend>
			<CheckboxGroup meta={fields.allergens} options={allergenOptions} {...allergenFormWords.contains} />
			<CheckboxGroup meta={fields.mayContain} options={allergenOptions} {...allergenFormWords.mayContain} />
			<CheckboxGroup meta={fields.diets} options={dietOptions} {...allergenFormWords.diets} />
			<CheckboxField
				meta={fields.allergensListed}
				label={allergenFormWords.listed.label}
				hint={allergenFormWords.listed.hint}
			/>
		</fieldset>
	)
}

/**
 * One checkbox per option, all named after the field (the browser sends each ticked value). Written out
 * rather than with Conform's getCollectionProps, which would grow the forms chunk every page loads.
 */
function CheckboxGroup({
	meta,
	options,
	legend,
	hint,
}: {
	meta: FieldMetadata<string[] | undefined>
	options: ReadonlyArray<{ key: string; word: string }>
	legend: string
	hint: string
}) {
	const hintId = `${meta.id}-hint`
	// After a refused save, what was ticked (one value arrives as a string); else the saved values.
	const ticked = [meta.initialValue ?? []].flat()
	return (
		<fieldset className="mb-3" aria-describedby={`${hintId} ${meta.errorId}`}>
			<legend className="font-semibold">{legend}</legend>
			<p id={hintId} className="text-sm text-cocoa/80">
				{hint}
			</p>
			<div key={meta.key} className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
				{options.map(({ key, word }) => (
					<label key={key} className="flex items-center gap-2">
						<input
							type="checkbox"
							name={meta.name}
							value={key}
							form={meta.formId}
							defaultChecked={ticked.includes(key)}
							aria-invalid={meta.errors ? true : undefined}
							className="h-5 w-5 accent-cinnamon"
						/>
						{word}
					</label>
				))}
			</div>
			<FieldErrors id={meta.errorId} errors={meta.errors} />
		</fieldset>
	)
}
