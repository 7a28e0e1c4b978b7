import { z } from 'zod'
import { imageFileField, ownerImageUpload } from '~/utils/upload-rules'
import { SITE_TEXT_KEYS, SITE_TEXT_MAX } from './site-texts'

/** The owner's content forms (/admin/gallery, /admin/site-texts): one schema each for the browser and the server. */

/** A picture for the public gallery: the description is required (it is the image's alt text). */
export const galleryUploadSchema = z.object({
	image: imageFileField(ownerImageUpload),
	alt: z
		.string({ required_error: 'Please describe the picture for people who can’t see it.' })
		.trim()
		.min(1, 'Please describe the picture for people who can’t see it.')
		.max(200, 'Please keep the description under 200 characters.'),
})

// --- The owner's Home and About texts (/admin/site-texts) ---

function siteTextIn(language: string) {
	return z
		.string()
		.trim()
		.max(
			SITE_TEXT_MAX,
			`Please keep the ${language} text to ${SITE_TEXT_MAX.toLocaleString('en-US')} characters or fewer.`,
		)
		.optional()
}

/** One text in three languages; every field may be empty (the built-in text shows). */
export const siteTextSchema = z.object({
	key: z.enum(SITE_TEXT_KEYS, { errorMap: () => ({ message: 'Please choose one of the texts on this page.' }) }),
	en: siteTextIn('English'),
	es: siteTextIn('Spanish'),
	ptBr: siteTextIn('Portuguese'),
})
