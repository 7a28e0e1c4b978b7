/*
 * Customer text that reaches a mail header (a subject, a filename) or an address field. Nodemailer
 * encodes headers, but a CR/LF that reached one would still end the line where a customer chose: so
 * no control character ever gets there, whatever the transport does.
 */

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
const CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029'
const CONTROL_RUNS = new RegExp(`[${CONTROLS}]+`, 'g')

/** One line of header text: control characters become spaces, runs of spaces one, at most `max` characters (then '…'). */
export function headerText(value: string, max = 80) {
	const line = value.replace(CONTROL_RUNS, ' ').replace(/\s+/g, ' ').trim()
	const characters = [...line]
	return characters.length > max
		? `${characters
				.slice(0, max - 1)
				.join('')
				.trimEnd()}…`
		: line
}

// One bare address: no spaces or controls, nothing that starts a display name, a list or a group.
const ADDRESS_PART = `[^\\s@<>()[\\]\\\\,;:"${CONTROLS}]+`
const BARE_ADDRESS = new RegExp(`^${ADDRESS_PART}@${ADDRESS_PART}\\.${ADDRESS_PART}$`)

/** The address, trimmed, when it is one bare e-mail address; otherwise null (never a header's worth of text). */
export function bareAddress(value: string) {
	const address = value.trim()
	return address.length <= 254 && BARE_ADDRESS.test(address) ? address : null
}
