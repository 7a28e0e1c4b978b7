import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import { PageIntro } from '~/components/page-intro'
import { buttonClass } from '~/components/ui/button-classes'
import { FormErrors, FormStatus, SelectField } from '~/components/ui/forms'
import { joinClub, type JoinClubResult } from '~/domain/club/club.server'
import { clubPlansPage } from '~/domain/club/club-page.server'
import { requireCustomer } from '~/domain/customers/session.server'
import { BAKERY_TIME_ZONE } from '~/domain/pickup/bakery-time'
import { formatPickupAt, formatPickupDateLong, formatWallTime } from '~/domain/pickup/pickup-display'
import { bodyProblems, readForm } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'
import { localizedPath, type MessageKey } from '~/utils/i18n'
import { useLocale, useLocalizedPath, useT } from '~/utils/i18n-react'
import { requestLocale, translator } from '~/utils/i18n.server'
import { formatPrice } from '~/utils/money'
import { withOutagePolicy } from '~/utils/outage.server'
import { consumeRateLimit, retryMinutes } from '~/utils/rate-limit.server'
import { clientKey, siteOrigin } from '~/utils/request.server'
import { withRetryAfter } from '~/utils/route-headers'
import { metaTranslator, pageMeta } from '~/utils/seo'

/**
 * The bread club (issue 40, decision 093): the plans taking members, each with its box, its day and window, its price
 * and the first box a member joining now would get. Joining needs a signed-in customer (anyone else signs in and comes
 * back here); it opens Stripe's subscription page, where nothing is charged: each box is charged at its cutoff.
 */
export const headers = withRetryAfter()

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('breadClub.title'), description: t('breadClub.description') })
}

const joinSchema = z.object({
	plan: z.string({ required_error: 'breadClub.planMissing' }).max(100, 'breadClub.planMissing'),
	pickupTime: z
		.string({ required_error: 'breadClub.chooseTime' })
		.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'breadClub.chooseTime'),
})

/** The same for everyone (no customer is read): the page is cached like the other public pages. */
export async function loader({ request }: LoaderFunctionArgs) {
	const locale = requestLocale(request)
	const plans = await withOutagePolicy(() => clubPlansPage(locale))
	return {
		plans: plans.map(({ changesCloseAt, ...plan }) => ({
			...plan,
			changesClose: formatPickupAt(changesCloseAt, BAKERY_TIME_ZONE, locale),
		})),
	}
}

type Refusal = Exclude<JoinClubResult, { ok: true }>['reason']

/** Each refusal's words ('member' adds a link to the member's own page). */
const refusalWords = {
	full: 'breadClub.refusedFull',
	member: 'breadClub.refusedMember',
	closed: 'breadClub.refusedClosed',
	time: 'breadClub.refusedTime',
	'payments-off': 'breadClub.refusedPaymentsOff',
	'payment-failed': 'breadClub.refusedPaymentFailed',
} as const satisfies Record<Refusal, MessageKey>

const privateHeaders = { 'Cache-Control': 'private, no-store' }

export async function action({ request, context }: ActionFunctionArgs) {
	const locale = requestLocale(request)
	const customer = await requireCustomer(request, localizedPath('/account/sign-in', locale))
	const limit = await consumeRateLimit('form', clientKey(context))
	if (!limit.allowed) {
		const formErrors = [translator(locale)('breadClub.rateLimited', { minutes: retryMinutes(limit) })]
		const headers = { ...privateHeaders, 'Retry-After': String(limit.retryAfterSeconds) }
		return formReply(null, { formErrors, status: 429, headers }, { planId: null, refusal: null })
	}
	const body = await readForm(request)
	if (!body.ok) {
		const { status, message } = bodyProblems[body.problem]
		return formReply(
			null,
			{ formErrors: [message], status, locale, headers: privateHeaders },
			{ planId: null, refusal: null },
		)
	}
	const planId = String(body.value.get('plan') ?? '').slice(0, 100)
	const submission = parseWithZod(body.value, { schema: joinSchema })
	if (submission.status !== 'success') {
		return formReply(submission, { locale, headers: privateHeaders }, { planId, refusal: null })
	}
	const joined = await withOutagePolicy(() =>
		joinClub({
			planId: submission.value.plan,
			customer: { id: customer.id, email: customer.email },
			pickupTime: submission.value.pickupTime,
			locale,
			origin: siteOrigin(request),
		}),
	)
	// Stripe's subscription page, which comes back to /account/club.
	if (joined.ok) return redirect(joined.url, { headers: privateHeaders })
	const status = joined.reason === 'payment-failed' || joined.reason === 'payments-off' ? 503 : 409
	return formReply(submission, { status, locale, headers: privateHeaders }, { planId, refusal: joined.reason })
}

type Plan = ReturnType<typeof useLoaderData<typeof loader>>['plans'][number]

export default function Club() {
	const { plans } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const t = useT()
	// A refusal before the form was read (rate limited, unreadable): said above the plans.
	const general = actionData && actionData.planId === null ? actionData.result.error?.[''] : undefined
	return (
		<>
			<PageIntro id="club-heading" title={t('breadClub.heading')}>
				{t('breadClub.intro')}
			</PageIntro>
			<div className="mx-auto grid max-w-4xl gap-8 px-4 py-12">
				{general?.length ? <FormStatus tone="error">{general.join(' ')}</FormStatus> : null}
				{plans.length === 0 ? (
					<p className="text-lg">{t('breadClub.noPlans')}</p>
				) : (
					plans.map((plan) => <ClubPlan key={plan.id} plan={plan} />)
				)}
				<p>{t('breadClub.howItWorks')}</p>
			</div>
		</>
	)
}

const everyWords = {
	WEEKLY: 'breadClub.everyWeek',
	EVERY_TWO_WEEKS: 'breadClub.everyTwoWeeks',
} as const satisfies Record<Plan['frequency'], MessageKey>

function ClubPlan({ plan }: { plan: Plan }) {
	const t = useT()
	const locale = useLocale()
	const headingId = `club-plan-${plan.id}`
	return (
		<section aria-labelledby={headingId} className="rounded-2xl bg-white p-6 shadow ring-1 ring-dough">
			<h2 id={headingId} className="font-display text-3xl font-bold">
				{plan.name}
			</h2>
			{plan.description ? <p className="mt-2 text-lg">{plan.description}</p> : null}
			<h3 className="mt-4 font-semibold">{t('breadClub.inTheBox')}</h3>
			<ul className="mt-1 list-disc pl-5">
				{plan.box.map((line, index) => (
					<li key={index}>{t('breadClub.boxLine', { quantity: line.quantity, name: line.name })}</li>
				))}
			</ul>
			<dl className="mt-4 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
				<dt className="font-semibold">{t('breadClub.pickupLabel')}</dt>
				<dd>
					{t(everyWords[plan.frequency], {
						weekday: plan.pickupWeekday,
						start: formatWallTime(plan.windowStart, locale),
						end: formatWallTime(plan.windowEnd, locale),
					})}
				</dd>
				<dt className="font-semibold">{t('breadClub.priceLabel')}</dt>
				<dd>{t('breadClub.pricePerBox', { price: formatPrice(plan.priceCents, locale) })}</dd>
				<dt className="font-semibold">{t('breadClub.firstBoxLabel')}</dt>
				<dd>
					{t('breadClub.firstBox', {
						date: formatPickupDateLong(plan.firstBox, locale),
						cutoff: plan.changesClose,
					})}
				</dd>
			</dl>
			{plan.full ? <p className="mt-4 font-semibold">{t('breadClub.full')}</p> : <JoinForm plan={plan} />}
		</section>
	)
}

function JoinForm({ plan }: { plan: Plan }) {
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const t = useT()
	const locale = useLocale()
	const localize = useLocalizedPath()
	const answered = actionData?.planId === plan.id ? actionData : undefined
	const joining = navigation.state !== 'idle' && navigation.formData?.get('plan') === plan.id
	const [form, fields] = useForm({
		id: `club-join-${plan.id}`,
		lastResult: answered?.result,
		constraint: getZodConstraint(joinSchema),
		defaultValue: { plan: plan.id, pickupTime: plan.pickupTimes[0] },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: joinSchema }),
		shouldValidate: 'onBlur',
	})
	const refusal = answered?.refusal
	return (
		<Form method="post" {...getFormProps(form)} className="mt-6 grid max-w-md gap-2">
			<input {...getInputProps(fields.plan, { type: 'hidden' })} key={fields.plan.key} />
			<SelectField
				meta={fields.pickupTime}
				label={t('breadClub.pickupTimeLabel')}
				hint={t('breadClub.pickupTimeHint')}
				options={plan.pickupTimes.map((time) => ({ value: time, label: formatWallTime(time, locale) }))}
			/>
			<FormErrors id={form.errorId} errors={form.errors} />
			{refusal ? (
				<FormStatus tone="error">
					<p>{t(refusalWords[refusal])}</p>
					{refusal === 'member' ? (
						<p>
							<Link to={localize('/account/club')} className="font-semibold underline underline-offset-4">
								{t('breadClub.manageLink')}
							</Link>
						</p>
					) : null}
				</FormStatus>
			) : null}
			<div>
				<button type="submit" className={buttonClass} disabled={joining}>
					{joining ? t('breadClub.joining') : t('breadClub.join', { plan: plan.name })}
				</button>
			</div>
			<p className="text-sm text-cocoa/80">{t('breadClub.joinNote')}</p>
		</Form>
	)
}
