import type { MessageKey } from '~/utils/i18n'

/** An account order's status in the customer's words (the account page and the order page). */
export const ORDER_STATUS_LABELS = {
	paid: 'account.statusPaid',
	'pay-at-pickup': 'account.statusPayAtPickup',
	ready: 'account.statusReady',
	'picked-up': 'account.statusPickedUp',
	cancelled: 'account.statusCancelled',
	refunded: 'account.statusRefunded',
	'no-show': 'account.statusNoShow',
} as const satisfies Record<string, MessageKey>
