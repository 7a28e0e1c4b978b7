/**
 * The orders' checkout as the tests drive it: the domain's functions, and `startCheckout` as the checkout page's
 * action runs it without a form: the body parsed once with the page's schema, the one domain function, and the
 * route's answer (status and words, in the page's language) for a refusal. Import it after setting the env.
 */
import { checkoutRequestSchema } from '~/domain/orders/checkout'
import * as checkout from '~/domain/orders/checkout.server'
import { checkoutRefusalReply } from '~/routes/checkout'
import type { Locale } from '~/utils/i18n'
import { messageTranslator, translator } from '~/utils/i18n.server'

export { cancelCheckoutSession, confirmCheckoutSession, sweepAbandonedCheckouts } from '~/domain/orders/checkout.server'

export type CheckoutAnswer =
	| { ok: true; url: string; orderId: string }
	| {
			ok: false
			status: number
			error: string
			field?: 'pickupAt' | 'promoCode' | 'tipAmount' | 'giftCardCode'
			unavailableIds?: string[]
	  }

export async function startCheckout(
	body: unknown,
	options: { origin: string; now?: Date; locale?: Locale; client?: string; customerId?: string },
): Promise<CheckoutAnswer> {
	const locale = options.locale ?? 'en'
	const parsed = checkoutRequestSchema.safeParse(body)
	if (!parsed.success) {
		// The form's answer: its first problem, in the page's language (formReply in the route).
		return { ok: false, status: 400, error: messageTranslator(locale)(parsed.error.issues[0]?.message ?? '') }
	}
	const result = await checkout.startCheckout(parsed.data, { ...options, locale })
	if (result.ok) return result
	const reply = checkoutRefusalReply(result, translator(locale), locale)
	return result.reason === 'cart-changed'
		? { ok: false, ...reply, unavailableIds: result.lines.map((line) => line.menuItemId) }
		: { ok: false, ...reply }
}
