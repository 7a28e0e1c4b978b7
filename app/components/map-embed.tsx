import { useEffect, useRef, useState } from 'react'
import { mapsEmbedUrl, useBusiness } from '~/config/business'

/** How close (in CSS px) the map's box must come to the viewport before Google Maps is loaded. */
const LOAD_MARGIN = '400px 0px'

/**
 * The store-locator map (Google Maps embed; CSP frame-src allows https://www.google.com).
 * Native `loading="lazy"` starts an iframe up to ~2500 px early, so Google's page (and its
 * scripts) loaded on every phone visit to Home. The frame is now created only when its box comes
 * within LOAD_MARGIN of the viewport; without JavaScript the <noscript> frame (still lazy) shows.
 * The box keeps the map's size throughout, so nothing shifts.
 */
export function MapEmbed({ title, className }: { title: string; className?: string }) {
	const business = useBusiness()
	const boxRef = useRef<HTMLDivElement>(null)
	const [nearViewport, setNearViewport] = useState(false)

	useEffect(() => {
		const box = boxRef.current
		if (!box || typeof IntersectionObserver === 'undefined') return setNearViewport(true)
		const observer = new IntersectionObserver(
			(entries) => {
				if (!entries.some((entry) => entry.isIntersecting)) return
				setNearViewport(true)
				observer.disconnect()
			},
			{ rootMargin: LOAD_MARGIN },
		)
		observer.observe(box)
		return () => observer.disconnect()
	}, [])

	const frame = (
		<iframe
			src={mapsEmbedUrl(business)}
			title={title}
			width="100%"
			height="450"
			loading="lazy"
			referrerPolicy="no-referrer-when-downgrade"
			className="block h-[450px] w-full border-0"
		/>
	)
	return (
		<div
			ref={boxRef}
			data-testid="map"
			className={`h-[450px] w-full overflow-hidden rounded-2xl bg-dough ${className ?? ''}`}
		>
			{nearViewport ? frame : <noscript>{frame}</noscript>}
		</div>
	)
}
