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
		</>
	)
}
