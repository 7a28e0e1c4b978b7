/**
 * A field people never see or fill but naive bots do. A filled honeypot gets the normal
 * success answer (so bots learn nothing) and nothing is stored.
 */
export const HONEYPOT_FIELD = 'website'

export function isHoneypotFilled(formData: FormData) {
	const value = formData.get(HONEYPOT_FIELD)
	return typeof value === 'string' && value.trim() !== ''
}
