import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { z } from 'zod'
import { BakeryJsonLd } from '~/components/bakery-json-ld'
import { ContactDetails } from '~/components/contact-details'
import { FormErrors, FormStatus, TextareaField, TextField } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import { HoneypotField } from '~/components/honeypot-field'
import { MapEmbed } from '~/components/map-embed'
import { PageIntro } from '~/components/page-intro'
import { ScheduleNotices } from '~/components/schedule-notices'
import { useBusiness } from '~/config/business'
import { createContactMessage } from '~/domain/messages/models/contact-message.server'
import { bodyProblems, readForm, type BodyProblem } from '~/utils/body.server'
import { isHoneypotFilled } from '~/utils/honeypot'
import { formReply } from '~/utils/form-reply.server'
import { consumeRateLimit, retryMinutes } from '~/utils/rate-limit.server'
import type { MessageKey } from '~/utils/i18n'
import { useLocalizedPath, useT } from '~/utils/i18n-react'
import { requestLocale, translator } from '~/utils/i18n.server'
import { clientKey } from '~/utils/request.server'
import { withRetryAfter } from '~/utils/route-headers'
import { metaTranslator, pageMeta } from '~/utils/seo'
import { loadVisitorHours, visitorHoursHeaders } from '~/domain/pickup/visitor-hours.server'

const MAX_MESSAGE_LENGTH = 2000

export const SENT_MESSAGE = 'requests.contactSent' satisfies MessageKey

/** One schema for the browser (Conform) and the server. */
export const contactSchema = z.object({
	name: z
		.string({ required_error: 'requests.nameRequired' })
		.trim()
		.min(1, 'requests.nameRequired')
		.max(100, 'requests.nameTooLong'),
	email: z
		.string({ required_error: 'requests.contactEmailRequired' })
		.trim()
		.max(254, 'requests.emailTooLong')
		.email('requests.emailInvalid'),
	message: z
		.string({ required_error: 'requests.contactMessageRequired' })
		.trim()
		.min(1, 'requests.contactMessageRequired')
		.max(MAX_MESSAGE_LENGTH, 'requests.contactMessageTooLong'),
})

// A rate-limited post says when to try again.
export const headers = withRetryAfter()

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('requests.contactTitle'), description: t('requests.contactDescription') })
}

/** Said above the form when the post could not be read at all. */
const bodyProblemMessages = {
	'too-large': 'requests.contactTooLarge',
	malformed: 'requests.contactUnreadable',
} as const satisfies Record<BodyProblem, MessageKey>

/** The opening hours and the closures ahead, from the owner's pickup schedule (read on every request). */
export async function loader({ request }: LoaderFunctionArgs) {
	const { hours, outage } = await loadVisitorHours(new Date(), requestLocale(request))
	return data({ hours }, { headers: visitorHoursHeaders(outage) })
}

export async function action({ request, context }: ActionFunctionArgs) {
	const locale = requestLocale(request)
	// Three short fields fit easily in the form limit; anything bigger is not a contact message.
	const body = await readForm(request)
	if (!body.ok) {
		const { status } = bodyProblems[body.problem]
		return formReply(null, { formErrors: [bodyProblemMessages[body.problem]], status, locale }, { sent: false })
	}
	const formData = body.value
	const submission = parseWithZod(formData, { schema: contactSchema })

	const limit = await consumeRateLimit('form', clientKey(context))
	if (!limit.allowed) {
		const formErrors = [translator(locale)('requests.contactRateLimited', { minutes: retryMinutes(limit) })]
		const headers = { 'Retry-After': String(limit.retryAfterSeconds) }
		return formReply(submission, { formErrors, status: 429, headers, locale }, { sent: false })
	}
	// Bots that fill the hidden field see the normal success; nothing is stored.
	if (isHoneypotFilled(formData)) return formReply(submission, { resetForm: true, locale }, { sent: true })

	if (submission.status !== 'success') return formReply(submission, { locale }, { sent: false })
	try {
		await createContactMessage({ ...submission.value, locale })
	} catch (error) {
		console.error('Storing a contact message failed', error)
		const formErrors = ['requests.contactSendFailed']
		return formReply(submission, { formErrors, status: 503, locale }, { sent: false })
	}
	return formReply(submission, { resetForm: true, locale }, { sent: true })
}

export default function Contact() {
	const business = useBusiness()
	const { hours } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const t = useT()
	const localize = useLocalizedPath()
	const sending = navigation.state === 'submitting' && navigation.formAction === localize('/contact')
	const statusRef = useRef<HTMLDivElement>(null)
	const [form, fields] = useForm({
		id: 'contact',
		lastResult: actionData?.result,
		constraint: getZodConstraint(contactSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})

	// Move focus to the confirmation so keyboard and screen-reader users hear it.
	useEffect(() => {
		if (actionData?.sent) statusRef.current?.focus()
	}, [actionData])

	return (
		<>
			<BakeryJsonLd openingHours={hours.openingHours} />
			<PageIntro id="contact-heading" title={t('requests.contactHeading')}>
				{t('requests.contactIntro')}
			</PageIntro>

			<div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 md:grid-cols-2 md:py-16">
				<section aria-labelledby="our-bakery-heading">
					<h2 id="our-bakery-heading" className="font-display text-3xl font-bold">
						{t('requests.contactOurBakery')}
					</h2>
					<p className="mt-2">
						{t('requests.contactWhere', {
							name: business.name,
							town: business.address.locality,
							region: business.address.region,
						})}
					</p>
					<ScheduleNotices
						notices={hours.notices}
						headingId="contact-notices-heading"
						headingLevel="h3"
						className="mt-6"
					/>
					<div className="mt-6">
						<ContactDetails hours={hours.lines} />
					</div>
					<MapEmbed title={t('requests.mapTitle')} className="mt-8" />
				</section>

				<section aria-labelledby="send-message-heading">
					<h2 id="send-message-heading" className="font-display text-3xl font-bold">
						{t('requests.contactSendHeading')}
					</h2>
					<p className="mt-2">{t('requests.contactFormIntro')}</p>

					{actionData?.sent ? (
						<div ref={statusRef} tabIndex={-1} className="mt-6 outline-none">
							<FormStatus tone="success">{t(SENT_MESSAGE)}</FormStatus>
						</div>
					) : null}

					<Form method="post" {...getFormProps(form)} className="relative mt-6">
						<HoneypotField />
						<FormErrors id={form.errorId} errors={form.errors} />
						<TextField
							meta={fields.name}
							label={t('requests.nameLabel')}
							placeholder={t('requests.contactNamePlaceholder')}
							autoComplete="name"
						/>
						<TextField
							meta={fields.email}
							label={t('requests.emailLabel')}
							type="email"
							placeholder={t('requests.contactEmailPlaceholder')}
							autoComplete="email"
						/>
						<TextareaField
							meta={fields.message}
							label={t('requests.contactMessageLabel')}
							placeholder={t('requests.contactMessagePlaceholder')}
							rows={6}
						/>
						<button type="submit" className={`${buttonClass} mt-2`} disabled={sending}>
							{sending ? t('requests.sending') : t('requests.contactSend')}
						</button>
					</Form>
				</section>
			</div>
		</>
	)
}
