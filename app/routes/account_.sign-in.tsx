import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { FormErrors, TextField } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import { PageIntro } from '~/components/page-intro'
import { PasskeySignIn } from '~/components/account/passkeys'
import { getCustomer } from '~/domain/customers/session.server'
import { requestSignInCode } from '~/domain/customers/sign-in.server'
import { hashSignInCode } from '~/domain/customers/sign-in-code-crypto.server'
import { normalizeEmail } from '~/domain/customers/sign-in-rules'
import { readForm } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'
import { localizedPath } from '~/utils/i18n'
import { useT } from '~/utils/i18n-react'
import { requestLocale, translator } from '~/utils/i18n.server'
import { withOutagePolicy } from '~/utils/outage.server'
import { sameSitePath } from '~/utils/page-path'
import { consumeRateLimit, retryMinutes } from '~/utils/rate-limit.server'
import { clientKey } from '~/utils/request.server'
import { withRetryAfter } from '~/utils/route-headers'
import { metaTranslator, pageMeta } from '~/utils/seo'

const signInSchema = z.object({
	email: z
		.string({ required_error: 'account.emailRequired' })
		.trim()
		.max(254, 'account.emailInvalid')
		.email('account.emailInvalid'),
	redirectTo: z.string().optional(),
})

export const headers = withRetryAfter()

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('account.signInTitle'), description: t('account.signInIntro'), noindex: true })
}

/** Where to go after signing in: a same-site path, by default the account page in this language. */
function redirectTarget(value: unknown, locale: ReturnType<typeof requestLocale>) {
	return sameSitePath(typeof value === 'string' ? value : null, localizedPath('/account', locale))
}

export async function loader({ request }: LoaderFunctionArgs) {
	const locale = requestLocale(request)
	const url = new URL(request.url)
	const redirectTo = redirectTarget(url.searchParams.get('redirectTo'), locale)
	if (await getCustomer(request)) throw redirect(redirectTo)
	return data(
		{
			email: url.searchParams.get('email')?.slice(0, 254) ?? '',
			redirectTo,
			notice: url.searchParams.get('expired') ? ('expired' as const) : null,
		},
		{ headers: { 'Cache-Control': 'private, no-store' } },
	)
}

export async function action({ request, context }: ActionFunctionArgs) {
	const locale = requestLocale(request)
	const body = await readForm(request)
	if (!body.ok) return formReply(null, { formErrors: ['account.formUnreadable'], status: 400, locale })
	const submission = parseWithZod(body.value, { schema: signInSchema })
	if (submission.status !== 'success') return formReply(submission, { locale })
	const t = translator(locale)
	// One budget per client and one per address, the same whatever the address (no account is looked up).
	for (const limit of [
		await consumeRateLimit('customerSignIn', clientKey(context)),
		await consumeRateLimit('customerCodeMail', `email:${hashSignInCode(normalizeEmail(submission.value.email))}`),
	]) {
		if (!limit.allowed) {
			const formErrors = [t('account.rateLimited', { minutes: retryMinutes(limit) })]
			const headers = { 'Retry-After': String(limit.retryAfterSeconds) }
			return formReply(submission, { formErrors, status: 429, headers, locale })
		}
	}
	return withOutagePolicy(() =>
		requestSignInCode({
			request,
			email: submission.value.email,
			locale,
			codePath: localizedPath('/account/code', locale),
			redirectTo: redirectTarget(submission.value.redirectTo, locale),
		}),
	)
}

export default function AccountSignIn() {
	const { email, redirectTo, notice } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const t = useT()
	const [form, fields] = useForm({
		id: 'account-sign-in',
		lastResult: actionData?.result,
		defaultValue: { email, redirectTo },
		constraint: getZodConstraint(signInSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<>
			<PageIntro id="sign-in-heading" title={t('account.signInHeading')}>
				{t('account.signInIntro')}
			</PageIntro>
			<div className="mx-auto max-w-md px-4 py-12">
				{notice === 'expired' ? <p className="mb-4 font-semibold">{t('account.linkExpired')}</p> : null}
				<Form method="post" {...getFormProps(form)}>
					<FormErrors id={form.errorId} errors={form.errors} />
					<input type="hidden" name={fields.redirectTo.name} value={redirectTo} />
					<TextField meta={fields.email} label={t('account.emailLabel')} type="email" autoComplete="email" />
					<button type="submit" className={`${buttonClass} mt-2`}>
						{t('account.sendCode')}
					</button>
				</Form>
				<PasskeySignIn redirectTo={redirectTo} />
				<p className="mt-6 text-sm">{t('account.signInGuestNote')}</p>
			</div>
		</>
	)
}
