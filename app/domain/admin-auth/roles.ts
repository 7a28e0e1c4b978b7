/** Owners (ADMIN_EMAILS) may do everything; staff (the staff list, STAFF_EMAILS) only the day's orders (071, 076). */
export type AdminRole = 'owner' | 'staff'

/** Whether `role` may use what needs `needs`: owners everything, staff only what staff may. */
export function mayUse(role: AdminRole, needs: AdminRole) {
	return role === 'owner' || needs === 'staff'
}
