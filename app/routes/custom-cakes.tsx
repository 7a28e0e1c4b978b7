import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { z } from 'zod'
import { FormErrors, FormStatus, SelectField, TextareaField, TextField } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import { HoneypotField } from '~/components/honeypot-field'
import { submitCustomCakeRequest } from '~/domain/cake-quotes/models/custom-cake-request.server'
import { isHoneypotFilled } from '~/utils/honeypot'
import { consumeRateLimit, retryMinutes } from '~/utils/rate-limit.server'
import type { MessageKey } from '~/utils/i18n'
import { useLocalizedPath, useT, useTranslateMessage } from '~/utils/i18n-react'
import { requestLocale, translator } from '~/utils/i18n.server'
import { clientKey } from '~/utils/request.server'
import { withRetryAfter } from '~/utils/route-headers'
import { metaTranslator, pageMeta } from '~/utils/seo'
import { acceptedImageTypes, imageFileField, publicPhotoUpload } from '~/utils/upload-rules'
import { checkImageForm, readImageForm, uploadFailureReply } from '~/utils/uploads.server'
import { useHydrated } from '~/utils/hydration'

const cakeTypes = ['Chocolate', 'Vanilla', 'Tres Leches', 'Fruit'] as const
const REDIRECT_SECONDS = 20

/** The cake types as the form names them; the value sent stays the English name the owner reads. */
const cakeTypeKeys = {
	Chocolate: 'requests.cakeTypeChocolate',
	Vanilla: 'requests.cakeTypeVanilla',
	'Tres Leches': 'requests.cakeTypeTresLeches',
	Fruit: 'requests.cakeTypeFruit',
} as const satisfies Record<(typeof cakeTypes)[number], MessageKey>

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
		.string({ required_error: 'requests.nameRequired' })
		.trim()
		.min(1, 'requests.nameRequired')
		.max(100, 'requests.nameTooLong'),
	phone: z
		.string({ required_error: 'requests.phoneRequired' })
		.trim()
		.max(30, 'requests.phoneTooLong')
		.refine(isPhoneNumber, 'requests.phoneInvalid'),
	email: z
		.string({ required_error: 'requests.emailRequired' })
		.trim()
		.max(254, 'requests.emailTooLong')
		.email('requests.emailInvalid'),
	type: z.enum(cakeTypes, { errorMap: () => ({ message: 'requests.cakeTypeRequired' }) }),
	size: z
		.string({ required_error: 'requests.sizeRequired' })
		.trim()
		.min(1, 'requests.sizeRequired')
		.max(50, 'requests.sizeTooLong'),
	message: z.string().trim().max(2000, 'requests.cakeMessageTooLong').optional(),
	image: imageFileField(publicPhotoUpload).optional(),
	submissionToken: z
		.string()
		.regex(/^[A-Za-z0-9-]{16,64}$/)
		.optional(),
})

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('requests.cakesTitle'), description: t('requests.cakesDescription') })
}

// Each page view carries its own submission token: never let a cache hand one to someone else.
export const headers = withRetryAfter({ 'Cache-Control': 'no-store' })

export function loader() {
	return { submissionToken: crypto.randomUUID() }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const locale = requestLocale(request)
	const parsed = await readImageForm(request, publicPhotoUpload)
	const limit = await consumeRateLimit('form', clientKey(context))
	const form = await checkImageForm(parsed, schema, publicPhotoUpload)
	if (!limit.allowed) {
		const minutes = retryMinutes(limit)
		const formErrors = [translator(locale)('requests.cakeRateLimited', { minutes })]
		const headers = { 'Retry-After': String(limit.retryAfterSeconds) }
		return form.reply({ formErrors, status: 429, headers, locale }, { submitted: false })
	}
	// Bots that fill the hidden field see the normal thank-you; nothing is stored.
	if (isHoneypotFilled(parsed.formData)) return form.reply({ resetForm: true, locale }, { submitted: true })
	if (!form.value) return form.reply({ ...form.refusal, locale }, { submitted: false })

	const outcome = await submitCustomCakeRequest({ ...form.value, locale })
	if (!outcome.ok) {
		return form.reply({ ...uploadFailureReply(outcome.failure, publicPhotoUpload), locale }, { submitted: false })
	}
	return form.reply({ resetForm: true, locale }, { submitted: true })
}

export default function CustomCakes() {
	const { submissionToken } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const hydrated = useHydrated()
	const t = useT()
	const translate = useTranslateMessage()
	const localize = useLocalizedPath()
	const cakeTypeOptions = cakeTypes.map((type) => ({ value: type, label: t(cakeTypeKeys[type]) }))
	const submitting = navigation.state === 'submitting' && navigation.formAction === localize('/custom-cakes')
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
			<h1 className="font-display text-4xl font-bold">{t('requests.cakesTitle')}</h1>
			<p className="mt-3 text-lg">{t('requests.cakesIntro')}</p>

			<Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="relative mt-8">
				<input type="hidden" name="submissionToken" value={submissionToken} />
				<HoneypotField />
				<FormErrors id={form.errorId} errors={form.errors} />

				<TextField
					meta={fields.name}
					label={<Required>{t('requests.nameLabel')}</Required>}
					autoComplete="name"
					{...focusProps('name')}
				/>
				<TextField
					meta={fields.phone}
					label={<Required>{t('requests.phoneLabel')}</Required>}
					type="tel"
					autoComplete="tel"
					{...focusProps('phone')}
				/>
				<TextField
					meta={fields.email}
					label={<Required>{t('requests.emailLabel')}</Required>}
					type="email"
					autoComplete="email"
					{...focusProps('email')}
				/>
				<SelectField
					meta={fields.type}
					label={<Required>{t('requests.cakeTypeLabel')}</Required>}
					options={cakeTypeOptions}
					placeholder={t('requests.cakeTypePlaceholder')}
					{...focusProps('type')}
				/>
				<TextField
					meta={fields.size}
					label={<Required>{t('requests.sizeLabel')}</Required>}
					placeholder={t('requests.sizePlaceholder')}
					{...focusProps('size')}
				/>
				<TextareaField
					meta={fields.message}
					label={t('requests.cakeMessageLabel')}
					hint={t('requests.cakeMessageHint')}
					rows={5}
					{...focusProps('message')}
				/>
				<TextField
					meta={fields.image}
					label={t('requests.photoLabel')}
					hint={t('requests.photoOptional', {
						hint: translate(
							actionData?.imageAttached && !hydrated
								? publicPhotoUpload.messages.chooseAgain
								: publicPhotoUpload.messages.hint,
						),
					})}
					type="file"
					accept={acceptedImageTypes.join(',')}
					{...focusProps('image')}
				/>

				<button type="submit" className={`${buttonClass} mt-4`} disabled={submitting}>
					{submitting ? t('requests.cakeSubmitting') : t('requests.cakeSubmit')}
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
	const t = useT()
	const localize = useLocalizedPath()
	const home = localize('/')
	const [staying, setStaying] = useState(false)
	const messageRef = useRef<HTMLDivElement>(null)

	useEffect(() => {
		messageRef.current?.focus()
	}, [])
	useEffect(() => {
		if (staying) return
		const timer = setTimeout(() => navigate(home), REDIRECT_SECONDS * 1000)
		return () => clearTimeout(timer)
	}, [navigate, staying, home])

	return (
		<section className="mx-auto max-w-2xl px-4 py-12">
			{/* Without JavaScript the browser does the redirect. */}
			{hydrated ? null : <meta httpEquiv="refresh" content={`${REDIRECT_SECONDS};url=${home}`} />}
			<h1 className="font-display text-4xl font-bold">{t('requests.cakesTitle')}</h1>
			<div ref={messageRef} tabIndex={-1} className="mt-6 outline-none">
				<FormStatus tone="success">
					<p className="text-lg">{staying ? t('requests.cakeThanks') : t('requests.cakeThanksRedirecting')}</p>
				</FormStatus>
			</div>
			<div className="mt-6 flex flex-wrap items-center gap-4">
				<Link to={home} className="font-semibold text-cinnamon underline underline-offset-4 hover:text-cocoa">
					{t('requests.goHomeNow')}
				</Link>
				{hydrated && !staying ? (
					<button type="button" className="underline underline-offset-4" onClick={() => setStaying(true)}>
						{t('requests.stayOnPage')}
					</button>
				) : null}
			</div>
		</section>
	)
}
