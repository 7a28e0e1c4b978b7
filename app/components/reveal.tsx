import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'

/** Share of the section (or of the viewport, for tall sections) that must be visible. */
const VISIBLE_SHARE = 0.25

type RevealState = 'hidden' | 'shown'

/**
 * Fades (and, unless the visitor prefers reduced motion, slides) a section in once, when a quarter
 * of it is on screen. The HTML is visible: only sections still below the fold after hydration are
 * hidden, so nothing depends on JavaScript, and only opacity/transform change (no layout shift).
 * CSS: `[data-reveal]` rules in app/tailwind.css.
 */
function useReveal<T extends HTMLElement>() {
	const ref = useRef<T>(null)
	const [state, setState] = useState<RevealState | undefined>(undefined)

	useEffect(() => {
		const element = ref.current
		if (!element || typeof IntersectionObserver === 'undefined') return
		if (element.getBoundingClientRect().top < window.innerHeight) return
		setState('hidden')
		const observer = new IntersectionObserver(
			(entries) => {
				const visible = entries.some(
					(entry) =>
						entry.isIntersecting &&
						(entry.intersectionRatio >= VISIBLE_SHARE ||
							entry.intersectionRect.height >= window.innerHeight * VISIBLE_SHARE),
				)
				if (!visible) return
				setState('shown')
				observer.disconnect()
			},
			{ threshold: [0, 0.05, 0.1, 0.15, 0.2, VISIBLE_SHARE] },
		)
		observer.observe(element)
		return () => observer.disconnect()
	}, [])

	return { ref, state }
}

export function RevealSection({
	as: Tag = 'section',
	children,
	className,
	group = false,
	...props
}: {
	/** A `div` when the block is not a landmark of its own. */
	as?: 'section' | 'div'
	children: ReactNode
	className?: string
	/** Reveal the `RevealItem`s inside one after another (0.12 s apart) instead of the section as a whole. */
	group?: boolean
	'aria-labelledby'?: string
	id?: string
}) {
	const { ref, state } = useReveal<HTMLDivElement>()
	return (
		<Tag ref={ref} className={className} data-reveal={state} data-reveal-group={group ? '' : undefined} {...props}>
			{children}
		</Tag>
	)
}

/** One card of a `group` RevealSection; `index` sets its delay. */
export function RevealItem({ index, className, children }: { index: number; className?: string; children: ReactNode }) {
	return (
		<div className={className} data-reveal-item="" style={{ '--reveal-index': index } as CSSProperties}>
			{children}
		</div>
	)
}
