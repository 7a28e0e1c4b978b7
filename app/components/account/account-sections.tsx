import { Link } from '@remix-run/react'
import { buttonClass, outlineButtonClass } from '~/components/ui/button-classes'
import { PageLinks } from '~/components/ui/page-links'
import { useLocalizedPath, useT } from '~/utils/i18n-react'

/** /account's own section for the customer's data (decision 067): download it all, or delete the account. */
export function AccountPrivacy() {
	const t = useT()
	const localize = useLocalizedPath()
	return (
		<section aria-labelledby="privacy-heading">
			<h2 id="privacy-heading" className="font-display text-3xl font-bold">
				{t('account.privacyHeading')}
			</h2>
			<p className="mt-2">{t('account.privacyIntro')}</p>
			<div className="mt-4 flex flex-wrap gap-4">
				{/* A file, not a page: the browser downloads it (English only, like every resource route). */}
				<a href="/account/data.json" download className={buttonClass}>
					{t('account.downloadData')}
				</a>
				<Link to={localize('/account/delete')} className={`${outlineButtonClass} px-6 py-3`}>
					{t('account.deleteAccountLink')}
				</Link>
			</div>
		</section>
	)
}

/**
 * Past orders come 20 at a time (decision 067: a long history stays quick to read; the download holds it all):
 * links to older and newer ones, as plain addresses that work without JavaScript.
 */
export function PastOrderPages({ page, older }: { page: number; older: boolean }) {
	const t = useT()
	const localize = useLocalizedPath()
	const pageLink = (to: number) => `${localize('/account')}${to > 1 ? `?past=${to}` : ''}#past-heading`
	return (
		<PageLinks
			label={t('account.pastPages')}
			previous={page > 1 ? { to: pageLink(page - 1), text: t('account.newerOrders') } : null}
			next={older ? { to: pageLink(page + 1), text: t('account.olderOrders') } : null}
			className="mt-4"
			linkClassName="font-semibold text-cinnamon underline"
		/>
	)
}
