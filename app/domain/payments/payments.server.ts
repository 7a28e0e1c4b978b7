import crypto from 'node:crypto'
import Stripe from 'stripe'
import { getEnv } from '~/utils/env.server'
import type { Locale } from '~/utils/i18n'
import type { TaxCategory } from '~/domain/orders/sales-tax'

export interface CheckoutLine {
	name: string
	/** The chosen options in words, shown under the name on the payment page. */
	description?: string
	unitAmountCents: number
	quantity: number
	taxCategory: TaxCategory
}

export interface CreateSessionInput {
	orderId: string
	lines: CheckoutLine[]
	/** Sales tax worked out by the shop (a configured rate): charged as its own 'Sales tax' line. */
	taxCents: number
	/** Stripe Tax works the tax out instead (STRIPE_TAX=true). */
	automaticTax: boolean
	currency: string
	customerEmail: string
	successUrl: string
	cancelUrl: string
	/** The chosen pickup, ISO instant, recorded in the session's metadata. */
	pickupAt?: string
	/** Said on the hosted payment page beside the Pay button, e.g. 'Pickup Tue, Nov 24 at 9:00 AM …'. */
	pickupText?: string
	/** The customer's language: the hosted page opens in it (missing: Stripe guesses from the browser). */
	locale?: Locale
	/** More of the session's metadata (a cake quote's payment names its request and part). */
	metadata?: Record<string, string>
}

export interface SessionState {
	id: string
	paid: boolean
	status: 'open' | 'complete' | 'expired'
	/** What it charged (Stripe: amount_total and Stripe Tax's amount_tax). */
	charged?: ChargedAmounts
}

export interface ChargedAmounts {
	totalCents: number
	taxCents: number
}

/** The amount and tax a Stripe session charged (Stripe Tax's tax is known only once paid). */
export function chargedAmounts(session: Stripe.Checkout.Session): ChargedAmounts | undefined {
	if (typeof session.amount_total !== 'number') return undefined
	return { totalCents: session.amount_total, taxCents: session.total_details?.amount_tax ?? 0 }
}

/** Stripe in production; a local test page with the same contract where no Stripe key is set. */
export interface PaymentProvider {
	readonly kind: 'stripe' | 'test'
	createCheckoutSession(input: CreateSessionInput): Promise<{ sessionId: string; url: string }>
	retrieveSession(sessionId: string): Promise<SessionState | null>
	/** Refunds the whole payment of a session; throws `RefundFailed` (nothing refunded) when it cannot. */
	refundPayment(input: RefundInput): Promise<void>
}

export interface RefundInput {
	sessionId: string
	orderId: string
}

/** The provider did not refund: `message` says why, in the provider's words. */
export class RefundFailed extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'RefundFailed'
	}
}

/** The 30 minutes, Stripe's minimum: the pickup hold lasts as long as the session can be paid. */
export const CHECKOUT_SESSION_MINUTES = 30
/** Stripe measures `expires_at` from when it receives the request: a little slack keeps it at 30 minutes or more. */
const EXPIRY_SLACK_SECONDS = 15

/** The Unix time a new session expires. */
export function checkoutSessionExpiresAt(now = Date.now()) {
	return Math.floor(now / 1000) + CHECKOUT_SESSION_MINUTES * 60 + EXPIRY_SLACK_SECONDS
}

const SALES_TAX_LINE = 'Sales tax'

/** The session's lines: the order's, each with its options and tax code, and the shop's tax as one more line. */
export function stripeLineItems(input: CreateSessionInput): Stripe.Checkout.SessionCreateParams.LineItem[] {
	const env = getEnv()
	const taxCodes: Record<TaxCategory, string> = {
		BAKERY: env.STRIPE_TAX_CODE_BAKERY,
		PREPARED_FOOD: env.STRIPE_TAX_CODE_PREPARED_FOOD,
	}
	const lines: Stripe.Checkout.SessionCreateParams.LineItem[] = input.lines.map((line) => ({
		quantity: line.quantity,
		price_data: {
			currency: input.currency,
			unit_amount: line.unitAmountCents,
			product_data: {
				name: line.name,
				...(line.description ? { description: line.description } : {}),
				...(input.automaticTax ? { tax_code: taxCodes[line.taxCategory] } : {}),
			},
			...(input.automaticTax ? { tax_behavior: 'exclusive' as const } : {}),
		},
	}))
	if (input.taxCents > 0) {
		lines.push({
			quantity: 1,
			price_data: { currency: input.currency, unit_amount: input.taxCents, product_data: { name: SALES_TAX_LINE } },
		})
	}
	return lines
}

let stripeClient: Stripe | undefined

export function getStripe() {
	const env = getEnv()
	if (!env.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set')
	stripeClient ??= new Stripe(env.STRIPE_SECRET_KEY, {
		timeout: env.STRIPE_TIMEOUT_MS,
		maxNetworkRetries: 2, // safe: every create carries an idempotency key
		host: env.STRIPE_API_HOST,
		port: env.STRIPE_API_PORT,
		protocol: env.STRIPE_API_PROTOCOL,
		appInfo: { name: 'bakery-website' },
	})
	return stripeClient
}

const stripeProvider: PaymentProvider = {
	kind: 'stripe',
	async createCheckoutSession(input) {
		const session = await getStripe().checkout.sessions.create(
			{
				mode: 'payment',
				line_items: stripeLineItems(input),
				...(input.automaticTax ? { automatic_tax: { enabled: true } } : {}),
				customer_email: input.customerEmail,
				client_reference_id: input.orderId,
				metadata: {
					...input.metadata,
					orderId: input.orderId,
					...(input.pickupAt ? { pickupAt: input.pickupAt } : {}),
				},
				payment_intent_data: { metadata: { orderId: input.orderId } },
				...(input.pickupText ? { custom_text: { submit: { message: input.pickupText } } } : {}),
				success_url: input.successUrl,
				cancel_url: input.cancelUrl,
				expires_at: checkoutSessionExpiresAt(),
				locale: input.locale ? STRIPE_LOCALES[input.locale] : 'auto',
			},
			// A retried request for the same order returns the same session instead of a second one.
			{ idempotencyKey: `checkout-session-${input.orderId}` },
		)
		if (!session.url) throw new Error(`Stripe returned session ${session.id} without a URL`)
		return { sessionId: session.id, url: session.url }
	},
	async retrieveSession(sessionId): Promise<SessionState | null> {
		if (!/^cs_[A-Za-z0-9_]+$/.test(sessionId)) return null
		try {
			const session = await getStripe().checkout.sessions.retrieve(sessionId)
			return {
				id: session.id,
				paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
				status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
				charged: chargedAmounts(session),
			}
		} catch (error) {
			if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
			throw error
		}
	},
	async refundPayment({ sessionId, orderId }) {
		try {
			const session = await getStripe().checkout.sessions.retrieve(sessionId)
			const paymentIntent =
				typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id
			if (!paymentIntent) throw new RefundFailed('Stripe has no payment for this order.')
			await getStripe().refunds.create(
				{ payment_intent: paymentIntent, metadata: { orderId } },
				// A retried or double-clicked refund is the same refund.
				{ idempotencyKey: `refund-${orderId}` },
			)
		} catch (error) {
			if (error instanceof RefundFailed) throw error
			// Refunded already (e.g. in Stripe's dashboard): the money is back, which is what was asked.
			if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') return
			if (error instanceof Stripe.errors.StripeError) throw new RefundFailed(error.message)
			throw error
		}
	},
}

/** Stripe Checkout's language for each of the site's (Latin American Spanish, Brazilian Portuguese). */
export const STRIPE_LOCALES = {
	en: 'en',
	es: 'es-419',
	'pt-BR': 'pt-BR',
} as const satisfies Record<Locale, Stripe.Checkout.SessionCreateParams.Locale>

export const TEST_SESSION_PREFIX = 'test_cs_'

/**
 * Development stand-in for Stripe: the "hosted page" is /test-payment/<id> on this site.
 * Its state lives on the order itself, so retrieveSession needs a lookup passed in.
 */
export function createTestProvider(
	findSessionState: (sessionId: string) => Promise<SessionState | null>,
): PaymentProvider {
	return {
		kind: 'test',
		async createCheckoutSession(input) {
			const sessionId = `${TEST_SESSION_PREFIX}${crypto.randomBytes(12).toString('hex')}`
			const url = new URL(`/test-payment/${sessionId}`, input.successUrl)
			return { sessionId, url: url.toString() }
		},
		retrieveSession: findSessionState,
		// Nothing was charged: there is nothing to give back.
		async refundPayment() {},
	}
}

export type PaymentMode = 'stripe' | 'test' | 'disabled'

export function paymentMode(): PaymentMode {
	const env = getEnv()
	if (env.PAYMENTS_DISABLED) return 'disabled'
	if (env.STRIPE_SECRET_KEY) return 'stripe'
	// The env schema refuses production without Stripe keys, so this is never production.
	return env.NODE_ENV === 'production' ? 'disabled' : 'test'
}

export { stripeProvider }
