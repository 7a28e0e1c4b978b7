import { isRecordNotFound, isUniqueViolation, prisma } from '~/utils/db.server'

/** A staff member the owner added on /admin/staff (decision 076). */
export interface StaffMemberRow {
	id: string
	email: string
	addedBy: string
	createdAt: Date
}

/** Whether the (normalized) e-mail is a staff member added on the staff screen. */
export async function isStaffMember(email: string) {
	const row = await prisma.staffMember.findUnique({ where: { email }, select: { id: true } })
	return row !== null
}

export function listStaffMembers(): Promise<StaffMemberRow[]> {
	return prisma.staffMember.findMany({
		orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
		select: { id: true, email: true, addedBy: true, createdAt: true },
	})
}

/** Adds the (normalized) e-mail; the unique index refuses one that is already there, whoever added it meanwhile. */
export async function addStaffMember(email: string, addedBy: string): Promise<'added' | 'duplicate'> {
	try {
		await prisma.staffMember.create({ data: { email, addedBy } })
		return 'added'
	} catch (error) {
		if (isUniqueViolation(error)) return 'duplicate'
		throw error
	}
}

/** The removed member's e-mail, or null when the row was already gone (removed in another tab). */
export async function removeStaffMember(id: string): Promise<string | null> {
	try {
		const removed = await prisma.staffMember.delete({ where: { id }, select: { email: true } })
		return removed.email
	} catch (error) {
		if (isRecordNotFound(error)) return null
		throw error
	}
}
