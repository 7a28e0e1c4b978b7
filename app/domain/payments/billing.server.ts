/**
 * Recurring payments for the bread club (decision 093): Stripe Billing in production, a local stand-in where no
 * Stripe key is set (the dev server's /test-payment page), like `paymentProvider` for one-off payments (decision
 * 054). A plan's box is a recurring Stripe Price; a subscriber is a Stripe Customer and Subscription made by a hosted
 * Checkout page in subscription mode. Nothing is charged on joining: the subscription's billing cycle is anchored
 * at the first box's cutoff, so each charge falls when its box is made, and a box not made (skipped, refused) is one
 * box's credit on the customer's Stripe balance, which their next charge uses up.
 */
import crypto from 'node:crypto'
import Stripe from 'stripe'
import type { Locale } from '~/utils/i18n'
import { checkoutSessionExpiresAt, getStripe, paymentMode, STRIPE_LOCALES } from './payments.server'

export interface BillingPlan {
	id: string
	name: string
	priceCents: number
	/** Weeks between charges: 1 or 2. */
	intervalWeeks: number
	/** The Stripe Price made earlier for this price and interval, if any (`priceKey` says which). */
	providerPriceId: string | null
	providerPriceKey: string | null
	providerProductId: string | null
}

interface OpenSubscriptionInput {
	/** The club membership's id: the session's client reference and the subscription's metadata. */
	subscriptionId: string
	plan: BillingPlan
	customerEmail: string
	/** The first charge: the first box's cutoff. */
	firstChargeAt: Date
	locale: Locale
	successUrl: string
	cancelUrl: string
}

interface SubscriptionPage {
	sessionId: string
	url: string
	/** The plan's Stripe Product and Price, to keep on the plan (null: the stand-in has none). */
	price: { productId: string; priceId: string; key: string } | null
}

export interface SubscriptionSessionState {
	status: 'open' | 'complete' | 'expired'
	providerSubscriptionId: string | null
	providerCustomerId: string | null
}

export interface BillingProvider {
	readonly kind: 'stripe' | 'test'
	openSubscriptionPage(input: OpenSubscriptionInput): Promise<SubscriptionPage>
	/** Null when the provider has no such session. Throws when it cannot be asked. */
	retrieveSubscriptionSession(sessionId: string): Promise<SubscriptionSessionState | null>
	/**
	 * Moves one box's price on the customer's balance: negative credits it (a box not made), positive takes a credit
	 * back (a skip undone). `reference` makes a retry the same move. Returns the provider's id for it.
	 */
	adjustBalance(input: { providerCustomerId: string; amountCents: number; reference: string }): Promise<string>
	/** Charges nothing until `resumesAt` (Stripe's pause_collection, invoices voided); null resumes now. */
	pauseCollection(providerSubscriptionId: string, resumesAt: Date | null): Promise<void>
	/** Ends the subscription now: nothing more is charged (decision 093: nothing is prorated). */
	cancelSubscription(providerSubscriptionId: string): Promise<void>
	/** The provider's page where the customer changes the card their renewals are charged to (Stripe's portal). */
	openCardPage(input: { providerCustomerId: string; returnUrl: string; locale: Locale }): Promise<string>
}

/** The key a plan's Price is made for: another price or interval needs another Price (Stripe Prices are fixed). */
function priceKey(plan: BillingPlan) {
	return `${plan.priceCents}-${plan.intervalWeeks}w`
}

async function planPrice(plan: BillingPlan) {
	const key = priceKey(plan)
	if (plan.providerPriceId && plan.providerProductId && plan.providerPriceKey === key) {
		return { productId: plan.providerProductId, priceId: plan.providerPriceId, key }
	}
	const stripe = getStripe()
	const productId =
		plan.providerProductId ??
		(
			await stripe.products.create(
				{ name: plan.name, metadata: { clubPlanId: plan.id } },
				{ idempotencyKey: `club-product-${plan.id}` },
			)
		).id
	const price = await stripe.prices.create(
		{
			product: productId,
			currency: 'usd',
			unit_amount: plan.priceCents,
			recurring: { interval: 'week', interval_count: plan.intervalWeeks },
			metadata: { clubPlanId: plan.id },
		},
		{ idempotencyKey: `club-price-${plan.id}-${key}` },
	)
	return { productId, priceId: price.id, key }
}

const stripeBilling: BillingProvider = {
	kind: 'stripe',
	async openSubscriptionPage(input) {
		const price = await planPrice(input.plan)
		const session = await getStripe().checkout.sessions.create(
			{
				mode: 'subscription',
				line_items: [{ price: price.priceId, quantity: 1 }],
				customer_email: input.customerEmail,
				client_reference_id: input.subscriptionId,
				metadata: { clubSubscriptionId: input.subscriptionId },
				subscription_data: {
					billing_cycle_anchor: Math.floor(input.firstChargeAt.getTime() / 1000),
					// Nothing for the days before the first box: its cutoff is the first charge.
					proration_behavior: 'none',
					metadata: { clubSubscriptionId: input.subscriptionId },
				},
				success_url: input.successUrl,
				cancel_url: input.cancelUrl,
				expires_at: checkoutSessionExpiresAt(),
				locale: STRIPE_LOCALES[input.locale],
			},
			{ idempotencyKey: `club-session-${input.subscriptionId}` },
		)
		if (!session.url) throw new Error(`Stripe returned session ${session.id} without a URL`)
		return { sessionId: session.id, url: session.url, price }
	},
	async retrieveSubscriptionSession(sessionId) {
		if (!/^cs_[A-Za-z0-9_]+$/.test(sessionId)) return null
		try {
			const session = await getStripe().checkout.sessions.retrieve(sessionId)
			return {
				status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
				providerSubscriptionId: idOf(session.subscription),
				providerCustomerId: idOf(session.customer),
			}
		} catch (error) {
			if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
			throw error
		}
	},
	async adjustBalance({ providerCustomerId, amountCents, reference }) {
		const move = await getStripe().customers.createBalanceTransaction(
			providerCustomerId,
			{ amount: amountCents, currency: 'usd', metadata: { clubReference: reference } },
			{ idempotencyKey: `club-balance-${reference}` },
		)
		return move.id
	},
	async pauseCollection(providerSubscriptionId, resumesAt) {
		await getStripe().subscriptions.update(providerSubscriptionId, {
			pause_collection: resumesAt ? { behavior: 'void', resumes_at: Math.floor(resumesAt.getTime() / 1000) } : '',
		})
	},
	async cancelSubscription(providerSubscriptionId) {
		try {
			await getStripe().subscriptions.cancel(providerSubscriptionId)
		} catch (error) {
			// Ended already (Stripe's dunning, or the dashboard): what was asked.
			if (error instanceof Stripe.errors.StripeInvalidRequestError && /cancel/i.test(error.message)) return
			throw error
		}
	},
	async openCardPage({ providerCustomerId, returnUrl, locale }) {
		const session = await getStripe().billingPortal.sessions.create({
			customer: providerCustomerId,
			return_url: returnUrl,
			locale: STRIPE_LOCALES[locale],
		})
		return session.url
	},
}

/** An expandable field's id. */
function idOf(field: string | { id: string } | null | undefined) {
	return typeof field === 'string' ? field : (field?.id ?? null)
}

const TEST_SUBSCRIPTION_PREFIX = 'test_sub_'

/**
 * The dev server's stand-in: the page is /test-payment/<session> on this site, which starts the membership as
 * Stripe's webhook would; the stand-in charges nothing, so its credits and pauses are only recorded by the club.
 */
function createTestBilling(findSession: (sessionId: string) => Promise<SubscriptionSessionState | null>) {
	const reference = () => crypto.randomBytes(12).toString('hex')
	return {
		kind: 'test',
		async openSubscriptionPage(input) {
			const sessionId = `${TEST_SUBSCRIPTION_PREFIX}${reference()}`
			return { sessionId, url: new URL(`/test-payment/${sessionId}`, input.successUrl).toString(), price: null }
		},
		retrieveSubscriptionSession: findSession,
		async adjustBalance() {
			return `test_credit_${reference()}`
		},
		async pauseCollection() {},
		async cancelSubscription() {},
		// The stand-in keeps no card: straight back.
		async openCardPage({ returnUrl }) {
			return returnUrl
		},
	} satisfies BillingProvider
}

/**
 * The billing provider set up here (null: payments are off). `findTestSession` reads the stand-in's sessions, which
 * are the club's own rows (as the order stand-in's are the orders).
 */
export function billingProvider(
	findTestSession: (sessionId: string) => Promise<SubscriptionSessionState | null>,
): BillingProvider | null {
	const mode = paymentMode()
	if (mode === 'stripe') return stripeBilling
	if (mode === 'test') return createTestBilling(findTestSession)
	return null
}
