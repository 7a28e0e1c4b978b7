import { useNavigate } from '@remix-run/react'
import { createElement, useRef, type ComponentPropsWithoutRef, type MouseEvent, type ReactNode } from 'react'
import { isHydrating } from '~/utils/hydration'
import { assertStaticMarkup } from './server-markup-guard'

type Tag = 'div' | 'ul'

/**
 * Static content that hydrates as the server rendered it: while the page hydrates, React keeps this
 * element's children as they are in the HTML and does not walk them (no component renders, no comparison
 * with the DOM), which is most of the cost of hydrating a long list of cards or links at 4× CPU
 * (docs/performance.md, decision 044). Once `inputs` change, the children are rendered as usual.
 *
 * So nothing inside may need React until then: no state, no effects, no handlers of its own. Clicks are
 * handled here, by delegation: `onClick` receives every click inside, and a click on a link of this site
 * navigates in the browser as a `<Link>` would. In development and tests the server's render throws on a
 * child that breaks this (server-markup-guard.ts, decision 056).
 *
 * @param inputs every value the children are rendered from (compared with `Object.is`, one by one)
 */
export function ServerMarkup<T extends Tag>({
	as,
	inputs,
	children,
	onClick,
	...props
}: {
	as: T
	inputs: readonly unknown[]
	children: ReactNode
	onClick?: (event: MouseEvent<HTMLElement>) => void
} & Omit<ComponentPropsWithoutRef<T>, 'children' | 'onClick' | 'dangerouslySetInnerHTML'>) {
	const keptFor = useRef<readonly unknown[] | null>(isHydrating() ? inputs : null)
	if (keptFor.current && !sameInputs(keptFor.current, inputs)) keptFor.current = null
	const navigateOnLinkClick = useLinkClickNavigation()
	const handleClick = (event: MouseEvent<HTMLElement>) => {
		onClick?.(event)
		navigateOnLinkClick(event)
	}
	if (!keptFor.current) {
		// Development and tests only: production builds drop the check (`import.meta.env.DEV` is false there).
		if (import.meta.env.DEV && typeof document === 'undefined') assertStaticMarkup(children)
		return createElement(as, { ...props, onClick: handleClick }, children)
	}
	// No children and an empty inner HTML: React leaves the server's children in place (it neither hydrates
	// nor deletes the children of an element with inner HTML), and the warning about it is suppressed.
	return createElement(as, {
		...props,
		onClick: handleClick,
		suppressHydrationWarning: true,
		dangerouslySetInnerHTML: { __html: '' },
	})
}

function sameInputs(before: readonly unknown[], now: readonly unknown[]) {
	return before.length === now.length && before.every((value, index) => Object.is(value, now[index]))
}

/** What `<Link>` does on a click, for a plain `<a>` of this site: navigate in the browser. */
function useLinkClickNavigation() {
	const navigate = useNavigate()
	return (event: MouseEvent<HTMLElement>) => {
		if (
			event.defaultPrevented ||
			event.button !== 0 ||
			event.metaKey ||
			event.altKey ||
			event.ctrlKey ||
			event.shiftKey
		)
			return
		const link = (event.target as Element).closest('a')
		if (!link || !event.currentTarget.contains(link)) return
		if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return
		if (link.origin !== window.location.origin) return
		event.preventDefault()
		navigate(link.pathname + link.search + link.hash, { replace: link.href === window.location.href })
	}
}
