import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { buttonClass, outlineButtonClass } from '~/components/ui/button-classes'
import { FormStatus } from '~/components/ui/forms'
import { PageIntro } from '~/components/page-intro'
import { deleteCustomerAccount } from '~/domain/customers/privacy.server'
import { getCustomer, requireCustomer, signOutCustomer } from '~/domain/customers/session.server'
import { orderNumber } from '~/domain/orders/index.server'
import { getPickupSettings } from '~/domain/pickup/index.server'
import { formatPickupAt } from '~/domain/pickup/pickup-display'
import { readForm } from '~/utils/body.server'
import { localizedPath } from '~/utils/i18n'
import { useLocalizedPath, useT } from '~/utils/i18n-react'
import { requestLocale } from '~/utils/i18n.server'
import { withOutagePolicy } from '~/utils/outage.server'
import { metaTranslator, pageMeta } from '~/utils/seo'

const noStore = { 'Cache-Control': 'private, no-store' }

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('account.deleteTitle'), description: t('account.deleteIntro'), noindex: true })
}

/**
 * The confirmation step (a page of its own, so it works without JavaScript). After the deletion the browser comes
 * back here signed out with `?deleted=1` and reads that it is done; anyone else signed out goes to sign-in.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const locale = requestLocale(request)
	if (new URL(request.url).searchParams.has('deleted') && !(await getCustomer(request)))
		return data({ deleted: true as const }, { headers: noStore })
	await requireCustomer(request, localizedPath('/account/sign-in', locale))
	return data({ deleted: false as const }, { headers: noStore })
}

export async function action({ request }: ActionFunctionArgs) {
	const locale = requestLocale(request)
	const customer = await requireCustomer(request, localizedPath('/account/sign-in', locale))
	const body = await readForm(request)
	if (!body.ok || body.value.get('intent') !== 'delete-account')
		return data({ problem: 'unreadable' as const, open: [] }, { status: 400, headers: noStore })
	const [outcome, settings] = await withOutagePolicy(() =>
		Promise.all([deleteCustomerAccount(customer.id), getPickupSettings()]),
	)
	if (outcome.deleted || outcome.reason === 'not-found')
		return withOutagePolicy(() => signOutCustomer(request, `${localizedPath('/account/delete', locale)}?deleted=1`))
	const open = outcome.open.map((entry) => ({
		kind: entry.kind,
		number: entry.kind === 'order' ? orderNumber(entry.id) : null,
		pickup: entry.pickupAt ? formatPickupAt(entry.pickupAt, settings.timeZone, locale) : null,
	}))
	return data({ problem: 'open-business' as const, open }, { status: 409, headers: noStore })
}

export default function DeleteAccount() {
	const { deleted } = useLoaderData<typeof loader>()
	const refusal = useActionData<typeof action>()
	const t = useT()
	const localize = useLocalizedPath()
	if (deleted)
		return (
			<>
				<PageIntro id="deleted-heading" title={t('account.deletedHeading')}>
					{t('account.deletedText')}
				</PageIntro>
				<div className="mx-auto max-w-3xl px-4 py-12 text-center">
					<Link to={localize('/')} className={buttonClass}>
						{t('account.backHome')}
					</Link>
				</div>
			</>
		)
	return (
		<>
			<PageIntro id="delete-heading" title={t('account.deleteHeading')}>
				{t('account.deleteIntro')}
			</PageIntro>
			<div className="mx-auto grid max-w-3xl gap-6 px-4 py-12">
				<p>{t('account.deleteKept')}</p>
				<p className="font-semibold">{t('account.deleteCannotUndo')}</p>
				{refusal?.problem === 'open-business' ? (
					<FormStatus tone="error">
						<span className="block">{t('account.deleteRefused')}</span>
						<ul className="mt-2 list-disc pl-5">
							{refusal.open.map((entry, index) => (
								<li key={index}>
									{entry.number
										? t('account.deleteRefusedOrder', { number: entry.number, when: entry.pickup ?? '' })
										: entry.kind === 'club'
											? t('account.deleteRefusedClub')
											: t('account.deleteRefusedCake', { when: entry.pickup ?? '' })}
								</li>
							))}
						</ul>
						<span className="mt-2 block">
							{t('account.deleteRefusedHow')}{' '}
							<Link to={localize('/contact')} className="underline underline-offset-4">
								{t('account.contactBakery')}
							</Link>
						</span>
					</FormStatus>
				) : refusal?.problem === 'unreadable' ? (
					<FormStatus tone="error">{t('account.formUnreadable')}</FormStatus>
				) : null}
				<Form method="post" className="flex flex-wrap items-center gap-4">
					<button type="submit" name="intent" value="delete-account" className={buttonClass}>
						{t('account.deleteConfirm')}
					</button>
					<Link to={localize('/account')} className={`${outlineButtonClass} px-6 py-3`}>
						{t('account.deleteKeep')}
					</Link>
				</Form>
			</div>
		</>
	)
}
