import { Form, NavLink } from '@remix-run/react'
import { mayUse, type AdminRole } from '~/domain/admin-auth/roles'

// The screens staff may use (decision 071); every other link is the owner's.
const staffScreens: ReadonlySet<string> = new Set([
	'/admin/board',
	'/admin/orders',
	'/admin/prep-list',
	'/admin/bake-sheet',
	'/admin/closing-counts',
])

const adminLinks = [
	{ to: '/admin', label: 'Dashboard' },
	{ to: '/admin-upload', label: 'Upload item' },
	{ to: '/admin/menu', label: 'Menu' },
	{ to: '/admin/custom-cakes', label: 'Cake requests' },
	{ to: '/admin/orders', label: 'Orders' },
	{ to: '/admin/board', label: 'Board' },
	{ to: '/admin/customers', label: 'Customers' },
	{ to: '/admin/gift-cards', label: 'Gift cards' },
	{ to: '/admin/prep-list', label: 'Prep list' },
	{ to: '/admin/bake-sheet', label: 'Bake sheet' },
	{ to: '/admin/closing-counts', label: 'Closing counts' },
	{ to: '/admin/production', label: 'Production' },
	{ to: '/admin/pickup-schedule', label: 'Pickup schedule' },
	{ to: '/admin/messages', label: 'Messages' },
	{ to: '/admin/texts', label: 'Texts' },
	{ to: '/admin/loyalty', label: 'Loyalty' },
	{ to: '/admin/club', label: 'Bread club' },
	{ to: '/admin/reviews', label: 'Reviews' },
	{ to: '/admin/gallery', label: 'Gallery' },
	{ to: '/admin/site-texts', label: 'Site texts' },
	{ to: '/admin/staff', label: 'Staff' },
	{ to: '/admin/promo-codes', label: 'Promo codes' },
	// The development Outbox (mails kept instead of sent); never in the production build.
	...(import.meta.env.DEV ? [{ to: '/admin/outbox', label: 'Outbox' }] : []),
] as const

const linkClass = ({ isActive }: { isActive: boolean }) =>
	`rounded-md px-2 py-1 font-semibold underline-offset-4 hover:underline ${isActive ? 'bg-cocoa text-cream' : 'text-cocoa'}`

/** The admin area's own navigation, who is signed in, and Logout (a POST: a link could be forged). */
export function AdminBar({ adminName, adminRole = 'owner' }: { adminName?: string; adminRole?: AdminRole }) {
	const links = adminLinks.filter((link) => mayUse(adminRole, staffScreens.has(link.to) ? 'staff' : 'owner'))
	return (
		<div className="mb-8 flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-dough px-4 py-3">
			<nav aria-label="Admin">
				<ul className="flex flex-wrap gap-x-2 gap-y-2">
					{links.map((link) => (
						<li key={link.to}>
							<NavLink to={link.to} end className={linkClass}>
								{link.label}
							</NavLink>
						</li>
					))}
				</ul>
			</nav>
			<div className="flex flex-wrap items-center gap-3">
				{adminName ? (
					<p>
						Signed in as <strong>{adminName}</strong>
					</p>
				) : null}
				<LogoutButton />
			</div>
		</div>
	)
}

function LogoutButton() {
	return (
		<Form method="post" action="/logout">
			<button
				type="submit"
				className="rounded-full border border-cocoa px-4 py-1.5 font-semibold hover:bg-cocoa hover:text-cream"
			>
				Logout
			</button>
		</Form>
	)
}
