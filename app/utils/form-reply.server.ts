import type { Submission, SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'

/** What the server adds to Conform's own validation result. */
export type ReplyErrors = { formErrors?: string[]; fieldErrors?: Record<string, string[]> }

export interface FormReplyOptions extends ReplyErrors {
	/** Clear the form (after a successful save or send). */
	resetForm?: boolean
	/** Defaults to 200 for a clean result and 400 when it carries errors. */
	status?: number
	headers?: HeadersInit
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
	{ resetForm, formErrors, fieldErrors, status, headers }: FormReplyOptions = {},
	extra: Extra = {} as Extra,
) {
	const result: SubmissionResult<string[]> = !submission
		? { status: 'error', error: { '': formErrors ?? [] } }
		: resetForm
			? submission.reply({ resetForm })
			: submission.reply(formErrors || fieldErrors ? { formErrors, fieldErrors } : undefined)
	const failed = result.status === 'error' || Boolean(formErrors?.length || fieldErrors)
	return data({ ...extra, result }, { status: status ?? (failed ? 400 : 200), headers })
}
