import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { ClubMemberships, type ClubAnswer } from '~/components/account/club-memberships'
import { PageIntro } from '~/components/page-intro'
import { FormErrors, FormStatus } from '~/components/ui/forms'
import {
	changeClubPickupTime,
	clubCardPage,
	confirmClubPage,
	customerClub,
	leaveClub,
	MAX_PAUSE_WEEKS,
	pauseClub,
	skipClubBox,
	type ClubChangeOutcome,
} from '~/domain/club/club.server'
import { pickLocalized } from '~/domain/content/localized-content'
import { requireCustomer } from '~/domain/customers/session.server'
import { BAKERY_TIME_ZONE } from '~/domain/pickup/bakery-time'
import { formatPickupAt, formatPickupDate, formatPickupDateLong } from '~/domain/pickup/pickup-display'
import { isLocalDate, isWallTime } from '~/domain/pickup/pickup-schedule'
import { readForm } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'
import { localizedPath, type Locale } from '~/utils/i18n'
import { useLocalizedPath, useT } from '~/utils/i18n-react'
import { requestLocale } from '~/utils/i18n.server'
import { withOutagePolicy } from '~/utils/outage.server'
import { siteOrigin } from '~/utils/request.server'
import { metaTranslator, pageMeta } from '~/utils/seo'

/**
 * A customer's bread club (decision 093): after Stripe's subscription page (`?started=<session>` starts the membership
 * even when the webhook is late), each membership's coming boxes and the changes a member makes before each cutoff.
 * Each form posts an intent here; the action parses once, calls one club function and says what it did.
 */

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('breadClub.accountTitle'), description: t('breadClub.accountTitle'), noindex: true })
}

const PRIVATE = { 'Cache-Control': 'private, no-store' } as const

/** The memberships in the page's words: dates and cutoffs in the bakery's zone. */
async function memberships(customerId: string, locale: Locale, now: Date) {
	return (await customerClub(customerId, now)).map((membership) => ({
		id: membership.id,
		status: membership.status === 'PAST_DUE' ? ('PAST_DUE' as const) : ('ACTIVE' as const),
		planName: pickLocalized(membership.plan, 'name', locale),
		priceCents: membership.priceCents,
		pickupTime: membership.pickupTime,
		pickupTimes: membership.pickupTimes,
		pausedUntilText: membership.pausedUntil ? formatPickupDateLong(membership.pausedUntil, locale) : null,
		boxes: membership.boxes.map((box) => ({
			date: box.date,
			dateText: formatPickupDate(box.date, locale),
			cutoffText: formatPickupAt(box.cutoffAt, BAKERY_TIME_ZONE, locale),
			changeable: box.cutoffAt > now,
			state: box.state,
			orderId: box.orderId,
		})),
	}))
}

/** The page Stripe came back from: started (here or by the webhook already), or not this customer's. */
async function confirmStarted(sessionId: string | null, customerId: string) {
	if (!sessionId) return false
	try {
		const outcome = await confirmClubPage(sessionId.slice(0, 255), customerId)
		return outcome !== 'unknown' && outcome !== 'given-up'
	} catch (error) {
		// Stripe could not be asked: the webhook starts the membership; the page lists what has started.
		console.error(`Could not confirm the club page ${sessionId}: ${String(error)}`)
		return false
	}
}

export async function loader({ request }: LoaderFunctionArgs) {
	const locale = requestLocale(request)
	const customer = await requireCustomer(request, localizedPath('/account/sign-in', locale))
	const url = new URL(request.url)
	const now = new Date()
	const started = await withOutagePolicy(() => confirmStarted(url.searchParams.get('started'), customer.id))
	const list = await withOutagePolicy(() => memberships(customer.id, locale, now))
	return data(
		{
			memberships: list,
			welcome: started && list.length > 0,
			leaving: url.searchParams.get('leave'),
			maxPauseWeeks: MAX_PAUSE_WEEKS,
		},
		{ headers: PRIVATE },
	)
}

const membership = z.string().min(1).max(100)
const date = z.string().refine(isLocalDate)

const changeSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('skip'), membership, date }),
	z.object({ intent: z.literal('unskip'), membership, date }),
	z.object({ intent: z.literal('pause'), membership, weeks: z.number().int().min(1).max(MAX_PAUSE_WEEKS) }),
	z.object({ intent: z.literal('resume'), membership }),
	z.object({ intent: z.literal('time'), membership, pickupTime: z.string().refine(isWallTime) }),
	z.object({ intent: z.literal('leave'), membership }),
	z.object({ intent: z.literal('card'), membership }),
])

type Change = z.infer<typeof changeSchema>

const STATUSES = {
	changed: 200,
	unchanged: 200,
	'past-cutoff': 409,
	'not-member': 404,
	'payment-failed': 503,
} as const satisfies Record<ClubChangeOutcome, number>

/** One change, through the one club function that makes it; the card's is the provider's page to go to. */
async function change(
	value: Change,
	customerId: string,
	locale: Locale,
	request: Request,
): Promise<ClubChangeOutcome | { url: string }> {
	const own = { membershipId: value.membership, customerId }
	switch (value.intent) {
		case 'skip':
		case 'unskip':
			return skipClubBox({ ...own, date: value.date, skip: value.intent === 'skip' })
		case 'pause':
			return pauseClub({ ...own, weeks: value.weeks })
		case 'resume':
			return pauseClub({ ...own, weeks: 0 })
		case 'time':
			return changeClubPickupTime({ ...own, pickupTime: value.pickupTime })
		case 'leave':
			return leaveClub(own)
		case 'card':
			try {
				const url = await clubCardPage({ ...own, locale, origin: siteOrigin(request) })
				return url ? { url } : 'not-member'
			} catch (error) {
				console.error(`Could not open the card page for ${value.membership}: ${String(error)}`)
				return 'payment-failed'
			}
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const locale = requestLocale(request)
	const customer = await requireCustomer(request, localizedPath('/account/sign-in', locale))
	const body = await readForm(request)
	if (!body.ok) {
		return formReply(
			null,
			{ formErrors: ['account.formUnreadable'], status: 400, locale, headers: PRIVATE },
			{
				answer: null,
			},
		)
	}
	const submission = parseWithZod(body.value, { schema: changeSchema })
	if (submission.status !== 'success') {
		return formReply(submission, { formErrors: ['account.formUnreadable'], locale, headers: PRIVATE }, { answer: null })
	}
	const value = submission.value
	const outcome = await withOutagePolicy(() => change(value, customer.id, locale, request))
	if (typeof outcome === 'object') return redirect(outcome.url, { headers: PRIVATE })
	const answer: ClubAnswer = {
		membershipId: value.membership,
		intent: value.intent,
		outcome,
		...('date' in value ? { date: value.date } : {}),
		...('weeks' in value ? { weeks: value.weeks } : {}),
		...('pickupTime' in value ? { pickupTime: value.pickupTime } : {}),
	}
	return formReply(submission, { status: STATUSES[answer.outcome], locale, headers: PRIVATE }, { answer })
}

export default function AccountClub() {
	const { memberships: list, welcome, leaving, maxPauseWeeks } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const t = useT()
	const localize = useLocalizedPath()
	return (
		<>
			<PageIntro id="account-club-heading" title={t('breadClub.accountHeading')}>
				{t('breadClub.accountIntro')}
			</PageIntro>
			<div className="mx-auto grid max-w-4xl gap-8 px-4 py-12">
				{welcome ? (
					<FormStatus tone="success">
						<p className="font-semibold">{t('breadClub.welcome')}</p>
						<p>{t('breadClub.welcomeCharge')}</p>
					</FormStatus>
				) : null}
				{actionData && !actionData.answer ? (
					<FormErrors id="account-club-errors" errors={actionData.result.error?.[''] ?? undefined} />
				) : null}
				<ClubMemberships
					memberships={list}
					answer={actionData?.answer ?? null}
					lastResult={actionData?.result}
					leaving={leaving}
					maxPauseWeeks={maxPauseWeeks}
				/>
				<p>
					<Link to={localize('/account')} className="font-semibold text-cinnamon underline underline-offset-4">
						{t('breadClub.backToAccount')}
					</Link>
				</p>
			</div>
		</>
	)
}
