import { getEnv } from '~/utils/env.server'
import { addStaffMember, isStaffMember, listStaffMembers, removeStaffMember } from './models/staff-member.server'

/**
 * Who is staff (decision 076): the accounts the owner added on /admin/staff, and those still listed in STAFF_EMAILS
 * (kept so existing deployments keep working; the screen shows them but cannot remove them).
 */
export type StaffEntry =
	| { source: 'screen'; id: string; email: string; addedBy: string; addedAt: Date }
	| { source: 'environment'; email: string }

export async function listStaff(): Promise<StaffEntry[]> {
	const added = await listStaffMembers()
	const addedEmails = new Set(added.map((row) => row.email))
	const fromEnvironment = getEnv().STAFF_EMAILS.filter((email) => !addedEmails.has(email))
	return [
		...added.map((row) => ({
			source: 'screen' as const,
			id: row.id,
			email: row.email,
			addedBy: row.addedBy,
			addedAt: row.createdAt,
		})),
		...fromEnvironment.map((email) => ({ source: 'environment' as const, email })),
	]
}

/** Why an address was not added: an owner already (ADMIN_EMAILS), in STAFF_EMAILS, or on the list already. */
export type AddStaffOutcome = 'added' | 'owner' | 'in-environment' | 'duplicate'

/** `email` is normalized (addStaffSchema); `owner` is the signed-in owner's e-mail, kept as who added them. */
export async function addStaff(email: string, owner: string): Promise<AddStaffOutcome> {
	const env = getEnv()
	if (env.ADMIN_EMAILS.includes(email)) return 'owner'
	if (env.STAFF_EMAILS.includes(email)) return 'in-environment'
	return addStaffMember(email, owner)
}

/** The removed member's e-mail, or null when they had already been removed. Takes effect on their next request. */
export function removeStaff(id: string) {
	return removeStaffMember(id)
}

/** Whether a normalized e-mail is staff through either list (the owner's check comes first: adminRoleOf). */
export async function isStaff(email: string) {
	return getEnv().STAFF_EMAILS.includes(email) || (await isStaffMember(email))
}
