/**
 * A one-event iCalendar file (RFC 5545) for "Add to calendar". A tiny writer rather than a package:
 * one VEVENT needs escaping, UTC times and line folding, nothing more (decision 030).
 */

export interface CalendarEvent {
	uid: string
	start: Date
	end: Date
	summary: string
	location: string
	description?: string
	url?: string
	/** DTSTAMP: when the file was made. */
	stamp: Date
}

/** RFC 5545 3.3.11 TEXT: backslash, semicolon and comma escaped; newlines as \n. */
export function escapeText(value: string) {
	return value
		.replace(/\\/g, '\\\\')
		.replace(/;/g, '\\;')
		.replace(/,/g, '\\,')
		.replace(/\r\n|\r|\n/g, '\\n')
}

/** '20261124T170000Z' (3.3.5 DATE-TIME in UTC). */
export function utcDateTime(instant: Date) {
	return instant
		.toISOString()
		.replace(/\.\d{3}Z$/, 'Z')
		.replace(/[-:]/g, '')
}

const encoder = new TextEncoder()

/** 3.1: lines longer than 75 octets are folded with CRLF and a space, never inside a UTF-8 character. */
export function foldLine(line: string) {
	const parts: string[] = []
	let current = ''
	let octets = 0
	for (const char of line) {
		const size = encoder.encode(char).length
		const limit = parts.length === 0 ? 75 : 74 // continuation lines start with a space
		if (octets + size > limit) {
			parts.push(current)
			current = ''
			octets = 0
		}
		current += char
		octets += size
	}
	parts.push(current)
	return parts.join('\r\n ')
}

export function calendarFile(event: CalendarEvent, productId: string) {
	const lines = [
		'BEGIN:VCALENDAR',
		'VERSION:2.0',
		`PRODID:${productId}`,
		'CALSCALE:GREGORIAN',
		'METHOD:PUBLISH',
		'BEGIN:VEVENT',
		`UID:${event.uid}`,
		`DTSTAMP:${utcDateTime(event.stamp)}`,
		`DTSTART:${utcDateTime(event.start)}`,
		`DTEND:${utcDateTime(event.end)}`,
		`SUMMARY:${escapeText(event.summary)}`,
		`LOCATION:${escapeText(event.location)}`,
		...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
		...(event.url ? [`URL:${event.url}`] : []),
		'END:VEVENT',
		'END:VCALENDAR',
	]
	return `${lines.map(foldLine).join('\r\n')}\r\n`
}
