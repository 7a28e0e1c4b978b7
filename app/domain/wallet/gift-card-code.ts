/**
 * Gift card codes (decision 078): 16 characters of a 32-letter alphabet without look-alikes (no 0/O, 1/I), so 80
 * random bits, shown in groups of four. What a customer types is normalized: any case, spaces and dashes.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export const CODE_LENGTH = 16

/** The code as stored and compared (upper case, no separators), or null when it cannot be a code at all. */
export function normalizeGiftCardCode(input: string): string | null {
	// En and em dashes as \u escapes: the server bundle rewrote the literal characters as \u{…}, which without the u
	// flag matched digits and 'u' instead.
	const compact = input.toUpperCase().replace(/[\s\-\u2013\u2014_.]+/g, '')
	if (compact.length !== CODE_LENGTH) return null
	for (const character of compact) if (!CODE_ALPHABET.includes(character)) return null
	return compact
}

/** ABCD-EFGH-JKLM-NPQR: the way a code is printed and mailed. */
export function formatGiftCardCode(code: string) {
	return code.match(/.{1,4}/g)?.join('-') ?? code
}

/** The last four characters, as lists and the balance page show a card ("•••• 7KQ2"). */
export function giftCardLast4(code: string) {
	return code.slice(-4)
}
