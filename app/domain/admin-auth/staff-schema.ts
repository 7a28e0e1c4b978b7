import { z } from 'zod'

/**
 * The owner's "Add staff" form (decision 076): one Google account's e-mail, normalized as Google sign-in reports
 * it (trimmed, lower-case), so the database's unique index sees the same person however it was typed.
 */
export const addStaffSchema = z.object({
	email: z
		.string({ required_error: 'Please enter the Google e-mail address they sign in with.' })
		.trim()
		.min(1, 'Please enter the Google e-mail address they sign in with.')
		.max(254, 'An e-mail address has at most 254 characters.')
		.email('Please enter an e-mail address, like sam@gmail.com.')
		.transform((email) => email.toLowerCase()),
})
