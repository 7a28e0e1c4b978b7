import { Link } from '@remix-run/react'
import type { ComponentProps } from 'react'
import { LANGUAGE_NAMES, languageCookie, LOCALES, type Locale } from '~/utils/i18n'
import { useLocale, usePageInLanguage, useT } from '~/utils/i18n-react'

/** Remembers a choice for the language suggestion (app/components/language-suggestion.tsx). */
export function rememberLanguage(locale: Locale) {
	document.cookie = languageCookie(locale)
}

/**
 * The same page in each language: plain links, so it works without JavaScript and crawlers see
 * every translation; with JavaScript the choice is also remembered in the `lang` cookie. Absent on
 * screens that exist in English only.
 */
export function LanguageSwitcher({
	className = '',
	inNavigation = false,
}: {
	className?: string
	inNavigation?: boolean
}) {
	const t = useT()
	const current = useLocale()
	const pageIn = usePageInLanguage()
	if (!pageIn) return null
	const Wrapper = inNavigation ? GroupElement : 'nav'
	return (
		// Inside the header's navigation it is a group: one "Language" landmark per page (the footer's).
		<Wrapper aria-label={t('common.languageSwitcher')} className={className}>
			<ul className="flex flex-wrap items-center gap-x-1 text-sm">
				{LOCALES.map((locale) => (
					<li key={locale}>
						<Link
							to={pageIn(locale)}
							lang={locale}
							hrefLang={locale}
							aria-current={locale === current ? 'true' : undefined}
							onClick={() => rememberLanguage(locale)}
							className="inline-block rounded-md px-2 py-1 underline-offset-4 hover:underline aria-[current=true]:font-bold aria-[current=true]:text-cinnamon"
						>
							{LANGUAGE_NAMES[locale]}
						</Link>
					</li>
				))}
			</ul>
		</Wrapper>
	)
}

function GroupElement(props: ComponentProps<'div'>) {
	return <div role="group" {...props} />
}
