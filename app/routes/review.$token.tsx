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
import {
	readReviewInvitation,
	submitInvitedReview,
	type ClosedInvitation,
} from '~/domain/reviews/models/review-invitation.server'
import { bodyProblems, readForm, type BodyProblem } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'
import { isHoneypotFilled } from '~/utils/honeypot'
import { withOutagePolicy } from '~/utils/outage.server'
import type { MessageKey } from '~/utils/i18n'
import { useLocalizedPath, useT } from '~/utils/i18n-react'
import { requestLocale, translator } from '~/utils/i18n.server'
import { consumeRateLimit, retryMinutes } from '~/utils/rate-limit.server'
import { clientKey } from '~/utils/request.server'
import { REVIEW_INVITATION_DAYS } from '~/domain/reviews/review-rating'
import { invitedReviewSchema as reviewSchema } from '~/domain/reviews/review-schemas'
import { withRetryAfter } from '~/utils/route-headers'
import { metaTranslator, pageMeta } from '~/utils/seo'

export const THANK_YOU = 'Thank you — your review will appear once we’ve read it.'

/** The link is personal: never shared by a cache, never indexed. */
const noStore = { 'Cache-Control': 'private, no-store' }

export const headers = withRetryAfter(noStore)

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, {
		title: t('requests.reviewFormTitle'),
		description: t('requests.reviewFormDescription'),
		noindex: true,
	})
}

/** A link that does not open the form: 404 for one we never sent, 410 for one that expired or was used. */
const closedStatus: Record<ClosedInvitation, number> = { invalid: 404, expired: 410, used: 410 }

export async function loader({ params }: LoaderFunctionArgs) {
	const invitation = await withOutagePolicy(() => readReviewInvitation(params.token ?? ''))
	const status = invitation.open ? 200 : closedStatus[invitation.reason]
	return data({ invitation }, { status, headers: noStore })
}

const bodyProblemMessages = {
	'too-large': 'requests.reviewTooLarge',
	malformed: 'requests.reviewUnreadable',
} as const satisfies Record<BodyProblem, MessageKey>

export async function action({ request, params, context }: ActionFunctionArgs) {
	const locale = requestLocale(request)
	const body = await readForm(request)
	if (!body.ok) {
		const { status } = bodyProblems[body.problem]
		const formErrors = [bodyProblemMessages[body.problem]]
		return formReply(null, { formErrors, status, locale }, { sent: false, closed: null })
	}
	const formData = body.value
	const submission = parseWithZod(formData, { schema: reviewSchema })

	const limit = await consumeRateLimit('form', clientKey(context))
	if (!limit.allowed) {
		const formErrors = [translator(locale)('requests.formsRateLimited', { minutes: retryMinutes(limit) })]
		const headers = { 'Retry-After': String(limit.retryAfterSeconds) }
		return formReply(submission, { formErrors, status: 429, headers, locale }, { sent: false, closed: null })
	}
	// Bots that fill the hidden field see the normal thanks; nothing is stored and the link stays open.
	if (isHoneypotFilled(formData)) {
		return formReply(submission, { resetForm: true, locale }, { sent: true, closed: null })
	}

	if (submission.status !== 'success') return formReply(submission, { locale }, { sent: false, closed: null })
	const outcome = await submitInvitedReview(params.token ?? '', submission.value)
	if (!outcome.stored) {
		const status = closedStatus[outcome.reason]
		return formReply(submission, { status, locale }, { sent: false, closed: outcome.reason })
	}
	return formReply(submission, { resetForm: true, locale }, { sent: true, closed: null })
}

const closedPages = {
	invalid: { title: 'requests.reviewInvalidTitle', text: 'requests.reviewInvalidText' },
	expired: { title: 'requests.reviewExpiredTitle', text: 'requests.reviewExpiredText' },
	used: { title: 'requests.reviewUsedTitle', text: 'requests.reviewUsedText' },
} as const satisfies Record<ClosedInvitation, { title: MessageKey; text: MessageKey }>

export default function ReviewForm() {
	const { invitation } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const closed = actionData?.closed ?? (invitation.open ? null : invitation.reason)
	if (actionData?.sent) return <ThankYou />
	if (closed || !invitation.open) return <ClosedLink reason={closed ?? 'invalid'} />
	return <OpenForm firstName={invitation.firstName} />
}

function ThankYou() {
	const t = useT()
	const localize = useLocalizedPath()
	const statusRef = useRef<HTMLDivElement>(null)
	// Move focus to the thanks so keyboard and screen-reader users hear it.
	useEffect(() => statusRef.current?.focus(), [])
	return (
		<>
			<PageIntro id="review-heading" title={t('requests.reviewFormTitle')}>
				{t('requests.reviewThanksIntro')}
			</PageIntro>
			<div className="mx-auto max-w-xl px-4 py-14 text-center">
				<div ref={statusRef} tabIndex={-1} className="outline-none">
					<FormStatus tone="success">{t('requests.reviewThanks')}</FormStatus>
				</div>
				<Link
					to={localize('/reviews')}
					className="mt-6 inline-block font-semibold text-cinnamon underline underline-offset-4"
				>
					{t('requests.reviewReadOthers')}
				</Link>
			</div>
		</>
	)
}

function ClosedLink({ reason }: { reason: ClosedInvitation }) {
	const t = useT()
	const localize = useLocalizedPath()
	const page = closedPages[reason]
	return (
		<section aria-labelledby="review-closed-heading" className="mx-auto max-w-2xl px-4 py-16 text-center">
			<h1 id="review-closed-heading" className="font-display text-4xl font-bold">
				{t(page.title)}
			</h1>
			<p className="mt-4 text-lg">{t(page.text, { days: REVIEW_INVITATION_DAYS })}</p>
			<p className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2">
				<Link to={localize('/contact')} className="font-semibold text-cinnamon underline underline-offset-4">
					{t('requests.sendUsAMessage')}
				</Link>
				<Link to={localize('/reviews')} className="font-semibold text-cinnamon underline underline-offset-4">
					{t('requests.reviewsTitle')}
				</Link>
			</p>
		</section>
	)
}

function OpenForm({ firstName }: { firstName: string }) {
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const t = useT()
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
			<PageIntro id="review-heading" title={t('requests.reviewFormTitle')}>
				{t('requests.reviewFormIntro')}
			</PageIntro>
			<div className="mx-auto max-w-2xl px-4 py-14">
				<p className="mb-6">{t('requests.reviewFormNote')}</p>
				<Form method="post" {...getFormProps(form)} className="relative">
					<HoneypotField />
					<FormErrors id={form.errorId} errors={form.errors} />
					<RatingField meta={fields.rating} legend={t('requests.reviewRatingLegend')} />
					<TextareaField meta={fields.comment} label={t('requests.reviewCommentLabel')} rows={6} />
					<TextField
						meta={fields.name}
						label={t('requests.reviewNameLabel')}
						hint={t('requests.reviewNameHint')}
						autoComplete="given-name"
					/>
					<button type="submit" className={`${buttonClass} mt-2`} disabled={sending}>
						{sending ? t('requests.sending') : t('requests.reviewSend')}
					</button>
				</Form>
			</div>
		</>
	)
}
