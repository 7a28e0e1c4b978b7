/**
 * A state machine written once, as its moves (decision 055): each move names the statuses it may start from
 * and the status it ends in. The models take a move's `from` for their conditional updates, the screens show
 * a move's button only where `canMove` allows it, and the tests compare `transitionsOf` with what the database
 * allows. Browser-safe.
 */
export interface Move<Status extends string> {
	readonly from: readonly Status[]
	readonly to: Status
}

/** Whether `move` may start from `status`. */
export function canMove<Status extends string>(move: Move<NoInfer<Status>>, status: Status): boolean {
	return move.from.includes(status)
}

/**
 * Every change of status the moves make, as `FROM→TO`, sorted. A move from its own end status (an edited
 * quote stays quoted) changes no status and is not one.
 */
export function transitionsOf<Status extends string>(moves: Record<string, Move<Status>>): string[] {
	const pairs = Object.values(moves).flatMap(({ from, to }) =>
		from.filter((start) => start !== to).map((start) => `${start}→${to}`),
	)
	return [...new Set(pairs)].sort()
}
