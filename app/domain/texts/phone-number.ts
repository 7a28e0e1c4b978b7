/**
 * A customer's mobile number in E.164 ('+14255550123'), or null when it cannot be one. Numbers without a
 * country code are read as US/Canada (NANP): ten digits, or eleven starting with 1; area code and exchange
 * cannot start with 0 or 1. Other countries are written with '+' and their code (8 to 15 digits in all).
 */
export function normalizePhoneNumber(input: string): string | null {
	const trimmed = input.trim()
	if (trimmed.length === 0 || trimmed.length > 32) return null
	if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null
	const international = trimmed.startsWith('+')
	const digits = trimmed.replace(/\D/g, '')

	if (international && !digits.startsWith('1')) {
		return /^[2-9]\d{7,14}$/.test(digits) ? `+${digits}` : null
	}
	const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
	if (international && national === digits) return null
	return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? `+1${national}` : null
}
