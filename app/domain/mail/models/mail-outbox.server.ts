/** The development Outbox (decision 034): mails the outbox transport kept instead of sending. */
import { prisma } from '~/utils/db.server'

export interface OutboxMailInput {
	jobKey: string
	messageId: string
	from: string
	to: string[]
	replyTo: string | null
	subject: string
	html: string
	text: string
	headers: Array<[string, string]>
	attachments: Array<{ filename: string; contentType: string; size: number }>
}

/** Keeps one copy per job key: a resend after a crash replaces the first copy. */
export async function saveOutboxMail(mail: OutboxMailInput) {
	const { jobKey, ...rest } = mail
	await prisma.devOutboxMail.upsert({
		where: { jobKey },
		create: mail,
		update: { ...rest, createdAt: new Date() },
		select: { id: true },
	})
}

/** The newest mails first, without their bodies. */
export function listOutboxMails(take = 100) {
	return prisma.devOutboxMail.findMany({
		select: { id: true, to: true, subject: true, jobKey: true, createdAt: true },
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		take,
	})
}

export async function findOutboxMail(id: string) {
	const mail = await prisma.devOutboxMail.findUnique({ where: { id } })
	if (!mail) return null
	return {
		...mail,
		headers: mail.headers as Array<[string, string]>,
		attachments: mail.attachments as Array<{ filename: string; contentType: string; size: number }>,
	}
}
