import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { redirect, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { RadioGroupField } from '~/components/admin/radio-group-field'
import { PageIntro } from '~/components/page-intro'
import { buttonClass } from '~/components/ui/button-classes'
import { FieldErrors, FormErrors, TextareaField, TextField } from '~/components/ui/forms'
import { giftCardPurchaseSchema, PRESET_AMOUNTS_CENTS } from '~/domain/wallet/gift-card-purchase'
import { startGiftCardPurchase } from '~/domain/wallet/gift-card-purchase.server'
import { bodyProblems, readForm } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'
import type { MessageKey } from '~/utils/i18n'
import { useLocale, useLocalizedPath, useT } from '~/utils/i18n-react'
import { requestLocale, translator } from '~/utils/i18n.server'
import { formatPrice } from '~/utils/money'
import { consumeRateLimit, retryMinutes } from '~/utils/rate-limit.server'
import { clientKey, siteOrigin } from '~/utils/request.server'
import { withRetryAfter } from '~/utils/route-headers'
import { metaTranslator, pageMeta } from '~/utils/seo'

export const headers = withRetryAfter()

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('giftCards.buyTitle'), description: t('giftCards.buyDescription') })
}

const noStore = { 'Cache-Control': 'private, no-store' }

const refusals = {
	'payments-off': { status: 503, key: 'giftCards.paymentsOff' },
	'payment-failed': { status: 502, key: 'giftCards.paymentFailed' },
} as const satisfies Record<string, { status: number; key: MessageKey }>

/** Records the purchase and sends the browser to the payment page; the server prices it from the chosen amount. */
export async function action({ request, context }: ActionFunctionArgs) {
	const locale = requestLocale(request)
	const t = translator(locale)
	const limit = await consumeRateLimit('checkout', clientKey(context))
	if (!limit.allowed) {
		const formErrors = [t('giftCards.buyRateLimited', { minutes: retryMinutes(limit) })]
		const headers = { ...noStore, 'Retry-After': String(limit.retryAfterSeconds) }
		return formReply(null, { status: 429, headers, formErrors })
	}
	const body = await readForm(request)
	if (!body.ok) {
		const { status } = bodyProblems[body.problem]
		return formReply(null, { status, headers: noStore, formErrors: [t('giftCards.buyUnreadable')] })
	}
	const submission = parseWithZod(body.value, { schema: giftCardPurchaseSchema })
	if (submission.status !== 'success') return formReply(submission, { headers: noStore, locale })
	const started = await startGiftCardPurchase(submission.value, { origin: siteOrigin(request), locale })
	if (started.ok) return redirect(started.url, { headers: noStore })
	if (started.reason === 'deliver-on-range') {
		const fieldErrors = { deliverOn: [t('giftCards.deliverOnInvalid')] }
		return formReply(submission, { fieldErrors, headers: noStore })
	}
	const { status, key } = refusals[started.reason]
	return formReply(submission, { status, headers: noStore, formErrors: [t(key)] })
}

export default function GiftCards() {
	const actionData = useActionData<typeof action>()
	const busy = useNavigation().state !== 'idle'
	const t = useT()
	const locale = useLocale()
	const localize = useLocalizedPath()
	const [form, fields] = useForm({
		id: 'buy-gift-card',
		lastResult: actionData?.result,
		constraint: getZodConstraint(giftCardPurchaseSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: giftCardPurchaseSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	// Without JavaScript every field shows; with it, the recipient's fields only when the card is for someone else.
	const [forWhom, setForWhom] = useState<string | undefined>(undefined)
	const showRecipient = forWhom !== 'self'
	return (
		<>
			<PageIntro id="gift-cards-heading" title={t('giftCards.buyHeading')}>
				{t('giftCards.buyIntro')}
			</PageIntro>
			<div className="mx-auto grid max-w-2xl gap-8 px-4 py-12">
				<Form
					method="post"
					{...getFormProps(form)}
					onChange={(event) => {
						const target = event.target as HTMLInputElement
						if (target.name === fields.forWhom.name) setForWhom(target.value)
					}}
				>
					<FormErrors id={form.errorId} errors={form.errors} />
					<RadioGroupField
						meta={fields.amount}
						legend={t('giftCards.amountLegend')}
						options={[
							...PRESET_AMOUNTS_CENTS.map((cents) => ({ value: String(cents), label: formatPrice(cents, locale) })),
							{ value: 'custom', label: t('giftCards.amountCustom') },
						]}
					/>
					<TextField meta={fields.customAmount} label={t('giftCards.customAmountLabel')} inputMode="decimal" />
					<TextField meta={fields.buyerName} label={t('giftCards.buyerNameLabel')} autoComplete="name" />
					<TextField
						meta={fields.buyerEmail}
						label={t('giftCards.buyerEmailLabel')}
						hint={t('giftCards.buyerEmailHint')}
						type="email"
						autoComplete="email"
					/>
					<RadioGroupField
						meta={fields.forWhom}
						legend={t('giftCards.forWhomLegend')}
						options={[
							{ value: 'self', label: t('giftCards.forSelf') },
							{ value: 'recipient', label: t('giftCards.forRecipient') },
						]}
					/>
					<div hidden={!showRecipient}>
						<TextField meta={fields.recipientName} label={t('giftCards.recipientNameLabel')} autoComplete="off" />
						<TextField
							meta={fields.recipientEmail}
							label={t('giftCards.recipientEmailLabel')}
							type="email"
							autoComplete="off"
						/>
						<TextField
							meta={fields.recipientPhone}
							label={t('giftCards.recipientPhoneLabel')}
							hint={t('giftCards.recipientPhoneHint')}
							type="tel"
							autoComplete="off"
						/>
						<div className="mb-2 flex items-start gap-2">
							<input
								type="checkbox"
								id={fields.recipientTextAgreed.id}
								name={fields.recipientTextAgreed.name}
								defaultChecked={fields.recipientTextAgreed.initialValue === 'on'}
								aria-invalid={fields.recipientTextAgreed.errors ? true : undefined}
								aria-describedby={fields.recipientTextAgreed.errors ? fields.recipientTextAgreed.errorId : undefined}
								className="mt-1 h-5 w-5 accent-cinnamon"
							/>
							<label htmlFor={fields.recipientTextAgreed.id}>{t('giftCards.recipientTextAgreedLabel')}</label>
						</div>
						<FieldErrors id={fields.recipientTextAgreed.errorId} errors={fields.recipientTextAgreed.errors} />
						<TextareaField meta={fields.message} label={t('giftCards.messageLabel')} rows={3} />
						<TextField
							meta={fields.deliverOn}
							label={t('giftCards.deliverOnLabel')}
							hint={t('giftCards.deliverOnHint')}
							type="date"
						/>
					</div>
					<button type="submit" className={`${buttonClass} mt-4`} disabled={busy}>
						{busy ? t('giftCards.buying') : t('giftCards.buyButton')}
					</button>
				</Form>
				<p>
					<Link to={localize('/gift-cards/balance')} className="font-semibold underline underline-offset-4">
						{t('giftCards.balanceLink')}
					</Link>
				</p>
			</div>
		</>
	)
}
