import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { useState, type ReactNode } from 'react'
import { buttonClass, outlineButtonClass } from '~/components/ui/button-classes'
import { FormStatus, SelectField } from '~/components/ui/forms'
import { Modal } from '~/components/ui/modal'
import { formatWallTime } from '~/domain/pickup/pickup-display'
import type { MessageKey } from '~/utils/i18n'
import { useLocale, useLocalizedPath, useT } from '~/utils/i18n-react'
import { formatPrice } from '~/utils/money'

/** A coming box as the account lists it (decision 093); its date and cutoff already in the page's words. */
interface ClubBoxView {
	date: string
	dateText: string
	/** When changes to it close (or closed). */
	cutoffText: string
	/** Its cutoff is still ahead: a skip can be taken back. */
	changeable: boolean
	state: 'open' | 'skipped' | 'paused' | 'placed' | 'refused' | 'unpaid' | 'closed'
	orderId: string | null
}

export interface ClubMembershipView {
	id: string
	status: 'ACTIVE' | 'PAST_DUE'
	planName: string
	priceCents: number
	pickupTime: string
	pickupTimes: readonly string[]
	/** Paused: the date boxes start again, in the page's words. */
	pausedUntilText: string | null
	boxes: readonly ClubBoxView[]
}

type ClubIntent = 'skip' | 'unskip' | 'pause' | 'resume' | 'time' | 'leave' | 'card'

/** What the last change did, as the action answered it. */
export interface ClubAnswer {
	membershipId: string
	intent: ClubIntent
	outcome: 'changed' | 'unchanged' | 'past-cutoff' | 'not-member' | 'payment-failed'
	date?: string
	weeks?: number
	pickupTime?: string
}

const boxStateWords = {
	open: 'breadClub.boxOpen',
	skipped: 'breadClub.boxSkipped',
	paused: 'breadClub.boxPaused',
	placed: 'breadClub.boxPlaced',
	refused: 'breadClub.boxRefused',
	unpaid: 'breadClub.boxUnpaid',
	closed: 'breadClub.boxClosed',
} as const satisfies Record<ClubBoxView['state'], MessageKey>

const changedWords = {
	skip: 'breadClub.changedSkip',
	unskip: 'breadClub.changedUnskip',
	pause: 'breadClub.changedPause',
	resume: 'breadClub.changedResume',
	time: 'breadClub.changedTime',
	leave: 'breadClub.changedLeave',
	card: 'breadClub.unchanged',
} as const satisfies Record<ClubIntent, MessageKey>

/** The weeks a member may pause for themselves (the domain's MAX_PAUSE_WEEKS, passed by the page). */
function weekOptions(maxWeeks: number, t: ReturnType<typeof useT>) {
	return Array.from({ length: maxWeeks }, (_, index) => ({
		value: String(index + 1),
		label: t('breadClub.pauseWeeks', { weeks: index + 1 }),
	}))
}

/** The answer to the last change in words, announced: a success as a status, anything else as an alert. */
function ClubAnswerStatus({ answer, membership }: { answer: ClubAnswer; membership?: ClubMembershipView }) {
	const t = useT()
	const locale = useLocale()
	const box = membership?.boxes.find((candidate) => candidate.date === answer.date)
	switch (answer.outcome) {
		case 'changed':
			return (
				<FormStatus tone="success">
					{t(changedWords[answer.intent], {
						date: box?.dateText ?? '',
						weeks: answer.weeks ?? 0,
						time: answer.pickupTime ? formatWallTime(answer.pickupTime, locale) : '',
					})}
				</FormStatus>
			)
		case 'unchanged':
			return <FormStatus tone="success">{t('breadClub.unchanged')}</FormStatus>
		case 'past-cutoff':
			return (
				<FormStatus tone="error">
					{box ? t('breadClub.pastCutoff', { cutoff: box.cutoffText }) : t('breadClub.pastCutoffNext')}
				</FormStatus>
			)
		case 'not-member':
			return <FormStatus tone="error">{t('breadClub.notMember')}</FormStatus>
		case 'payment-failed':
			return <FormStatus tone="error">{t('breadClub.paymentFailed')}</FormStatus>
	}
}

/**
 * The customer's bread club memberships (decision 093): each plan's coming boxes with a skip (or its undo) until
 * their cutoff, the pickup time, a pause and a resume, the card after a failed payment, and leaving behind a
 * confirmation: a dialog with JavaScript, the `?leave=` step without it. Every form posts to the page itself.
 */
export function ClubMemberships({
	memberships,
	answer,
	lastResult,
	leaving,
	maxPauseWeeks,
}: {
	memberships: readonly ClubMembershipView[]
	answer: ClubAnswer | null
	lastResult: SubmissionResult<string[]> | undefined
	/** The membership whose leaving is being confirmed without JavaScript. */
	leaving: string | null
	maxPauseWeeks: number
}) {
	const t = useT()
	const localize = useLocalizedPath()
	const listed = answer && memberships.some((membership) => membership.id === answer.membershipId)
	return (
		<div className="grid gap-8">
			{answer && !listed ? <ClubAnswerStatus answer={answer} /> : null}
			{memberships.length === 0 ? (
				<p className="text-lg">
					{t('breadClub.noMemberships')}{' '}
					<Link to={localize('/club')} className="font-semibold text-cinnamon underline underline-offset-4">
						{t('breadClub.seePlans')}
					</Link>
				</p>
			) : (
				memberships.map((membership) => (
					<Membership
						key={membership.id}
						membership={membership}
						answer={answer?.membershipId === membership.id ? answer : null}
						lastResult={answer?.membershipId === membership.id ? lastResult : undefined}
						confirmingLeave={leaving === membership.id}
						maxPauseWeeks={maxPauseWeeks}
					/>
				))
			)}
		</div>
	)
}

function Membership({
	membership,
	answer,
	lastResult,
	confirmingLeave,
	maxPauseWeeks,
}: {
	membership: ClubMembershipView
	answer: ClubAnswer | null
	lastResult: SubmissionResult<string[]> | undefined
	confirmingLeave: boolean
	maxPauseWeeks: number
}) {
	const t = useT()
	const locale = useLocale()
	const localize = useLocalizedPath()
	const path = localize('/account/club')
	const navigation = useNavigation()
	const pending = (intent: ClubIntent) =>
		navigation.state !== 'idle' &&
		navigation.formData?.get('membership') === membership.id &&
		navigation.formData.get('intent') === intent
	const [timeForm, timeFields] = useForm({
		id: `club-time-${membership.id}`,
		lastResult: answer?.intent === 'time' ? lastResult : undefined,
		defaultValue: { pickupTime: membership.pickupTime },
	})
	const [pauseForm, pauseFields] = useForm({
		id: `club-pause-${membership.id}`,
		lastResult: answer?.intent === 'pause' ? lastResult : undefined,
		defaultValue: { weeks: '2' },
	})
	const headingId = `club-membership-${membership.id}`
	const hidden = <input type="hidden" name="membership" value={membership.id} />
	return (
		<section aria-labelledby={headingId} className="rounded-2xl bg-white p-5 shadow ring-1 ring-dough">
			<h2 id={headingId} className="font-display text-3xl font-bold">
				{membership.planName}
			</h2>
			<p className="mt-1">{t('breadClub.pricePerBox', { price: formatPrice(membership.priceCents, locale) })}</p>
			{answer ? (
				<div className="mt-4">
					<ClubAnswerStatus answer={answer} membership={membership} />
				</div>
			) : null}
			{membership.status === 'PAST_DUE' ? (
				<div role="alert" className="mt-4 rounded-lg border border-red-800 bg-red-50 p-3 text-red-900">
					<p className="font-semibold">{t('breadClub.pastDue')}</p>
					<Form method="post" action={path} className="mt-2">
						{hidden}
						<button type="submit" name="intent" value="card" className={buttonClass} disabled={pending('card')}>
							{t('breadClub.updateCard')}
						</button>
					</Form>
				</div>
			) : null}

			<h3 className="mt-6 text-xl font-bold">{t('breadClub.boxesHeading')}</h3>
			<ul className="mt-2 grid gap-3">
				{membership.boxes.map((box) => (
					<li key={box.date} className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-cream p-3">
						<div>
							<p className="font-semibold">{box.dateText}</p>
							<p className="text-sm">
								{box.changeable
									? t('breadClub.changesClose', { cutoff: box.cutoffText })
									: t('breadClub.changesClosed', { cutoff: box.cutoffText })}
							</p>
							<p>{t(boxStateWords[box.state])}</p>
						</div>
						{box.state === 'open' || (box.state === 'skipped' && box.changeable) ? (
							<Form method="post" action={path}>
								{hidden}
								<input type="hidden" name="date" value={box.date} />
								<IntentButton
									intent={box.state === 'open' ? 'skip' : 'unskip'}
									busy={pending('skip') || pending('unskip')}
								>
									{box.state === 'open'
										? t('breadClub.skip', { date: box.dateText })
										: t('breadClub.unskip', { date: box.dateText })}
								</IntentButton>
							</Form>
						) : box.state === 'placed' && box.orderId ? (
							<Link
								to={localize(`/account/orders/${box.orderId}`)}
								className="font-semibold text-cinnamon underline underline-offset-4"
							>
								{t('breadClub.seeOrder', { date: box.dateText })}
							</Link>
						) : null}
					</li>
				))}
			</ul>

			<div className="mt-6 grid gap-6 md:grid-cols-2">
				<Form method="post" action={path} {...getFormProps(timeForm)} className="grid content-start gap-1">
					{hidden}
					<SelectField
						meta={timeFields.pickupTime}
						label={t('breadClub.pickupTimeLabel')}
						options={membership.pickupTimes.map((time) => ({ value: time, label: formatWallTime(time, locale) }))}
					/>
					<div>
						<IntentButton intent="time" busy={pending('time')}>
							{t('breadClub.changeTime')}
						</IntentButton>
					</div>
				</Form>
				<div className="grid content-start gap-3">
					{membership.pausedUntilText ? (
						<Form method="post" action={path} className="grid gap-2">
							{hidden}
							<p className="font-semibold">{t('breadClub.pausedUntil', { date: membership.pausedUntilText })}</p>
							<div>
								<IntentButton intent="resume" busy={pending('resume')}>
									{t('breadClub.resume')}
								</IntentButton>
							</div>
						</Form>
					) : null}
					<Form method="post" action={path} {...getFormProps(pauseForm)} className="grid gap-1">
						{hidden}
						<SelectField
							meta={pauseFields.weeks}
							label={t('breadClub.pauseLabel')}
							hint={t('breadClub.pauseHint')}
							options={weekOptions(maxPauseWeeks, t)}
						/>
						<div>
							<IntentButton intent="pause" busy={pending('pause')}>
								{t('breadClub.pause')}
							</IntentButton>
						</div>
					</Form>
				</div>
			</div>

			<LeaveClub membership={membership} confirming={confirmingLeave} busy={pending('leave')} />
		</section>
	)
}

/** A small submit button posting its change (`intent`), disabled while that change is on its way. */
function IntentButton({ intent, busy, children }: { intent: ClubIntent; busy: boolean; children: ReactNode }) {
	return (
		<button type="submit" name="intent" value={intent} className={`${outlineButtonClass} px-4 py-2`} disabled={busy}>
			{children}
		</button>
	)
}

/** "Leave the club": a dialog with JavaScript; without it the link opens the same confirmation on the page. */
function LeaveClub({
	membership,
	confirming,
	busy,
}: {
	membership: ClubMembershipView
	confirming: boolean
	busy: boolean
}) {
	const t = useT()
	const localize = useLocalizedPath()
	const path = localize('/account/club')
	const [open, setOpen] = useState(false)
	const headingId = `club-leave-${membership.id}`
	const confirmation = (inDialog: boolean) => (
		<Form method="post" action={path} onSubmit={() => setOpen(false)} className="grid gap-3">
			<h3 id={inDialog ? headingId : `${headingId}-step`} className="text-xl font-bold">
				{t('breadClub.leaveConfirmHeading', { plan: membership.planName })}
			</h3>
			<p>{t('breadClub.leaveConfirmText')}</p>
			<input type="hidden" name="membership" value={membership.id} />
			<div className="flex flex-wrap items-center gap-4">
				<button type="submit" name="intent" value="leave" className={buttonClass} disabled={busy}>
					{t('breadClub.leaveYes')}
				</button>
				{inDialog ? (
					<button type="button" onClick={() => setOpen(false)} className={`${outlineButtonClass} px-6 py-3`}>
						{t('breadClub.leaveKeep')}
					</button>
				) : (
					<Link to={path} className="font-semibold text-cinnamon underline underline-offset-4">
						{t('breadClub.leaveKeep')}
					</Link>
				)}
			</div>
		</Form>
	)
	return (
		<div className="mt-6 border-t border-dough pt-4">
			{confirming ? (
				<div className="rounded-2xl border-2 border-cinnamon p-4">{confirmation(false)}</div>
			) : (
				<Link
					to={`${path}?leave=${encodeURIComponent(membership.id)}`}
					onClick={(event) => {
						event.preventDefault()
						setOpen(true)
					}}
					className="font-semibold text-cinnamon underline underline-offset-4"
				>
					{t('breadClub.leave')}
				</Link>
			)}
			<Modal open={open} onClose={() => setOpen(false)} labelledBy={headingId}>
				{confirmation(true)}
			</Modal>
		</div>
	)
}
