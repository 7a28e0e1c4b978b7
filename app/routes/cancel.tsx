import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { useEffect } from 'react'
import { useCart } from '~/components/cart-provider'
import { buttonClass } from '~/components/ui/button-classes'
import { cancelCheckoutSession } from '~/domain/orders/checkout.server'
import { outageHeaders, withOutagePolicy } from '~/utils/outage.server'
import { metaTranslator, pageMeta } from '~/utils/seo'
import { useLocalizedPath, useT } from '~/utils/i18n-react'

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('shop.cancelTitle'), description: t('shop.cancelDescription'), noindex: true })
}

export const headers = outageHeaders

/**
 * The payment page's way back (`cancel_url` carries the session id): the pending order is cancelled and
 * its pickup time given back at once, not 30 minutes later. Idempotent; an unknown or paid session is left alone.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const sessionId = new URL(request.url).searchParams.get('session_id') ?? ''
	if (sessionId && sessionId.length <= 255) await withOutagePolicy(() => cancelCheckoutSession(sessionId))
	return data(null, { headers: { 'Cache-Control': 'private, no-store' } })
}

/** The cart was emptied right before going to payment; a cancelled payment puts it back. */
export default function Cancel() {
	const { hydrated, restoreAfterCancel } = useCart()
	const t = useT()
	const localize = useLocalizedPath()
	useEffect(() => {
		if (hydrated) restoreAfterCancel()
	}, [hydrated, restoreAfterCancel])
	return (
		<section className="mx-auto max-w-2xl px-4 py-16 text-center">
			<h1 className="font-display text-4xl font-bold">{t('shop.cancelTitle')}</h1>
			<p className="mt-4 text-lg">{t('shop.cancelText')}</p>
			<div className="mt-8 flex flex-wrap justify-center gap-4">
				<Link to={localize('/cart')} className={buttonClass}>
					{t('shop.backToCart')}
				</Link>
				<Link
					to={localize('/menu')}
					className="rounded-full border-2 border-cocoa px-6 py-3 font-semibold hover:bg-dough"
				>
					{t('shop.browseMenu')}
				</Link>
			</div>
		</section>
	)
}
