export interface StandInMessage {
	to: string
	from: string
	body: string
}

/** What the run's Twilio stand-in (E2E_PORT + 4000, tests/e2e/serve-production.ts) has received for `to`. */
export async function textsTo(baseURL: string | undefined, to: string) {
	const port = Number(new URL(baseURL ?? 'http://localhost:3100').port) + 4000
	const messages = (await (await fetch(`http://127.0.0.1:${port}/__messages`)).json()) as StandInMessage[]
	return messages.filter((message) => message.to === to)
}
