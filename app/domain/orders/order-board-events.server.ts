import { onDatabaseChannel } from '~/utils/cache-sync.server'
import type { LocalDate } from '~/domain/pickup/pickup-schedule'

/**
 * The live order board's news (decision 070). The Order table's trigger NOTIFYs `bakery_board` in the
 * transaction of each change of a paid order (prisma/sql/order_board_notify.sql); this process hears it on its
 * one listening connection (utils/cache-sync.server.ts) and passes it to each board connected here. After the
 * connection was down, `resync` tells every board to read its day again.
 */
const BOARD_CHANNEL = 'bakery_board'

export type BoardEvent =
	| {
			kind: 'paid' | 'arrived' | 'changed'
			orderId: string
			pickupDate: LocalDate | null
			previousPickupDate: LocalDate | null
	  }
	| { kind: 'resync' }

const boards = new Set<(event: BoardEvent) => void>()
let stopListening: (() => void) | undefined

function tellEveryBoard(event: BoardEvent) {
	for (const board of boards) board(event)
}

function readNotification(payload: string): BoardEvent | null {
	try {
		const event = JSON.parse(payload) as Partial<Extract<BoardEvent, { orderId: string }>>
		if (typeof event.orderId !== 'string' || !['paid', 'arrived', 'changed'].includes(event.kind ?? '')) return null
		return {
			kind: event.kind!,
			orderId: event.orderId,
			pickupDate: event.pickupDate ?? null,
			previousPickupDate: event.previousPickupDate ?? null,
		}
	} catch {
		return null
	}
}

/** Calls `board` with each change until the returned function is called. */
export function followBoard(board: (event: BoardEvent) => void) {
	boards.add(board)
	stopListening ??= onDatabaseChannel(BOARD_CHANNEL, {
		heard: (payload) => {
			const event = readNotification(payload)
			if (event) tellEveryBoard(event)
		},
		missed: () => tellEveryBoard({ kind: 'resync' }),
	})
	return () => {
		boards.delete(board)
	}
}

/** Whether a change concerns a board showing `date`. */
export function concernsDay(event: BoardEvent, date: LocalDate) {
	return event.kind === 'resync' || event.pickupDate === date || event.previousPickupDate === date
}
