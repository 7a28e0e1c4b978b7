import { z } from 'zod'

/** The longest private note the owner keeps on a customer (a CHECK in the database holds it too). */
export const OWNER_NOTE_MAX_LENGTH = 1000

/** The owner's private note on /admin/customers/<id> (the admin is English only, so the messages are words). */
export const ownerNoteSchema = z.object({
	note: z
		.string()
		.trim()
		.max(OWNER_NOTE_MAX_LENGTH, `A note can be at most ${OWNER_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`)
		.default(''),
})
