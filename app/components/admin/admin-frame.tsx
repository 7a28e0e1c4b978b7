import type { ReactNode } from 'react'
import type { AdminRole } from '~/domain/admin-auth/roles'
import { AdminBar } from './admin-bar'

/**
 * The frame of every /admin page. Deliberately not a layout route: a layout's loader would also run
 * after a refused form post and turn its 401/403 into a redirect.
 */
export function AdminFrame({
	adminName,
	adminRole = 'owner',
	children,
}: {
	adminName: string
	adminRole?: AdminRole
	children: ReactNode
}) {
	return (
		<div className="mx-auto max-w-6xl px-4 py-8">
			<AdminBar adminName={adminName} adminRole={adminRole} />
			{children}
		</div>
	)
}
