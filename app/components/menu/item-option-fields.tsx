import { useEffect, useId, useState } from 'react'
import { normalizeOptionText, type OptionChoiceView, type OptionGroupView } from '~/domain/menu/item-options'
import { formatPrice } from '~/utils/money'
import type { Translate } from '~/utils/i18n'
import { useLocale, useT } from '~/utils/i18n-react'

/** What the customer has picked or typed so far in one group (checked by `priceChoices` on Add). */
export interface OptionAnswer {
	optionIds: string[]
	text: string
}

export type OptionAnswers = Record<string, OptionAnswer>

/** A refused answer: the group it belongs to (null when it names none) and the customer's words. */
export interface OptionFieldsProblem {
	groupId: string | null
	message: string
}

/** The counter is announced once typing pauses this long, not on every keystroke. */
const ANNOUNCE_AFTER_MS = 1_000

/**
 * The item dialog's option fields (loaded only when an item with options is opened): one fieldset per
 * group, radios for one choice, checkboxes for several, a text box with a character counter.
 */
export default function ItemOptionFields({
	groups,
	answers,
	problem,
	onChange,
}: {
	groups: readonly OptionGroupView[]
	answers: OptionAnswers
	problem: OptionFieldsProblem | null
	onChange: (groupId: string, answer: OptionAnswer) => void
}) {
	const baseId = useId()
	return (
		<div className="mt-4 space-y-4">
			{groups.map((group, index) => {
				const answer = answers[group.id] ?? { optionIds: [], text: '' }
				const fieldProps = {
					group,
					answer,
					idPrefix: `${baseId}-${index}`,
					problem: problem?.groupId === group.id ? problem.message : null,
					onChange: (next: OptionAnswer) => onChange(group.id, next),
				}
				return group.kind === 'TEXT' ? (
					<TextOptionField key={group.id} {...fieldProps} />
				) : (
					<ChoiceOptionField key={group.id} {...fieldProps} />
				)
			})}
		</div>
	)
}

interface FieldProps {
	group: OptionGroupView
	answer: OptionAnswer
	idPrefix: string
	problem: string | null
	onChange: (answer: OptionAnswer) => void
}

const fieldsetClass = 'rounded-xl border border-cocoa/30 bg-white/60 px-4 pb-3 pt-1 aria-[invalid=true]:border-red-700'
const legendClass = 'px-1 font-semibold'
const hintClass = 'text-sm text-cocoa/90'

/** 'Size (required)', 'Toppings (choose up to 2)', 'Message on the cake (optional)'. */
function legendWords(group: OptionGroupView, t: Translate) {
	if (group.kind !== 'MULTIPLE') return group.required ? t('shop.optionRequiredHint') : t('shop.optionOptionalHint')
	const { minChoices: min, maxChoices: max } = group
	if (max === null) return min > 0 ? t('shop.optionAtLeast', { min }) : t('shop.optionAny')
	if (min === max) return t('shop.optionExactly', { min })
	if (min > 0) return t('shop.optionRange', { min, max })
	return t('shop.optionUpTo', { max })
}

function ProblemText({ id, problem }: { id: string; problem: string | null }) {
	return problem ? (
		<p id={id} className="mt-1 text-sm font-semibold text-red-800">
			{problem}
		</p>
	) : null
}

function ChoiceOptionField({ group, answer, idPrefix, problem, onChange }: FieldProps) {
	const t = useT()
	const locale = useLocale()
	const single = group.kind === 'SINGLE'
	const chosen = new Set(answer.optionIds)
	const atMax = !single && group.maxChoices !== null && chosen.size >= group.maxChoices
	const hintId = `${idPrefix}-hint`
	const errorId = `${idPrefix}-error`
	const describedBy = [atMax ? hintId : null, problem ? errorId : null].filter(Boolean).join(' ') || undefined

	function toggle(option: OptionChoiceView, checked: boolean) {
		if (single) return onChange({ ...answer, optionIds: checked ? [option.id] : [] })
		const ids = checked ? [...answer.optionIds, option.id] : answer.optionIds.filter((id) => id !== option.id)
		onChange({ ...answer, optionIds: group.options.filter((choice) => ids.includes(choice.id)).map(({ id }) => id) })
	}

	return (
		<fieldset
			className={fieldsetClass}
			data-option-group={group.id}
			aria-describedby={describedBy}
			aria-invalid={problem ? true : undefined}
		>
			<legend className={legendClass}>
				{group.name} <span className="font-normal">({legendWords(group, t)})</span>
			</legend>
			<ul className="space-y-1">
				{group.options.map((option) => {
					const checked = chosen.has(option.id)
					const disabled = option.soldOut || (atMax && !checked)
					return (
						<li key={option.id}>
							<label
								className={`flex min-h-11 items-center gap-3 ${disabled ? 'cursor-not-allowed text-cocoa/70' : 'cursor-pointer'}`}
							>
								<input
									type={single ? 'radio' : 'checkbox'}
									name={`${idPrefix}-choice`}
									value={option.id}
									checked={checked}
									disabled={disabled}
									aria-invalid={problem ? true : undefined}
									onChange={(event) => toggle(option, event.target.checked)}
									className="h-5 w-5 accent-cinnamon"
								/>
								<span className="flex-1">{option.name}</span>
								{option.priceDeltaCents > 0 ? <span>+{formatPrice(option.priceDeltaCents, locale)}</span> : null}
								{option.soldOut ? (
									<span className="rounded-full bg-cocoa px-2 py-0.5 text-sm text-cream">{t('shop.soldOut')}</span>
								) : null}
							</label>
						</li>
					)
				})}
			</ul>
			{atMax ? (
				<p id={hintId} className={hintClass}>
					{t('shop.optionAtMax', { max: group.maxChoices ?? 0, group: group.name })}
				</p>
			) : null}
			<ProblemText id={errorId} problem={problem} />
		</fieldset>
	)
}

function TextOptionField({ group, answer, idPrefix, problem, onChange }: FieldProps) {
	const t = useT()
	const inputId = `${idPrefix}-text`
	const counterId = `${idPrefix}-counter`
	const errorId = `${idPrefix}-error`
	// Characters as the shop counts them (an emoji is one), after trimming spaces.
	const length = [...normalizeOptionText(answer.text)].length
	const over = length - group.maxLength
	const [announced, setAnnounced] = useState('')

	useEffect(() => {
		if (length === 0) return setAnnounced('')
		const timer = setTimeout(
			() =>
				setAnnounced(
					over > 0
						? t('shop.optionCountOver', { length, max: group.maxLength, over })
						: t('shop.optionCount', { length, max: group.maxLength }),
				),
			ANNOUNCE_AFTER_MS,
		)
		return () => clearTimeout(timer)
	}, [length, over, group.maxLength, t])

	return (
		<fieldset
			className={fieldsetClass}
			data-option-group={group.id}
			aria-describedby={problem ? errorId : undefined}
			aria-invalid={problem ? true : undefined}
		>
			<legend className={legendClass}>
				{group.name} <span className="font-normal">({legendWords(group, t)})</span>
			</legend>
			<label htmlFor={inputId} className="sr-only">
				{group.name}
			</label>
			<input
				id={inputId}
				type="text"
				autoComplete="off"
				value={answer.text}
				aria-invalid={problem || over > 0 ? true : undefined}
				aria-describedby={[counterId, problem ? errorId : null].filter(Boolean).join(' ')}
				onChange={(event) => onChange({ ...answer, text: event.target.value })}
				className="mt-1 block w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2 text-cocoa shadow-sm focus:border-cinnamon aria-[invalid=true]:border-red-700"
			/>
			<p
				id={counterId}
				className={`mt-1 text-right text-sm ${over > 0 ? 'font-semibold text-red-800' : 'text-cocoa/90'}`}
			>
				{length} / {group.maxLength}
				{over > 0 ? t('shop.optionTooManyChars', { over }) : null}
			</p>
			<p className="sr-only" aria-live="polite">
				{announced}
			</p>
			<ProblemText id={errorId} problem={problem} />
		</fieldset>
	)
}
