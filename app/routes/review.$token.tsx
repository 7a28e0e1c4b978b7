import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { HoneypotField } from '~/components/honeypot-field'
import { PageIntro } from '~/components/page-intro'
import { RatingField } from '~/components/review-rating'
import { FormErrors, FormStatus, TextareaField, TextField } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import { readReviewInvitation, submitInvitedReview, type ClosedInvitation } from '~/models/review-invitation.server'
import { bodyProblems, readForm, type BodyProblem } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'
import { isHoneypotFilled } from '~/utils/honeypot'
import { withOutagePolicy } from '~/utils/outage.server'
import { consumeRateLimit, rateLimitedMessage } from '~/utils/rate-limit.server'
import { clientKey } from '~/utils/request.server'
import { REVIEW_INVITATION_DAYS } from '~/utils/review-rating'
import { reviewSchema } from '~/utils/review-schemas'
import { withRetryAfter } from '~/utils/route-headers'
import { pageMeta } from '~/utils/seo'

export const THANK_YOU = 'Thank you — your review will appear once we’ve read it.'

/** The link is personal: never shared by a cache, never indexed. */
const noStore = { 'Cache-Control': 'private, no-store' }

export const headers = withRetryAfter(noStore)

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Tell us how it was',
		description: 'Review your order from our bakery.',
		noindex: true,
	})

/** A link that does not open the form: 404 for one we never sent, 410 for one that expired or was used. */
const closedStatus: Record<ClosedInvitation, number> = { invalid: 404, expired: 410, used: 410 }

export async function loader({ params }: LoaderFunctionArgs) {
	const invitation = await withOutagePolicy(() => readReviewInvitation(params.token ?? ''))
	const status = invitation.open ? 200 : closedStatus[invitation.reason]
	return data({ invitation }, { status, headers: noStore })
}

const bodyProblemMessages: Record<BodyProblem, string> = {
	'too-large': 'Your review is too long to send. Please shorten it and try again.',
	malformed: 'We couldn’t read your review. Please try sending it again.',
}

export async function action({ request, params, context }: ActionFunctionArgs) {
	const body = await readForm(request)
	if (!body.ok) {
		const { status } = bodyProblems[body.problem]
		return formReply(null, { formErrors: [bodyProblemMessages[body.problem]], status }, { sent: false, closed: null })
	}
	const formData = body.value
	const submission = parseWithZod(formData, { schema: reviewSchema })

	const limit = await consumeRateLimit('form', clientKey(context))
	if (!limit.allowed) {
		const formErrors = [rateLimitedMessage('You’ve sent several forms in a short time.', limit)]
		const headers = { 'Retry-After': String(limit.retryAfterSeconds) }
		return formReply(submission, { formErrors, status: 429, headers }, { sent: false, closed: null })
	}
	// Bots that fill the hidden field see the normal thanks; nothing is stored and the link stays open.
	if (isHoneypotFilled(formData)) return formReply(submission, { resetForm: true }, { sent: true, closed: null })

	if (submission.status !== 'success') return formReply(submission, {}, { sent: false, closed: null })
	const outcome = await submitInvitedReview(params.token ?? '', submission.value)
	if (!outcome.stored) {
		const status = closedStatus[outcome.reason]
		return formReply(submission, { status }, { sent: false, closed: outcome.reason })
	}
	return formReply(submission, { resetForm: true }, { sent: true, closed: null })
}

const closedPages: Record<ClosedInvitation, { title: string; text: string }> = {
	invalid: {
		title: 'This review link doesn’t work',
		text: 'Please check that the whole link from your e-mail was opened. If it still doesn’t work, send us a message and tell us how it was there.',
	},
	expired: {
		title: 'This review link has expired',
		text: `Review links work for ${REVIEW_INVITATION_DAYS} days after pickup. We’d still love to hear how it was: send us a message.`,
	},
	used: {
		title: 'This review link has already been used',
		text: 'Thank you — we have your review, and it will appear once we’ve read it. Each link works once.',
	},
}

export default function ReviewForm() {
	const { invitation } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const closed = actionData?.closed ?? (invitation.open ? null : invitation.reason)
	if (actionData?.sent) return <ThankYou />
	if (closed || !invitation.open) return <ClosedLink reason={closed ?? 'invalid'} />
	return <OpenForm firstName={invitation.firstName} />
}

function ThankYou() {
	const statusRef = useRef<HTMLDivElement>(null)
	// Move focus to the thanks so keyboard and screen-reader users hear it.
	useEffect(() => statusRef.current?.focus(), [])
	return (
		<>
			<PageIntro id="review-heading" title="Tell us how it was">
				Your words help the next customer choose, and help us bake better.
			</PageIntro>
			<div className="mx-auto max-w-xl px-4 py-14 text-center">
				<div ref={statusRef} tabIndex={-1} className="outline-none">
					<FormStatus tone="success">{THANK_YOU}</FormStatus>
				</div>
				<Link to="/reviews" className="mt-6 inline-block font-semibold text-cinnamon underline underline-offset-4">
					Read what others say
				</Link>
			</div>
		</>
	)
}

function ClosedLink({ reason }: { reason: ClosedInvitation }) {
	const page = closedPages[reason]
	return (
		<section aria-labelledby="review-closed-heading" className="mx-auto max-w-2xl px-4 py-16 text-center">
			<h1 id="review-closed-heading" className="font-display text-4xl font-bold">
				{page.title}
			</h1>
			<p className="mt-4 text-lg">{page.text}</p>
			<p className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2">
				<Link to="/contact" className="font-semibold text-cinnamon underline underline-offset-4">
					Send us a message
				</Link>
				<Link to="/reviews" className="font-semibold text-cinnamon underline underline-offset-4">
					Customer reviews
				</Link>
			</p>
		</section>
	)
}

function OpenForm({ firstName }: { firstName: string }) {
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const sending = navigation.state === 'submitting'
	const [form, fields] = useForm({
		id: 'review',
		lastResult: actionData?.result,
		defaultValue: { name: firstName },
		constraint: getZodConstraint(reviewSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<>
			<PageIntro id="review-heading" title="Tell us how it was">
				Thank you for ordering from us! A few words help the next customer choose, and help us bake better.
			</PageIntro>
			<div className="mx-auto max-w-2xl px-4 py-14">
				<p className="mb-6">
					All fields are required. We read every review before it appears on our Customer Reviews page.
				</p>
				<Form method="post" {...getFormProps(form)} className="relative">
					<HoneypotField />
					<FormErrors id={form.errorId} errors={form.errors} />
					<RatingField meta={fields.rating} legend="Your rating" />
					<TextareaField meta={fields.comment} label="Your review" rows={6} />
					<TextField
						meta={fields.name}
						label="Name to show with your review"
						hint="Your first name, or how you’d like to be known."
						autoComplete="given-name"
					/>
					<button type="submit" className={`${buttonClass} mt-2`} disabled={sending}>
						{sending ? 'Sending…' : 'Send review'}
					</button>
				</Form>
			</div>
		</>
	)
}
