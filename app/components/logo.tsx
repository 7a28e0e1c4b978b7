/** The round concha logo (public/favicon.svg). Decorative next to the bakery's name. */
export function LogoMark({ size = 40, className }: { size?: number; className?: string }) {
	return <img src="/favicon.svg" alt="" width={size} height={size} className={className} />
}
