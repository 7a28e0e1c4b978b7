import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { FormErrors, FormStatus, SelectField, TextField } from '~/components/ui/forms'
import { buttonClass, outlineButtonClass } from '~/components/ui/button-classes'
import { PageIntro } from '~/components/page-intro'
import { AccountPrivacy, PastOrderPages } from '~/components/account/account-sections'
import { PasskeysSection } from '~/components/account/passkeys'
import { LoyaltyCard } from '~/components/loyalty-card'
import { customerLoyaltyCard } from '~/domain/loyalty/index.server'
import { accountOverview, saveAccountDetails } from '~/domain/customers/account.server'
import { TextsOptIn } from '~/components/checkout/texts-opt-in'
import { TEXTS_NEED_PHONE, textsNeedPhone, textsOptInFields } from '~/domain/texts/consent'
import { textsOffer } from '~/domain/texts/index.server'
import { clientKey } from '~/utils/request.server'
import { ORDER_STATUS_LABELS } from '~/domain/customers/order-status-labels'
import { customerPasskeys } from '~/domain/customers/passkeys.server'
import { requireCustomer, signOutCustomer } from '~/domain/customers/session.server'
import { lineOptionsText } from '~/domain/menu/item-options'
import { orderNumber } from '~/domain/orders/index.server'
import { getPickupSettings } from '~/domain/pickup/index.server'
import { formatPickupAt } from '~/domain/pickup/pickup-display'
import { readForm } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'
import { LANGUAGE_NAMES, LOCALES, localizedPath, type MessageKey } from '~/utils/i18n'
import { useLocale, useLocalizedPath, useT } from '~/utils/i18n-react'
import { requestLocale } from '~/utils/i18n.server'
import { formatPrice } from '~/utils/money'
import { withOutagePolicy } from '~/utils/outage.server'
import { StoreCreditSection } from '~/components/wallet/store-credit-section'
import { customerStoreCredit } from '~/domain/wallet/models/store-credit.server'
import { customerWaitlists, leaveWaitlist } from '~/domain/waitlist/index.server'
import { AccountWaitlists } from '~/components/account/waitlists'
import { customerEntries } from '~/domain/wallet/wallet-view.server'
import { metaTranslator, pageMeta } from '~/utils/seo'

const profileSchema = z
	.object({
		name: z.string().trim().max(100, 'account.nameTooLong').default(''),
		phone: z
			.string()
			.trim()
			.max(30, 'account.phoneInvalid')
			.regex(/^[\d\s()+.-]*$/, 'account.phoneInvalid')
			.default(''),
		locale: z.enum(LOCALES, { errorMap: () => ({ message: 'account.languageInvalid' }) }),
		...textsOptInFields,
	})
	.superRefine((value, ctx) => {
		if (textsNeedPhone(value)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['phone'], message: TEXTS_NEED_PHONE })
	})

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('account.title'), description: t('account.title'), noindex: true })
}

const CAKE_STATUS_LABELS = {
	REQUESTED: 'account.cakeRequested',
	QUOTED: 'account.cakeQuoted',
	DEPOSIT_PAID: 'account.cakeDepositPaid',
	PAID_IN_FULL: 'account.cakePaidInFull',
	PICKED_UP: 'account.statusPickedUp',
	DECLINED: 'account.cakeDeclined',
	CANCELLED: 'account.statusCancelled',
	EXPIRED: 'account.cakeExpired',
} as const satisfies Record<string, MessageKey>

/** Signed-in customers only (others go to sign-in and come back); dates in the bakery's zone, in this language. */
export async function loader({ request }: LoaderFunctionArgs) {
	const locale = requestLocale(request)
	const customer = await requireCustomer(request, localizedPath('/account/sign-in', locale))
	const [overview, settings, passkeys, loyalty, credit, waitlists] = await withOutagePolicy(() =>
		Promise.all([
			accountOverview(customer.id, new URL(request.url).searchParams.get('past')),
			getPickupSettings(),
			customerPasskeys(customer.id),
			customerLoyaltyCard(customer.id, locale),
			customerStoreCredit(customer.id),
			customerWaitlists({ email: customer.email, customerId: customer.id }, locale),
		]),
	)
	if (!overview) throw await signOutCustomer(request, localizedPath('/account/sign-in', locale))
	const when = (at: Date | null) => (at ? formatPickupAt(at, settings.timeZone, locale) : null)
	const order = (entry: (typeof overview.upcoming)[number]) => ({
		id: entry.id,
		number: orderNumber(entry.id),
		status: entry.status,
		pickup: when(entry.pickupAt),
		totalCents: entry.totalCents,
		items: entry.items.map((item) => ({ ...item, options: lineOptionsText(item.options) })),
	})
	return data(
		{
			profile: overview.profile,
			texts: textsOffer(),
			loyalty,
			upcoming: overview.upcoming.map(order),
			past: overview.past.map(order),
			pastPage: overview.pastPage,
			olderPast: overview.olderPast,
			cakeRequests: overview.cakeRequests.map((request) => ({
				...request,
				pickupAt: undefined,
				pickup: when(request.pickupAt),
			})),
			credit: { ...credit, entries: customerEntries(credit.entries, locale) },
			waitlists,
			passkeys: passkeys.map((passkey) => ({
				id: passkey.id,
				name: passkey.name,
				created: when(passkey.createdAt)!,
				lastUsed: when(passkey.lastUsedAt),
			})),
		},
		{ headers: { 'Cache-Control': 'private, no-store' } },
	)
}

export async function action({ request, context }: ActionFunctionArgs) {
	const locale = requestLocale(request)
	const customer = await requireCustomer(request, localizedPath('/account/sign-in', locale))
	const body = await readForm(request)
	if (!body.ok)
		return formReply(null, { formErrors: ['account.formUnreadable'], status: 400, locale }, { saved: false })
	const intent = body.value.get('intent')
	if (intent === 'sign-out' || intent === 'sign-out-everywhere') {
		return withOutagePolicy(() =>
			signOutCustomer(request, localizedPath('/account/sign-in', locale), {
				everywhere: intent === 'sign-out-everywhere',
			}),
		)
	}
	if (intent === 'leave-waitlist') {
		// Only the customer's own entry, while it waits; either way the page shows their lines as they now are.
		const entryId = String(body.value.get('entryId') ?? '').slice(0, 100)
		await withOutagePolicy(() => leaveWaitlist(entryId, { email: customer.email, customerId: customer.id }))
		throw redirect(`${localizedPath('/account', locale)}#waitlists`)
	}
	const submission = parseWithZod(body.value, { schema: profileSchema })
	if (submission.status !== 'success') return formReply(submission, { locale }, { saved: false })
	await withOutagePolicy(() =>
		saveAccountDetails(customer.id, submission.value, {
			locale,
			client: clientKey(context),
			userAgent: request.headers.get('user-agent'),
		}),
	)
	return formReply(submission, { locale }, { saved: true })
}

type AccountOrder = ReturnType<typeof useLoaderData<typeof loader>>['upcoming'][number]

export default function Account() {
	const { profile, texts, loyalty, upcoming, past, pastPage, olderPast, cakeRequests, passkeys, credit, waitlists } =
		useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const t = useT()
	const locale = useLocale()
	const localize = useLocalizedPath()
	const [form, fields] = useForm({
		id: 'account-profile',
		lastResult: actionData?.result,
		defaultValue: {
			name: profile.name,
			phone: profile.phone,
			locale: profile.locale,
			textsOptIn: profile.textsOptIn ? 'on' : undefined,
			textsChannel: profile.textsChannel,
		},
		constraint: getZodConstraint(profileSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<>
			<PageIntro id="account-heading" title={t('account.heading')}>
				{t('account.signedInAs', { email: profile.email })}
			</PageIntro>
			<div className="mx-auto grid max-w-4xl gap-12 px-4 py-12">
				{loyalty ? <LoyaltyCard card={loyalty} /> : null}
				<section aria-labelledby="upcoming-heading">
					<h2 id="upcoming-heading" className="font-display text-3xl font-bold">
						{t('account.upcomingHeading')}
					</h2>
					{upcoming.length ? (
						<OrderList orders={upcoming} />
					) : (
						<p className="mt-2">
							{t('account.noUpcoming')}{' '}
							<a href={localize('/menu')} className="font-semibold text-cinnamon underline">
								{t('account.browseMenu')}
							</a>
						</p>
					)}
				</section>
				{waitlists.length ? <AccountWaitlists waitlists={waitlists} /> : null}
				<section aria-labelledby="club-heading">
					<h2 id="club-heading" className="font-display text-3xl font-bold">
						{t('account.clubHeading')}
					</h2>
					<p className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
						<Link to={localize('/account/club')} className="font-semibold text-cinnamon underline underline-offset-4">
							{t('account.clubLink')}
						</Link>
						<Link to={localize('/club')} className="font-semibold text-cinnamon underline underline-offset-4">
							{t('account.clubJoin')}
						</Link>
					</p>
				</section>
				<section aria-labelledby="past-heading">
					<h2 id="past-heading" className="font-display text-3xl font-bold">
						{t('account.pastHeading')}
					</h2>
					{past.length ? <OrderList orders={past} /> : <p className="mt-2">{t('account.noPast')}</p>}
					<PastOrderPages page={pastPage} older={olderPast} />
				</section>
				<section aria-labelledby="cakes-heading">
					<h2 id="cakes-heading" className="font-display text-3xl font-bold">
						{t('account.cakesHeading')}
					</h2>
					{cakeRequests.length ? (
						<ul className="mt-4 grid gap-4">
							{cakeRequests.map((request) => (
								<li key={request.id} className="rounded-2xl bg-white p-4 shadow ring-1 ring-dough">
									<p className="font-semibold">{t('account.cakeLine', { type: request.type, size: request.size })}</p>
									<p>{t(CAKE_STATUS_LABELS[request.status])}</p>
									{request.pickup ? <p>{t('account.pickupAt', { when: request.pickup })}</p> : null}
									{request.quoteCents !== null ? (
										<p>{t('account.cakeQuote', { amount: formatPrice(request.quoteCents, locale) })}</p>
									) : null}
									{request.owedCents > 0 ? (
										<p className="font-semibold">
											{t('account.cakeOwed', { amount: formatPrice(request.owedCents, locale) })}
										</p>
									) : null}
								</li>
							))}
						</ul>
					) : (
						<p className="mt-2">{t('account.noCakes')}</p>
					)}
				</section>
				<StoreCreditSection credit={credit} />
				<section aria-labelledby="details-heading">
					<h2 id="details-heading" className="font-display text-3xl font-bold">
						{t('account.detailsHeading')}
					</h2>
					{actionData?.saved ? <FormStatus tone="success">{t('account.detailsSaved')}</FormStatus> : null}
					<Form method="post" {...getFormProps(form)} className="mt-4 max-w-md">
						<FormErrors id={form.errorId} errors={form.errors} />
						<TextField meta={fields.name} label={t('account.nameLabel')} autoComplete="name" />
						<TextField meta={fields.phone} label={t('account.phoneLabel')} type="tel" autoComplete="tel" />
						{texts ? (
							<TextsOptIn optIn={fields.textsOptIn} channel={fields.textsChannel} whatsApp={texts.whatsApp} />
						) : null}
						<SelectField
							meta={fields.locale}
							label={t('account.languageLabel')}
							options={LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
						/>
						<button type="submit" name="intent" value="profile" className={`${buttonClass} mt-2`}>
							{t('account.saveDetails')}
						</button>
					</Form>
				</section>
				<PasskeysSection passkeys={passkeys} />
				<section aria-labelledby="sign-out-heading">
					<h2 id="sign-out-heading" className="font-display text-3xl font-bold">
						{t('account.signOutHeading')}
					</h2>
					<Form method="post" className="mt-4 flex flex-wrap gap-4">
						<button type="submit" name="intent" value="sign-out" className={buttonClass}>
							{t('account.signOut')}
						</button>
						<button
							type="submit"
							name="intent"
							value="sign-out-everywhere"
							className={`${outlineButtonClass} px-6 py-3`}
						>
							{t('account.signOutEverywhere')}
						</button>
					</Form>
				</section>
				<AccountPrivacy />
			</div>
		</>
	)
}

function OrderList({ orders }: { orders: readonly AccountOrder[] }) {
	const t = useT()
	const locale = useLocale()
	const localize = useLocalizedPath()
	return (
		<ul className="mt-4 grid gap-4">
			{orders.map((order) => (
				<li key={order.number} className="rounded-2xl bg-white p-4 shadow ring-1 ring-dough">
					<h3 className="font-display text-xl font-bold">{t('account.orderNumber', { number: order.number })}</h3>
					<p>
						<span className="font-semibold">{t(ORDER_STATUS_LABELS[order.status])}</span>
						{order.pickup ? ` · ${t('account.pickupAt', { when: order.pickup })}` : null}
					</p>
					<ul className="mt-2 list-disc pl-5">
						{order.items.map((item, index) => (
							<li key={index}>
								{t('account.itemLine', { name: item.name, quantity: item.quantity })}
								{item.options ? <span className="block text-sm text-cocoa/80">{item.options}</span> : null}
							</li>
						))}
					</ul>
					<p className="mt-2 text-right font-semibold">
						{t('account.orderTotal', { amount: formatPrice(order.totalCents, locale) })}
					</p>
					<p className="mt-2">
						<Link
							to={localize(`/account/orders/${order.id}`)}
							className="font-semibold text-cinnamon underline underline-offset-4"
						>
							{t('account.viewOrder', { number: order.number })}
						</Link>
					</p>
				</li>
			))}
		</ul>
	)
}
