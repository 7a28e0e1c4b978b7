import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { PageIntro } from '~/components/page-intro'
import { FormStatus } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import { declineQuote, getCakeQuoteSettings } from '~/domain/cake-quotes/models/cake-quote.server'
import { getPickupSettings } from '~/domain/pickup/models/pickup-schedule.server'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { bodyProblems, readForm } from '~/utils/body.server'
import { readQuoteToken } from '~/domain/cake-quotes/cake-quote-token.server'
import { formatPrice } from '~/utils/money'
import { withOutagePolicy } from '~/utils/outage.server'
import { formatPickupAt } from '~/domain/pickup/pickup-display'
import {
	confirmQuotePayment,
	readQuoteLink,
	startQuotePayment,
	type ClosedQuote,
	type QuotePaymentStart,
} from '~/domain/cake-quotes/quote-checkout.server'
import type { Locale, MessageKey } from '~/utils/i18n'
import { getCustomer } from '~/domain/customers/session.server'
import { spendableStoreCredit } from '~/domain/wallet/index.server'
import { useLocale, useLocalizedPath, useT } from '~/utils/i18n-react'
import { requestLocale, translator } from '~/utils/i18n.server'
import { consumeRateLimit, retryMinutes } from '~/utils/rate-limit.server'
import { clientKey, siteOrigin } from '~/utils/request.server'
import { withRetryAfter } from '~/utils/route-headers'
import { metaTranslator, pageMeta } from '~/utils/seo'

/** The link is personal: never shared by a cache, never indexed. */
const noStore = { 'Cache-Control': 'private, no-store' }

export const headers = withRetryAfter(noStore)

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, {
		title: t('requests.quoteTitle'),
		description: t('requests.quoteDescription'),
		noindex: true,
	})
}

/** 404 for a link we never sent; 410 for one that no longer opens a quote. Nothing says whether other quotes exist. */
const closedStatus: Record<ClosedQuote, number> = {
	invalid: 404,
	replaced: 410,
	expired: 410,
	declined: 200,
	cancelled: 410,
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const token = params.token ?? ''
	const locale = requestLocale(request)
	const sessionId = new URL(request.url).searchParams.get('session_id')
	if (sessionId) await withOutagePolicy(() => confirmQuotePayment(token, sessionId))
	const view = await withOutagePolicy(() => readQuoteLink(token))
	if (!view.open) return data({ view, quote: null }, { status: closedStatus[view.reason], headers: noStore })
	const customer = await getCustomer(request)
	const [{ timeZone }, settings, credit] = await Promise.all([
		getPickupSettings(),
		getCakeQuoteSettings(),
		customer ? withOutagePolicy(() => spendableStoreCredit(customer.id)) : null,
	])
	const { quote } = view
	return data(
		{
			view: { open: true as const },
			quote: {
				name: quote.name,
				type: quote.type,
				size: quote.size,
				message: quote.message,
				photoUrl: quote.imageKey ? `/quote-photo/${token}?w=640` : null,
				status: quote.status,
				priceCents: quote.quoteCents ?? 0,
				depositCents: quote.depositCents ?? 0,
				paidCents: quote.paidCents,
				pickupText: quote.pickupAt ? formatPickupAt(quote.pickupAt, timeZone, locale) : '',
				validUntilText: quote.quoteValidUntil ? formatBakeryDateTime(quote.quoteValidUntil, locale) : '',
				notes: quote.quoteNotes,
				policy: settings.cancellationPolicy,
				returnedFromPayment: Boolean(sessionId),
				/** The wallet paid it all: back here at once (decision 087). */
				paidWithWallet: new URL(request.url).searchParams.get('paid') === 'wallet',
				/** The signed-in customer's store credit they may spend here (0: none, or not signed in). */
				storeCreditCents: credit?.balanceCents ?? 0,
			},
		},
		{ headers: noStore },
	)
}

/** Why no payment page opened, in the customer's words and with its status. */
const payRefusals = {
	'not-payable': { words: 'requests.quoteChanged', status: 409 },
	'payments-off': { words: 'requests.quotePaymentUnavailable', status: 503 },
	'payment-failed': { words: 'requests.quotePaymentUnavailable', status: 503 },
	'gift-card-invalid': { words: 'requests.walletGiftCardInvalid', status: 422 },
	'gift-card-balance': { words: 'requests.walletGiftCardBalance', status: 409 },
	'store-credit-balance': { words: 'requests.walletStoreCreditBalance', status: 409 },
} as const satisfies Record<Extract<QuotePaymentStart, { ok: false }>['reason'], { words: MessageKey; status: number }>

/** The refusal in words: a balance spent meanwhile says what is left now. */
function payRefusalText(refusal: Extract<QuotePaymentStart, { ok: false }>, locale: Locale) {
	const t = translator(locale)
	return 'balanceCents' in refusal
		? t(payRefusals[refusal.reason].words, { balance: formatPrice(refusal.balanceCents, locale) })
		: t(payRefusals[refusal.reason].words)
}

/** Longer than any code with its dashes and spaces; what is typed is kept to show again, never more. */
const GIFT_CARD_CODE_MAX = 40

const bodyProblemWords = {
	'too-large': 'requests.quoteTooLarge',
	malformed: 'requests.quoteUnreadable',
} as const satisfies Record<keyof typeof bodyProblems, MessageKey>

export async function action({ request, params, context }: ActionFunctionArgs) {
	const token = params.token ?? ''
	const locale = requestLocale(request)
	const t = translator(locale)
	const body = await readForm(request)
	if (!body.ok) {
		const { status } = bodyProblems[body.problem]
		return data(
			{ error: t(bodyProblemWords[body.problem]), confirmDecline: false, giftCardCode: '' },
			{ status, headers: noStore },
		)
	}
	const limit = await consumeRateLimit('form', clientKey(context))
	if (!limit.allowed) {
		const error = t('requests.formsRateLimited', { minutes: retryMinutes(limit) })
		return data(
			{ error, confirmDecline: false, giftCardCode: '' },
			{ status: 429, headers: { ...noStore, 'Retry-After': String(limit.retryAfterSeconds) } },
		)
	}
	const intent = String(body.value.get('intent') ?? '')
	if (intent === 'pay-deposit' || intent === 'pay-balance') {
		const kind = intent === 'pay-deposit' ? 'DEPOSIT' : 'BALANCE'
		const giftCardCode = String(body.value.get('giftCardCode') ?? '').slice(0, GIFT_CARD_CODE_MAX)
		// A typed code spends the balance check's budget too (decision 078): this page is no way round it.
		if (giftCardCode.trim()) {
			const cardLimit = await consumeRateLimit('giftCardBalance', clientKey(context))
			if (!cardLimit.allowed) {
				return data(
					{
						error: t('requests.walletRateLimited', { minutes: retryMinutes(cardLimit) }),
						confirmDecline: false,
						giftCardCode,
					},
					{ status: 429, headers: { ...noStore, 'Retry-After': String(cardLimit.retryAfterSeconds) } },
				)
			}
		}
		const customer = body.value.get('useStoreCredit') === 'yes' ? await getCustomer(request) : null
		const started = await startQuotePayment(token, kind, {
			origin: siteOrigin(request),
			locale,
			wallet: { giftCardCode, storeCreditCustomerId: customer?.id ?? null },
		})
		if (started.ok) return redirect(started.url, { headers: noStore })
		return data(
			{ error: payRefusalText(started, locale), confirmDecline: false, giftCardCode },
			{ status: payRefusals[started.reason].status, headers: noStore },
		)
	}
	if (intent === 'decline') {
		if (body.value.get('confirmed') !== 'yes')
			return data({ error: null, confirmDecline: true, giftCardCode: '' }, { headers: noStore })
		const link = readQuoteToken(token)
		const outcome = link ? await declineQuote(link.requestId, link.quoteVersion) : null
		if (outcome?.ok) return redirect(new URL(request.url).pathname, { headers: noStore })
		return data(
			{ error: t('requests.quoteCannotDecline'), confirmDecline: false, giftCardCode: '' },
			{ status: 409, headers: noStore },
		)
	}
	return data(
		{ error: t('requests.quoteUnknownAction'), confirmDecline: false, giftCardCode: '' },
		{ status: 400, headers: noStore },
	)
}

const closedPages = {
	invalid: { title: 'requests.quoteInvalidTitle', text: 'requests.quoteInvalidText' },
	replaced: { title: 'requests.quoteReplacedTitle', text: 'requests.quoteReplacedText' },
	expired: { title: 'requests.quoteExpiredTitle', text: 'requests.quoteExpiredText' },
	declined: { title: 'requests.quoteDeclinedTitle', text: 'requests.quoteDeclinedText' },
	cancelled: { title: 'requests.quoteCancelledTitle', text: 'requests.quoteCancelledText' },
} as const satisfies Record<ClosedQuote, { title: MessageKey; text: MessageKey }>

/** The cake types the form offers, in the page's language (the stored value is the English name). */
const cakeTypeKeys: Partial<Record<string, MessageKey>> = {
	Chocolate: 'requests.cakeTypeChocolate',
	Vanilla: 'requests.cakeTypeVanilla',
	'Tres Leches': 'requests.cakeTypeTresLeches',
	Fruit: 'requests.cakeTypeFruit',
}

export default function QuotePage() {
	const loaded = useLoaderData<typeof loader>()
	if (!loaded.view.open || !loaded.quote) {
		return <ClosedQuotePage reason={'reason' in loaded.view ? loaded.view.reason : 'invalid'} />
	}
	return <OpenQuote quote={loaded.quote} />
}

function ClosedQuotePage({ reason }: { reason: ClosedQuote }) {
	const t = useT()
	const localize = useLocalizedPath()
	const page = closedPages[reason]
	return (
		<section aria-labelledby="quote-closed-heading" className="mx-auto max-w-2xl px-4 py-16 text-center">
			<h1 id="quote-closed-heading" className="font-display text-4xl font-bold">
				{t(page.title)}
			</h1>
			<p className="mt-4 text-lg">{t(page.text)}</p>
			<p className="mt-6">
				<Link to={localize('/contact')} className="font-semibold text-cinnamon underline underline-offset-4">
					{t('requests.sendUsAMessage')}
				</Link>
			</p>
		</section>
	)
}

type QuoteData = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['quote']>

function OpenQuote({ quote }: { quote: QuoteData }) {
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const t = useT()
	const locale = useLocale()
	const price = (cents: number) => formatPrice(cents, locale)
	const busy = navigation.state !== 'idle'
	const balanceCents = quote.priceCents - quote.paidCents
	const typeKey = cakeTypeKeys[quote.type]
	const heading =
		quote.status === 'QUOTED'
			? t('requests.quoteTitle')
			: quote.status === 'DEPOSIT_PAID'
				? t('requests.quoteBooked')
				: quote.status === 'PAID_IN_FULL'
					? t('requests.quotePaidInFull')
					: t('requests.quoteThankYou')
	return (
		<div className="mx-auto max-w-3xl px-4 py-10">
			<PageIntro id="quote-heading" title={heading}>
				{quote.status === 'QUOTED'
					? t('requests.quoteIntroQuoted', { name: quote.name })
					: quote.status === 'PICKED_UP'
						? t('requests.quoteIntroPickedUp', { name: quote.name })
						: t('requests.quoteIntroBooked', { name: quote.name, pickup: quote.pickupText })}
			</PageIntro>
			{quote.returnedFromPayment && quote.status === 'QUOTED' ? (
				<FormStatus tone="success">{t('requests.quoteConfirmingPayment')}</FormStatus>
			) : null}
			{quote.paidWithWallet && quote.status !== 'QUOTED' && !actionData ? (
				<FormStatus tone="success">{t('requests.walletPaid')}</FormStatus>
			) : null}
			{actionData?.error ? <FormStatus tone="error">{actionData.error}</FormStatus> : null}
			<section
				aria-labelledby="quote-details-heading"
				className="mt-6 rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough"
			>
				<h2 id="quote-details-heading" className="font-display text-2xl font-bold">
					{t('requests.quoteYourCake')}
				</h2>
				<div className="mt-3 flex flex-wrap gap-6">
					<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
						<dt className="font-semibold">{t('requests.quoteCake')}</dt>
						<dd>
							{typeKey ? t(typeKey) : quote.type}, {quote.size}
						</dd>
						<dt className="font-semibold">{t('requests.quotePrice')}</dt>
						<dd>{price(quote.priceCents)}</dd>
						<dt className="font-semibold">{t('requests.quoteDeposit')}</dt>
						<dd>{price(quote.depositCents)}</dd>
						<dt className="font-semibold">{t('requests.quotePaid')}</dt>
						<dd>{price(quote.paidCents)}</dd>
						<dt className="font-semibold">{t('requests.quoteBalanceDue')}</dt>
						<dd>{price(balanceCents)}</dd>
						<dt className="font-semibold">{t('requests.quotePickup')}</dt>
						<dd>{quote.pickupText}</dd>
						{quote.status === 'QUOTED' ? (
							<>
								<dt className="font-semibold">{t('requests.quoteValidUntil')}</dt>
								<dd>{quote.validUntilText}</dd>
							</>
						) : null}
					</dl>
					{quote.photoUrl ? (
						<img
							src={quote.photoUrl}
							alt={t('requests.quotePhotoAlt')}
							width={160}
							height={160}
							className="h-40 w-40 rounded-lg object-cover ring-1 ring-dough"
						/>
					) : null}
				</div>
				{quote.message ? (
					<>
						<h3 className="mt-4 font-semibold">{t('requests.quoteYouAsked')}</h3>
						<p className="whitespace-pre-line break-words">{quote.message}</p>
					</>
				) : null}
				{quote.notes ? (
					<>
						<h3 className="mt-4 font-semibold">{t('requests.quoteNotes')}</h3>
						<p className="whitespace-pre-line break-words">{quote.notes}</p>
					</>
				) : null}
			</section>
			{quote.policy ? (
				<section aria-labelledby="policy-heading" className="mt-6">
					<h2 id="policy-heading" className="font-display text-xl font-bold">
						{t('requests.quotePolicy')}
					</h2>
					<p className="whitespace-pre-line">{quote.policy}</p>
				</section>
			) : null}
			{quote.status === 'QUOTED' ? (
				<div className="mt-6 flex flex-wrap items-center gap-4">
					<Form method="post" className="flex flex-col gap-3">
						<WalletFields storeCreditCents={quote.storeCreditCents} giftCardCode={actionData?.giftCardCode ?? ''} />
						<button className={buttonClass} name="intent" value="pay-deposit" disabled={busy}>
							{t('requests.quotePayDeposit', { amount: price(quote.depositCents) })}
						</button>
					</Form>
					<Form method="post" className="flex flex-wrap items-center gap-3">
						{actionData?.confirmDecline ? (
							<>
								<p role="alert" className="font-semibold">
									{t('requests.quoteDeclineConfirm')}
								</p>
								<input type="hidden" name="confirmed" value="yes" />
							</>
						) : null}
						<button
							className="rounded-full border border-cocoa px-6 py-3 font-semibold hover:bg-dough"
							name="intent"
							value="decline"
							disabled={busy}
						>
							{actionData?.confirmDecline ? t('requests.quoteDeclineYes') : t('requests.quoteDecline')}
						</button>
					</Form>
				</div>
			) : null}
			{quote.status === 'DEPOSIT_PAID' ? (
				<div className="mt-6">
					<p>{t('requests.quoteBalanceNote')}</p>
					<Form method="post" className="mt-3 flex flex-col items-start gap-3">
						<WalletFields storeCreditCents={quote.storeCreditCents} giftCardCode={actionData?.giftCardCode ?? ''} />
						<button className={buttonClass} name="intent" value="pay-balance" disabled={busy}>
							{t('requests.quotePayBalance', { amount: price(balanceCents) })}
						</button>
					</Form>
				</div>
			) : null}
		</div>
	)
}

/**
 * A gift card code and, for a signed-in customer with credit, their store credit (decision 087): both optional,
 * sent with the pay button's form (no script needed). A code that did not work is shown again as typed.
 */
function WalletFields({ storeCreditCents, giftCardCode }: { storeCreditCents: number; giftCardCode: string }) {
	const t = useT()
	const locale = useLocale()
	return (
		<div className="flex max-w-sm flex-col gap-2">
			<div>
				<label htmlFor="gift-card-code" className="block font-semibold">
					{t('requests.walletGiftCardCode')}
				</label>
				<p id="gift-card-code-hint" className="text-sm text-cocoa/80">
					{t('requests.walletGiftCardHint')}
				</p>
				<input
					id="gift-card-code"
					name="giftCardCode"
					defaultValue={giftCardCode}
					maxLength={GIFT_CARD_CODE_MAX}
					autoComplete="off"
					autoCapitalize="characters"
					spellCheck={false}
					aria-describedby="gift-card-code-hint"
					className="mt-1 block w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2 font-mono text-cocoa shadow-sm focus:border-cinnamon"
				/>
			</div>
			{storeCreditCents > 0 ? (
				<label className="flex items-center gap-2">
					<input type="checkbox" name="useStoreCredit" value="yes" className="h-5 w-5 accent-cinnamon" />
					{t('requests.walletUseStoreCredit', { amount: formatPrice(storeCreditCents, locale) })}
				</label>
			) : null}
		</div>
	)
}
