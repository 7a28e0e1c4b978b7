import type { SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement>

/** Decorative 24×24 icons: the link or button around them carries the accessible name. */
function Icon({ children, ...props }: IconProps) {
	return (
		<svg
			viewBox="0 0 24 24"
			width="24"
			height="24"
			fill="none"
			stroke="currentColor"
			strokeWidth="2"
			strokeLinecap="round"
			strokeLinejoin="round"
			aria-hidden="true"
			focusable="false"
			{...props}
		>
			{children}
		</svg>
	)
}

export function MenuIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M4 6h16M4 12h16M4 18h16" />
		</Icon>
	)
}

export function CloseIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M6 6l12 12M18 6L6 18" />
		</Icon>
	)
}

export function ChevronDownIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M6 9l6 6 6-6" />
		</Icon>
	)
}

export function FacebookIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />
		</Icon>
	)
}

export function InstagramIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<rect x="3" y="3" width="18" height="18" rx="5" />
			<circle cx="12" cy="12" r="4" />
			<circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
		</Icon>
	)
}

export function MailIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<rect x="3" y="5" width="18" height="14" rx="2" />
			<path d="M3 7l9 6 9-6" />
		</Icon>
	)
}

export function PhoneIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
		</Icon>
	)
}

export function MapPinIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
			<circle cx="12" cy="9.5" r="2.5" />
		</Icon>
	)
}

export function ClockIcon(props: IconProps) {
	return (
		<Icon {...props}>
			<circle cx="12" cy="12" r="9" />
			<path d="M12 7v5l3 2" />
		</Icon>
	)
}
