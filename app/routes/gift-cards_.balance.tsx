import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import { PageIntro } from '~/components/page-intro'
import { buttonClass } from '~/components/ui/button-classes'
import { FormErrors, FormStatus, TextField } from '~/components/ui/forms'
import { WalletEntries } from '~/components/wallet/wallet-entries'
import { checkGiftCardBalance } from '~/domain/wallet/balance-check.server'
import { customerEntries } from '~/domain/wallet/wallet-view.server'
import { bodyProblems, readForm } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'
import { useLocale, useLocalizedPath, useT } from '~/utils/i18n-react'
import { requestLocale, translator } from '~/utils/i18n.server'
import { formatPrice } from '~/utils/money'
import { retryMinutes } from '~/utils/rate-limit.server'
import { clientKey } from '~/utils/request.server'
import { withRetryAfter } from '~/utils/route-headers'
import { metaTranslator, pageMeta } from '~/utils/seo'

/** Only what a customer must type; whether it is a well-formed code is never said apart from whether it exists. */
const balanceSchema = z.object({
	code: z
		.string({ required_error: 'giftCards.codeRequired' })
		.trim()
		.min(1, 'giftCards.codeRequired')
		.max(40, 'giftCards.codeNotFound'),
})

export const headers = withRetryAfter()

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('giftCards.balanceTitle'), description: t('giftCards.balanceDescription') })
}

const privateHeaders = { 'Cache-Control': 'private, no-store' }

export async function action({ request, context }: ActionFunctionArgs) {
	const locale = requestLocale(request)
	const body = await readForm(request)
	if (!body.ok) {
		const { status } = bodyProblems[body.problem]
		const formErrors = ['giftCards.balanceUnreadable']
		return formReply(null, { formErrors, status, locale, headers: privateHeaders }, { card: null })
	}
	const submission = parseWithZod(body.value, { schema: balanceSchema })
	if (submission.status !== 'success') return formReply(submission, { locale, headers: privateHeaders }, { card: null })
	const checked = await checkGiftCardBalance(submission.value.code, clientKey(context))
	if (!checked.ok && checked.reason === 'rate-limited') {
		const minutes = retryMinutes(checked.limit)
		const formErrors = [translator(locale)('giftCards.balanceRateLimited', { minutes })]
		const headers = { ...privateHeaders, 'Retry-After': String(checked.limit.retryAfterSeconds) }
		return formReply(submission, { formErrors, status: 429, headers, locale }, { card: null })
	}
	if (!checked.ok) {
		const fieldErrors = { code: [translator(locale)('giftCards.codeNotFound')] }
		return formReply(submission, { fieldErrors, status: 404, locale, headers: privateHeaders }, { card: null })
	}
	const { last4, status, balanceCents, heldCents, entries } = checked.card
	const card = { last4, voided: status === 'VOID', balanceCents, heldCents, entries: customerEntries(entries, locale) }
	return formReply(submission, { locale, headers: privateHeaders }, { card })
}

export default function GiftCardBalance() {
	const actionData = useActionData<typeof action>()
	const checking = useNavigation().state === 'submitting'
	const t = useT()
	const locale = useLocale()
	const localize = useLocalizedPath()
	const [form, fields] = useForm({
		id: 'gift-card-balance',
		lastResult: actionData?.result,
		constraint: getZodConstraint(balanceSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: balanceSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const card = actionData?.card
	return (
		<>
			<PageIntro id="balance-heading" title={t('giftCards.balanceHeading')}>
				{t('giftCards.balanceIntro')}
			</PageIntro>
			<div className="mx-auto grid max-w-3xl gap-10 px-4 py-12">
				<Form method="post" {...getFormProps(form)} className="max-w-md">
					<FormErrors id={form.errorId} errors={form.errors} />
					<TextField
						meta={fields.code}
						label={t('giftCards.codeLabel')}
						hint={t('giftCards.codeHint')}
						autoComplete="off"
						autoCapitalize="characters"
						spellCheck={false}
					/>
					<button type="submit" className={`${buttonClass} mt-2`} disabled={checking}>
						{checking ? t('giftCards.checking') : t('giftCards.checkBalance')}
					</button>
				</Form>
				{card ? (
					<section aria-labelledby="card-result-heading">
						<h2 id="card-result-heading" className="font-display text-2xl font-bold">
							{t('giftCards.balanceResult', { last4: card.last4 })}
						</h2>
						<FormStatus tone="success">
							<p className="text-xl font-semibold" data-testid="gift-card-balance">
								{t('giftCards.balanceAmount', { amount: formatPrice(card.balanceCents, locale) })}
							</p>
							{card.heldCents > 0 ? (
								<p>{t('giftCards.creditHeld', { amount: formatPrice(card.heldCents, locale) })}</p>
							) : null}
							{card.voided ? <p>{t('giftCards.cardVoided')}</p> : null}
						</FormStatus>
						<WalletEntries entries={card.entries} />
					</section>
				) : null}
				<p>
					<Link to={localize('/gift-cards')} className="font-semibold underline underline-offset-4">
						{t('giftCards.buyLink')}
					</Link>
				</p>
			</div>
		</>
	)
}
