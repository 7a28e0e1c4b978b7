import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { PageIntro } from '~/components/page-intro'
import { buttonClass } from '~/components/ui/button-classes'
import { FormErrors, FormStatus, SelectField, TextField } from '~/components/ui/forms'
import { getCustomer } from '~/domain/customers/session.server'
import { CHECKOUT_SESSION_MINUTES } from '~/domain/payments/index.server'
import { formatPickupAt, formatPickupDateLong } from '~/domain/pickup/pickup-display'
import { joinWaitlist, waitlistChoices, type WaitlistRefusal } from '~/domain/waitlist/index.server'
import {
	waitlistFormSchema,
	waitlistLineSchema,
	waitlistTimeValue,
	waitlistWhen,
} from '~/domain/waitlist/waitlist-form'
import { BAKERY_TIME_ZONE } from '~/domain/pickup/bakery-time'
import { bodyProblems, readForm } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'
import type { Locale, MessageKey } from '~/utils/i18n'
import { useLocale, useLocalizedPath, useT } from '~/utils/i18n-react'
import { requestLocale, translator } from '~/utils/i18n.server'
import { consumeRateLimit, retryMinutes } from '~/utils/rate-limit.server'
import { clientKey } from '~/utils/request.server'
import { withRetryAfter } from '~/utils/route-headers'
import { metaTranslator, pageMeta } from '~/utils/seo'

/**
 * "Tell me if one frees up" (issue 40, decision 091): a cart line that is sold out on a day joins that day's line, from
 * the link beside the checkout's pickup days (`?item=…&quantity=…&choices=…`). The server decides which days can be
 * waited for and who is first; when a place frees up, the first in line is mailed (and texted) a held order's link.
 */
export const headers = withRetryAfter()

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('shop.waitlistTitle'), description: t('shop.waitlistDescription') })
}

const privateHeaders = { 'Cache-Control': 'private, no-store' }

/** What the page offers for the line in its address: its name and the days it is sold out on. */
async function lineChoices(fields: Record<string, unknown>, locale: Locale) {
	const line = waitlistLineSchema.safeParse(fields)
	if (!line.success) return null
	const { item, quantity, choices } = line.data
	const read = await waitlistChoices({ menuItemId: item, quantity, choices }, locale)
	if (!read.ok) return null
	return {
		item,
		quantity,
		choices: JSON.stringify(choices),
		name: read.name,
		dates: read.dates,
		fullTimes: read.fullTimes,
		orderable: read.orderable,
	}
}

export async function loader({ request }: LoaderFunctionArgs) {
	const locale = requestLocale(request)
	const line = await lineChoices(Object.fromEntries(new URL(request.url).searchParams), locale)
	const customer = await getCustomer(request)
	return data(
		{ line, customer: customer ? { name: customer.name, email: customer.email } : null },
		{ headers: privateHeaders },
	)
}

/** Each refusal's words: the day can be ordered after all, it cannot free up, or the item is not sold online. */
const refusalMessages: Record<WaitlistRefusal, MessageKey> = {
	available: 'shop.waitlistAvailable',
	'not-waitable': 'shop.waitlistNotWaitable',
	'not-for-sale': 'shop.waitlistUnavailable',
}

export async function action({ request, context }: ActionFunctionArgs) {
	const locale = requestLocale(request)
	const t = translator(locale)
	const limit = await consumeRateLimit('form', clientKey(context))
	if (!limit.allowed) {
		const formErrors = [t('shop.waitlistRateLimited', { minutes: retryMinutes(limit) })]
		const headers = { ...privateHeaders, 'Retry-After': String(limit.retryAfterSeconds) }
		return formReply(null, { formErrors, status: 429, headers }, { joined: null })
	}
	const body = await readForm(request)
	if (!body.ok) {
		const { status, message } = bodyProblems[body.problem]
		return formReply(null, { formErrors: [message], status, locale, headers: privateHeaders }, { joined: null })
	}
	const submission = parseWithZod(body.value, { schema: waitlistFormSchema })
	if (submission.status !== 'success') {
		return formReply(submission, { locale, headers: privateHeaders }, { joined: null })
	}
	const { item, quantity, choices, date, customer, textOffer } = submission.value
	const { pickupDate, pickupAt } = waitlistWhen(date)
	const customerId = (await getCustomer(request))?.id
	const joined = await joinWaitlist({
		menuItemId: item,
		pickupDate,
		...(pickupAt ? { pickupAt } : {}),
		quantity,
		choices,
		customer,
		textOffer,
		locale,
		...(customerId ? { customerId } : {}),
	})
	if (!joined.ok) {
		const status = joined.reason === 'not-for-sale' ? 404 : 409
		const formErrors = [refusalMessages[joined.reason]]
		return formReply(submission, { formErrors, status, locale, headers: privateHeaders }, { joined: null })
	}
	const { position, alreadyWaiting } = joined
	return formReply(
		submission,
		{ locale, headers: privateHeaders },
		{
			joined: {
				position,
				alreadyWaiting,
				date: pickupDate,
				pickupAt: pickupAt ?? null,
				email: customer.email.trim().toLowerCase(),
				texted: textOffer,
				minutes: CHECKOUT_SESSION_MINUTES,
			},
		},
	)
}

export default function Waitlist() {
	const { line, customer } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const joining = useNavigation().state === 'submitting'
	const t = useT()
	const locale = useLocale()
	const localize = useLocalizedPath()
	const [form, fields] = useForm({
		id: 'waitlist',
		lastResult: actionData?.result,
		constraint: getZodConstraint(waitlistFormSchema),
		defaultValue: {
			item: line?.item,
			quantity: String(line?.quantity ?? 1),
			choices: line?.choices,
			date:
				line?.dates[0] ??
				(line?.fullTimes[0] ? waitlistTimeValue(line.fullTimes[0].date, line.fullTimes[0].pickupAt) : undefined),
			customer: { name: customer?.name ?? '', email: customer?.email ?? '' },
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: waitlistFormSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const person = fields.customer.getFieldset()
	const joined = actionData?.joined
	const shopLink = (
		<Link to={localize('/shop')} className="font-semibold underline underline-offset-4">
			{t('shop.waitlistShopLink')}
		</Link>
	)

	return (
		<>
			<PageIntro id="waitlist-heading" title={t('shop.waitlistHeading')}>
				{t('shop.waitlistIntro')}
			</PageIntro>
			<div className="mx-auto grid max-w-3xl gap-8 px-4 py-12">
				{joined ? (
					<FormStatus tone="success">
						<p className="font-semibold">
							{t(joined.alreadyWaiting ? 'shop.waitlistAlreadyIn' : 'shop.waitlistJoined', {
								position: joined.position,
								item: line?.name ?? '',
								date: joined.pickupAt
									? formatPickupAt(joined.pickupAt, BAKERY_TIME_ZONE, locale)
									: formatPickupDateLong(joined.date, locale),
							})}
						</p>
						<p>
							{t(joined.texted ? 'shop.waitlistHowTexted' : 'shop.waitlistHow', {
								email: joined.email,
								minutes: joined.minutes,
							})}
						</p>
					</FormStatus>
				) : null}
				{!line ? (
					<p>
						{t('shop.waitlistUnavailable')} {shopLink}
					</p>
				) : line.dates.length === 0 && line.fullTimes.length === 0 ? (
					<p>
						{t(line.orderable ? 'shop.waitlistNothingSoldOut' : 'shop.waitlistNoDays', { item: line.name })} {shopLink}
					</p>
				) : joined ? null : (
					<Form method="post" {...getFormProps(form)} className="max-w-md space-y-4">
						<p className="text-lg font-semibold">
							{t('shop.waitlistLine', { quantity: line.quantity, item: line.name })}
						</p>
						<input {...getInputProps(fields.item, { type: 'hidden' })} key={fields.item.key} />
						<input {...getInputProps(fields.quantity, { type: 'hidden' })} key={fields.quantity.key} />
						<input {...getInputProps(fields.choices, { type: 'hidden' })} key={fields.choices.key} />
						<SelectField
							meta={fields.date}
							label={t('shop.waitlistDateLabel')}
							options={[
								...line.dates.map((date) => ({
									value: date,
									label: t('shop.waitlistAnyTime', { date: formatPickupDateLong(date, locale) }),
								})),
								...line.fullTimes.map((time) => ({
									value: waitlistTimeValue(time.date, time.pickupAt),
									label: formatPickupAt(time.pickupAt, BAKERY_TIME_ZONE, locale),
								})),
							].sort((a, b) => a.value.localeCompare(b.value))}
						/>
						<TextField meta={person.name} label={t('shop.fullName')} autoComplete="name" />
						<TextField meta={person.email} label={t('shop.emailAddress')} type="email" autoComplete="email" />
						<TextField meta={person.phone} label={t('shop.phoneOptional')} type="tel" autoComplete="tel" />
						<label className="flex items-start gap-3">
							<input
								{...getInputProps(fields.textOffer, { type: 'checkbox', value: 'on' })}
								key={fields.textOffer.key}
								className="mt-1 h-5 w-5 shrink-0 accent-cinnamon"
							/>
							<span>{t('shop.waitlistTextOffer')}</span>
						</label>
						<FormErrors id={form.errorId} errors={form.errors} />
						<button type="submit" className={buttonClass} disabled={joining}>
							{joining ? t('shop.waitlistJoining') : t('shop.waitlistJoin')}
						</button>
					</Form>
				)}
			</div>
		</>
	)
}
