import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { formatBakeryDateTime, startOfBakeryDay } from '~/domain/pickup/bakery-time'
import { AdminHeading, secondaryButtonClass, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import type { MailKind } from '~/domain/mail/mail-jobs'
import { countUnreadContactMessages } from '~/domain/messages/models/contact-message.server'
import { countCustomCakeRequestsSince } from '~/domain/cake-quotes/models/custom-cake-request.server'
import { countPaidOrdersSince } from '~/domain/orders/models/owner-orders.server'
import { countPickupOrders, listSoldOutItems } from '~/domain/pickup/models/prep-list.server'
import { countPendingReviews } from '~/domain/reviews/models/review.server'
import { adminReply, readAdminForm, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { listDeadMails, retryDeadMail } from '~/domain/mail/mail-queue.server'
import { ownerDay } from '~/domain/pickup/owner-day.server'
import { formatPickupDate } from '~/domain/pickup/pickup-display'
import { backupStatus } from '~/domain/backups/backups.server'
import { STALE_AFTER_HOURS } from '~/domain/backups/backup-policy'
import { useLocale, useT } from '~/utils/i18n-react'
import { formatNumber } from '~/utils/numbers'
import { walletLiability } from '~/domain/wallet/models/ledger.server'
import { formatPrice } from '~/utils/money'

export { headers } from '~/utils/admin-route'

export const meta = adminMeta('Admin dashboard')

/** Requests are "new" for a week: the owner answers them within days, and the list has no read flag. */
const NEW_REQUEST_DAYS = 7

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'staff')
	// The dashboard is the owner's; staff start at today's orders (decision 071).
	if (admin.role === 'staff') throw redirect('/admin/orders', { headers: adminResponseHeaders })
	const weekAgo = new Date(Date.now() - NEW_REQUEST_DAYS * 24 * 60 * 60 * 1000)
	const { today, tomorrow } = await ownerDay(null)
	const [newRequests, paidOrdersToday, unreadMessages, pickups, soldOut, pendingReviews, failedMails, backups, owed] =
		await Promise.all([
			countCustomCakeRequestsSince(weekAgo),
			countPaidOrdersSince(startOfBakeryDay()),
			countUnreadContactMessages(),
			countPickupOrders([today, tomorrow]),
			listSoldOutItems([today, tomorrow]),
			countPendingReviews(),
			listDeadMails(),
			backupStatus(),
			walletLiability(),
		])
	return data(
		{
			adminName: admin.name,
			newRequests,
			paidOrdersToday,
			unreadMessages,
			today,
			tomorrow,
			pickupsToday: pickups.get(today) ?? 0,
			pickupsTomorrow: pickups.get(tomorrow) ?? 0,
			soldOut,
			pendingReviews,
			failedMails,
			backups,
			owed,
		},
		{ headers: adminResponseHeaders },
	)
}

/** Retry: a mail that failed for good goes back to the queue with its retries afresh. */
export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	const { form, id, intent, problemReply } = await readAdminForm(request)
	if (!form) return problemReply
	if (intent !== 'retry-mail') refuseAdminAction()
	const queued = await retryDeadMail(id)
	return adminReply({
		message: queued ? 'The mail is queued again and will be sent shortly.' : 'That mail was already sent again.',
	})
}

const MAIL_KIND_LABELS: Record<MailKind, string> = {
	'order-paid-owner': 'New order alert (to you)',
	'order-receipt': 'Order receipt (to the customer)',
	'order-payment-held-owner': 'Order payment held: charged amount differs (to you)',
	'cake-payment-held-owner': 'Cake payment held: charged amount differs (to you)',
	'order-ready': '“Your order is ready” (to the customer)',
	'order-payment-link': 'Phone order payment link (to the customer)',
	'waitlist-offer': 'Waitlist offer: a place freed up, with its payment link (to the customer)',
	'order-pickup-moved': '“Your pickup moved” (to the customer)',
	'order-cancelled': '“Your order was cancelled and refunded” (to the customer)',
	'order-cancelled-owner': 'A customer cancelled their order (to you)',
	'review-request': 'Review request (to the customer)',
	'cake-request-owner': 'New cake request alert (to you)',
	'cake-request-received': '“We received your cake request” (to the customer)',
	'contact-message-owner': 'New contact message (to you)',
	'cake-quote-sent': 'Cake quote (to the customer)',
	'cake-deposit-received': 'Cake deposit received (to the customer)',
	'cake-deposit-owner': 'Cake deposit paid alert (to you)',
	'cake-quote-expiring': 'Cake quote ends in 24 hours (to the customer)',
	'cake-quote-expired-owner': 'Cake quote expired (to you)',
	'cake-balance-reminder': 'Cake balance reminder (to the customer)',
	'customer-sign-in-code': 'Sign-in code (to a customer)',
	'gift-card-receipt': 'Gift card receipt (to its buyer)',
	'gift-card-delivery': 'Gift card with its code (to its recipient)',
	'club-welcome': 'Bread club welcome: the box, its day and the first cutoff (to the subscriber)',
	'club-box-missed': 'Bread club box not made: the day was full or the payment failed (to the subscriber)',
	'club-payment-failed': 'Bread club payment failed: update the card (to the subscriber)',
	'club-ended': 'Bread club membership ended after failed payments (to the subscriber)',
}

function plural(count: number, one: string, many: string) {
	return `${count} ${count === 1 ? one : many}`
}

export default function AdminDashboard() {
	const {
		adminName,
		newRequests,
		paidOrdersToday,
		unreadMessages,
		today,
		tomorrow,
		pickupsToday,
		pickupsTomorrow,
		soldOut,
		pendingReviews,
		failedMails,
		backups,
		owed,
	} = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const dayName = (date: string) => (date === today ? 'today' : date === tomorrow ? 'tomorrow' : formatPickupDate(date))
	const cards = [
		{
			to: `/admin/orders?date=${today}`,
			title: 'Pickups today',
			count: pickupsToday,
			text: `${plural(pickupsToday, 'paid order', 'paid orders')} to collect today`,
		},
		{
			to: `/admin/orders?date=${tomorrow}`,
			title: 'Pickups tomorrow',
			count: pickupsTomorrow,
			text: `${plural(pickupsTomorrow, 'paid order', 'paid orders')} to collect tomorrow`,
		},
		{
			to: '/admin/custom-cakes',
			title: 'Custom cake requests',
			count: newRequests,
			text: `${plural(newRequests, 'new request', 'new requests')} in the last ${NEW_REQUEST_DAYS} days`,
		},
		{
			to: '/admin/orders?status=PAID',
			title: 'Orders',
			count: paidOrdersToday,
			text: `${plural(paidOrdersToday, 'paid order', 'paid orders')} today`,
		},
		{
			to: '/admin/messages',
			title: 'Messages',
			count: unreadMessages,
			text: `${plural(unreadMessages, 'unread message', 'unread messages')}`,
		},
		{
			to: '/admin/reviews',
			title: 'Reviews',
			count: pendingReviews,
			text: `${plural(pendingReviews, 'review', 'reviews')} awaiting approval`,
		},
	]
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title={`Welcome, ${adminName}`} />
			<StatusRegion message={actionData?.message} />
			{failedMails.length > 0 ? <FailedMails mails={failedMails} /> : null}
			{backups.attention ? <BackupStatus backups={backups} /> : null}
			<ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
				{cards.map((card) => (
					<li key={card.to}>
						<Link
							to={card.to}
							className="block h-full rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough hover:ring-cinnamon"
						>
							<h2 className="font-display text-xl font-bold">{card.title}</h2>
							<p className="mt-3 text-4xl font-bold text-cinnamon" aria-hidden="true">
								{card.count}
							</p>
							<p className="mt-1">{card.text}</p>
						</Link>
					</li>
				))}
			</ul>
			<section aria-labelledby="owed-heading" className="mt-10">
				<h2 id="owed-heading" className="font-display text-2xl font-bold">
					Owed to customers
				</h2>
				<p className="mt-3" data-testid="wallet-liability">
					<strong>{formatPrice(owed.totalCents)}</strong> outstanding: {formatPrice(owed.giftCardsCents)} on{' '}
					<Link to="/admin/gift-cards" className="underline underline-offset-4">
						gift cards
					</Link>{' '}
					and {formatPrice(owed.storeCreditCents)} in store credit.
				</p>
			</section>
			<section aria-labelledby="sold-out-heading" className="mt-10">
				<h2 id="sold-out-heading" className="font-display text-2xl font-bold">
					Sold out today and tomorrow
				</h2>
				{soldOut.length === 0 ? (
					<p className="mt-3">Nothing is sold out.</p>
				) : (
					<ul className="mt-3 grid gap-2">
						{soldOut.map((item) => (
							<li key={item.id}>
								<strong>{item.name}</strong>
								{': '}
								{[
									...(item.flagged ? ['marked sold out'] : []),
									...item.limitReachedOn.map((date) => `daily limit reached ${dayName(date)}`),
								].join('; ')}
							</li>
						))}
					</ul>
				)}
				<p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
					<Link to="/admin/menu" className="font-semibold underline underline-offset-4">
						Edit sold out and daily limits on the menu
					</Link>
					<Link to={`/admin/prep-list?date=${today}`} className="font-semibold underline underline-offset-4">
						Today’s prep list
					</Link>
				</p>
			</section>
			{backups.attention ? null : <BackupStatus backups={backups} />}
			<h2 className="mt-10 font-display text-2xl font-bold">Manage</h2>
			<ul className="mt-4 grid gap-3 sm:grid-cols-2">
				<li>
					<Link to="/admin-upload" className="font-semibold underline underline-offset-4">
						Upload a menu item
					</Link>
				</li>
				<li>
					<Link to="/admin/menu" className="font-semibold underline underline-offset-4">
						Edit the menu: prices, photos, sold out, order
					</Link>
				</li>
				<li>
					<Link to="/admin/gallery" className="font-semibold underline underline-offset-4">
						Gallery pictures
					</Link>
				</li>
				<li>
					<Link to="/admin/orders" className="font-semibold underline underline-offset-4">
						All orders
					</Link>
				</li>
				<li>
					<Link to={`/admin/prep-list?date=${tomorrow}`} className="font-semibold underline underline-offset-4">
						Tomorrow’s prep list
					</Link>
				</li>
				<li>
					<Link to="/admin/pickup-schedule" className="font-semibold underline underline-offset-4">
						Pickup schedule: opening hours, closures, special hours
					</Link>
				</li>
			</ul>
		</AdminFrame>
	)
}

type FailedMail = ReturnType<typeof useLoaderData<typeof loader>>['failedMails'][number]

/** Mails every retry failed for (the mail server refused them or was down for hours). */
function FailedMails({ mails }: { mails: FailedMail[] }) {
	return (
		<section aria-labelledby="failed-mails-heading" className="mb-10 rounded-2xl bg-red-50 p-6 ring-1 ring-red-800">
			<h2 id="failed-mails-heading" className="font-display text-2xl font-bold text-red-900">
				{mails.length === 1 ? '1 mail could not be sent' : `${mails.length} mails could not be sent`}
			</h2>
			<p className="mt-2">Each was tried several times over about three hours. Fix the cause, then retry.</p>
			<ul className="mt-4 grid gap-4">
				{mails.map((mail) => (
					<li key={mail.id} className="rounded-xl bg-white p-4 shadow-sm">
						<p className="font-semibold">{mail.failure.subject ?? MAIL_KIND_LABELS[mail.kind]}</p>
						<p className="text-sm">
							{MAIL_KIND_LABELS[mail.kind]}
							{mail.failure.to ? ` · to ${mail.failure.to.join(', ')}` : null}
						</p>
						<p className="mt-1 break-words text-sm">
							Last error: <code>{mail.failure.message}</code>
						</p>
						<p className="text-sm text-cocoa/80">
							Gave up <time dateTime={mail.failedAt.toISOString()}>{formatBakeryDateTime(mail.failedAt)}</time> after{' '}
							{mail.attempts} attempts
						</p>
						<Form method="post" className="mt-3">
							<input type="hidden" name="id" value={mail.id} />
							<button type="submit" name="intent" value="retry-mail" className={secondaryButtonClass}>
								Retry <VisuallyHidden>{mail.failure.subject ?? MAIL_KIND_LABELS[mail.kind]}</VisuallyHidden>
							</button>
						</Form>
					</li>
				))}
			</ul>
		</section>
	)
}

type Backups = ReturnType<typeof useLoaderData<typeof loader>>['backups']

/** KB below a megabyte, else MB with one decimal, as the page's language writes numbers. */
function useBackupSize() {
	const t = useT()
	const locale = useLocale()
	return (bytes: number) =>
		bytes < 1_000_000
			? t('admin.backupsSizeKb', { size: formatNumber(Math.max(1, Math.round(bytes / 1000)), locale) })
			: t('admin.backupsSizeMb', { size: formatNumber(Math.round(bytes / 100_000) / 10, locale) })
}

/**
 * The nightly backups (decision 059): when the last good one was made and its size; at the top of the page,
 * in red, when none completed, the last one is older than STALE_AFTER_HOURS or the latest attempt failed.
 */
function BackupStatus({ backups }: { backups: Backups }) {
	const t = useT()
	const locale = useLocale()
	const size = useBackupSize()
	const { attention, lastGood, lastError } = backups
	const lastGoodLine = lastGood ? (
		<p className="mt-2">
			{t('admin.backupsLastGood', {
				time: formatBakeryDateTime(lastGood.finishedAt, locale),
				size: size(lastGood.sizeBytes),
			})}
		</p>
	) : null
	if (!attention) {
		return (
			<section aria-labelledby="backups-heading" className="mt-10">
				<h2 id="backups-heading" className="font-display text-2xl font-bold">
					{t('admin.backupsHeading')}
				</h2>
				{lastGoodLine}
				<p className="mt-2 text-sm">{t('admin.backupsNightly')}</p>
			</section>
		)
	}
	return (
		<section aria-labelledby="backups-heading" className="mb-10 rounded-2xl bg-red-50 p-6 ring-1 ring-red-800">
			<h2 id="backups-heading" className="font-display text-2xl font-bold text-red-900">
				{t('admin.backupsNeedAttention')}
			</h2>
			<p className="mt-2 font-semibold">
				{attention === 'none-yet'
					? t('admin.backupsNoneYet')
					: attention === 'too-old'
						? t('admin.backupsTooOld', { hours: STALE_AFTER_HOURS })
						: t('admin.backupsLastRunFailed')}
			</p>
			{lastGoodLine}
			{lastError ? (
				<p className="mt-1 break-words text-sm">{t('admin.backupsLastError', { error: lastError })}</p>
			) : null}
			<p className="mt-2 text-sm">{t('admin.backupsNightly')}</p>
		</section>
	)
}
