import { readLineOptions } from '~/domain/menu/item-options'
import { orderNumber } from '~/domain/orders/index.server'
import { customerTextRecords } from '~/domain/texts/index.server'
import { customerWalletRecords } from '~/domain/wallet/index.server'
import { loadCustomerData } from './models/customer-privacy.server'

/** The download format's version: raised when a field changes meaning. */
const EXPORT_FORMAT = 1

const iso = (at: Date | null) => at?.toISOString() ?? null

/**
 * "Download my data" (decision 067): the account, its paid orders with their lines and pickup moves, its cake
 * requests with their quotes and payments, its waitlist entries (decision 091), its bread club memberships and their
 * boxes (decision 093), the reviews written for its orders, and its numbers' consent to texts with
 * the texts sent about those orders and requests (decision 074), its store credit and the gift cards it bought (decision
 * 079), as the bakery holds them.
 * Money is in integer cents of `currency`; times are ISO 8601 in UTC. Null when the account is gone.
 */
export async function customerDataExport(customerId: string, now = new Date()) {
	const data = await loadCustomerData(customerId)
	if (!data) return null
	const texts = await customerTextRecords({
		orderIds: data.orders.map((order) => order.id),
		cakeRequestIds: data.cakeRequests.map((request) => request.id),
		phones: [
			data.phone,
			...data.orders.map((order) => order.customerPhone),
			...data.cakeRequests.map((request) => request.phone),
		],
	})
	return {
		format: EXPORT_FORMAT,
		exportedAt: now.toISOString(),
		account: {
			email: data.email,
			name: data.name,
			phone: data.phone,
			language: data.locale,
			createdAt: iso(data.createdAt),
		},
		orders: data.orders.map((order) => ({
			number: orderNumber(order.id),
			status: order.status.toLowerCase(),
			placedAt: iso(order.createdAt),
			paidAt: iso(order.paidAt),
			pickupAt: iso(order.pickupAt),
			name: order.customerName,
			email: order.customerEmail,
			phone: order.customerPhone,
			allergyNote: order.allergyNote,
			note: order.customerNote,
			language: order.locale,
			currency: order.currency,
			totalCents: order.totalCents,
			taxCents: order.taxCents,
			discountCents: order.discountCents,
			promoCode: order.promoCode,
			tipCents: order.tipCents,
			paidWithGiftCardOrCreditCents: order.walletCents,
			lines: order.items.map((item) => ({
				name: item.localizedName ?? item.name,
				quantity: item.quantity,
				unitPriceCents: item.unitPriceCents,
				options: readLineOptions(item.options).map((option) => ({
					group: option.group,
					...(option.text !== undefined ? { text: option.text } : { choice: option.choice }),
				})),
			})),
			pickupChanges: order.pickupChanges.map((change) => ({
				from: iso(change.fromPickupAt),
				to: iso(change.toPickupAt),
				at: iso(change.createdAt),
			})),
		})),
		cakeRequests: data.cakeRequests.map((request) => ({
			requestedAt: iso(request.createdAt),
			name: request.name,
			email: request.email,
			phone: request.phone,
			language: request.locale,
			type: request.type,
			size: request.size,
			message: request.message,
			status: request.status.toLowerCase(),
			quote:
				request.quoteCents === null
					? null
					: {
							priceCents: request.quoteCents,
							depositCents: request.depositCents,
							notes: request.quoteNotes,
							validUntil: iso(request.quoteValidUntil),
						},
			paidCents: request.paidCents,
			pickupAt: iso(request.pickupAt),
			payments: request.payments.map((payment) => ({
				kind: payment.kind.toLowerCase(),
				method: payment.method === 'IN_SHOP' ? 'in-shop' : 'online',
				amountCents: payment.amountCents,
				paidAt: iso(payment.paidAt),
			})),
		})),
		waitlists: data.waitlistEntries.map((entry) => ({
			joinedAt: iso(entry.createdAt),
			item: entry.menuItem.name,
			pickupDate: entry.pickupDate.toISOString().slice(0, 10),
			quantity: entry.quantity,
			name: entry.customerName,
			email: entry.email,
			phone: entry.phone,
			textTheOffer: entry.textOffer,
			status: entry.status.toLowerCase(),
		})),
		breadClub: data.clubSubscriptions.map((membership) => ({
			plan: membership.plan.name,
			joinedAt: iso(membership.createdAt),
			status: membership.status.toLowerCase(),
			pickupTime: membership.pickupTime,
			priceCentsPerBox: membership.priceCents,
			pausedUntil: membership.pausedUntil?.toISOString().slice(0, 10) ?? null,
			leftAt: iso(membership.cancelledAt),
			boxes: membership.pickups.map((box) => ({
				pickupDate: box.pickupDate.toISOString().slice(0, 10),
				status: box.status.toLowerCase(),
				order: box.orderId ? orderNumber(box.orderId) : null,
			})),
		})),
		reviews: data.orders.flatMap((order) =>
			order.review
				? [
						{
							order: orderNumber(order.id),
							name: order.review.name,
							rating: order.review.rating,
							comment: order.review.comment,
							status: order.review.status.toLowerCase(),
							writtenAt: iso(order.review.createdAt),
						},
					]
				: [],
		),
		texts: {
			consents: texts.consents.map((consent) => ({
				phone: consent.phone,
				channel: consent.channel.toLowerCase(),
				wording: consent.wording,
				version: consent.version,
				source: consent.source,
				givenAt: iso(consent.grantedAt),
				withdrawnAt: iso(consent.withdrawnAt),
				withdrawnBy: consent.withdrawnBy,
			})),
			messages: texts.messages.map((message) => ({
				kind: message.kind,
				to: message.to,
				channel: message.channel.toLowerCase(),
				text: message.body,
				status: message.status.toLowerCase(),
				queuedAt: iso(message.createdAt),
				sentAt: iso(message.sentAt),
			})),
		},
		...(await customerWalletRecords(customerId, data.email)),
	}
}

export { deleteCustomerAccount } from './models/customer-privacy.server'
