import { z } from 'zod'

/** The owner's reminder choices (decision 074): checkboxes, so an unticked one is absent from the form. */
export const textSettingsSchema = z.object({
	remindEveningBefore: z.boolean().default(false),
	remindHoursBefore: z.boolean().default(false),
})
