import type { Prisma } from '~/generated/prisma/client'
import type { Locale } from '~/utils/i18n'
import { creditLoyaltyReward } from '~/domain/wallet/index.server'
import { cardProgress, rewardName, type LoyaltyCardView } from './loyalty-card'
import {
	collectStampsIn,
	getLoyaltyProgram,
	orderCustomerIn,
	reverseStampIn,
	stampCounts,
	type NewReward,
} from './models/loyalty.server'

type Tx = Prisma.TransactionClient

/**
 * In the transaction that hands an order over: its stamp, and the reward a full card earns, credited to the customer's
 * store credit, each once.
 */
export async function collectStampsForOrder(tx: Tx, orderId: string): Promise<NewReward[]> {
	const customerId = await orderCustomerIn(tx, orderId)
	return customerId ? collectStampsForCustomer(tx, customerId) : []
}

/**
 * In the transaction that attaches a customer's orders at sign-in (or hands one over): the stamps of their picked-up
 * orders that have none, and the rewards those complete, each credited once.
 */
export async function collectStampsForCustomer(tx: Tx, customerId: string): Promise<NewReward[]> {
	const rewards = await collectStampsIn(tx, customerId)
	for (const reward of rewards) await creditLoyaltyReward(tx, reward)
	return rewards
}

export { reverseStampIn as reverseStampForOrder }

/**
 * The customer's card in their language, or null while the owner has it off: the stamps on the current card, how
 * many more earn the reward, and what it buys. `pending`: an order of theirs, paid and not yet picked up, that
 * will earn a stamp when it is (the confirmation page says so).
 */
export async function customerLoyaltyCard(customerId: string | null, locale: Locale): Promise<LoyaltyCardView | null> {
	const program = await getLoyaltyProgram()
	if (!program.enabled) return null
	const counts = customerId ? await stampCounts(customerId) : { stamps: 0, rewards: 0 }
	return {
		...cardProgress({ ...counts, stampsPerReward: program.stampsPerReward }),
		stampsPerReward: program.stampsPerReward,
		minOrderCents: program.minOrderCents,
		rewardCents: program.rewardCents,
		reward: rewardName(program, locale),
	}
}
