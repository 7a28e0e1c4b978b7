import { describe, expect, it } from 'vitest'
import { textSendTime } from './quiet-hours'

const at = (iso: string) => new Date(iso)

describe('quiet hours (21:00–08:00 in Everett)', () => {
	it('sends at once during the day, up to 20:59', () => {
		// 10:15 PST
		expect(textSendTime(at('2026-11-24T18:15:00Z'))).toEqual(at('2026-11-24T18:15:00Z'))
		// 20:59 PST
		expect(textSendTime(at('2026-11-25T04:59:00Z'))).toEqual(at('2026-11-25T04:59:00Z'))
		// 08:00 PST exactly
		expect(textSendTime(at('2026-11-24T16:00:00Z'))).toEqual(at('2026-11-24T16:00:00Z'))
	})

	it('defers an evening text to 08:00 the next morning and a night text to 08:00 the same morning', () => {
		// 21:00 PST on Nov 24 → 08:00 PST on Nov 25
		expect(textSendTime(at('2026-11-25T05:00:00Z'))).toEqual(at('2026-11-25T16:00:00Z'))
		// 05:30 PST on Nov 25 → 08:00 PST on Nov 25
		expect(textSendTime(at('2026-11-25T13:30:00Z'))).toEqual(at('2026-11-25T16:00:00Z'))
		// 07:59 PST
		expect(textSendTime(at('2026-11-25T15:59:00Z'))).toEqual(at('2026-11-25T16:00:00Z'))
	})

	it('sends at once at night when the pickup is sooner than the next 08:00', () => {
		// 06:00 PST, pickup at 07:30 PST
		expect(textSendTime(at('2026-11-25T14:00:00Z'), at('2026-11-25T15:30:00Z'))).toEqual(at('2026-11-25T14:00:00Z'))
		// 06:00 PST, pickup at 09:00 PST: wait for 08:00
		expect(textSendTime(at('2026-11-25T14:00:00Z'), at('2026-11-25T17:00:00Z'))).toEqual(at('2026-11-25T16:00:00Z'))
	})

	it('keeps 08:00 local across the spring change (Mar 8, 2026: 02:00 PST becomes 03:00 PDT)', () => {
		// 22:00 PST on Mar 7 → 08:00 PDT on Mar 8 (15:00 UTC, not 16:00)
		expect(textSendTime(at('2026-03-08T06:00:00Z'))).toEqual(at('2026-03-08T15:00:00Z'))
		// 01:30 PST on Mar 8, before the change → 08:00 PDT
		expect(textSendTime(at('2026-03-08T09:30:00Z'))).toEqual(at('2026-03-08T15:00:00Z'))
		// 20:30 PDT on Mar 8 is still daytime (03:30 UTC on Mar 9)
		expect(textSendTime(at('2026-03-09T03:30:00Z'))).toEqual(at('2026-03-09T03:30:00Z'))
	})

	it('keeps 08:00 local across the autumn change (Nov 1, 2026: 02:00 PDT becomes 01:00 PST)', () => {
		// 23:00 PDT on Oct 31 → 08:00 PST on Nov 1 (16:00 UTC, not 15:00)
		expect(textSendTime(at('2026-11-01T06:00:00Z'))).toEqual(at('2026-11-01T16:00:00Z'))
		// 01:30 in the repeated hour, both times
		expect(textSendTime(at('2026-11-01T08:30:00Z'))).toEqual(at('2026-11-01T16:00:00Z'))
		expect(textSendTime(at('2026-11-01T09:30:00Z'))).toEqual(at('2026-11-01T16:00:00Z'))
		// 20:30 PDT on Oct 31 (03:30 UTC Nov 1) is still daytime
		expect(textSendTime(at('2026-11-01T03:30:00Z'))).toEqual(at('2026-11-01T03:30:00Z'))
	})
})
