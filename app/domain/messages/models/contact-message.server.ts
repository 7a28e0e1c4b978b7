import { prisma } from '~/utils/db.server'
import type { Locale } from '~/utils/i18n'
import { enqueueMail } from '~/domain/mail/index.server'

export interface NewContactMessage {
	name: string
	email: string
	message: string
	/** The language of the page it was sent from; 'en' when absent. */
	locale?: Locale
}

/** Stores a message from the Contact form and queues the owner's alert with it. */
export function createContactMessage(input: NewContactMessage) {
	return prisma.$transaction(async (tx) => {
		const message = await tx.contactMessage.create({
			data: { name: input.name, email: input.email, message: input.message, locale: input.locale ?? 'en' },
			select: { id: true, createdAt: true },
		})
		await enqueueMail(tx, { kind: 'contact-message-owner', messageId: message.id })
		return message
	})
}

// --- Admin (requireAdmin is checked by the calling route) ---

/** The owner's inbox, newest first. */
export function listContactMessages() {
	return prisma.contactMessage.findMany({
		select: { id: true, name: true, email: true, message: true, readAt: true, createdAt: true },
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
	})
}

export type AdminContactMessage = Awaited<ReturnType<typeof listContactMessages>>[number]

export function countUnreadContactMessages() {
	return prisma.contactMessage.count({ where: { readAt: null } })
}

/** Marks a message read (keeping the first time it was read) or unread again; false when it is gone. */
export async function setContactMessageRead(id: string, read: boolean) {
	const { count } = await prisma.contactMessage.updateMany({
		where: read ? { id, readAt: null } : { id },
		data: { readAt: read ? new Date() : null },
	})
	if (count > 0) return true
	return (await prisma.contactMessage.count({ where: { id } })) > 0
}

export async function deleteContactMessage(id: string) {
	const { count } = await prisma.contactMessage.deleteMany({ where: { id } })
	return count > 0
}
