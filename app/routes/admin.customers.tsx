import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { PageLinks } from '~/components/ui/page-links'
import { AdminHeading, secondaryButtonClass } from '~/components/admin/admin-ui'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { ownerCustomerList } from '~/domain/customers/owner-customers.server'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { formatPrice } from '~/utils/money'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Customers')

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const list = await ownerCustomerList(new URL(request.url).searchParams)
	return data({ adminName: admin.name, ...list }, { headers: adminResponseHeaders })
}

function pageLink(search: string, page: number) {
	const params = new URLSearchParams()
	if (search) params.set('q', search)
	if (page > 1) params.set('page', String(page))
	const query = params.toString()
	return query ? `/admin/customers?${query}` : '/admin/customers'
}

export default function AdminCustomers() {
	const { adminName, search, page, customers, hasMore } = useLoaderData<typeof loader>()
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Customers">
				<p>
					People with an account: they signed in with a code sent to their e-mail. Guest orders show under an account
					once their address signs in.
				</p>
			</AdminHeading>
			<Form method="get" role="search" aria-label="Customers" className="mb-6 flex flex-wrap items-end gap-2">
				<div className="min-w-0 grow sm:grow-0">
					<label htmlFor="customer-search" className="block font-semibold">
						Search by name or e-mail
					</label>
					<input
						id="customer-search"
						type="search"
						name="q"
						defaultValue={search}
						key={search}
						maxLength={100}
						className="mt-1 w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2 sm:w-80"
					/>
				</div>
				<button type="submit" className={secondaryButtonClass}>
					Search
				</button>
				{search ? (
					<Link to="/admin/customers" className="py-2 font-semibold underline underline-offset-4">
						Show everyone
					</Link>
				) : null}
			</Form>
			{customers.length === 0 ? (
				<p className="text-lg" role="status">
					{search ? `No customer’s name or e-mail contains “${search}”.` : 'No customer accounts yet.'}
				</p>
			) : (
				<ul className="grid gap-4 md:grid-cols-2">
					{customers.map((customer) => (
						<li key={customer.id} className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
							<h2 className="font-display text-xl font-bold break-words">
								<Link to={`/admin/customers/${customer.id}`} className="underline underline-offset-4">
									{customer.name || customer.email}
								</Link>
							</h2>
							<p className="break-all">{customer.email}</p>
							{customer.phone ? <p>{customer.phone}</p> : null}
							<p className="mt-2 text-sm">
								{customer.orders === 1 ? '1 order' : `${customer.orders} orders`} · {formatPrice(customer.spentCents)}{' '}
								spent
								{customer.noShows > 0 ? (
									<strong>{customer.noShows === 1 ? ' · 1 no-show' : ` · ${customer.noShows} no-shows`}</strong>
								) : null}
								{customer.lastOrderAt ? (
									<>
										{' · '}last order{' '}
										<time dateTime={customer.lastOrderAt.toISOString()}>
											{formatBakeryDateTime(customer.lastOrderAt)}
										</time>
									</>
								) : null}
							</p>
						</li>
					))}
				</ul>
			)}
			<PageLinks
				label="Pages of customers"
				previous={page > 1 ? { to: pageLink(search, page - 1), text: 'Previous page' } : null}
				next={hasMore ? { to: pageLink(search, page + 1), text: 'Next page' } : null}
			/>
		</AdminFrame>
	)
}
