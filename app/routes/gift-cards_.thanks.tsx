import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { PageIntro } from '~/components/page-intro'
import { formatPickupDateLong } from '~/domain/pickup/pickup-display'
import type { LocalDate } from '~/domain/pickup/pickup-schedule'
import { confirmGiftCardPurchase } from '~/domain/wallet/gift-card-purchase.server'
import { useLocalizedPath, useT } from '~/utils/i18n-react'
import { requestLocale } from '~/utils/i18n.server'
import { formatPrice } from '~/utils/money'
import { metaTranslator, pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('giftCards.thanksTitle'), description: t('giftCards.thanksTitle'), noindex: true })
}

/** Back from the payment page: confirms the payment if it is paid, and says what happens next (never the code). */
export async function loader({ request }: LoaderFunctionArgs) {
	const locale = requestLocale(request)
	const sessionId = new URL(request.url).searchParams.get('session_id') ?? ''
	const purchase = await confirmGiftCardPurchase(sessionId)
	const view = purchase && {
		paid: purchase.status === 'PAID',
		amount: formatPrice(purchase.amountCents, locale),
		recipientEmail: purchase.forRecipient ? purchase.recipientEmail : null,
		date: formatPickupDateLong(purchase.deliverOn.toISOString().slice(0, 10) as LocalDate, locale),
	}
	return data({ purchase: view }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function GiftCardThanks() {
	const { purchase } = useLoaderData<typeof loader>()
	const t = useT()
	const localize = useLocalizedPath()
	return (
		<>
			<PageIntro id="thanks-heading" title={t('giftCards.thanksHeading')}>
				{!purchase
					? t('giftCards.thanksUnknown')
					: !purchase.paid
						? t('giftCards.thanksPending')
						: purchase.recipientEmail
							? t('giftCards.thanksForRecipient', {
									amount: purchase.amount,
									email: purchase.recipientEmail,
									date: purchase.date,
								})
							: t('giftCards.thanksForSelf', { amount: purchase.amount })}
			</PageIntro>
			<p className="mx-auto max-w-2xl px-4 py-10">
				<Link to={localize('/gift-cards/balance')} className="font-semibold underline underline-offset-4">
					{t('giftCards.balanceLink')}
				</Link>
			</p>
		</>
	)
}
