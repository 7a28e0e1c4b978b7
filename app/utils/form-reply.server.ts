import type { Submission, SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import type { Locale } from '~/utils/i18n'
import { messageTranslator } from '~/utils/i18n.server'

/** What the server adds to Conform's own validation result. */
type ReplyErrors = { formErrors?: string[]; fieldErrors?: Record<string, string[]> }

export interface FormReplyOptions extends ReplyErrors {
	/** Clear the form (after a successful save or send). */
	resetForm?: boolean
	/** Defaults to 200 for a clean result and 400 when it carries errors. */
	status?: number
	headers?: HeadersInit
	/** The page's language: error messages that are keys (Zod's, the upload rules') are sent translated. */
	locale?: Locale
}

/**
 * Every Conform action's answer: `{ result, ...extra }` with its status and headers. Pages read it with
 * `useActionData<typeof action>()`, so `extra` (what the page needs besides the form's state) is typed
 * where the action builds it. `submission` is null when the post was refused before its fields were
 * read (too large, unreadable, rate limited): the result then carries only the form error, and a page
 * with JavaScript keeps what the person typed (a result without `initialValue` leaves the values alone).
 */
export function formReply<Extra extends object = object>(
	submission: Pick<Submission<unknown>, 'reply'> | null,
	{ resetForm, formErrors, fieldErrors, status, headers, locale }: FormReplyOptions = {},
	extra: Extra = {} as Extra,
) {
	const replied: SubmissionResult<string[]> = !submission
		? { status: 'error', error: { '': formErrors ?? [] } }
		: resetForm
			? submission.reply({ resetForm })
			: submission.reply(formErrors || fieldErrors ? { formErrors, fieldErrors } : undefined)
	const result = locale ? translatedResult(replied, locale) : replied
	const failed = result.status === 'error' || Boolean(formErrors?.length || fieldErrors)
	return data({ ...extra, result }, { status: status ?? (failed ? 400 : 200), headers })
}

/** The result with every error message that is a key in the page's language (other text unchanged). */
function translatedResult(result: SubmissionResult<string[]>, locale: Locale): SubmissionResult<string[]> {
	if (!result.error) return result
	const translate = messageTranslator(locale)
	const error = Object.fromEntries(
		Object.entries(result.error).map(([name, messages]) => [name, messages ? messages.map(translate) : messages]),
	)
	return { ...result, error }
}
