import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useFetcher, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { Fragment, useEffect, useRef, useState } from 'react'
import { CartPlaceholder } from '~/components/cart/cart-line-image'
import { EmptyCart } from '~/components/cart/empty-cart'
import { useCart } from '~/components/cart-provider'
import { PriceChanges, useCurrentCart } from '~/components/cart/current-cart'
import { AllergenNotice } from '~/components/checkout/allergen-notice'
import { CheckoutLines } from '~/components/checkout/checkout-lines'
import { ConfirmOrderDialog } from '~/components/checkout/confirm-order-dialog'
import { PickupChooser } from '~/components/checkout/pickup-chooser'
import { hasSoldOutDay, WaitlistLinks } from '~/components/checkout/waitlist-links'
import { TextsOptIn } from '~/components/checkout/texts-opt-in'
import { textsOffer, type TextsOffer } from '~/domain/texts/index.server'
import { FormErrors, TextareaField, TextField } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import { bodyLimits, bodyProblems, readForm } from '~/utils/body.server'
import {
	checkoutPreviewSchema,
	checkoutRequestSchema,
	isMissingDetail,
	MISSING_DETAILS_MESSAGE,
	type CheckoutRequest,
} from '~/domain/orders/checkout'
import {
	previewCheckout,
	startCheckout,
	storeCreditOffer,
	type CheckoutRefusal,
	type LineRefusal,
} from '~/domain/orders/checkout.server'
import type { PromoProblem } from '~/domain/promotions/promo-pricing'
import { PRICE_INTENT, PriceSummary, PromoAndTip, WalletFields } from '~/components/checkout/promo-and-tip'
import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE, type CartItem } from '~/domain/orders/cart'
import { formReply } from '~/utils/form-reply.server'
import type { Locale, MessageKey, Translate } from '~/utils/i18n'
import { formatPrice } from '~/utils/money'
import { optionProblemMessage } from '~/domain/menu/item-options'
import { withOutagePolicy } from '~/utils/outage.server'
import { paymentMode } from '~/domain/payments/index.server'
import { formatPickupAt, formatPickupDate, type StockLevel } from '~/domain/pickup/pickup-display'
import { loadCartPickup, type CartLine } from '~/domain/pickup/pickup.server'
import { consumeRateLimit } from '~/utils/rate-limit.server'
import { clientKey, siteOrigin } from '~/utils/request.server'
import { withRetryAfter } from '~/utils/route-headers'
import { metaTranslator, pageMeta } from '~/utils/seo'
import { useLocale, useLocalizedPath, useT } from '~/utils/i18n-react'
import { requestLocale, translator } from '~/utils/i18n.server'
import { taxPolicy } from '~/domain/orders/sales-tax.server'
import { getCustomer } from '~/domain/customers/session.server'
import { listPreparedFoodIds } from '~/domain/menu/models/menu-item.server'
import { loadCartMenu } from '~/domain/menu/menu-page.server'
import type { CartMenu } from '~/domain/orders/cart-prices'
import type { CheckoutTax } from '~/components/checkout/confirm-order-dialog'

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('shop.checkoutTitle'), description: t('shop.checkoutDescription'), noindex: true })
}

const noStore = { 'Cache-Control': 'private, no-store' }

// A rate-limited checkout says when to try again.
export const headers = withRetryAfter(noStore)

/**
 * The page, with the menu as the cart prices it now (the cart lives in the browser: the page shows and sends it at
 * these prices, decision 051), and (with the cart's lines as `?item=<id>:<quantity>`, fetched by the form once the
 * cart is known) the pickup days and free times for that cart.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const paymentsEnabled = paymentMode() !== 'disabled'
	const lines = cartLinesOf(new URL(request.url).searchParams.getAll('item'))
	const locale = requestLocale(request)
	const pickup = paymentsEnabled && lines ? await withOutagePolicy(() => pickupFor(lines, locale)) : null
	const tax = paymentsEnabled && lines ? await withOutagePolicy(() => taxFor(lines)) : null
	const menu = paymentsEnabled && !lines ? await loadCartMenu(locale) : null
	const storeCreditCents = menu ? await storeCreditOffer((await getCustomer(request))?.id) : 0
	return data({ paymentsEnabled, pickup, tax, menu, texts: textsOffer(), storeCreditCents }, { headers: noStore })
}

/**
 * A refused checkout (409: a price, an item or a pickup time changed meanwhile) reads the page's menu and the cart's
 * pickup times again, so the page shows what the server now charges and offers; after an error loaders are not read
 * again by default. An answered price request changed nothing, so nothing is read again: the menu and the times the
 * customer is choosing from stay as they are while the preview is open.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, formAction, defaultShouldRevalidate }) =>
	actionStatus === 409 || (!isPriceRequest(formAction) && defaultShouldRevalidate)

function isPriceRequest(formAction: string | undefined) {
	if (!formAction) return false
	return new URL(formAction, 'http://localhost').searchParams.get(PRICE_INTENT.name) === PRICE_INTENT.value
}

/** What the preview needs to show the tax the server will charge (the same arithmetic: app/domain/orders/sales-tax.ts). */
async function taxFor(lines: CartLine[]): Promise<CheckoutTax> {
	const policy = taxPolicy()
	if (policy.mode !== 'rate') return { policy, preparedFoodIds: [] }
	return { policy, preparedFoodIds: await listPreparedFoodIds(lines.map((line) => line.id)) }
}

function cartLinesOf(values: string[]): CartLine[] | null {
	if (values.length === 0 || values.length > MAX_CART_LINES) return null
	const lines: CartLine[] = []
	for (const value of values) {
		const match = /^([A-Za-z0-9_-]{1,100}):(\d{1,3})$/.exec(value)
		const quantity = Number(match?.[2])
		if (!match || quantity < 1 || quantity > MAX_QUANTITY_PER_LINE) return null
		lines.push({ id: match[1]!, quantity })
	}
	return lines
}

/** Every day of the horizon; only the free times of each are sent (taken and too-soon ones are not offered). */
async function pickupFor(lines: CartLine[], locale: Locale) {
	const { schedule, days } = await loadCartPickup(lines, new Date(), locale)
	return {
		timeZone: schedule.timeZone,
		days: days.map((day) => ({ ...day, slots: day.slots.filter((slot) => slot.available) })),
	}
}

/** Every answer says where to pay (`url`), or why not (`result`: field and form errors, what was typed). */
const notStarted = { url: null, price: null }

/**
 * Receives the checkout form: the customer's fields and the cart's ids and quantities (hidden fields),
 * parsed once, with the same schema the browser validated with, then handed to `startCheckout`. Every amount
 * comes from the database; a refusal comes back as an outcome, said here in the page's language.
 */
export async function action({ request, context }: ActionFunctionArgs) {
	const locale = requestLocale(request)
	const t = translator(locale)
	// Pricing a code and a tip has its own budget, so trying codes never uses up the checkout's (decision 080).
	const pricing = new URL(request.url).searchParams.get(PRICE_INTENT.name) === PRICE_INTENT.value
	const limit = await consumeRateLimit(pricing ? 'promoPrice' : 'checkout', clientKey(context))
	if (!limit.allowed) {
		const formErrors = [t('shop.tooManyAttempts')]
		const headers = { ...noStore, 'Retry-After': String(limit.retryAfterSeconds) }
		return formReply(null, { status: 429, headers, formErrors }, notStarted)
	}
	const body = await readForm(request, bodyLimits.checkout)
	if (!body.ok) {
		const { status, message } = bodyProblems[body.problem]
		return formReply(null, { status, headers: noStore, formErrors: [message] }, notStarted)
	}
	// The Apply button (and a changed tip): the server prices the order as it would charge it, and holds nothing.
	// The signed-in customer's store credit may pay (decision 086): who they are comes from their session only.
	const customerId = (await getCustomer(request))?.id
	if (pricing) return priceReply(body.value, locale, customerId)
	const submission = parseWithZod(body.value, { schema: checkoutRequestSchema })
	// The schema's messages are keys: the answer says them in the page's language.
	if (submission.status !== 'success') return formReply(submission, { headers: noStore, locale }, notStarted)

	// The page's language (its URL, never a field the browser sends) is the order's and the payment page's.
	const checkout = await startCheckout(submission.value, {
		origin: siteOrigin(request),
		locale,
		client: clientKey(context),
		userAgent: request.headers.get('user-agent'),
		customerId,
	})
	if (!checkout.ok) {
		const { status, error, field } = checkoutRefusalReply(checkout, t, locale)
		// A pickup refusal (slot just taken, an item's limit, too soon…) belongs to the pickup choice; the rest stays as typed.
		const errors = field ? { fieldErrors: { [field]: [error] } } : { formErrors: [error] }
		return formReply(submission, { status, headers: noStore, ...errors }, notStarted)
	}
	return formReply(submission, { headers: noStore }, { url: checkout.url })
}

/**
 * The order as the server would charge it now (decision 080): Subtotal, Discount (code), Tax, Tip and Total, or why
 * the code or the tip does not apply (under its field, keeping what was typed). Nothing is held or recorded.
 */
async function priceReply(formData: FormData, locale: Locale, customerId: string | undefined) {
	const t = translator(locale)
	const submission = parseWithZod(formData, { schema: checkoutPreviewSchema })
	if (submission.status !== 'success') {
		return formReply(submission, { headers: noStore, locale }, { url: null, price: null })
	}
	const priced = await previewCheckout(submission.value, { locale, customerId })
	if (!priced.ok) {
		const { status, error, field } = checkoutRefusalReply(priced, t, locale)
		const errors = field ? { fieldErrors: { [field]: [error] } } : { formErrors: [error] }
		return formReply(submission, { status, headers: noStore, ...errors }, { url: null, price: null })
	}
	const { ok: _ok, ...price } = priced
	return formReply(submission, { headers: noStore }, { url: null, price })
}

/**
 * A refused checkout as the customer reads it: its status, its words in the page's language, and the field they
 * belong to ('pickupAt': choose another time; the rest of the form stays). Exported for the tests, which start
 * checkouts without a form; the browser never loads it (only a route's page exports reach it).
 */
export function checkoutRefusalReply(
	refusal: CheckoutRefusal,
	t: Translate,
	locale: Locale,
): { status: number; error: string; field?: 'pickupAt' | 'promoCode' | 'tipAmount' | 'giftCardCode' } {
	switch (refusal.reason) {
		case 'gift-card':
			return {
				status: 409,
				error: t(refusal.problem === 'empty' ? 'shop.giftCardEmpty' : 'shop.giftCardUnknown'),
				field: 'giftCardCode',
			}
		case 'wallet-changed': {
			const amount = formatPrice(refusal.balanceCents, locale)
			const words = refusal.source === 'gift-card' ? 'shop.walletChangedGiftCard' : 'shop.walletChangedStoreCredit'
			return { status: 409, error: t(words, { amount }) }
		}
		case 'wallet-unavailable':
			return { status: 409, error: t('shop.walletUnavailable') }
		case 'promo':
			return { status: 409, error: promoProblemWords(refusal, t, locale), field: 'promoCode' }
		case 'tip-too-large':
			return {
				status: 409,
				error: t('shop.promoTipTooLarge', { amount: formatPrice(refusal.maxTipCents, locale) }),
				field: 'tipAmount',
			}
		case 'ordering-off':
			return { status: 503, error: t('shop.orderingOff') }
		case 'payment-failed':
			return { status: 502, error: t('shop.checkoutFailed') }
		case 'cart-changed': {
			const problems = refusal.lines.map((line) => lineRefusalWords(line, t, locale)).join(' ')
			return { status: 409, error: t('shop.updateCart', { problems }) }
		}
		default:
			return { status: 409, error: pickupRefusalWords(refusal, t, locale), field: 'pickupAt' }
	}
}

/** 'Chocolate Cake is sold out.', 'The price of Tres leches is now $54.00.'… */
function lineRefusalWords(line: LineRefusal, t: Translate, locale: Locale) {
	switch (line.problem) {
		case 'off-menu':
			return t('shop.itemOffMenu')
		case 'sold-out':
			return t('shop.itemSoldOut', { name: line.name })
		case 'not-orderable':
			return t('shop.itemNotOrderable', { name: line.name })
		case 'option':
			return optionProblemMessage(line.name, line.option, t)
		case 'price-changed':
			return t('shop.itemPriceChanged', { name: line.name, price: formatPrice(line.unitPriceCents, locale) })
	}
}

/** Why the code gives nothing, in the customer's words. */
function promoProblemWords(problem: PromoProblem, t: Translate, locale: Locale) {
	switch (problem.problem) {
		case 'unknown':
			return t('shop.promoCodeUnknown')
		case 'not-started':
			return t('shop.promoNotStarted')
		case 'ended':
			return t('shop.promoEnded')
		case 'used-up':
			return t('shop.promoUsedUp')
		case 'minimum':
			return t('shop.promoMinimum', { amount: formatPrice(problem.minimumOrderCents, locale) })
		case 'no-eligible-items':
			return t('shop.promoNoEligibleItems')
		case 'customer-limit':
			return t('shop.promoCustomerLimit')
		case 'first-order':
			return t('shop.promoFirstOrder')
	}
}

type PickupRefusal = Exclude<
	CheckoutRefusal,
	{
		reason:
			| 'ordering-off'
			| 'payment-failed'
			| 'cart-changed'
			| 'promo'
			| 'tip-too-large'
			| 'gift-card'
			| 'wallet-changed'
			| 'wallet-unavailable'
	}
>

/** An item's stock as a refusal says it: never the count (decision 058). */
const stockWords = {
	'sold-out': 'shop.itemSoldOutForDay',
	'few-left': 'shop.itemFewLeft',
	'fewer-than-asked': 'shop.itemFewerLeft',
} as const satisfies Record<StockLevel, MessageKey>

/** Why the chosen time cannot be held, e.g. 'Only a few Tres Leches Slice left for Tue, Nov 24 — please lower the quantity…'. */
function pickupRefusalWords(refusal: PickupRefusal, t: Translate, locale: Locale) {
	const name = 'item' in refusal ? (refusal.item ?? t('shop.anItemInCart')) : ''
	switch (refusal.reason) {
		case 'slot-taken':
			return t('shop.slotTaken')
		case 'item-limit': {
			const day = formatPickupDate(refusal.date, locale)
			return t(stockWords[refusal.stock], { name, day })
		}
		case 'too-soon':
			return t('shop.pickupTooSoon')
		case 'item-needs-notice':
			return t('shop.itemNeedsNotice', { name })
		case 'outside-window':
			return t('shop.itemNotThatDay', { name })
		case 'closed':
			return t('shop.pickupClosed')
		case 'pickup-unavailable':
			return t('shop.pickupUnavailable')
	}
}

export default function Checkout() {
	const { paymentsEnabled, menu, texts, storeCreditCents } = useLoaderData<typeof loader>()
	const cart = useCart()
	const t = useT()
	return (
		<section className="mx-auto max-w-6xl px-4 py-10">
			<h1 className="font-display text-4xl font-bold">{t('shop.checkoutTitle')}</h1>
			{/* The cart is only known after hydration: reserve the form's room so the footer does not jump (CLS). */}
			<div className="mt-6 min-h-[75vh]">
				{!cart.hydrated ? (
					<CartPlaceholder />
				) : cart.items.length === 0 ? (
					<EmptyCart />
				) : paymentsEnabled && menu ? (
					<CheckoutForm menu={menu} texts={texts} storeCreditCents={storeCreditCents} />
				) : (
					<p role="status" className="rounded-xl bg-dough/60 p-6 text-lg">
						{t('shop.orderingUnavailable')}
					</p>
				)}
			</div>
			<noscript>
				<p className="mt-6 rounded-xl bg-dough/60 p-4">{t('shop.checkoutNeedsJs')}</p>
			</noscript>
		</section>
	)
}

/**
 * One form holds the customer's details and, as hidden fields, the cart's ids and quantities.
 * Preview Order validates it in the browser and opens the dialog; Confirm & Pay posts that same form,
 * which the action parses with the same schema (decision 026).
 */
function CheckoutForm({
	menu,
	texts,
	storeCreditCents,
}: {
	menu: CartMenu
	texts: TextsOffer | null
	storeCreditCents: number
}) {
	const { current, changes, repricings } = useCurrentCart(menu)
	const { lines, payable, problems: lineProblems, totalCents } = current!
	// A line that cannot be bought now (said on its line) stops the order until it is removed.
	const blocked = payable.length < lines.length
	const cart = useCart()
	const t = useT()
	const locale = useLocale()
	const localize = useLocalizedPath()
	const fetcher = useFetcher<typeof action>()
	// The Apply button's answers: the order as the server prices it with the code and tip (decision 080).
	const priceFetcher = useFetcher<typeof action>()
	const pickupFetcher = useFetcher<typeof loader>()
	const formRef = useRef<HTMLFormElement>(null)
	const [previewed, setPreviewed] = useState<CheckoutRequest | null>(null)
	const pickupQuery = new URLSearchParams(payable.map((item) => ['item', `${item.id}:${item.quantity}`])).toString()
	const pickupUrl = `${localize('/checkout')}?${pickupQuery}`
	const pickup = pickupFetcher.data?.pickup ?? null
	const backToFields = useRef(false)
	const [previewTried, setPreviewTried] = useState(false)
	// The prices stored when Confirm & Pay was last pressed: a refusal of older prices is answered by the new ones.
	const [repricingsAtConfirm, setRepricingsAtConfirm] = useState(repricings)
	const [form, fields] = useForm({
		id: 'checkout',
		lastResult: fetcher.data?.result,
		constraint: getZodConstraint(checkoutRequestSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutRequestSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onSubmit(event, { submission }) {
			// Preview Order never posts: paying starts from the dialog.
			event.preventDefault()
			if (submission?.status === 'success' && !blocked) {
				setPreviewed(submission.value)
				// The dialog shows the order as the server prices it (its code and tip included).
				requestPrice()
			}
		},
	})
	const customer = fields.customer.getFieldset()
	const processing = fetcher.state !== 'idle'
	// The server's figures hold for the lines they were priced for: a cart repriced since shows its own sums.
	const linesPriced = JSON.stringify(payable.map((item) => [item.key, item.quantity, item.priceCents]))
	const [pricedFor, setPricedFor] = useState<string | null>(null)
	const answered = priceFetcher.data && 'price' in priceFetcher.data ? priceFetcher.data.price : null
	const price = pricedFor === linesPriced ? answered : null
	const priceError = priceFetcher.data?.result.error
	const requestPrice = () => {
		if (!formRef.current) return
		const formData = new FormData(formRef.current)
		setPricedFor(linesPriced)
		// The intent rides in the address: the action picks the rate-limit budget before it reads the body.
		const priceAction = `${localize('/checkout')}?${PRICE_INTENT.name}=${PRICE_INTENT.value}`
		priceFetcher.submit(formData, { method: 'post', action: priceAction })
	}
	// What is wrong with the order as a whole: said in the dialog while it is open, above Preview Order otherwise.
	const missingDetails = previewTried && [customer.name.errors, customer.email.errors].some(isMissingDetail)
	// A refusal of prices the cart has since taken from the server says nothing more: the new prices are shown.
	const refusedOldPrices = repricings > repricingsAtConfirm
	const problems = [
		...new Set([
			...(missingDetails ? [MISSING_DETAILS_MESSAGE] : []),
			...(refusedOldPrices ? [] : (form.errors ?? [])),
			...(blocked ? ['shop.cartLinesBlocked'] : Object.values(fields.items.allErrors).flat()),
		]),
	]

	useEffect(() => {
		// The cart lives in this browser: its lines ask the loader which pickup times are free for it.
		pickupFetcher.load(pickupUrl)
		// eslint-disable-next-line react-hooks/exhaustive-deps -- when the cart's lines change
	}, [pickupUrl])

	useEffect(() => {
		if (fetcher.state !== 'idle' || !fetcher.data) return
		if (fetcher.data.url) {
			// Cleared only now, just before leaving for the payment page: a failure keeps the cart,
			// and a cancelled payment gets it back (see /cancel).
			cart.stashForPayment()
			window.location.assign(fetcher.data.url)
		} else {
			const fieldsWithErrors = Object.keys(fetcher.data.result.error ?? {})
			// A refused time is no longer offered: the refusal read the free times again (shouldRevalidate).
			const pickupRefused = fieldsWithErrors.includes(fields.pickupAt.name)
			const noteRefused = [
				fields.customerNote.name,
				fields.allergyNote.name,
				fields.promoCode.name,
				fields.tipAmount.name,
				fields.giftCardCode.name,
			].some((name) => fieldsWithErrors.includes(name))
			if (
				pickupRefused ||
				noteRefused ||
				fieldsWithErrors.some((name) => name.startsWith(`${fields.customer.name}.`))
			) {
				// The server found a detail to fix: close the dialog, so its message shows beside the field.
				backToFields.current = true
				setPreviewed(null)
			}
		}
		// eslint-disable-next-line react-hooks/exhaustive-deps -- react to each finished submission only
	}, [fetcher.state, fetcher.data])

	useEffect(() => {
		// A line can no longer be bought (the menu changed while the preview was open): back to the lines, where it
		// is said and can be removed.
		if (blocked) setPreviewed(null)
	}, [blocked])

	useEffect(() => {
		// After the dialog has handed focus back to Preview Order: on to the first field to fix.
		if (previewed || !backToFields.current) return
		backToFields.current = false
		formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid]')?.focus()
	}, [previewed])

	return (
		<div className="grid gap-10 md:grid-cols-2">
			<form
				method="post"
				{...getFormProps(form)}
				// Conform skips onSubmit when the fields are invalid: note the attempt before it runs.
				onSubmitCapture={() => setPreviewTried(true)}
				ref={formRef}
				className="space-y-4 rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough"
			>
				<h2 className="font-display text-2xl font-bold">{t('shop.customerInfo')}</h2>
				<TextField meta={customer.name} label={t('shop.fullName')} autoComplete="name" />
				<TextField meta={customer.email} label={t('shop.emailAddress')} type="email" autoComplete="email" />
				<TextField meta={customer.phone} label={t('shop.phoneOptional')} type="tel" autoComplete="tel" />
				{texts ? (
					<TextsOptIn optIn={fields.textsOptIn} channel={fields.textsChannel} whatsApp={texts.whatsApp} />
				) : null}
				<PickupChooser
					days={pickup?.days ?? null}
					name={fields.pickupAt.name}
					errorId={fields.pickupAt.errorId}
					errors={fields.pickupAt.errors}
					loading={pickupFetcher.state !== 'idle' || !pickupFetcher.data}
				/>
				{hasSoldOutDay(pickup?.days) ? <WaitlistLinks lines={payable} /> : null}
				<TextareaField
					meta={fields.allergyNote}
					label={t('shop.allergyNoteLabel')}
					hint={t('shop.allergyNoteHint')}
					rows={2}
				/>
				<TextareaField
					meta={fields.customerNote}
					label={t('shop.customerNoteLabel')}
					hint={t('shop.customerNoteHint')}
					rows={3}
				/>
				<PromoAndTip
					promoCode={fields.promoCode}
					tip={fields.tip}
					tipAmount={fields.tipAmount}
					price={price}
					priceErrors={{
						promoCode: priceError?.[fields.promoCode.name] ?? undefined,
						tipAmount: priceError?.[fields.tipAmount.name] ?? undefined,
					}}
					pricing={priceFetcher.state !== 'idle'}
					onPrice={requestPrice}
				/>
				<WalletFields
					giftCardCode={fields.giftCardCode}
					useStoreCredit={fields.useStoreCredit}
					storeCreditCents={storeCreditCents}
					price={price}
					priceErrors={priceError?.[fields.giftCardCode.name] ?? undefined}
					pricing={priceFetcher.state !== 'idle'}
					onPrice={requestPrice}
				/>
				{payable.map((item, index) => (
					<CartLineFields key={item.key} name={`${fields.items.name}[${index}]`} item={item} />
				))}
				{previewed ? null : <FormErrors id={form.errorId} errors={problems} />}
				<button type="submit" className={buttonClass}>
					{t('shop.previewOrder')}
				</button>
			</form>
			<div className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough">
				<h2 className="font-display text-2xl font-bold">{t('shop.yourOrder')}</h2>
				<div className="mt-4">
					<PriceChanges changes={changes} />
				</div>
				<CheckoutLines lines={lines} problems={lineProblems} totalCents={totalCents} />
				{price ? <PriceSummary price={price} /> : null}
				<AllergenNotice />
			</div>
			<ConfirmOrderDialog
				open={previewed !== null}
				customer={previewed?.customer ?? null}
				notes={previewed ? { customerNote: previewed.customerNote, allergyNote: previewed.allergyNote } : null}
				pickup={previewed && pickup ? formatPickupAt(previewed.pickupAt, pickup.timeZone, locale) : null}
				processing={processing}
				lines={payable}
				changes={changes}
				tax={pickupFetcher.data?.tax ?? null}
				price={priceFetcher.state === 'idle' ? price : null}
				errorId={form.errorId}
				errors={problems}
				onCancel={() => setPreviewed(null)}
				onConfirm={() => {
					setRepricingsAtConfirm(repricings)
					fetcher.submit(formRef.current, { method: 'post', action: localize('/checkout') })
				}}
			/>
		</div>
	)
}

/** One cart line as the checkout posts it: the item, how many, the chosen options and the price the customer saw. */
function CartLineFields({ name, item }: { name: string; item: CartItem }) {
	return (
		<>
			<input type="hidden" name={`${name}.id`} value={item.id} />
			<input type="hidden" name={`${name}.quantity`} value={item.quantity} />
			<input type="hidden" name={`${name}.unitPriceCents`} value={item.priceCents} />
			{item.choices.map((choice, index) => (
				<Fragment key={choice.groupId}>
					<input type="hidden" name={`${name}.choices[${index}].groupId`} value={choice.groupId} />
					{choice.text !== undefined ? (
						<input type="hidden" name={`${name}.choices[${index}].text`} value={choice.text} />
					) : null}
					{choice.optionIds?.map((optionId, position) => (
						<input
							key={optionId}
							type="hidden"
							name={`${name}.choices[${index}].optionIds[${position}]`}
							value={optionId}
						/>
					))}
				</Fragment>
			))}
		</>
	)
}
