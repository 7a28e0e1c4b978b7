import { Link } from '@remix-run/react'
import { orderLink, useBusiness, type VisitorHours } from '~/config/business'
import { BakeryJsonLd } from './bakery-json-ld'
import { useBakeryTexts } from './bakery-texts'
import { ContactDetails } from './contact-details'
import { MapEmbed } from './map-embed'
import { OrderOnlineLink, orderButtonClass } from './order-online-link'
import { RevealItem, RevealSection } from './reveal'
import { ScheduleNotices } from './schedule-notices'
import { SiteImage } from './site-image'
import type { MessageKey } from '~/utils/i18n'
import { useLocale, useLocalizedPath, useT } from '~/utils/i18n-react'
import { ServerMarkup } from './ui/server-markup'
import type { SiteImageName } from '~/utils/site-images'
import type { OwnSiteTexts } from '~/domain/content/site-texts'

const goodies: ReadonlyArray<{
	title: MessageKey
	description: MessageKey
	image: SiteImageName
	alt: MessageKey
	/** Where the card leads when no external ordering page is configured. */
	fallbackPath: string
}> = [
	{
		title: 'home.cakesTitle',
		description: 'home.cakesDescription',
		image: 'cakes',
		alt: 'home.cakesAlt',
		fallbackPath: '/cakes',
	},
	{
		title: 'home.brazilianTitle',
		description: 'home.brazilianDescription',
		image: 'brazilian-pastries',
		alt: 'home.brazilianAlt',
		fallbackPath: '/brazilian-pastries',
	},
	{
		title: 'home.mexicanTitle',
		description: 'home.mexicanDescription',
		image: 'mexican-pastries',
		alt: 'home.mexicanAlt',
		fallbackPath: '/mexican-pastries',
	},
]

const sectionClass = 'mx-auto max-w-6xl px-4 py-16 md:py-20'
const headingClass = 'font-display text-3xl font-bold md:text-4xl'

/**
 * The Home screen (also shown, with a 404 status, for unknown paths). `hours`: from the page's loader, in
 * its language: the owner's schedule (the 404 page: the hours in business.ts).
 */
export function HomePage({
	hours,
	siteTexts,
}: {
	hours: VisitorHours
	/** The owner's texts in the page's language (app/domain/content/models/site-text.server.ts). */
	siteTexts?: OwnSiteTexts
}) {
	const business = useBusiness()
	const t = useT()
	const texts = useBakeryTexts(siteTexts)
	const localize = useLocalizedPath()
	const locale = useLocale()
	const place = { town: business.address.locality, region: business.address.region }
	return (
		<div>
			<BakeryJsonLd openingHours={hours.openingHours} />
			<section aria-labelledby="welcome-heading" className="relative">
				<SiteImage
					name="storefront"
					priority
					sizes="100vw"
					alt={t('home.storefrontAlt', { name: business.name })}
					className="block h-auto w-full object-cover md:max-h-[min(78vh,760px)]"
				/>
				<div className="md:absolute md:inset-x-0 md:bottom-0">
					<div className="mx-auto max-w-6xl px-4 pt-8 pb-4 md:pb-12">
						<div className="md:max-w-xl md:rounded-3xl md:bg-cream/95 md:p-8 md:shadow-xl">
							<h1 id="welcome-heading" className="font-display text-4xl font-bold md:text-5xl">
								{t('home.welcomeHeading')}
							</h1>
							<p className="mt-3 text-lg">
								{t('home.welcomeText', {
									description: texts.description.replace(/\.$/, ''),
									...place,
								})}
							</p>
							<div className="mt-6 hidden md:block">
								<OrderOnlineLink className={`${orderButtonClass} px-7 py-3 text-lg`} />
							</div>
						</div>
					</div>
				</div>
			</section>

			{hours.notices.length > 0 ? (
				<div className="mx-auto max-w-6xl px-4 pt-8">
					<ScheduleNotices notices={hours.notices} headingId="home-notices-heading" />
				</div>
			) : null}

			<RevealSection group aria-labelledby="goodies-heading" className={sectionClass}>
				<h2 id="goodies-heading" className={headingClass}>
					{t('home.goodiesHeading')}
				</h2>
				<p className="mt-2 max-w-2xl text-lg">{t('home.goodiesIntro')}</p>
				<ServerMarkup
					as="ul"
					className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3"
					inputs={[locale, business.orderOnlineUrl]}
				>
					{goodies.map((goodie, index) => (
						<li key={goodie.title}>
							<RevealItem index={index} className="h-full">
								<GoodieCard {...goodie} />
							</RevealItem>
						</li>
					))}
				</ServerMarkup>
			</RevealSection>

			<RevealSection aria-labelledby="vibe-heading" className="bg-dough/50">
				<ServerMarkup
					as="div"
					className={`${sectionClass} grid items-center gap-10 md:grid-cols-2`}
					inputs={[locale, business.name]}
				>
					<div>
						<h2 id="vibe-heading" className={headingClass}>
							{t('home.vibeHeading')}
						</h2>
						<p className="mt-4 text-lg">{t('home.vibeCoffee')}</p>
						<p className="mt-4 text-lg">{t('home.vibeCafe')}</p>
						<Link
							to={localize('/about')}
							className="mt-6 inline-block font-semibold text-cinnamon underline underline-offset-4"
						>
							{t('home.readOurStory')}
						</Link>
					</div>
					<div className="relative">
						<SiteImage
							name="coffee"
							sizes="(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw"
							alt={t('home.coffeeAlt')}
							className="h-auto w-full rounded-3xl shadow-lg"
						/>
						<img
							src="/logo-badge.svg"
							alt={t('home.badgeAlt', { name: business.name })}
							width={240}
							height={240}
							loading="lazy"
							className="absolute -bottom-8 -left-4 h-28 w-28 rounded-full shadow-xl md:-left-8 md:h-36 md:w-36"
						/>
					</div>
				</ServerMarkup>
			</RevealSection>

			<RevealSection aria-labelledby="visit-heading" className={sectionClass}>
				<h2 id="visit-heading" className={headingClass}>
					{t('home.visitHeading')}
				</h2>
				<div className="mt-8 grid gap-8 md:grid-cols-[1fr_2fr]">
					<ContactDetails hours={hours.lines} />
					<MapEmbed title={t('home.mapTitle', { name: business.name, town: business.address.locality })} />
				</div>
			</RevealSection>

			{/* Small screens: Order Online stays at the bottom of the viewport while the home page scrolls. */}
			<div className="sticky bottom-0 z-30 bg-gradient-to-t from-cream via-cream/90 to-transparent px-4 pt-6 pb-4 md:hidden">
				<OrderOnlineLink className={`${orderButtonClass} w-full py-3 text-lg`} />
			</div>
		</div>
	)
}

function GoodieCard({ title, description, image, alt, fallbackPath }: (typeof goodies)[number]) {
	const t = useT()
	const localize = useLocalizedPath()
	const { href, external } = orderLink(useBusiness(), fallbackPath)
	return (
		<article className="relative flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-md transition-shadow focus-within:shadow-xl hover:shadow-xl">
			<SiteImage
				name={image}
				sizes="(min-width: 1152px) 370px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
				alt={t(alt)}
				className="aspect-[4/3] h-auto w-full object-cover"
			/>
			<div className="flex flex-1 flex-col p-6">
				<h3 className="font-display text-2xl font-bold">
					{external ? (
						<a href={href} target="_blank" rel="noopener noreferrer" className="after:absolute after:inset-0">
							{t(title)}
							<span className="sr-only">{t('home.orderOnlineNewTab')}</span>
						</a>
					) : (
						<Link to={localize(href)} className="after:absolute after:inset-0">
							{t(title)}
						</Link>
					)}
				</h3>
				<p className="mt-2 flex-1">{t(description)}</p>
				<p aria-hidden="true" className="mt-4 font-semibold text-cinnamon">
					{t('home.orderNow')}
				</p>
			</div>
		</article>
	)
}
