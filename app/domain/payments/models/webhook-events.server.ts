import type { Prisma } from '~/generated/prisma/client'

/**
 * Claims a provider event (or a synthetic one such as `success:<session>`) inside the caller's transaction:
 * true the first time, false when it was already processed. ON CONFLICT DO NOTHING on the unique event id, so
 * two deliveries at the same moment cannot both claim it; the caller's writes commit or roll back with it.
 */
export async function claimProviderEvent(tx: Prisma.TransactionClient, event: { eventId: string; type: string }) {
	const claimed = await tx.processedWebhookEvent.createMany({
		data: [{ eventId: event.eventId, type: event.type }],
		skipDuplicates: true,
	})
	return claimed.count > 0
}
