import { readLineOptions } from '~/domain/menu/item-options'
import { loadAccount, updateCustomerProfile } from './models/customer.server'
import { accountTextPreference, saveAccountTextPreference } from '~/domain/texts/index.server'
import type { Locale } from '~/utils/i18n'

/**
 * What a customer sees of an order's state (the statuses an account can hold: confirmed orders only, paid or to be
 * paid at pickup).
 */
type AccountOrderStatus = 'paid' | 'pay-at-pickup' | 'ready' | 'picked-up' | 'cancelled' | 'refunded' | 'no-show'

const ACCOUNT_ORDER_STATUS = {
	PAID: 'paid',
	READY: 'ready',
	PICKED_UP: 'picked-up',
	CANCELLED: 'cancelled',
	REFUNDED: 'refunded',
	NO_SHOW: 'no-show',
} as const satisfies Record<string, AccountOrderStatus>

/** The order's state in the customer's words: a phone order confirmed but not yet paid says it is paid at pickup. */
export function accountOrderStatus(order: {
	status: string
	paidAt: Date | null
	payAtPickup: boolean
}): AccountOrderStatus {
	if (order.status === 'PAID' && order.payAtPickup && order.paidAt === null) return 'pay-at-pickup'
	return ACCOUNT_ORDER_STATUS[order.status as keyof typeof ACCOUNT_ORDER_STATUS] ?? 'paid'
}

/** Balances still owed only while a quote is accepted or open. */
const OWING_CAKE_STATUSES = new Set(['QUOTED', 'DEPOSIT_PAID'])

/** Past orders shown at a time (the download has them all): a regular's long history stays quick to read. */
const PAST_ORDERS_PAGE_SIZE = 20
/** Pages beyond this are not offered (20 a page: 2,000 past orders). */
const MAX_PAST_PAGE = 100

/** The page of past orders an address asks for (`?past=2`), bounded. */
function pastPageOf(value: string | null) {
	return Math.min(Math.max(1, Math.floor(Number(value)) || 1), MAX_PAST_PAGE)
}

/**
 * The account page's data (three queries): upcoming pickups (paid or ready, pickup still ahead, soonest first),
 * a page of past orders (newest first; `past` from the address, and whether there are older ones), the cake
 * requests with what is owed, and the saved details. Lines carry the names and choices in the language the
 * customer ordered in.
 */
export async function accountOverview(customerId: string, past: string | null = null, now = new Date()) {
	const pastPage = pastPageOf(past)
	const account = await loadAccount(customerId, { now, pastPage, pastPageSize: PAST_ORDERS_PAGE_SIZE })
	if (!account) return null
	const order = (entry: (typeof account.past)[number]) => ({
		id: entry.id,
		status: accountOrderStatus(entry),
		pickupAt: entry.pickupAt,
		totalCents: entry.totalCents,
		items: entry.items.map((item) => ({
			name: item.localizedName ?? item.name,
			quantity: item.quantity,
			options: readLineOptions(item.localizedOptions ?? item.options),
		})),
	})
	return {
		profile: {
			email: account.email,
			name: account.name,
			phone: account.phone,
			locale: account.locale,
			...(await accountTextPreference(account.phone)),
		},
		upcoming: account.upcoming.map(order),
		past: account.past.map(order),
		pastPage,
		olderPast: account.olderPast && pastPage < MAX_PAST_PAGE,
		cakeRequests: account.cakeRequests.map((request) => ({
			id: request.id,
			type: request.type,
			size: request.size,
			status: request.status,
			pickupAt: request.pickupAt,
			quoteCents: request.quoteCents,
			owedCents:
				OWING_CAKE_STATUSES.has(request.status) && request.quoteCents !== null
					? Math.max(0, request.quoteCents - request.paidCents)
					: 0,
		})),
	}
}

/** The account's details, and whether its number gets texts (decision 074). */
export async function saveAccountDetails(
	customerId: string,
	details: { name: string; phone: string; locale: string; textsOptIn: boolean; textsChannel: 'sms' | 'whatsapp' },
	request: { locale: Locale; client?: string; userAgent?: string | null },
) {
	const { textsOptIn, textsChannel, ...profile } = details
	await updateCustomerProfile(customerId, profile)
	await saveAccountTextPreference(profile.phone, { textsOptIn, textsChannel }, request)
}
