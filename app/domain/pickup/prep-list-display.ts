import { formatWallTime } from './pickup-display'
import { wallTimeOf } from './pickup-schedule'

/** A prep list line ordered without any choice, beside others of the same item that had some. */
const NO_CHOICES_LABEL = 'No choices'

export function prepChoicesLabel(choices: string) {
	return choices || NO_CHOICES_LABEL
}

/** '8″ × 3, 10″ × 1': an item by its choices (the CSV's Choices column). */
export function prepChoicesSummary(choices: ReadonlyArray<{ choices: string; total: number }>) {
	return choices.map((entry) => `${prepChoicesLabel(entry.choices)} × ${entry.total}`).join(', ')
}

/** A message as the prep list model gives it: its order's number and its pickup instant. */
export interface PrepMessage {
	group: string
	text: string
	choices: string
	quantity: number
	orderNumber: string
	pickupAt: Date | string | null
}

export interface PrepMessageView {
	group: string
	text: string
	choices: string
	quantity: number
	number: string
	/** '9:15 AM'; null for an order without a pickup time. */
	pickup: string | null
}

/**
 * '“Feliz cumpleaños Ana” (8″ × 2) — order 1A2B3C4D, pickup 9:15 AM': what a baker writes, on which cake,
 * for which order. The group is named only when the item has more than one kind of text (`withGroup`).
 */
export function prepMessageText(message: PrepMessageView, withGroup: boolean) {
	const cake = [message.choices, message.quantity > 1 ? `× ${message.quantity}` : ''].filter(Boolean).join(' ')
	const order = [`order ${message.number}`, message.pickup ? `pickup ${message.pickup}` : ''].filter(Boolean)
	return `${withGroup ? `${message.group}: ` : ''}“${message.text}”${cake ? ` (${cake})` : ''} — ${order.join(', ')}`
}

/** A message with its pickup as the bakery's wall time ('9:15 AM'), as the printed list and the CSV say it. */
export function prepMessageView({ orderNumber, pickupAt, ...message }: PrepMessage, timeZone: string): PrepMessageView {
	return { ...message, number: orderNumber, pickup: pickupAt ? formatWallTime(wallTimeOf(pickupAt, timeZone)) : null }
}

/** What to write on one item, message by message; each names its group when the item has more than one kind. */
export function prepMessageTexts(messages: ReadonlyArray<PrepMessageView>) {
	const withGroup = new Set(messages.map((message) => message.group)).size > 1
	return messages.map((message) => prepMessageText(message, withGroup))
}
