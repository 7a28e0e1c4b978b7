import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageIntro } from '~/components/page-intro'
import { RevealItem, RevealSection } from '~/components/reveal'
import { SiteImage } from '~/components/site-image'
import { useBakeryTexts } from '~/components/bakery-texts'
import { useBusiness } from '~/config/business'
import { useT } from '~/utils/i18n-react'
import { loadOwnSiteTexts } from '~/domain/content/models/site-text.server'
import { requestLocale } from '~/utils/i18n.server'
import { metaTranslator, pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('pages.aboutTitle'), description: t('pages.aboutDescription') })
}

/** The owner's own texts (/admin/site-texts) in the page's language; none during a database outage. */
export async function loader({ request }: LoaderFunctionArgs) {
	return { siteTexts: await loadOwnSiteTexts(requestLocale(request)) }
}

export default function About() {
	const business = useBusiness()
	const { siteTexts } = useLoaderData<typeof loader>()
	const texts = useBakeryTexts(siteTexts)
	const t = useT()
	return (
		<>
			<PageIntro id="about-heading" title={t('pages.aboutTitle')} roomy>
				{t('pages.aboutIntro', {
					name: business.name,
					town: business.address.locality,
					region: business.address.region,
					description: texts.description,
				})}
			</PageIntro>

			<RevealSection aria-labelledby="story-heading" className="mx-auto max-w-6xl px-4 py-16 md:py-20">
				<div className="grid items-center gap-10 md:grid-cols-2">
					<SiteImage
						name="story"
						sizes="(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw"
						alt={t('pages.aboutStoryAlt')}
						className="h-auto w-full rounded-3xl shadow-lg"
					/>
					<div>
						<h2 id="story-heading" className="font-display text-3xl font-bold md:text-4xl">
							{t('pages.aboutStoryHeading')}
						</h2>
						<p className="mt-4 text-lg">{texts.story}</p>
						<p className="mt-4 text-lg">{t('pages.aboutStoryMore')}</p>
						<p className="mt-4 text-lg">{t('pages.aboutStillBake')}</p>
					</div>
				</div>
			</RevealSection>

			<RevealSection group aria-labelledby="mission-heading" className="bg-dough/50">
				<div className="mx-auto max-w-6xl px-4 py-16 md:py-20">
					<h2 id="mission-heading" className="text-center font-display text-3xl font-bold md:text-4xl">
						{t('pages.aboutMissionValuesHeading')}
					</h2>
					<div className="mt-10 grid gap-6 md:grid-cols-2">
						<RevealItem index={0}>
							<article className="h-full rounded-3xl bg-white p-8 shadow-md">
								<h3 className="font-display text-2xl font-bold">{t('pages.aboutMissionHeading')}</h3>
								<p className="mt-3 text-lg">{texts.mission}</p>
							</article>
						</RevealItem>
						<RevealItem index={1}>
							<article className="h-full rounded-3xl bg-white p-8 shadow-md">
								<h3 className="font-display text-2xl font-bold">{t('pages.aboutValuesHeading')}</h3>
								<ul className="mt-3 grid gap-2 text-lg">
									{texts.values.map((value) => (
										<li key={value} className="flex gap-3">
											<span aria-hidden="true" className="text-cinnamon">
												✦
											</span>
											{value}
										</li>
									))}
								</ul>
							</article>
						</RevealItem>
					</div>
				</div>
			</RevealSection>
		</>
	)
}
