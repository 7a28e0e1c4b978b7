import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { z } from 'zod'
import { FormErrors, FormStatus, SelectField, TextareaField, TextField } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import { HoneypotField } from '~/components/honeypot-field'
import { submitCustomCakeRequest } from '~/models/custom-cake-request.server'
import { isHoneypotFilled } from '~/utils/honeypot'
import { consumeRateLimit, rateLimitedMessage } from '~/utils/rate-limit.server'
import { clientKey } from '~/utils/request.server'
import { withRetryAfter } from '~/utils/route-headers'
import { pageMeta } from '~/utils/seo'
import { acceptedImageTypes, imageFileField, publicPhotoUpload } from '~/utils/upload-rules'
import { checkImageForm, readImageForm, uploadFailureReply } from '~/utils/uploads.server'
import { useHydrated } from '~/utils/use-hydrated'

const cakeTypes = ['Chocolate', 'Vanilla', 'Tres Leches', 'Fruit'] as const
const REDIRECT_SECONDS = 20

/** US numbers such as (425) 555-0142 or 425.555.0142, and international ones such as +55 11 91234-5678. */
function isPhoneNumber(value: string) {
	const withoutExtension = value.replace(/\s*(?:ext\.?|x|#)\s*\d{1,6}$/i, '')
	if (!/^\+?[\d\s().-]+$/.test(withoutExtension)) return false
	const digits = withoutExtension.replace(/\D/g, '')
	return digits.length >= 10 && digits.length <= 15
}

/** One schema for the browser (Conform) and the server. */
const schema = z.object({
	name: z
		.string({ required_error: 'Please enter your name.' })
		.trim()
		.min(1, 'Please enter your name.')
		.max(100, 'Please keep your name under 100 characters.'),
	phone: z
		.string({ required_error: 'Please enter your phone number.' })
		.trim()
		.max(30, 'Please keep the phone number under 30 characters.')
		.refine(isPhoneNumber, 'Please enter a valid phone number, e.g. (425) 555-0142 or +55 11 91234-5678.'),
	email: z
		.string({ required_error: 'Please enter your email address.' })
		.trim()
		.max(254, 'Please keep the email address under 254 characters.')
		.email('Please enter a valid email address, e.g. name@example.com.'),
	type: z.enum(cakeTypes, { errorMap: () => ({ message: 'Please choose a cake type.' }) }),
	size: z
		.string({ required_error: 'Please enter a size, e.g. 8-inch, 10-inch or 12-inch.' })
		.trim()
		.min(1, 'Please enter a size, e.g. 8-inch, 10-inch or 12-inch.')
		.max(50, 'Please keep the size under 50 characters.'),
	message: z.string().trim().max(2000, 'Please keep the message under 2,000 characters.').optional(),
	image: imageFileField(publicPhotoUpload).optional(),
	submissionToken: z
		.string()
		.regex(/^[A-Za-z0-9-]{16,64}$/)
		.optional(),
})

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Custom Cakes',
		description: 'Request a custom cake for your celebration: choose the type and size and tell us your ideas.',
	})

// Each page view carries its own submission token: never let a cache hand one to someone else.
export const headers = withRetryAfter({ 'Cache-Control': 'no-store' })

export function loader() {
	return { submissionToken: crypto.randomUUID() }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const parsed = await readImageForm(request, publicPhotoUpload)
	const limit = await consumeRateLimit('form', clientKey(context))
	const form = await checkImageForm(parsed, schema, publicPhotoUpload)
	if (!limit.allowed) {
		const formErrors = [rateLimitedMessage('Too many requests from your connection.', limit)]
		const headers = { 'Retry-After': String(limit.retryAfterSeconds) }
		return form.reply({ formErrors, status: 429, headers }, { submitted: false })
	}
	// Bots that fill the hidden field see the normal thank-you; nothing is stored.
	if (isHoneypotFilled(parsed.formData)) return form.reply({ resetForm: true }, { submitted: true })
	if (!form.value) return form.reply(form.refusal, { submitted: false })

	const outcome = await submitCustomCakeRequest(form.value)
	if (!outcome.ok) return form.reply(uploadFailureReply(outcome.failure, publicPhotoUpload), { submitted: false })
	return form.reply({ resetForm: true }, { submitted: true })
}

export default function CustomCakes() {
	const { submissionToken } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const hydrated = useHydrated()
	const submitting = navigation.state === 'submitting' && navigation.formAction === '/custom-cakes'
	const [form, fields] = useForm({
		id: 'custom-cake-request',
		lastResult: actionData?.result,
		constraint: getZodConstraint(schema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})

	if (actionData?.submitted) return <ThankYou hydrated={hydrated} />

	// Without JavaScript the server's page is all there is: put the cursor on the first field to fix.
	const firstInvalid = hydrated
		? undefined
		: (['name', 'phone', 'email', 'type', 'size', 'message', 'image'] as const).find(
				(name) => fields[name].errors?.length,
			)
	const focusProps = (name: typeof firstInvalid) => (name === firstInvalid ? { autoFocus: true } : {})

	return (
		<section className="mx-auto max-w-2xl px-4 py-12">
			<h1 className="font-display text-4xl font-bold">Custom Cakes</h1>
			<p className="mt-3 text-lg">
				Celebrating something? Tell us about the cake you have in mind and we’ll get back to you to plan it together.
				Fields marked with * are required.
			</p>

			<Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="relative mt-8">
				<input type="hidden" name="submissionToken" value={submissionToken} />
				<HoneypotField />
				<FormErrors id={form.errorId} errors={form.errors} />

				<TextField meta={fields.name} label={<Required>Name</Required>} autoComplete="name" {...focusProps('name')} />
				<TextField
					meta={fields.phone}
					label={<Required>Phone</Required>}
					type="tel"
					autoComplete="tel"
					{...focusProps('phone')}
				/>
				<TextField
					meta={fields.email}
					label={<Required>Email</Required>}
					type="email"
					autoComplete="email"
					{...focusProps('email')}
				/>
				<SelectField
					meta={fields.type}
					label={<Required>Cake type</Required>}
					options={cakeTypes}
					placeholder="Choose a type"
					{...focusProps('type')}
				/>
				<TextField
					meta={fields.size}
					label={<Required>Size</Required>}
					placeholder="e.g. 8-inch, 10-inch or 12-inch"
					{...focusProps('size')}
				/>
				<TextareaField
					meta={fields.message}
					label="Message"
					hint="Occasion, date, flavours, decorations, number of guests…"
					rows={5}
					{...focusProps('message')}
				/>
				<TextField
					meta={fields.image}
					label="Inspiration photo"
					hint={`Optional. ${actionData?.imageAttached && !hydrated ? publicPhotoUpload.messages.chooseAgain : publicPhotoUpload.messages.hint}`}
					type="file"
					accept={acceptedImageTypes.join(',')}
					{...focusProps('image')}
				/>

				<button type="submit" className={`${buttonClass} mt-4`} disabled={submitting}>
					{submitting ? 'Submitting...' : 'Submit Request'}
				</button>
			</Form>
		</section>
	)
}

/** The asterisk is for sighted people; the input's `required` tells assistive technology. */
function Required({ children }: { children: string }) {
	return (
		<>
			{children}{' '}
			<span aria-hidden="true" className="text-cinnamon">
				*
			</span>
		</>
	)
}

function ThankYou({ hydrated }: { hydrated: boolean }) {
	const navigate = useNavigate()
	const [staying, setStaying] = useState(false)
	const messageRef = useRef<HTMLDivElement>(null)

	useEffect(() => {
		messageRef.current?.focus()
	}, [])
	useEffect(() => {
		if (staying) return
		const timer = setTimeout(() => navigate('/'), REDIRECT_SECONDS * 1000)
		return () => clearTimeout(timer)
	}, [navigate, staying])

	return (
		<section className="mx-auto max-w-2xl px-4 py-12">
			{/* Without JavaScript the browser does the redirect. */}
			{hydrated ? null : <meta httpEquiv="refresh" content={`${REDIRECT_SECONDS};url=/`} />}
			<h1 className="font-display text-4xl font-bold">Custom Cakes</h1>
			<div ref={messageRef} tabIndex={-1} className="mt-6 outline-none">
				<FormStatus tone="success">
					<p className="text-lg">
						{staying
							? 'Thank you! We’ll contact you soon.'
							: "Thank you! We'll contact you soon. Redirecting to homepage..."}
					</p>
				</FormStatus>
			</div>
			<div className="mt-6 flex flex-wrap items-center gap-4">
				<Link to="/" className="font-semibold text-cinnamon underline underline-offset-4 hover:text-cocoa">
					Go to the homepage now
				</Link>
				{hydrated && !staying ? (
					<button type="button" className="underline underline-offset-4" onClick={() => setStaying(true)}>
						Stay on this page
					</button>
				) : null}
			</div>
		</section>
	)
}
