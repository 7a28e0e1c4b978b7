import { Link } from '@remix-run/react'
import { defaultVisitorHours, orderLink, useBusiness, type VisitorHours } from '~/config/business'
import { BakeryJsonLd } from './bakery-json-ld'
import { ContactDetails } from './contact-details'
import { MapEmbed } from './map-embed'
import { OrderOnlineLink, orderButtonClass } from './order-online-link'
import { RevealItem, RevealSection } from './reveal'
import { ScheduleNotices } from './schedule-notices'
import { SiteImage } from './site-image'
import type { SiteImageName } from '~/utils/site-images'

const goodies: ReadonlyArray<{
	title: string
	description: string
	image: SiteImageName
	alt: string
	/** Where the card leads when no external ordering page is configured. */
	fallbackPath: string
}> = [
	{
		title: 'Cakes',
		description: 'Choose from our homemade cakes, from tres leches to brigadeiro.',
		image: 'cakes',
		alt: 'A slice of milk-soaked tres leches cake topped with whipped cream, cinnamon and a strawberry.',
		fallbackPath: '/cakes',
	},
	{
		title: 'Brazilian Pastries',
		description: 'From pão de queijo to brigadeiros, baked the way they are back home.',
		image: 'brazilian-pastries',
		alt: 'Rows of chocolate brigadeiros covered in sprinkles, each in a fluted paper cup.',
		fallbackPath: '/brazilian-pastries',
	},
	{
		title: 'Mexican Pastries',
		description: 'Pan dulce, conchas and more, fresh from the oven every morning.',
		image: 'mexican-pastries',
		alt: 'Three conchas with pink, vanilla and chocolate shell-patterned sugar tops on parchment.',
		fallbackPath: '/mexican-pastries',
	},
]

const sectionClass = 'mx-auto max-w-6xl px-4 py-16 md:py-20'
const headingClass = 'font-display text-3xl font-bold md:text-4xl'

/**
 * The Home screen (also shown, with a 404 status, for unknown paths). `hours`: the owner's schedule
 * from the page's loader; without it (the 404 page) the hours in business.ts.
 */
export function HomePage({ hours = defaultVisitorHours }: { hours?: VisitorHours }) {
	const business = useBusiness()
	return (
		<div>
			<BakeryJsonLd openingHours={hours.openingHours} />
			<section aria-labelledby="welcome-heading" className="relative">
				<SiteImage
					name="storefront"
					priority
					sizes="100vw"
					alt={`The front of ${business.name}: a striped awning over big, warmly lit windows full of cakes and pastries.`}
					className="block h-auto w-full object-cover md:max-h-[min(78vh,760px)]"
				/>
				<div className="md:absolute md:inset-x-0 md:bottom-0">
					<div className="mx-auto max-w-6xl px-4 pt-8 pb-4 md:pb-12">
						<div className="md:max-w-xl md:rounded-3xl md:bg-cream/95 md:p-8 md:shadow-xl">
							<h1 id="welcome-heading" className="font-display text-4xl font-bold md:text-5xl">
								Welcome to the bakery
							</h1>
							<p className="mt-3 text-lg">
								{business.description.replace(/\.$/, '')}, right here in {business.address.locality},{' '}
								{business.address.region}.
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
					Our Goodies
				</h2>
				<p className="mt-2 max-w-2xl text-lg">Sweet and savoury favourites from two baking traditions.</p>
				<ul className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
					{goodies.map((goodie, index) => (
						<li key={goodie.title}>
							<RevealItem index={index} className="h-full">
								<GoodieCard {...goodie} />
							</RevealItem>
						</li>
					))}
				</ul>
			</RevealSection>

			<RevealSection aria-labelledby="vibe-heading" className="bg-dough/50">
				<div className={`${sectionClass} grid items-center gap-10 md:grid-cols-2`}>
					<div>
						<h2 id="vibe-heading" className={headingClass}>
							Coffee, culture and good company
						</h2>
						<p className="mt-4 text-lg">
							Every day starts with fresh coffee: a strong cafezinho, a cinnamon-spiced café de olla or a silky latte,
							poured alongside pastries still warm from the oven.
						</p>
						<p className="mt-4 text-lg">
							Come for a concha, stay for the conversation. Our café is a little corner of Brazil and Mexico in Everett,
							with music, family recipes and a table waiting for you.
						</p>
						<Link to="/about" className="mt-6 inline-block font-semibold text-cinnamon underline underline-offset-4">
							Read our story
						</Link>
					</div>
					<div className="relative">
						<SiteImage
							name="coffee"
							sizes="(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw"
							alt="A latte with a heart drawn in the foam beside a small plate of pão de queijo on a wooden table."
							className="h-auto w-full rounded-3xl shadow-lg"
						/>
						<img
							src="/logo-badge.svg"
							alt={`${business.name} badge: Everett, WA`}
							width={240}
							height={240}
							loading="lazy"
							className="absolute -bottom-8 -left-4 h-28 w-28 rounded-full shadow-xl md:-left-8 md:h-36 md:w-36"
						/>
					</div>
				</div>
			</RevealSection>

			<RevealSection aria-labelledby="visit-heading" className={sectionClass}>
				<h2 id="visit-heading" className={headingClass}>
					Visit Us
				</h2>
				<div className="mt-8 grid gap-8 md:grid-cols-[1fr_2fr]">
					<ContactDetails openingHours={hours.openingHours} />
					<MapEmbed title={`Store locator map: ${business.name} in ${business.address.locality}`} />
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
	const { href, external } = orderLink(useBusiness(), fallbackPath)
	return (
		<article className="relative flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-md transition-shadow focus-within:shadow-xl hover:shadow-xl">
			<SiteImage
				name={image}
				sizes="(min-width: 1152px) 370px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
				alt={alt}
				className="aspect-[4/3] h-auto w-full object-cover"
			/>
			<div className="flex flex-1 flex-col p-6">
				<h3 className="font-display text-2xl font-bold">
					{external ? (
						<a href={href} target="_blank" rel="noopener noreferrer" className="after:absolute after:inset-0">
							{title}
							<span className="sr-only"> (order online, opens in a new tab)</span>
						</a>
					) : (
						<Link to={href} className="after:absolute after:inset-0">
							{title}
						</Link>
					)}
				</h3>
				<p className="mt-2 flex-1">{description}</p>
				<p aria-hidden="true" className="mt-4 font-semibold text-cinnamon">
					Order now →
				</p>
			</div>
		</article>
	)
}
