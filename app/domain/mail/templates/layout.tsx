// The components one package each: @react-email/components also loads Tailwind, Markdown and code highlighting,
// which took a large part of the server's start-up (decision 061).
import { Body } from '@react-email/body'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Img } from '@react-email/img'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { CSSProperties, ReactNode } from 'react'
import type { Locale } from '~/utils/i18n'

/** The bakery as every mail's header and footer show it (built by compose.server.ts). */
export interface MailBakery {
	name: string
	/** The site's public origin: every link and the logo are absolute. */
	origin: string
	/** The language the mail is written in (the customer's; English for the owner). */
	locale: Locale
	/** The home page in that language (the origin itself in English). */
	homeUrl: string
	logoUrl: string
	addressLine: string
	mapUrl: string
	phone: string
	telHref: string
	email: string
	/** 'Hours:', in the mail's language. */
	hoursLabel: string
	/** 'Tue–Fri: 7 am – 6 pm' */
	hours: string[]
	/** Closures and special hours ahead. */
	notices: string[]
}

/*
 * Colours that pass WCAG AA in both schemes: light is the site's cocoa on white and cream, dark the
 * same hues inverted. Inline styles carry the light scheme (every client); the dark scheme is a
 * media query (Apple Mail, iOS, Outlook for Mac, Thunderbird) with !important to beat them. Clients
 * that darken mails themselves (Gmail apps, Outlook.com) start from colours with enough contrast.
 */
export const palette = {
	page: '#fff8ee',
	card: '#ffffff',
	text: '#3b2418',
	muted: '#66503f',
	accent: '#8a3b12',
	rule: '#f3e3cc',
	onAccent: '#ffffff',
} as const

export const darkPalette = {
	page: '#1f1410',
	card: '#2b1d16',
	text: '#f7ece1',
	muted: '#dccbbb',
	accent: '#f5b98f',
	rule: '#5a4434',
	onAccent: '#1f1410',
} as const

const darkScheme = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
	.mail-page, .mail-page > table > tbody > tr > td { background-color: ${darkPalette.page} !important; }
	.mail-card { background-color: ${darkPalette.card} !important; }
	.mail-text { color: ${darkPalette.text} !important; }
	.mail-muted { color: ${darkPalette.muted} !important; }
	.mail-link { color: ${darkPalette.accent} !important; }
	.mail-button { background-color: ${darkPalette.accent} !important; color: ${darkPalette.onAccent} !important; }
	.mail-rule { border-color: ${darkPalette.rule} !important; }
}
`

const fontFamily = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

export const textStyle: CSSProperties = {
	color: palette.text,
	fontSize: '16px',
	lineHeight: '24px',
	margin: '0 0 16px',
}
export const mutedStyle: CSSProperties = { ...textStyle, color: palette.muted, fontSize: '14px', lineHeight: '20px' }
const linkStyle: CSSProperties = { color: palette.accent, textDecoration: 'underline' }

export function MailLayout({
	bakery,
	preview,
	footnote,
	children,
}: {
	bakery: MailBakery
	/** The line mail apps show after the subject. */
	preview: string
	/** Why this person gets this mail. */
	footnote: string
	children: ReactNode
}) {
	return (
		<Html lang={bakery.locale}>
			<Head>
				<meta name="color-scheme" content="light dark" />
				<meta name="supported-color-schemes" content="light dark" />
				{/* A constant of ours, never anyone's text. */}
				<style dangerouslySetInnerHTML={{ __html: darkScheme }} />
			</Head>
			<Preview>{preview}</Preview>
			<Body className="mail-page" style={{ backgroundColor: palette.page, fontFamily, margin: 0, padding: '24px 0' }}>
				<Container style={{ maxWidth: '600px', width: '100%', padding: '0 12px' }}>
					<Section style={{ padding: '0 8px 16px' }}>
						<Link href={bakery.homeUrl} className="mail-link" style={{ ...linkStyle, textDecoration: 'none' }}>
							<Img
								src={bakery.logoUrl}
								alt=""
								width="48"
								height="48"
								style={{ display: 'inline-block', verticalAlign: 'middle', borderRadius: '24px' }}
							/>
							<span style={{ fontSize: '20px', fontWeight: 700, marginLeft: '12px', verticalAlign: 'middle' }}>
								{bakery.name}
							</span>
						</Link>
					</Section>
					<Section
						className="mail-card"
						style={{ backgroundColor: palette.card, borderRadius: '16px', padding: '24px' }}
					>
						{children}
					</Section>
					<Section style={{ padding: '16px 8px 0' }}>
						<Text className="mail-muted" style={mutedStyle}>
							<strong>{bakery.name}</strong>
							<br />
							<Link href={bakery.mapUrl} className="mail-link" style={linkStyle}>
								{bakery.addressLine}
							</Link>
							<br />
							<Link href={bakery.telHref} className="mail-link" style={linkStyle}>
								{bakery.phone}
							</Link>
							{' · '}
							<Link href={`mailto:${bakery.email}`} className="mail-link" style={linkStyle}>
								{bakery.email}
							</Link>
						</Text>
						{bakery.hours.length > 0 ? (
							<Text className="mail-muted" style={mutedStyle}>
								{bakery.hoursLabel}
								{bakery.hours.map((line) => (
									<span key={line}>
										<br />
										{line}
									</span>
								))}
								{bakery.notices.map((notice) => (
									<span key={notice}>
										<br />
										{notice}
									</span>
								))}
							</Text>
						) : null}
						<Hr className="mail-rule" style={{ borderColor: palette.rule, margin: '8px 0 16px' }} />
						<Text className="mail-muted" style={mutedStyle}>
							{footnote}
						</Text>
					</Section>
				</Container>
			</Body>
		</Html>
	)
}

/**
 * An alert to the owner: the mail's frame with its heading and, last, the button into the admin; it says why the
 * owner gets it and, when the customer is the Reply-To, that a reply reaches them.
 */
export function OwnerAlert({
	bakery,
	preview,
	heading,
	list = 'order alerts',
	replyReaches,
	admin,
	children,
}: {
	bakery: MailBakery
	preview: string
	heading: ReactNode
	/** Which of the bakery's lists the owner is on. */
	list?: 'order alerts' | 'alerts'
	/** The customer a reply to this mail reaches. */
	replyReaches?: string
	admin: { href: string; label: string }
	children: ReactNode
}) {
	const reply = replyReaches ? ` Reply to this e-mail to answer ${replyReaches}.` : ''
	return (
		<MailLayout
			bakery={bakery}
			preview={preview}
			footnote={`You get this because you are on ${bakery.name}'s ${list}.${reply}`}
		>
			<MailHeading>{heading}</MailHeading>
			{children}
			<MailButton href={admin.href}>{admin.label}</MailButton>
		</MailLayout>
	)
}

/** A details row with an e-mail address people can write to. */
export function mailtoRow(label: string, email: string) {
	return { label, value: <MailLink href={`mailto:${email}`}>{email}</MailLink> }
}

export function MailHeading({ children }: { children: ReactNode }) {
	return (
		<Text className="mail-text" style={{ ...textStyle, fontSize: '24px', lineHeight: '32px', fontWeight: 700 }}>
			{children}
		</Text>
	)
}

export function Paragraph({ children }: { children: ReactNode }) {
	return (
		<Text className="mail-text" style={textStyle}>
			{children}
		</Text>
	)
}

export function MailLink({ href, children }: { href: string; children?: ReactNode }) {
	return (
		<Link href={href} className="mail-link" style={linkStyle}>
			{children}
		</Link>
	)
}

/** The one call to action: a large link that looks like a button (no image, no script). */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
	return (
		<Section style={{ margin: '8px 0 24px' }}>
			<Link
				href={href}
				className="mail-button"
				style={{
					backgroundColor: palette.accent,
					color: palette.onAccent,
					borderRadius: '999px',
					display: 'inline-block',
					fontSize: '16px',
					fontWeight: 700,
					lineHeight: '24px',
					padding: '12px 24px',
					textDecoration: 'none',
				}}
			>
				{children}
			</Link>
		</Section>
	)
}

/** Label: value rows (the owner's mails); values may be links. */
export function Details({ rows }: { rows: ReadonlyArray<{ label: string; value: ReactNode }> }) {
	return (
		<table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 16px' }}>
			<tbody>
				{rows.map((row) => (
					<tr key={row.label}>
						<td
							className="mail-muted"
							style={{
								...mutedStyle,
								fontWeight: 700,
								lineHeight: '24px',
								padding: '4px 12px 4px 0',
								verticalAlign: 'top',
								width: '30%',
							}}
						>
							{row.label}
						</td>
						<td
							className="mail-text"
							style={{ ...textStyle, padding: '4px 0', verticalAlign: 'top', wordBreak: 'break-word' }}
						>
							{row.value}
						</td>
					</tr>
				))}
			</tbody>
		</table>
	)
}

/** Who ordered, as the owner's order mails list them: name, e-mail, phone and (when not English) language. */
export function orderCustomerRows(
	customer: { name: string; email: string; phone: string | null; telHref: string | null },
	customerLanguage: string | undefined,
) {
	return [
		{ label: 'Customer', value: customer.name },
		mailtoRow('Email', customer.email),
		{
			label: 'Phone',
			value:
				customer.phone && customer.telHref ? (
					<MailLink href={customer.telHref}>{customer.phone}</MailLink>
				) : (
					'Not given'
				),
		},
		...languageRow(customerLanguage),
	]
}

/** The owner's row naming the customer's language, only when it is not English (an English mail stays as it was). */
export function languageRow(language: string | undefined) {
	return language ? [{ label: "Customer's language", value: language }] : []
}

/** Several lines a person typed, kept as lines in both parts (escaped like any React text). */
export function Quoted({ text }: { text: string }) {
	return (
		<Text
			className="mail-text mail-rule"
			style={{ ...textStyle, borderLeft: `4px solid ${palette.rule}`, paddingLeft: '12px', wordBreak: 'break-word' }}
		>
			{text.split(/\r\n|\r|\n/).map((line, index) => (
				<span key={index}>
					{index > 0 ? <br /> : null}
					{line}
				</span>
			))}
		</Text>
	)
}
