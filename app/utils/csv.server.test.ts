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

	it('quotes cells holding the other locales’ separators (semicolon, tab)', () => {
		expect(toCsv(['A', 'B'], [['Ana;Luisa', 'a\tb']])).toBe('\uFEFFA,B\r\n"Ana;Luisa","a\tb"\r\n')
	})

	// Excel in pt-BR, es-MX and most of Europe splits on ';' (the decimal comma takes ',').
	it.each([';', ',', '\t'])('keeps customer text out of formulas in a spreadsheet that splits on %j', (separator) => {
		const typed = ['Ana;=1+1;', 'x,=HYPERLINK("https://evil.example"),y', 'a\t=1+1', '@SUM(1;2)', 'ok;-3+3']
		const csv = toCsv(['Name', 'Message'], [typed.slice(0, 2), typed.slice(2, 4), [typed[4]!, '']])
		const cells = parseCsv(csv.replace(/^\uFEFF/, ''), separator).flat()
		expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([])
	})
})

/** How a spreadsheet reads CSV with a given separator: RFC 4180 quoting, CRLF or LF records. */
function parseCsv(text: string, separator: string) {
	const records: string[][] = [[]]
	let cell = ''
	let quoted = false
	for (let index = 0; index < text.length; index++) {
		const char = text[index]!
		if (quoted) {
			if (char === '"' && text[index + 1] === '"') ((cell += '"'), index++)
			else if (char === '"') quoted = false
			else cell += char
		} else if (char === '"') quoted = true
		else if (char === separator) (records.at(-1)!.push(cell), (cell = ''))
		else if (char === '\n' || (char === '\r' && text[index + 1] === '\n')) {
			if (char === '\r') index++
			records.at(-1)!.push(cell)
			records.push([])
			cell = ''
		} else cell += char
	}
	return records
}

describe('neutraliseFormula', () => {
	it.each(['=1+1', '+1', '-1', '@A1', '\t1', '\r1', '\n1'])('prefixes %j with an apostrophe', (value) => {
		expect(neutraliseFormula(value)).toBe(`'${value}`)
	})

	it.each(['', 'Ana-Luisa', 'a=b', ' =1', "'quoted"])('leaves %j as it is', (value) => {
		expect(neutraliseFormula(value)).toBe(value)
	})
})
