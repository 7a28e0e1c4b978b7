export type InboundKeyword = 'stop' | 'start' | 'help'

// The words Twilio's own opt-out handling answers to (and that US carriers expect), in one place.
const KEYWORDS: Record<string, InboundKeyword> = {
	STOP: 'stop',
	STOPALL: 'stop',
	UNSUBSCRIBE: 'stop',
	CANCEL: 'stop',
	END: 'stop',
	QUIT: 'stop',
	OPTOUT: 'stop',
	REVOKE: 'stop',
	START: 'start',
	YES: 'start',
	UNSTOP: 'start',
	HELP: 'help',
	INFO: 'help',
}

/** What an incoming text asks for: the whole message is one keyword (any case, spaces and punctuation ignored). */
export function inboundKeyword(body: string): InboundKeyword | null {
	const word = body
		.normalize('NFKC')
		.toUpperCase()
		.replace(/[\s\p{P}]/gu, '')
	return KEYWORDS[word] ?? null
}
