import type { OrderStatus } from '~/generated/prisma/enums'
import type { Move } from '~/utils/state-machine'

/**
 * Orders the bakery owes, has handed over or baked for a customer who never came: they count for capacity,
 * the day view and the prep list.
 */
export const PAID_ORDER_STATUSES = ['PAID', 'READY', 'PICKED_UP', 'NO_SHOW'] as const satisfies readonly OrderStatus[]

/**
 * The order's state machine, the one table of its moves (decision 055): the models' conditional updates
 * start only from a move's `from` (a late, replayed or stale request changes nothing), and /admin/orders shows
 * a step's button only where it may start. No database trigger repeats it (decision 055 says why).
 */
export const ORDER_MOVES = {
	/**
	 * The provider took the payment. A payment for a session we had already expired or cancelled is never lost:
	 * it still makes the order paid, if it was never paid before (the model checks `paidAt`; decision 030).
	 */
	pay: { from: ['PENDING', 'EXPIRED', 'CANCELLED'], to: 'PAID' },
	/** The provider refused the payment, or the customer left its page. */
	cancel: { from: ['PENDING'], to: 'CANCELLED' },
	/** The session ran out (its webhook, or the sweep when no live session is left). */
	expire: { from: ['PENDING'], to: 'EXPIRED' },
	/** The owner's one-click steps on the day view; handing over skips "ready" if need be. */
	ready: { from: ['PAID'], to: 'READY' },
	'picked-up': { from: ['PAID', 'READY'], to: 'PICKED_UP' },
	/** Never collected: only once the pickup time has passed (the model checks it; decision 070). */
	'no-show': { from: ['PAID', 'READY'], to: 'NO_SHOW' },
	/** A phone order to be paid at pickup, cancelled before handover (decision 075): nothing was paid, nothing refunded. */
	'cancel-unpaid': { from: ['PAID', 'READY'], to: 'CANCELLED' },
	/** The owner's "Cancel & refund": only before the order is handed over. */
	refund: { from: ['PAID', 'READY'], to: 'REFUNDED' },
	/** A full refund made in the provider's dashboard, whatever the order's step. */
	'refunded-by-provider': { from: PAID_ORDER_STATUSES, to: 'REFUNDED' },
} as const satisfies Record<string, Move<OrderStatus>>

export type OrderMove = keyof typeof ORDER_MOVES
