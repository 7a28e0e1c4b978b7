import { describe, expect, it } from 'vitest'
import { cardProgress, loyaltyProgramSchema } from './loyalty-card'

describe('cardProgress', () => {
	it('counts the stamps on the current card and the ones still to go', () => {
		expect(cardProgress({ stamps: 0, rewards: 0, stampsPerReward: 10 })).toEqual({ onCard: 0, toGo: 10 })
		expect(cardProgress({ stamps: 7, rewards: 0, stampsPerReward: 10 })).toEqual({ onCard: 7, toGo: 3 })
	})

	it('starts a new card once a reward is given', () => {
		expect(cardProgress({ stamps: 10, rewards: 1, stampsPerReward: 10 })).toEqual({ onCard: 0, toGo: 10 })
		expect(cardProgress({ stamps: 13, rewards: 1, stampsPerReward: 10 })).toEqual({ onCard: 3, toGo: 7 })
	})

	it('makes up a stamp reversed after its reward on the next card', () => {
		expect(cardProgress({ stamps: 9, rewards: 1, stampsPerReward: 10 })).toEqual({ onCard: 0, toGo: 11 })
	})
})

describe('loyaltyProgramSchema', () => {
	it('refuses a card of one stamp, a free reward and a nameless one', () => {
		const base = {
			minOrderCents: '10',
			stampsPerReward: '10',
			rewardCents: '$4.50',
			rewardNameEn: 'a free concha',
			rewardNameEs: 'una concha gratis',
			rewardNamePtBr: 'uma concha grátis',
		}
		expect(loyaltyProgramSchema.parse(base)).toMatchObject({ minOrderCents: 1000, rewardCents: 450, enabled: false })
		expect(loyaltyProgramSchema.safeParse({ ...base, stampsPerReward: '1' }).success).toBe(false)
		expect(loyaltyProgramSchema.safeParse({ ...base, rewardCents: '0' }).success).toBe(false)
		expect(loyaltyProgramSchema.safeParse({ ...base, rewardNameEs: '  ' }).success).toBe(false)
	})
})
