import type { CakeRequestStatus } from '~/generated/prisma/enums'
import type { Move } from '~/utils/state-machine'

/**
 * The custom cake request's state machine, the one table of its moves (decisions 041 and 055): the model's
 * conditional updates start only from a move's `from`, the owner's page shows a move's button only where it
 * may start, and the database trigger `custom_cake_status_guard` (prisma/sql/custom_cake_status_guard.sql)
 * refuses every other change of status; tests/integration/state-tables.test.ts checks that the trigger refuses
 * exactly what this table does.
 */
export const CAKE_REQUEST_MOVES = {
	/** The owner's quote: a first one, a changed one (QUOTED stays QUOTED, new version), or again after a decline or expiry. */
	quote: { from: ['REQUESTED', 'QUOTED', 'DECLINED', 'EXPIRED'], to: 'QUOTED' },
	/** The owner takes the quote back before the deposit. */
	withdraw: { from: ['QUOTED'], to: 'REQUESTED' },
	/** The customer declines an open quote. */
	decline: { from: ['QUOTED'], to: 'DECLINED' },
	/** The quote's time ran out. */
	expire: { from: ['QUOTED'], to: 'EXPIRED' },
	/** The deposit, paid online (after the quote expired too, when its session was opened in time). */
	'deposit-paid': { from: ['QUOTED', 'EXPIRED'], to: 'DEPOSIT_PAID' },
	/** The balance, online or in the shop. */
	'balance-paid': { from: ['DEPOSIT_PAID'], to: 'PAID_IN_FULL' },
	'picked-up': { from: ['PAID_IN_FULL'], to: 'PICKED_UP' },
	/** The owner cancels (a paid deposit is refunded by the owner in Stripe). */
	cancel: { from: ['REQUESTED', 'QUOTED', 'DEPOSIT_PAID', 'PAID_IN_FULL', 'DECLINED', 'EXPIRED'], to: 'CANCELLED' },
	/** A payment refunded in the provider's dashboard. */
	refunded: { from: ['DEPOSIT_PAID', 'PAID_IN_FULL'], to: 'CANCELLED' },
} as const satisfies Record<string, Move<CakeRequestStatus>>
