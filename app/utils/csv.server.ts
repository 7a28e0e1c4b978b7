import { stringify } from 'csv-stringify/sync'

/** A cell a spreadsheet would run as a formula (or as DDE through a leading tab, CR or LF). */
const FORMULA_START = /^[=+\-@\t\r\n]/

/**
 * OWASP's defence against CSV injection: a leading apostrophe makes spreadsheets show the text as
 * typed instead of evaluating it ('=HYPERLINK(…)', '+1 425…', '-2+3').
 */
export function neutraliseFormula(value: string) {
	return FORMULA_START.test(value) ? `'${value}` : value
}

/**
 * Spreadsheets split a CSV on the locale's list separator: ',' in en-US, ';' where the decimal
 * separator is a comma (pt-BR, es-MX, most of Europe), sometimes tab. A cell holding any of them
 * is quoted, or `Ana;=1+1` would open as a second cell starting with '='. (The library quotes
 * its own delimiter and quote character; CR and LF are listed because it does not quote a bare
 * one with CRLF records.)
 */
const NEEDS_QUOTES = /[;\t\r\n]/

/**
 * RFC 4180 CSV: CRLF between records, and any cell with a separator (`,` `;` tab), quote, CR or LF
 * quoted (quotes doubled). A UTF-8 byte order mark first, so Excel reads accents (São Paulo, Peña)
 * correctly. Every cell is neutralised against formula injection, the header included.
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>) {
	const records = [header, ...rows].map((record) => record.map(neutraliseFormula))
	return stringify(records, { bom: true, record_delimiter: 'windows', quoted_match: NEEDS_QUOTES })
}

/** Dollars as a plain number a spreadsheet can add up ('120.00'); empty for no amount. */
export function csvDollars(cents: number | null) {
	return cents === null ? '' : (cents / 100).toFixed(2)
}
