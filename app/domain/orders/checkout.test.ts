import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { checkoutRequestSchema, tipChoiceOf } from './checkout'

/** The checkout form as the browser posts it, with this text in the first line's quantity field. */
function form(quantity: string) {
	const body = new FormData()
	body.set('customer.name', 'Ana')
	body.set('customer.email', 'ana@example.com')
	body.set('pickupAt', '2026-11-28T17:00:00.000Z')
	body.set('items[0].id', 'tres-leches')
	body.set('items[0].quantity', quantity)
	return parseWithZod(body, { schema: checkoutRequestSchema })
}

describe('a line quantity from the checkout form', () => {
	it('is read from plain decimal digits', () => {
		const submission = form('10')
		expect(submission.status).toBe('success')
		expect(submission.status === 'success' && submission.value.items[0]?.quantity).toBe(10)
	})

	it.each(['1e1', '0x10', '0b11', '1.0', ' 5', '+5', '', '1000'])('refuses %j', (quantity) => {
		const submission = form(quantity)
		expect(submission.status).toBe('error')
		expect(submission.status === 'error' && Object.keys(submission.error ?? {})).toContain('items[0].quantity')
	})
})

describe('the texts box (decision 074)', () => {
	function withTexts(fields: Record<string, string>) {
		const body = new FormData()
		body.set('customer.name', 'Ana')
		body.set('customer.email', 'ana@example.com')
		body.set('pickupAt', '2026-11-28T17:00:00.000Z')
		body.set('items[0].id', 'tres-leches')
		body.set('items[0].quantity', '1')
		for (const [name, value] of Object.entries(fields)) body.set(name, value)
		return parseWithZod(body, { schema: checkoutRequestSchema })
	}

	it('is unticked unless sent, and SMS unless WhatsApp is picked', () => {
		const plain = withTexts({})
		expect(plain.status === 'success' && [plain.value.textsOptIn, plain.value.textsChannel]).toEqual([false, 'sms'])
		const ticked = withTexts({ 'customer.phone': '(425) 555-0100', textsOptIn: 'on', textsChannel: 'whatsapp' })
		expect(ticked.status === 'success' && [ticked.value.textsOptIn, ticked.value.textsChannel]).toEqual([
			true,
			'whatsapp',
		])
	})

	it.each(['', '555-0100'])('ticked with the phone %j is refused beside the phone field', (phone) => {
		const submission = withTexts({ 'customer.phone': phone, textsOptIn: 'on' })
		expect(submission.status === 'error' && submission.error?.['customer.phone']).toEqual(['common.textsNeedPhone'])
	})
})

describe('the promo code and the tip (decision 080)', () => {
	function withExtras(fields: Record<string, string>) {
		const body = new FormData()
		body.set('customer.name', 'Ana')
		body.set('customer.email', 'ana@example.com')
		body.set('pickupAt', '2026-11-28T17:00:00.000Z')
		body.set('items[0].id', 'tres-leches')
		body.set('items[0].quantity', '1')
		for (const [name, value] of Object.entries(fields)) body.set(name, value)
		return parseWithZod(body, { schema: checkoutRequestSchema })
	}

	it('reads the code in upper case, no tip by default, and a typed tip in dollars', () => {
		const plain = withExtras({})
		expect(plain.status === 'success' && tipChoiceOf(plain.value)).toEqual({ kind: 'none' })
		const chosen = withExtras({ promoCode: ' spring-10 ', tip: 'custom', tipAmount: '4.5' })
		expect(chosen.status === 'success' && chosen.value.promoCode).toBe('SPRING-10')
		expect(chosen.status === 'success' && tipChoiceOf(chosen.value)).toEqual({ kind: 'amount', cents: 450 })
		const share = withExtras({ tip: '15' })
		expect(share.status === 'success' && tipChoiceOf(share.value)).toEqual({ kind: 'percent', percent: 15 })
	})

	it.each([
		[{ tip: 'custom' }, 'tipAmount'],
		[{ tip: 'custom', tipAmount: '4.555' }, 'tipAmount'],
		[{ tip: 'custom', tipAmount: '-3' }, 'tipAmount'],
		[{ tip: '25' }, 'tip'],
		[{ promoCode: 'X'.repeat(41) }, 'promoCode'],
	])('refuses %j beside %s', (fields, field) => {
		const submission = withExtras(fields)
		expect(submission.status).toBe('error')
		expect(submission.status === 'error' && Object.keys(submission.error ?? {})).toContain(field)
	})
})
