import { Link } from '@remix-run/react'
import { useBusiness } from '~/config/business'
import { FacebookIcon, InstagramIcon, MailIcon } from '~/components/ui/icons'
import { LogoMark } from './logo'
import { LanguageSwitcher } from './language-switcher'
import { menuLinks, moreLinks, primaryLinks } from './site-navigation'
import { useLocale, useLocalizedPath, useT } from '~/utils/i18n-react'
import { ServerMarkup } from '~/components/ui/server-markup'

const socialLinkClass =
	'inline-flex h-11 w-11 items-center justify-center rounded-full bg-cocoa text-cream transition-colors hover:bg-cinnamon'

export function SiteFooter() {
	const business = useBusiness()
	const t = useT()
	const localize = useLocalizedPath()
	const locale = useLocale()
	const { name, tagline, social, email } = business
	return (
		<footer className="border-t border-dough bg-dough/60">
			{/* Links only: hydrates as the server's markup (decision 044). */}
			<ServerMarkup
				as="div"
				className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[2fr_1fr_1fr]"
				inputs={[locale, name, tagline, social.facebook, social.instagram, email]}
			>
				<div>
					<Link to={localize('/')} className="inline-flex items-center gap-3 rounded-md font-display text-xl font-bold">
						<LogoMark size={48} />
						<span>{business.name}</span>
					</Link>
					<p className="mt-3 max-w-sm">{business.tagline}</p>
				</div>

				<nav aria-label={t('common.navFooter')}>
					<h2 className="font-display text-lg font-bold">{t('common.footerExplore')}</h2>
					<ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 md:grid-cols-1">
						{[...primaryLinks, ...menuLinks, ...moreLinks].map((link) => (
							<li key={link.to}>
								<Link to={localize(link.to)} className="inline-block py-1 underline-offset-4 hover:underline">
									{t(link.label)}
								</Link>
							</li>
						))}
					</ul>
				</nav>

				<section aria-labelledby="follow-us">
					<h2 id="follow-us" className="font-display text-lg font-bold">
						{t('common.footerFollowUs')}
					</h2>
					<ul className="mt-3 flex gap-3">
						{[
							{
								href: business.social.facebook,
								label: t('common.footerOnFacebook', { name: business.name }),
								Icon: FacebookIcon,
							},
							{
								href: business.social.instagram,
								label: t('common.footerOnInstagram', { name: business.name }),
								Icon: InstagramIcon,
							},
						].map(({ href, label, Icon }) => (
							<li key={href}>
								<a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} className={socialLinkClass}>
									<Icon />
								</a>
							</li>
						))}
						<li>
							<a
								href={`mailto:${business.email}`}
								aria-label={t('common.footerEmail', { name: business.name })}
								className={socialLinkClass}
							>
								<MailIcon />
							</a>
						</li>
					</ul>
				</section>
			</ServerMarkup>
			<div className="border-t border-cocoa/15">
				<div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4">
					<p className="text-sm">{t('common.footerRights', { year: new Date().getFullYear(), name: business.name })}</p>
					<LanguageSwitcher />
				</div>
			</div>
		</footer>
	)
}
