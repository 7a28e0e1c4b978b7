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
		const cells = spreadsheetCells(csv.replace(/^\uFEFF/, ''), separator)
		expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([])
	})
})

/** The cells a spreadsheet sees when it splits on `separator`: RFC 4180 quotes respected, records flattened. */
function spreadsheetCells(csv: string, separator: string) {
	const cells: string[] = []
	let cell = ''
	let inQuotes = false
	for (let index = 0; index < csv.length; index++) {
		const char = csv[index]!
		if (char === '"' && inQuotes && csv[index + 1] === '"') {
			cell += '"'
			index++
		} else if (char === '"') {
			inQuotes = !inQuotes
		} else if (!inQuotes && (char === separator || char === '\n')) {
			cells.push(cell.replace(/\r$/, ''))
			cell = ''
		} else {
			cell += char
		}
	}
	return cells
}

describe('neutraliseFormula', () => {
	it.each(['=1+1', '+1', '-1', '@A1', '\t1', '\r1', '\n1'])('prefixes %j with an apostrophe', (value) => {
		expect(neutraliseFormula(value)).toBe(`'${value}`)
	})

	it.each(['', 'Ana-Luisa', 'a=b', ' =1', "'quoted"])('leaves %j as it is', (value) => {
		expect(neutraliseFormula(value)).toBe(value)
	})
})
