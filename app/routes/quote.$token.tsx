import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { PageIntro } from '~/components/page-intro'
import { FormStatus } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import { declineQuote, getCakeQuoteSettings } from '~/models/cake-quote.server'
import { getPickupSettings } from '~/models/pickup-schedule.server'
import { formatBakeryDateTime } from '~/utils/bakery-time'
import { bodyProblems, readForm } from '~/utils/body.server'
import { readQuoteToken } from '~/utils/cake-quote-token.server'
import { formatPrice } from '~/utils/money'
import { withOutagePolicy } from '~/utils/outage.server'
import { formatPickupAt } from '~/utils/pickup-display'
import { confirmQuotePayment, readQuoteLink, startQuotePayment, type ClosedQuote } from '~/utils/quote-checkout.server'
import { consumeRateLimit, rateLimitedMessage } from '~/utils/rate-limit.server'
import { clientKey, siteOrigin } from '~/utils/request.server'
import { withRetryAfter } from '~/utils/route-headers'
import { pageMeta } from '~/utils/seo'

/** The link is personal: never shared by a cache, never indexed. */
const noStore = { 'Cache-Control': 'private, no-store' }

export const headers = withRetryAfter(noStore)

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: 'Your cake quote', description: 'Your custom cake quote from our bakery.', noindex: true })

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
	const sessionId = new URL(request.url).searchParams.get('session_id')
	if (sessionId) await withOutagePolicy(() => confirmQuotePayment(sessionId))
	const view = await withOutagePolicy(() => readQuoteLink(token))
	if (!view.open) return data({ view, quote: null }, { status: closedStatus[view.reason], headers: noStore })
	const [{ timeZone }, settings] = await Promise.all([getPickupSettings(), getCakeQuoteSettings()])
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
				pickupText: quote.pickupAt ? formatPickupAt(quote.pickupAt, timeZone) : '',
				validUntilText: quote.quoteValidUntil ? formatBakeryDateTime(quote.quoteValidUntil) : '',
				notes: quote.quoteNotes,
				policy: settings.cancellationPolicy,
				returnedFromPayment: Boolean(sessionId),
			},
		},
		{ headers: noStore },
	)
}

const payWords = {
	'not-payable': 'This quote has changed meanwhile — the page now shows where it stands.',
	unavailable: 'Online payment isn’t available just now. Please try again in a few minutes, or call us.',
} as const

export async function action({ request, params, context }: ActionFunctionArgs) {
	const token = params.token ?? ''
	const body = await readForm(request)
	if (!body.ok) {
		const { status, message } = bodyProblems[body.problem]
		return data({ error: message, confirmDecline: false }, { status, headers: noStore })
	}
	const limit = await consumeRateLimit('form', clientKey(context))
	if (!limit.allowed) {
		const error = rateLimitedMessage('You’ve sent several forms in a short time.', limit)
		return data(
			{ error, confirmDecline: false },
			{ status: 429, headers: { ...noStore, 'Retry-After': String(limit.retryAfterSeconds) } },
		)
	}
	const intent = String(body.value.get('intent') ?? '')
	if (intent === 'pay-deposit' || intent === 'pay-balance') {
		const kind = intent === 'pay-deposit' ? 'DEPOSIT' : 'BALANCE'
		const started = await startQuotePayment(token, kind, { origin: siteOrigin(request) })
		if (started.ok) return redirect(started.url, { headers: noStore })
		return data(
			{ error: payWords[started.reason], confirmDecline: false },
			{ status: started.reason === 'unavailable' ? 503 : 409, headers: noStore },
		)
	}
	if (intent === 'decline') {
		if (body.value.get('confirmed') !== 'yes') return data({ error: null, confirmDecline: true }, { headers: noStore })
		const link = readQuoteToken(token)
		const outcome = link ? await declineQuote(link.requestId, link.quoteVersion) : null
		if (outcome?.ok) return redirect(new URL(request.url).pathname, { headers: noStore })
		return data(
			{ error: 'This quote can no longer be declined — the page now shows where it stands.', confirmDecline: false },
			{ status: 409, headers: noStore },
		)
	}
	return data({ error: 'Unknown action', confirmDecline: false }, { status: 400, headers: noStore })
}

const closedPages: Record<ClosedQuote, { title: string; text: string }> = {
	invalid: {
		title: 'This quote link doesn’t work',
		text: 'Please check that the whole link from your e-mail was opened. If it still doesn’t work, call us or send us a message.',
	},
	replaced: {
		title: 'This quote is no longer current',
		text: 'The bakery changed or withdrew this quote. If we sent you a newer one, its link is in a newer e-mail; otherwise, send us a message.',
	},
	expired: {
		title: 'This quote has expired',
		text: 'The quote was not accepted in time, so its pickup time was given back. Send us a message and we’ll gladly write you a new one.',
	},
	declined: {
		title: 'You declined this quote',
		text: 'Thank you for letting us know. If you change your mind or want something different, send us a message.',
	},
	cancelled: {
		title: 'This cake order was cancelled',
		text: 'If you have questions about it, or about a refund, please call us or send us a message.',
	},
}

export default function QuotePage() {
	const loaded = useLoaderData<typeof loader>()
	if (!loaded.view.open || !loaded.quote) {
		return <ClosedQuotePage reason={'reason' in loaded.view ? loaded.view.reason : 'invalid'} />
	}
	return <OpenQuote quote={loaded.quote} />
}

function ClosedQuotePage({ reason }: { reason: ClosedQuote }) {
	const page = closedPages[reason]
	return (
		<section aria-labelledby="quote-closed-heading" className="mx-auto max-w-2xl px-4 py-16 text-center">
			<h1 id="quote-closed-heading" className="font-display text-4xl font-bold">
				{page.title}
			</h1>
			<p className="mt-4 text-lg">{page.text}</p>
			<p className="mt-6">
				<Link to="/contact" className="font-semibold text-cinnamon underline underline-offset-4">
					Send us a message
				</Link>
			</p>
		</section>
	)
}

type QuoteData = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['quote']>

function OpenQuote({ quote }: { quote: QuoteData }) {
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle'
	const balanceCents = quote.priceCents - quote.paidCents
	const heading =
		quote.status === 'QUOTED'
			? 'Your cake quote'
			: quote.status === 'DEPOSIT_PAID'
				? 'Your cake is booked'
				: quote.status === 'PAID_IN_FULL'
					? 'Your cake is paid in full'
					: 'Thank you for your order'
	return (
		<div className="mx-auto max-w-3xl px-4 py-10">
			<PageIntro id="quote-heading" title={heading}>
				{quote.status === 'QUOTED'
					? `Hi ${quote.name}, here is what we propose for your cake. Pay the deposit to book it.`
					: quote.status === 'PICKED_UP'
						? `Hi ${quote.name}, we hope the cake made the day!`
						: `Hi ${quote.name}, see you at pickup: ${quote.pickupText}.`}
			</PageIntro>
			{quote.returnedFromPayment && quote.status === 'QUOTED' ? (
				<FormStatus tone="success">We’re confirming your payment — refresh this page in a moment.</FormStatus>
			) : null}
			{actionData?.error ? <FormStatus tone="error">{actionData.error}</FormStatus> : null}
			<section
				aria-labelledby="quote-details-heading"
				className="mt-6 rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough"
			>
				<h2 id="quote-details-heading" className="font-display text-2xl font-bold">
					Your cake
				</h2>
				<div className="mt-3 flex flex-wrap gap-6">
					<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
						<dt className="font-semibold">Cake</dt>
						<dd>
							{quote.type}, {quote.size}
						</dd>
						<dt className="font-semibold">Price</dt>
						<dd>{formatPrice(quote.priceCents)}</dd>
						<dt className="font-semibold">Deposit</dt>
						<dd>{formatPrice(quote.depositCents)}</dd>
						<dt className="font-semibold">Paid</dt>
						<dd>{formatPrice(quote.paidCents)}</dd>
						<dt className="font-semibold">Balance due</dt>
						<dd>{formatPrice(balanceCents)}</dd>
						<dt className="font-semibold">Pickup</dt>
						<dd>{quote.pickupText}</dd>
						{quote.status === 'QUOTED' ? (
							<>
								<dt className="font-semibold">Valid until</dt>
								<dd>{quote.validUntilText}</dd>
							</>
						) : null}
					</dl>
					{quote.photoUrl ? (
						<img
							src={quote.photoUrl}
							alt="The cake inspiration you sent us"
							width={160}
							height={160}
							className="h-40 w-40 rounded-lg object-cover ring-1 ring-dough"
						/>
					) : null}
				</div>
				{quote.message ? (
					<>
						<h3 className="mt-4 font-semibold">What you asked for</h3>
						<p className="whitespace-pre-line break-words">{quote.message}</p>
					</>
				) : null}
				{quote.notes ? (
					<>
						<h3 className="mt-4 font-semibold">Notes from the bakery</h3>
						<p className="whitespace-pre-line break-words">{quote.notes}</p>
					</>
				) : null}
			</section>
			{quote.policy ? (
				<section aria-labelledby="policy-heading" className="mt-6">
					<h2 id="policy-heading" className="font-display text-xl font-bold">
						Cancellation policy
					</h2>
					<p className="whitespace-pre-line">{quote.policy}</p>
				</section>
			) : null}
			{quote.status === 'QUOTED' ? (
				<div className="mt-6 flex flex-wrap items-center gap-4">
					<Form method="post">
						<button className={buttonClass} name="intent" value="pay-deposit" disabled={busy}>
							Pay deposit {formatPrice(quote.depositCents)}
						</button>
					</Form>
					<Form method="post" className="flex flex-wrap items-center gap-3">
						{actionData?.confirmDecline ? (
							<>
								<p role="alert" className="font-semibold">
									Decline this quote? Its pickup time will be given back.
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
							{actionData?.confirmDecline ? 'Yes, decline the quote' : 'Decline'}
						</button>
					</Form>
				</div>
			) : null}
			{quote.status === 'DEPOSIT_PAID' ? (
				<div className="mt-6">
					<p>You can pay the balance now, or in the shop when you pick up the cake.</p>
					<Form method="post" className="mt-3">
						<button className={buttonClass} name="intent" value="pay-balance" disabled={busy}>
							Pay the balance {formatPrice(balanceCents)}
						</button>
					</Form>
				</div>
			) : null}
		</div>
	)
}
