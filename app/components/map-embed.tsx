import { mapsEmbedUrl, useBusiness } from '~/config/business'

/** The store-locator map (Google Maps embed; CSP frame-src allows https://www.google.com). Loads lazily. */
export function MapEmbed({ title, className }: { title: string; className?: string }) {
	const business = useBusiness()
	return (
		<iframe
			src={mapsEmbedUrl(business)}
			title={title}
			width="100%"
			height="450"
			loading="lazy"
			referrerPolicy="no-referrer-when-downgrade"
			className={`block h-[450px] w-full rounded-2xl border-0 bg-dough ${className ?? ''}`}
		/>
	)
}
