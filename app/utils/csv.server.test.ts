import { describe, expect, it } from 'vitest'
import { neutraliseFormula, toCsv } from './csv.server'

describe('toCsv', () => {
	it('writes RFC 4180: CRLF records, quoting only where needed, quotes doubled, after a UTF-8 BOM', () => {
		const csv = toCsv(
			['A', 'B'],
			[
				['plain', 'a, b'],
				['say "hi"', 'one\ntwo'],
				['São Paulo', ''],
			],
		)
		expect(csv).toBe('\uFEFFA,B\r\nplain,"a, b"\r\n"say ""hi""","one\ntwo"\r\nSão Paulo,\r\n')
	})

	it('quotes a cell holding only a carriage return', () => {
		expect(toCsv(['A'], [['x\ry']])).toBe('\uFEFFA\r\n"x\ry"\r\n')
	})
})

describe('neutraliseFormula', () => {
	it.each(['=1+1', '+1', '-1', '@A1', '\t1', '\r1', '\n1'])('prefixes %j with an apostrophe', (value) => {
		expect(neutraliseFormula(value)).toBe(`'${value}`)
	})

	it.each(['', 'Ana-Luisa', 'a=b', ' =1', "'quoted"])('leaves %j as it is', (value) => {
		expect(neutraliseFormula(value)).toBe(value)
	})
})
