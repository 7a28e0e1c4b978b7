import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { FormErrors, FormStatus, TextField } from '~/components/ui/forms'
import { buttonClass, outlineButtonClass } from '~/components/ui/button-classes'
import { PageIntro } from '~/components/page-intro'
import { pendingSignInEmail, requestSignInCode, verifySignInCode } from '~/domain/customers/sign-in.server'
import { hashSignInCode } from '~/domain/customers/sign-in-code-crypto.server'
import { normalizeEmail, SIGN_IN_CODE_DIGITS } from '~/domain/customers/sign-in-rules'
import { readForm } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'
import { localizedPath } from '~/utils/i18n'
import { useT } from '~/utils/i18n-react'
import { requestLocale, translator } from '~/utils/i18n.server'
import { withOutagePolicy } from '~/utils/outage.server'
import { consumeRateLimit, retryMinutes } from '~/utils/rate-limit.server'
import { clientKey } from '~/utils/request.server'
import { withRetryAfter } from '~/utils/route-headers'
import { metaTranslator, pageMeta } from '~/utils/seo'

const codeSchema = z.object({
	code: z
		.string({ required_error: 'account.codeRequired' })
		.trim()
		.regex(new RegExp(`^\\d{${SIGN_IN_CODE_DIGITS}}$`), 'account.codeFormat'),
})

export const headers = withRetryAfter()

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('account.codeTitle'), description: t('account.codeTitle'), noindex: true })
}

/** Only while this browser is signing in (the sign-in cookie names the address); else back to the e-mail field. */
export async function loader({ request }: LoaderFunctionArgs) {
	const locale = requestLocale(request)
	const email = await pendingSignInEmail(request)
	if (!email) throw redirect(localizedPath('/account/sign-in', locale))
	const sent = new URL(request.url).searchParams.has('sent')
	return data({ email, sent }, { headers: { 'Cache-Control': 'private, no-store' } })
}

type CodeState = 'expired' | 'exhausted' | null

export async function action({ request, context }: ActionFunctionArgs) {
	const locale = requestLocale(request)
	const t = translator(locale)
	const body = await readForm(request)
	if (!body.ok) return formReply(null, { formErrors: ['account.formUnreadable'], status: 400, locale }, { state: null })
	const limit = await consumeRateLimit('customerSignIn', clientKey(context))
	const refused = (submission: Parameters<typeof formReply>[0], retryAfterSeconds: number) =>
		formReply(
			submission,
			{
				formErrors: [t('account.rateLimited', { minutes: retryMinutes({ retryAfterSeconds }) })],
				status: 429,
				headers: { 'Retry-After': String(retryAfterSeconds) },
				locale,
			},
			{ state: null as CodeState },
		)
	const codePath = localizedPath('/account/code', locale)

	if (body.value.get('intent') === 'resend') {
		if (!limit.allowed) return refused(null, limit.retryAfterSeconds)
		const email = await pendingSignInEmail(request)
		if (!email) throw redirect(localizedPath('/account/sign-in', locale))
		const perAddress = await consumeRateLimit('customerCodeMail', `email:${hashSignInCode(normalizeEmail(email))}`)
		if (!perAddress.allowed) return refused(null, perAddress.retryAfterSeconds)
		const response = await withOutagePolicy(() => requestSignInCode({ request, email: null, locale, codePath }))
		response.headers.set('Location', `${codePath}?sent=1`)
		return response
	}

	const submission = parseWithZod(body.value, { schema: codeSchema })
	if (!limit.allowed) return refused(submission, limit.retryAfterSeconds)
	if (submission.status !== 'success') return formReply(submission, { locale }, { state: null as CodeState })
	const result = await withOutagePolicy(() =>
		verifySignInCode({ request, code: submission.value.code, fallbackPath: localizedPath('/account', locale) }),
	)
	switch (result.outcome) {
		case 'signed-in':
			return result.response
		case 'wrong':
			return formReply(
				submission,
				{ fieldErrors: { code: [t('account.codeWrong', { count: result.attemptsLeft })] }, locale },
				{ state: null as CodeState },
			)
		case 'exhausted':
		case 'expired':
			return formReply(
				submission,
				{ formErrors: [t(result.outcome === 'expired' ? 'account.codeExpired' : 'account.codeExhausted')], locale },
				{ state: result.outcome as CodeState },
			)
	}
}

export default function AccountCode() {
	const { email, sent } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const t = useT()
	const [form, fields] = useForm({
		id: 'account-code',
		lastResult: actionData?.result,
		constraint: getZodConstraint(codeSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: codeSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const needsNewCode = actionData?.state === 'expired' || actionData?.state === 'exhausted'
	return (
		<>
			<PageIntro id="code-heading" title={t('account.codeHeading')}>
				{t('account.codeIntro', { email })}
			</PageIntro>
			<div className="mx-auto max-w-md px-4 py-12">
				{sent && !actionData ? <FormStatus tone="success">{t('account.codeResent')}</FormStatus> : null}
				<Form method="post" {...getFormProps(form)}>
					<FormErrors id={form.errorId} errors={form.errors} />
					<TextField
						meta={fields.code}
						label={t('account.codeLabel')}
						hint={t('account.codeHint')}
						inputMode="numeric"
						autoComplete="one-time-code"
						maxLength={SIGN_IN_CODE_DIGITS}
					/>
					<button type="submit" name="intent" value="verify" className={`${buttonClass} mt-2`}>
						{t('account.verify')}
					</button>
				</Form>
				<Form method="post" className="mt-8">
					{needsNewCode ? <p className="mb-2">{t('account.needNewCode')}</p> : null}
					<button type="submit" name="intent" value="resend" className={`${outlineButtonClass} px-5 py-2`}>
						{t('account.sendNewCode')}
					</button>
				</Form>
			</div>
		</>
	)
}
