import { readFile } from 'node:fs/promises'
import path from 'node:path'

/** Where tests/e2e/serve-production.ts writes the mails its SMTP stand-in accepts (one JSON line each). */
export function receivedMailsFile(port: number) {
	return path.resolve(`.data/e2e-mail-${port}.jsonl`)
}

export interface ReceivedMail {
	recipients: string[]
	/** Header name (lower case) → values, decoded. */
	headers: Record<string, string[]>
	raw: string
}

/** The mails the production server under test has sent so far. */
export async function receivedMails(baseURL: string | undefined): Promise<ReceivedMail[]> {
	const port = Number(new URL(baseURL ?? 'http://localhost:3100').port)
	const text = await readFile(receivedMailsFile(port), 'utf8').catch(() => '')
	return text
		.split('\n')
		.filter(Boolean)
		.map((line) => JSON.parse(line) as ReceivedMail)
}
