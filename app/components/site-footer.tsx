import { Link } from '@remix-run/react'
import { useBusiness } from '~/config/business'
import { FacebookIcon, InstagramIcon, MailIcon } from '~/components/ui/icons'
import { LogoMark } from './logo'
import { menuLinks, moreLinks, primaryLinks } from './site-navigation'

const socialLinkClass =
	'inline-flex h-11 w-11 items-center justify-center rounded-full bg-cocoa text-cream transition-colors hover:bg-cinnamon'

export function SiteFooter() {
	const business = useBusiness()
	return (
		<footer className="border-t border-dough bg-dough/60">
			<div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[2fr_1fr_1fr]">
				<div>
					<Link to="/" className="inline-flex items-center gap-3 rounded-md font-display text-xl font-bold">
						<LogoMark size={48} />
						<span>{business.name}</span>
					</Link>
					<p className="mt-3 max-w-sm">{business.tagline}</p>
				</div>

				<nav aria-label="Footer">
					<h2 className="font-display text-lg font-bold">Explore</h2>
					<ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 md:grid-cols-1">
						{[...primaryLinks, ...menuLinks, ...moreLinks].map((link) => (
							<li key={link.to}>
								<Link to={link.to} className="inline-block py-1 underline-offset-4 hover:underline">
									{link.label}
								</Link>
							</li>
						))}
					</ul>
				</nav>

				<section aria-labelledby="follow-us">
					<h2 id="follow-us" className="font-display text-lg font-bold">
						Follow Us
					</h2>
					<ul className="mt-3 flex gap-3">
						<li>
							<a
								href={business.social.facebook}
								target="_blank"
								rel="noopener noreferrer"
								aria-label={`${business.name} on Facebook (opens in a new tab)`}
								className={socialLinkClass}
							>
								<FacebookIcon />
							</a>
						</li>
						<li>
							<a
								href={business.social.instagram}
								target="_blank"
								rel="noopener noreferrer"
								aria-label={`${business.name} on Instagram (opens in a new tab)`}
								className={socialLinkClass}
							>
								<InstagramIcon />
							</a>
						</li>
						<li>
							<a href={`mailto:${business.email}`} aria-label={`E-mail ${business.name}`} className={socialLinkClass}>
								<MailIcon />
							</a>
						</li>
					</ul>
				</section>
			</div>
			<div className="border-t border-cocoa/15">
				<p className="mx-auto max-w-6xl px-4 py-4 text-sm">
					© {new Date().getFullYear()} {business.name}. All rights reserved.
				</p>
			</div>
		</footer>
	)
}
