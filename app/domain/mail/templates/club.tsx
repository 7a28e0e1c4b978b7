import type { ReactNode } from 'react'
import { richText, type MailLanguage } from '~/domain/mail/mail-language'
import { Details, MailButton, MailHeading, MailLayout, Paragraph, type MailBakery } from './layout'
import { OrderLineList, type MailLine } from './order-lines'

interface ClubMailProps {
	bakery: MailBakery
	/** The subscriber's language. */
	lang: MailLanguage
	/** The plan's name in that language. */
	plan: string
}

/** Every club mail's frame: its preview, its heading, and why the subscriber gets it. */
function ClubLayout({
	bakery,
	lang: { t },
	preview,
	heading,
	children,
}: Pick<ClubMailProps, 'bakery' | 'lang'> & { preview: string; heading: string; children: ReactNode }) {
	return (
		<MailLayout bakery={bakery} preview={preview} footnote={t('mail.clubFootnote', { bakery: bakery.name })}>
			<MailHeading>{heading}</MailHeading>
			{children}
		</MailLayout>
	)
}

/** The subscriber's own bread club page (`/account/club`), in their language. */
interface ClubPageProps extends ClubMailProps {
	clubUrl: string
}

export interface ClubWelcomeProps extends ClubPageProps {
	box: ReadonlyArray<Omit<MailLine, 'unitPriceCents'>>
	/** 'Every Saturday at 9:30 AM'. */
	pickupText: string
	firstBoxText: string
	/** When changes to the first box close and it is charged. */
	cutoffText: string
	priceText: string
}

/**
 * A membership started (decision 093): what is in the box, when it is picked up, the first box and when changes to
 * it close, and that nothing is charged until a box's cutoff.
 */
export function ClubWelcomeMail({
	bakery,
	lang,
	plan,
	box,
	pickupText,
	firstBoxText,
	cutoffText,
	priceText,
	clubUrl,
}: ClubWelcomeProps) {
	const { t } = lang
	return (
		<ClubLayout
			bakery={bakery}
			lang={lang}
			preview={t('mail.clubWelcomePreview', { plan, pickup: pickupText, cutoff: cutoffText })}
			heading={t('mail.clubWelcomeHeading')}
		>
			<Paragraph>{richText(t, 'mail.clubWelcomeIntro', { plan }, [<strong key="0" />])}</Paragraph>
			{/* The box has one price, not one per line: the list shows none. */}
			<OrderLineList lines={box.map((line) => ({ ...line, unitPriceCents: 0 }))} />
			<Details
				rows={[
					{ label: t('mail.labelPickup'), value: pickupText },
					{ label: t('mail.clubLabelFirstBox'), value: firstBoxText },
					{ label: t('mail.clubLabelChangesClose'), value: cutoffText },
					{ label: t('mail.clubLabelPrice'), value: priceText },
				]}
			/>
			<Paragraph>{t('mail.clubWelcomeCharge', { price: priceText, cutoff: cutoffText })}</Paragraph>
			<Paragraph>{t('mail.clubWelcomeNotCharged')}</Paragraph>
			<MailButton href={clubUrl}>{t('mail.clubManageButton')}</MailButton>
		</ClubLayout>
	)
}

export interface ClubBoxMissedProps extends ClubPageProps {
	/** REFUSED: the day was full at the cutoff; UNPAID: the membership was past due. */
	reason: 'REFUSED' | 'UNPAID'
	dateText: string
	/** The plan's pickup window: the times none of which could take the box. */
	windowStartText: string
	windowEndText: string
}

/** A box not made at its cutoff (decision 093): which, why, and that it is credited, never charged. */
export function ClubBoxMissedMail({
	bakery,
	lang,
	plan,
	reason,
	dateText,
	windowStartText,
	windowEndText,
	clubUrl,
}: ClubBoxMissedProps) {
	const { t } = lang
	const unpaid = reason === 'UNPAID'
	return (
		<ClubLayout
			bakery={bakery}
			lang={lang}
			preview={t('mail.clubMissedPreview')}
			heading={t('mail.clubMissedHeading', { date: dateText })}
		>
			<Paragraph>
				{unpaid
					? richText(t, 'mail.clubMissedUnpaid', { plan, date: dateText }, [<strong key="0" />])
					: richText(
							t,
							'mail.clubMissedRefused',
							{ plan, date: dateText, start: windowStartText, end: windowEndText },
							[<strong key="0" />],
						)}
			</Paragraph>
			<Paragraph>{t('mail.clubMissedNotCharged')}</Paragraph>
			{unpaid ? <Paragraph>{t('mail.clubMissedUpdateCard')}</Paragraph> : null}
			<MailButton href={clubUrl}>{t(unpaid ? 'mail.clubUpdateCardButton' : 'mail.clubManageButton')}</MailButton>
		</ClubLayout>
	)
}

/**
 * A renewal Stripe could not charge (decision 093): the box it paid for is still made (paid at pickup if need be),
 * Stripe tries again, and the card is updated on the subscriber's bread club page.
 */
export function ClubPaymentFailedMail({ bakery, lang, plan, clubUrl }: ClubPageProps) {
	const { t } = lang
	return (
		<ClubLayout
			bakery={bakery}
			lang={lang}
			preview={t('mail.clubPaymentFailedPreview')}
			heading={t('mail.clubPaymentFailedHeading')}
		>
			<Paragraph>{richText(t, 'mail.clubPaymentFailedIntro', { plan }, [<strong key="0" />])}</Paragraph>
			<Paragraph>{t('mail.clubPaymentFailedBox')}</Paragraph>
			<Paragraph>{t('mail.clubPaymentFailedRetry')}</Paragraph>
			<MailButton href={clubUrl}>{t('mail.clubUpdateCardButton')}</MailButton>
		</ClubLayout>
	)
}

export interface ClubEndedProps extends ClubMailProps {
	/** The public bread club page, to join again. */
	joinUrl: string
}

/** Stripe ended the membership after its retries failed (decision 093): no more boxes; join again any time. */
export function ClubEndedMail({ bakery, lang, plan, joinUrl }: ClubEndedProps) {
	const { t } = lang
	return (
		<ClubLayout bakery={bakery} lang={lang} preview={t('mail.clubEndedPreview')} heading={t('mail.clubEndedHeading')}>
			<Paragraph>{richText(t, 'mail.clubEndedIntro', { plan }, [<strong key="0" />])}</Paragraph>
			<Paragraph>{t('mail.clubEndedAgain')}</Paragraph>
			<MailButton href={joinUrl}>{t('mail.clubJoinButton')}</MailButton>
		</ClubLayout>
	)
}
