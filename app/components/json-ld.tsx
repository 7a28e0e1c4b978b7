import { serializeJsonLd } from '~/utils/seo'

/** Structured data for search engines. A data block, not a script: CSP does not apply to it. */
export function JsonLd({ data }: { data: unknown }) {
	return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
}
