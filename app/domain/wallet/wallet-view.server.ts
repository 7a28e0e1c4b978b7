import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import type { Locale } from '~/utils/i18n'

/** Entries as their holder sees them: kind, amounts and the date in their language (no references or notes). */
export function customerEntries(
	entries: { kind: string; amountCents: number; balanceAfterCents: number; createdAt: Date }[],
	locale: Locale,
) {
	return entries.map(({ kind, amountCents, balanceAfterCents, createdAt }) => ({
		kind,
		amountCents,
		balanceAfterCents,
		when: formatBakeryDateTime(createdAt, locale),
	}))
}
