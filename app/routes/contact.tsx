import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
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
import { createContactMessage } from '~/models/contact-message.server'
import { bodyProblems, readForm, type BodyProblem } from '~/utils/body.server'
import { isHoneypotFilled } from '~/utils/honeypot'
import { formReply } from '~/utils/form-reply.server'
import { consumeRateLimit, rateLimitedMessage } from '~/utils/rate-limit.server'
import { clientKey } from '~/utils/request.server'
import { withRetryAfter } from '~/utils/route-headers'
import { pageMeta } from '~/utils/seo'
import { loadVisitorHours, visitorHoursHeaders } from '~/utils/visitor-hours.server'

const MAX_MESSAGE_LENGTH = 2000

export const SENT_MESSAGE = 'Thanks! Your message has been sent. We’ll get back to you soon.'

/** One schema for the browser (Conform) and the server. */
export const contactSchema = z.object({
	name: z
		.string({ required_error: 'Please enter your name.' })
		.trim()
		.min(1, 'Please enter your name.')
		.max(100, 'Please keep your name under 100 characters.'),
	email: z
		.string({ required_error: 'Please enter your email address so we can reply.' })
		.trim()
		.max(254, 'Please keep the email address under 254 characters.')
		.email('Please enter a valid email address, e.g. name@example.com.'),
	message: z
		.string({ required_error: 'Please write your message.' })
		.trim()
		.min(1, 'Please write your message.')
		.max(MAX_MESSAGE_LENGTH, 'Please keep your message under 2,000 characters.'),
})

// A rate-limited post says when to try again.
export const headers = withRetryAfter()

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Contact',
		description:
			'Get in touch with our Brazilian and Mexican bakery in Everett, WA: address, phone, e-mail, opening hours, a map, and a form to send us a message.',
	})

/** Said above the form when the post could not be read at all. */
const bodyProblemMessages: Record<BodyProblem, string> = {
	'too-large': 'Your message is too long to send. Please shorten it and try again.',
	malformed: 'We couldn’t read your message. Please try sending it again.',
}

/** The opening hours and the closures ahead, from the owner's pickup schedule (read on every request). */
export async function loader() {
	const { hours, outage } = await loadVisitorHours(new Date())
	return data({ hours }, { headers: visitorHoursHeaders(outage) })
}

export async function action({ request, context }: ActionFunctionArgs) {
	// Three short fields fit easily in the form limit; anything bigger is not a contact message.
	const body = await readForm(request)
	if (!body.ok) {
		const { status } = bodyProblems[body.problem]
		return formReply(null, { formErrors: [bodyProblemMessages[body.problem]], status }, { sent: false })
	}
	const formData = body.value
	const submission = parseWithZod(formData, { schema: contactSchema })

	const limit = await consumeRateLimit('form', clientKey(context))
	if (!limit.allowed) {
		const formErrors = [rateLimitedMessage('You’ve sent several messages in a short time.', limit)]
		const headers = { 'Retry-After': String(limit.retryAfterSeconds) }
		return formReply(submission, { formErrors, status: 429, headers }, { sent: false })
	}
	// Bots that fill the hidden field see the normal success; nothing is stored.
	if (isHoneypotFilled(formData)) return formReply(submission, { resetForm: true }, { sent: true })

	if (submission.status !== 'success') return formReply(submission, {}, { sent: false })
	try {
		await createContactMessage(submission.value)
	} catch (error) {
		console.error('Storing a contact message failed', error)
		const formErrors = ['Sorry, we couldn’t send your message just now. Please try again in a moment.']
		return formReply(submission, { formErrors, status: 503 }, { sent: false })
	}
	return formReply(submission, { resetForm: true }, { sent: true })
}

export default function Contact() {
	const business = useBusiness()
	const { hours } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const sending = navigation.state === 'submitting' && navigation.formAction === '/contact'
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
			<PageIntro id="contact-heading" title="Get in Touch">
				{"We'd love to hear from you! Whether you're placing an order, giving feedback, or just saying hello."}
			</PageIntro>

			<div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 md:grid-cols-2 md:py-16">
				<section aria-labelledby="our-bakery-heading">
					<h2 id="our-bakery-heading" className="font-display text-3xl font-bold">
						Our Bakery
					</h2>
					<p className="mt-2">
						{business.name}, in the heart of {business.address.locality}, {business.address.region}.
					</p>
					<ScheduleNotices
						notices={hours.notices}
						headingId="contact-notices-heading"
						headingLevel="h3"
						className="mt-6"
					/>
					<div className="mt-6">
						<ContactDetails openingHours={hours.openingHours} />
					</div>
					<MapEmbed title="Bakery Location Map" className="mt-8" />
				</section>

				<section aria-labelledby="send-message-heading">
					<h2 id="send-message-heading" className="font-display text-3xl font-bold">
						Send a Message
					</h2>
					<p className="mt-2">All fields are required. We usually reply within one business day.</p>

					{actionData?.sent ? (
						<div ref={statusRef} tabIndex={-1} className="mt-6 outline-none">
							<FormStatus tone="success">{SENT_MESSAGE}</FormStatus>
						</div>
					) : null}

					<Form method="post" {...getFormProps(form)} className="relative mt-6">
						<HoneypotField />
						<FormErrors id={form.errorId} errors={form.errors} />
						<TextField meta={fields.name} label="Name" placeholder="Your Name" autoComplete="name" />
						<TextField meta={fields.email} label="Email" type="email" placeholder="Your Email" autoComplete="email" />
						<TextareaField meta={fields.message} label="Message" placeholder="Your Message" rows={6} />
						<button type="submit" className={`${buttonClass} mt-2`} disabled={sending}>
							{sending ? 'Sending…' : 'Send Message'}
						</button>
					</Form>
				</section>
			</div>
		</>
	)
}
