import type { FieldMetadata } from '@conform-to/react'
import { SelectField, TextareaField, TextField } from '~/components/ui/forms'
import { menuCategories } from '~/utils/menu-categories'
import { acceptedImageTypes } from '~/utils/upload-rules'

type Field = FieldMetadata<string | undefined>

export interface MenuItemFieldSet {
	name: Field
	description: Field
	price: Field
	category: Field
	imageAlt: Field
	image: FieldMetadata<File | undefined> | FieldMetadata<File>
	leadHours: FieldMetadata<number | undefined>
	dailyLimit: FieldMetadata<number | undefined>
	availableFrom: Field
	availableUntil: Field
}

const categoryOptions = menuCategories.map(({ value, label }) => ({ value, label }))

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
		</>
	)
}

/** Optional pickup rules: each empty field means no rule. */
function PickupRuleFields({ fields }: { fields: MenuItemFieldSet }) {
	return (
		<fieldset className="mt-4 mb-2 rounded-xl border border-dough p-4">
			<legend className="px-1 font-display text-lg font-bold">Pickup rules</legend>
			<p className="mb-3 text-sm text-cocoa/80">All optional: leave a field empty for no rule.</p>
			<TextField
				meta={fields.leadHours}
				label="Lead time (hours)"
				hint="How long ahead customers must order, e.g. 48 for whole cakes."
				type="number"
				min={1}
				step={1}
				inputMode="numeric"
			/>
			<TextField
				meta={fields.dailyLimit}
				label="Daily limit"
				hint="How many can be picked up per day across all orders, e.g. 24."
				type="number"
				min={1}
				step={1}
				inputMode="numeric"
			/>
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
