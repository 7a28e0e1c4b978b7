import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { z } from 'zod'
import { buttonClass } from '~/components/ui/button-classes'
import { orderNumber } from '~/domain/orders/models/order.server'
import { arrivalLink, type ArrivalLinkState } from '~/domain/orders/arrival-link.server'
import { recordArrival } from '~/domain/orders/models/order-board.server'
import { formatPickupAt } from '~/domain/pickup/pickup-display'
import { readForm } from '~/utils/body.server'
import type { MessageKey } from '~/utils/i18n'
import { useT } from '~/utils/i18n-react'
import { requestLocale } from '~/utils/i18n.server'
import { withOutagePolicy } from '~/utils/outage.server'
import { consumeRateLimit, retryMinutes } from '~/utils/rate-limit.server'
import { clientKey } from '~/utils/request.server'
import { withRetryAfter } from '~/utils/route-headers'
import { metaTranslator, pageMeta } from '~/utils/seo'

/** The link is personal: never shared by a cache, never indexed. */
const noStore = { 'Cache-Control': 'private, no-store' }

export const headers = withRetryAfter(noStore)

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('shop.hereTitle'), description: t('shop.hereDescription'), noindex: true })
}

/** The longest car description kept (the column's width). */
const CAR_MAX_LENGTH = 80

const arrivalSchema = z.object({
	spot: z.enum(['CURB', 'INSIDE']).optional(),
	car: z.string().trim().max(CAR_MAX_LENGTH, 'shop.hereCarTooLong').optional(),
})

/** The order a link names and what its page can offer, with the pickup time in the customer's words. */
async function loadArrival(token: string, request: Request) {
	const arrival = await arrivalLink(token)
	if (!arrival) return null
	return {
		orderId: arrival.orderId,
		today: arrival.today,
		view: {
			state: arrival.state,
			number: orderNumber(arrival.orderId),
			pickup: arrival.pickupAt ? formatPickupAt(arrival.pickupAt, arrival.timeZone, requestLocale(request)) : '',
			spot: arrival.spot,
			car: arrival.car ?? '',
		},
	}
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const arrival = await withOutagePolicy(() => loadArrival(params.token ?? '', request))
	return data({ view: arrival?.view ?? null }, { status: arrival ? 200 : 404, headers: noStore })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
	const arrival = await withOutagePolicy(() => loadArrival(params.token ?? '', request))
	if (!arrival) return data({ problem: null, saved: false }, { status: 404, headers: noStore })
	const body = await readForm(request)
	if (!body.ok)
		return data({ problem: 'shop.hereUnreadable' as MessageKey, saved: false }, { status: 400, headers: noStore })
	const limit = await consumeRateLimit('form', clientKey(context))
	if (!limit.allowed) {
		const headers = { ...noStore, 'Retry-After': String(limit.retryAfterSeconds) }
		return data(
			{ problem: 'shop.hereRateLimited' as MessageKey, minutes: retryMinutes(limit), saved: false },
			{ status: 429, headers },
		)
	}
	const submission = parseWithZod(body.value, { schema: arrivalSchema })
	if (submission.status !== 'success') {
		return data({ problem: 'shop.hereCarTooLong' as MessageKey, saved: false }, { status: 400, headers: noStore })
	}
	const outcome = await recordArrival(arrival.orderId, {
		spot: submission.value.spot ?? null,
		car: submission.value.car || null,
		today: arrival.today,
	})
	return data({ problem: null, saved: outcome.outcome === 'arrived' }, { status: 200, headers: noStore })
}

const closedTexts = {
	'too-early': 'shop.hereTooEarly',
	'picked-up': 'shop.herePickedUp',
	closed: 'shop.hereClosed',
	'not-found': 'shop.hereInvalidText',
} as const satisfies Record<Exclude<ArrivalLinkState, 'open' | 'arrived'>, MessageKey>

export default function ImHere() {
	const { view } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const t = useT()
	const navigation = useNavigation()
	const statusRef = useRef<HTMLParagraphElement>(null)
	const saved = actionData?.saved ?? false
	// Keyboard and screen-reader users hear that the shop knows they are here.
	useEffect(() => {
		if (saved) statusRef.current?.focus()
	}, [saved])
	if (!view) {
		return (
			<section aria-labelledby="here-heading" className="mx-auto max-w-xl px-4 py-16 text-center">
				<h1 id="here-heading" className="font-display text-4xl font-bold">
					{t('shop.hereInvalidTitle')}
				</h1>
				<p className="mt-4 text-lg">{t('shop.hereInvalidText')}</p>
			</section>
		)
	}
	const arrived = saved || view.state === 'arrived'
	const closed = view.state !== 'open' && view.state !== 'arrived' ? closedTexts[view.state] : null
	return (
		<section aria-labelledby="here-heading" className="mx-auto max-w-xl px-4 py-12">
			<h1 id="here-heading" className="font-display text-4xl font-bold">
				{t('shop.hereTitle')}
			</h1>
			<p className="mt-4 text-lg">{t('shop.hereIntro', { number: view.number, pickup: view.pickup })}</p>
			{arrived ? (
				<p
					ref={statusRef}
					tabIndex={-1}
					role="status"
					className="mt-6 rounded-lg border border-leaf bg-green-50 p-4 text-lg font-semibold text-green-900 outline-none"
				>
					{t('shop.hereArrived')}
				</p>
			) : null}
			{actionData?.problem ? (
				<p role="alert" className="mt-6 rounded-lg border border-red-800 bg-red-50 p-4 text-red-900">
					{t(actionData.problem, {
						minutes: 'minutes' in actionData ? Number(actionData.minutes) : 0,
						max: CAR_MAX_LENGTH,
					})}
				</p>
			) : null}
			{closed ? (
				<p className="mt-6 text-lg">{t(closed, { pickup: view.pickup })}</p>
			) : (
				<Form method="post" className="mt-6 space-y-5">
					<fieldset>
						<legend className="font-semibold">{t('shop.hereSpotLegend')}</legend>
						<div className="mt-2 flex flex-wrap gap-4">
							{(['CURB', 'INSIDE'] as const).map((spot) => (
								<label key={spot} className="flex items-center gap-2 text-lg">
									<input type="radio" name="spot" value={spot} defaultChecked={view.spot === spot} className="size-5" />
									{t(spot === 'CURB' ? 'shop.hereSpotCurb' : 'shop.hereSpotInside')}
								</label>
							))}
						</div>
					</fieldset>
					<div>
						<label htmlFor="here-car" className="block font-semibold">
							{t('shop.hereCarLabel')}
						</label>
						<p id="here-car-hint" className="text-sm">
							{t('shop.hereCarHint')}
						</p>
						<input
							id="here-car"
							name="car"
							type="text"
							maxLength={CAR_MAX_LENGTH}
							defaultValue={view.car}
							aria-describedby="here-car-hint"
							autoComplete="off"
							className="mt-1 w-full rounded-lg border border-cocoa px-3 py-2 text-lg"
						/>
					</div>
					<button type="submit" className={buttonClass} disabled={navigation.state === 'submitting'}>
						{arrived ? t('shop.hereUpdate') : t('shop.hereSubmit')}
					</button>
				</Form>
			)}
		</section>
	)
}
