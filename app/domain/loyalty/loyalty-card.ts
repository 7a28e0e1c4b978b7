import { z } from 'zod'
import type { Locale } from '~/utils/i18n'
import { formatPrice, parsePriceToCents } from '~/utils/money'

/** A typed dollar amount ('4', '4.5', '$4.50') in cents, within the card's bounds (the table's CHECKs). */
function dollars(what: string, min: number, max: number) {
	return z
		.string({ required_error: `Please enter ${what}.` })
		.trim()
		.transform((value, ctx) => {
			const cents = parsePriceToCents(value)
			if (cents === null || cents < min || cents > max) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					message: `Please enter ${what} from ${formatPrice(min)} to ${formatPrice(max)}, such as 4.50.`,
				})
				return z.NEVER
			}
			return cents
		})
}

const rewardWords = z
	.string({ required_error: 'Please say what the reward buys, e.g. “a free concha”.' })
	.trim()
	.min(1, 'Please say what the reward buys, e.g. “a free concha”.')
	.max(60, 'At most 60 characters.')

/** The owner's stamp card as the admin form edits it (decision 085): dollars on the form, cents here. */
export const loyaltyProgramSchema = z.object({
	enabled: z.boolean().default(false),
	minOrderCents: dollars('a minimum order', 0, 100_000),
	stampsPerReward: z.coerce
		.number({ invalid_type_error: 'Please enter a whole number of stamps from 2 to 50.' })
		.int('Please enter a whole number of stamps from 2 to 50.')
		.min(2, 'Please enter a whole number of stamps from 2 to 50.')
		.max(50, 'Please enter a whole number of stamps from 2 to 50.'),
	rewardCents: dollars('a reward', 1, 10_000),
	rewardNameEn: rewardWords,
	rewardNameEs: rewardWords,
	rewardNamePtBr: rewardWords,
})

export type LoyaltyProgramSettings = z.infer<typeof loyaltyProgramSchema>

/** What the reward buys in the customer's language (the owner writes it for each). */
export function rewardName(program: LoyaltyProgramSettings, locale: Locale) {
	if (locale === 'es') return program.rewardNameEs
	if (locale === 'pt-BR') return program.rewardNamePtBr
	return program.rewardNameEn
}

/** A customer's card as their pages show it. */
export interface LoyaltyCardView {
	/** Stamps on the current card. */
	onCard: number
	/** Stamps still to earn the next reward. */
	toGo: number
	stampsPerReward: number
	minOrderCents: number
	rewardCents: number
	/** What the reward buys, in the customer's language. */
	reward: string
}

/**
 * Where a customer is on their card: the stamps on the current card and how many more earn the next reward. Stamps
 * that went into a reward are off the card; a stamp reversed by a refund after its reward was given is made up by
 * the next card (so `toGo` can exceed a card's size, and the card shows none filled).
 */
export function cardProgress({
	stamps,
	rewards,
	stampsPerReward,
}: {
	stamps: number
	rewards: number
	stampsPerReward: number
}) {
	const toGo = (rewards + 1) * stampsPerReward - stamps
	return { onCard: Math.max(0, stampsPerReward - toGo), toGo }
}
