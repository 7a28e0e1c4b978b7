import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { FormErrors, TextField } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import {
	DEFAULT_OPTION_TEXT_LENGTH,
	MAX_GROUP_CHOICES,
	MAX_OPTION_TEXT,
	optionChoiceSchema,
	optionGroupKinds,
	optionGroupSchema,
} from '~/domain/menu/menu-schemas'
import type { OptionChoiceView, OptionGroupView } from '~/domain/menu/item-options'
import { formatPrice } from '~/utils/money'
import { useHydrated } from '~/utils/hydration'
import { AdminCard } from './admin-card'
import { secondaryButtonClass, StatusRegion, VisuallyHidden } from './admin-ui'
import { CheckboxField } from './checkbox-field'
import { ConfirmDeletePanel, DeleteForm } from './delete-form'
import { RadioGroupField } from './radio-group-field'
import { TranslationFields } from './translation-fields'

/** The owner's Spanish and Portuguese names (null: the English is shown). */
interface NameTranslations {
	nameEs: string | null
	namePtBr: string | null
}

/** A choice and a group as the owner edits them: with their translations. */
type AdminOptionChoice = OptionChoiceView & NameTranslations
export type AdminOptionGroup = Omit<OptionGroupView, 'options'> & NameTranslations & { options: AdminOptionChoice[] }

/** What the item page's action answers to an option form: which form (`form`), its result, a message. */
export interface OptionEditorReply {
	form?: string
	result?: SubmissionResult<string[]>
	message?: string
	confirm?: string
}

/** The form keys the action answers with (`form`): each form shows only its own result. */
export const optionFormKeys = {
	newGroup: 'group-new',
	group: (id: string) => `group-${id}`,
	newChoice: (groupId: string) => `choice-new-${groupId}`,
	choice: (id: string) => `choice-${id}`,
}

/** A form's last result: an add form's always (a success resets it), an edit form's only when refused. */
function resultFor(reply: OptionEditorReply | undefined, key: string, keepSuccess = false) {
	if (!reply?.result || reply.form !== key) return undefined
	return keepSuccess || reply.result.status === 'error' ? reply.result : undefined
}

const refused = (reply: OptionEditorReply | undefined, key: string) =>
	reply?.form === key && reply.result?.status === 'error'

/** The Options section of an item's page: its groups in order, each with its choices, and a form to add one. */
export function MenuOptionEditor({
	itemName,
	groups,
	reply,
}: {
	itemName: string
	groups: readonly AdminOptionGroup[]
	reply?: OptionEditorReply
}) {
	return (
		<section aria-labelledby="options-heading" className="mt-10 rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough">
			<h2 id="options-heading" className="font-display text-2xl font-bold">
				Options
			</h2>
			<p className="mt-1 mb-4 max-w-3xl text-cocoa/80">
				What customers choose when they add {itemName} to the cart, asked in this order. A choice’s extra price is added
				to the item’s price. Changes show on the public menu at once; orders already placed keep what was chosen.
			</p>
			<StatusRegion message={reply?.message} />
			{groups.length === 0 ? (
				<p>No options yet: customers add the item as it is.</p>
			) : (
				<ol className="grid gap-4">
					{groups.map((group, index) => (
						<OptionGroupCard
							key={group.id}
							group={group}
							first={index === 0}
							last={index === groups.length - 1}
							reply={reply}
						/>
					))}
				</ol>
			)}
			<details className="mt-6" open={refused(reply, optionFormKeys.newGroup) || undefined}>
				<summary className="cursor-pointer font-semibold underline underline-offset-4">Add a group of options</summary>
				<OptionGroupForm
					formKey={optionFormKeys.newGroup}
					lastResult={resultFor(reply, optionFormKeys.newGroup, true)}
					legend="New group"
					submitLabel="Add the group"
				/>
			</details>
		</section>
	)
}

/** 'One choice · required', 'Several choices · up to 2', 'Short text · optional · up to 60 characters'. */
function groupSummary(group: AdminOptionGroup) {
	const kind = optionGroupKinds.find((entry) => entry.value === group.kind)!.label
	if (group.kind === 'MULTIPLE') {
		const { minChoices: min, maxChoices: max } = group
		const count =
			min > 0 && max !== null
				? min === max
					? `exactly ${min}`
					: `${min} to ${max}`
				: min > 0
					? `at least ${min}`
					: max !== null
						? `up to ${max}`
						: 'any number'
		return `${kind} · ${count}`
	}
	const need = group.required ? 'required' : 'optional'
	return group.kind === 'TEXT' ? `${kind} · ${need} · up to ${group.maxLength} characters` : `${kind} · ${need}`
}

function OptionGroupCard({
	group,
	first,
	last,
	reply,
}: {
	group: AdminOptionGroup
	first: boolean
	last: boolean
	reply?: OptionEditorReply
}) {
	const headingId = `option-group-${group.id}`
	const formKey = optionFormKeys.group(group.id)
	const deleteQuestion = `Are you sure you want to delete the group “${group.name}” and its choices?`
	return (
		<AdminCard
			as="section"
			className="rounded-xl border border-cocoa/30 p-4"
			headingId={headingId}
			heading={group.name}
			details={<p className="text-sm">{groupSummary(group)}</p>}
			aside={
				<div className="flex flex-wrap items-center gap-2">
					<MoveButtons intent="move-group" id={group.id} name={group.name} first={first} last={last} />
					<DeleteForm id={group.id} intent="delete-group" question={deleteQuestion}>
						Delete <VisuallyHidden>the group {group.name}</VisuallyHidden>
					</DeleteForm>
				</div>
			}
		>
			{reply?.confirm === group.id ? (
				<ConfirmDeletePanel id={group.id} intent="delete-group" question={deleteQuestion} />
			) : null}
			<details className="mt-3" open={refused(reply, formKey) || undefined}>
				<summary className="cursor-pointer font-semibold underline underline-offset-4">
					Edit the group <VisuallyHidden>{group.name}</VisuallyHidden>
				</summary>
				<OptionGroupForm
					// The saved settings are part of the key: after a save the form starts from them.
					key={`${group.name}|${group.nameEs}|${group.namePtBr}|${group.kind}|${group.required}|${group.minChoices}|${group.maxChoices}|${group.maxLength}`}
					formKey={formKey}
					group={group}
					lastResult={resultFor(reply, formKey)}
					legend={`Settings of ${group.name}`}
					submitLabel="Save the group"
				/>
			</details>
			{group.kind === 'TEXT' ? null : <ChoiceList group={group} reply={reply} />}
		</AdminCard>
	)
}

function useSubmitting(intent: string, id: string) {
	const navigation = useNavigation()
	return (
		navigation.state === 'submitting' &&
		navigation.formData?.get('intent') === intent &&
		(navigation.formData.get('id') ?? navigation.formData.get('groupId') ?? '') === id
	)
}

/** Add (no `group`) or edit a group. With JavaScript only the fields of the chosen kind show. */
function OptionGroupForm({
	formKey,
	group,
	lastResult,
	legend,
	submitLabel,
}: {
	formKey: string
	group?: AdminOptionGroup
	lastResult?: SubmissionResult<string[]>
	legend: string
	submitLabel: string
}) {
	const hydrated = useHydrated()
	const intent = group ? 'edit-group' : 'add-group'
	const saving = useSubmitting(intent, group?.id ?? '')
	const [form, fields] = useForm({
		id: `option-${formKey}`,
		lastResult,
		defaultValue: group
			? {
					name: group.name,
					nameEs: group.nameEs ?? '',
					namePtBr: group.namePtBr ?? '',
					kind: group.kind,
					required: group.kind === 'MULTIPLE' ? group.minChoices > 0 : group.required,
					minChoices: group.kind === 'MULTIPLE' ? String(group.minChoices) : '',
					maxChoices: group.maxChoices === null ? '' : String(group.maxChoices),
					maxLength: String(group.maxLength),
				}
			: { kind: 'SINGLE', maxLength: String(DEFAULT_OPTION_TEXT_LENGTH) },
		constraint: getZodConstraint(optionGroupSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: optionGroupSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const kind = fields.kind.value
	// Without JavaScript every field shows, each hint saying which kind it is for.
	const showCounts = !hydrated || kind === 'MULTIPLE'
	const showLength = !hydrated || kind === 'TEXT'
	return (
		<Form method="post" {...getFormProps(form)} className="mt-3">
			<input type="hidden" name="intent" value={intent} />
			{group ? <input type="hidden" name="id" value={group.id} /> : null}
			<fieldset className="rounded-lg border border-dough p-4">
				<legend className="px-1 font-semibold">{legend}</legend>
				<FormErrors id={form.errorId} errors={form.errors} />
				<TextField
					meta={fields.name}
					label="Group name"
					hint="What customers see, e.g. Size or Message on the cake."
					autoComplete="off"
				/>
				<TranslationFields what="Name" es={fields.nameEs} ptBr={fields.namePtBr} />
				<RadioGroupField
					meta={fields.kind as FieldMetadata<string | undefined>}
					legend="Customers answer with"
					options={optionGroupKinds}
				/>
				<CheckboxField
					meta={fields.required}
					label="Customers must answer"
					hint="For several choices: at least the minimum below (1 when it is empty)."
				/>
				{showCounts ? (
					<div className="grid gap-x-4 sm:grid-cols-2">
						<TextField
							meta={fields.minChoices}
							label="Minimum choices"
							hint="Several choices only. Empty: none, or 1 when customers must answer."
							type="number"
							min={0}
							max={MAX_GROUP_CHOICES}
							step={1}
							inputMode="numeric"
						/>
						<TextField
							meta={fields.maxChoices}
							label="Maximum choices"
							hint="Several choices only. Empty: no limit."
							type="number"
							min={1}
							max={MAX_GROUP_CHOICES}
							step={1}
							inputMode="numeric"
						/>
					</div>
				) : null}
				{showLength ? (
					<TextField
						meta={fields.maxLength}
						label="Longest answer (characters)"
						hint={`Short text only. ${DEFAULT_OPTION_TEXT_LENGTH} fits on most cakes; at most ${MAX_OPTION_TEXT}.`}
						type="number"
						min={1}
						max={MAX_OPTION_TEXT}
						step={1}
						inputMode="numeric"
					/>
				) : null}
				<button type="submit" className={`${buttonClass} mt-2`} disabled={saving}>
					{saving ? 'Saving...' : submitLabel}
				</button>
			</fieldset>
		</Form>
	)
}

function ChoiceList({ group, reply }: { group: AdminOptionGroup; reply?: OptionEditorReply }) {
	const newKey = optionFormKeys.newChoice(group.id)
	return (
		<div className="mt-4">
			<h4 className="font-semibold">Choices</h4>
			{group.options.length === 0 ? (
				<p className="text-sm">
					No choices yet
					{group.required || group.minChoices > 0 ? ': customers can’t order this item until you add one.' : '.'}
				</p>
			) : (
				<ol className="mt-2 grid gap-2">
					{group.options.map((choice, index) => (
						<ChoiceRow
							key={choice.id}
							group={group}
							choice={choice}
							first={index === 0}
							last={index === group.options.length - 1}
							reply={reply}
						/>
					))}
				</ol>
			)}
			<OptionChoiceForm
				formKey={newKey}
				groupId={group.id}
				lastResult={resultFor(reply, newKey, true)}
				legend={`Add a choice to ${group.name}`}
				submitLabel="Add the choice"
			/>
		</div>
	)
}

function choicePriceText(cents: number) {
	return cents > 0 ? `+${formatPrice(cents)}` : 'no extra charge'
}

function ChoiceRow({
	group,
	choice,
	first,
	last,
	reply,
}: {
	group: AdminOptionGroup
	choice: AdminOptionChoice
	first: boolean
	last: boolean
	reply?: OptionEditorReply
}) {
	const formKey = optionFormKeys.choice(choice.id)
	const label = `${choice.name} (${group.name})`
	const deleteQuestion = `Are you sure you want to delete the choice “${choice.name}” from ${group.name}?`
	const navigation = useNavigation()
	const pending = navigation.formData?.get('id') === choice.id ? navigation.formData.get('intent') : null
	// Shown at once while the change is being saved.
	const soldOut = pending === 'choice-sold-out' ? true : pending === 'choice-available' ? false : choice.soldOut
	return (
		<li className="rounded-lg bg-cream p-3 ring-1 ring-dough">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<p>
					<span className="font-semibold">{choice.name}</span> · {choicePriceText(choice.priceDeltaCents)}
					{soldOut ? (
						<span className="ml-2 rounded-full bg-cocoa px-3 py-0.5 text-sm font-semibold text-cream">Sold out</span>
					) : null}
				</p>
				<div className="flex flex-wrap items-center gap-2">
					<MoveButtons intent="move-choice" id={choice.id} name={label} first={first} last={last} />
					<Form method="post">
						<input type="hidden" name="id" value={choice.id} />
						<input type="hidden" name="name" value={choice.name} />
						<button
							type="submit"
							name="intent"
							value={soldOut ? 'choice-available' : 'choice-sold-out'}
							className={secondaryButtonClass}
						>
							{soldOut ? 'Mark available' : 'Mark sold out'}
							<VisuallyHidden>: {label}</VisuallyHidden>
						</button>
					</Form>
					<DeleteForm id={choice.id} intent="delete-choice" question={deleteQuestion}>
						Delete <VisuallyHidden>{label}</VisuallyHidden>
					</DeleteForm>
				</div>
			</div>
			{reply?.confirm === choice.id ? (
				<ConfirmDeletePanel id={choice.id} intent="delete-choice" question={deleteQuestion} />
			) : null}
			<details className="mt-2" open={refused(reply, formKey) || undefined}>
				<summary className="cursor-pointer font-semibold underline underline-offset-4">
					Edit <VisuallyHidden>{label}</VisuallyHidden>
				</summary>
				<OptionChoiceForm
					// After a save (or a sold-out toggle) the form starts from the saved values.
					key={`${choice.name}|${choice.nameEs}|${choice.namePtBr}|${choice.priceDeltaCents}|${choice.soldOut}`}
					formKey={formKey}
					choice={choice}
					lastResult={resultFor(reply, formKey)}
					legend={`Edit ${label}`}
					submitLabel="Save the choice"
				/>
			</details>
		</li>
	)
}

/** Add a choice to a group (`groupId`) or edit one (`choice`). */
function OptionChoiceForm({
	formKey,
	groupId,
	choice,
	lastResult,
	legend,
	submitLabel,
}: {
	formKey: string
	groupId?: string
	choice?: AdminOptionChoice
	lastResult?: SubmissionResult<string[]>
	legend: string
	submitLabel: string
}) {
	const intent = choice ? 'edit-choice' : 'add-choice'
	const saving = useSubmitting(intent, choice?.id ?? groupId ?? '')
	const [form, fields] = useForm({
		id: `option-${formKey}`,
		lastResult,
		defaultValue: choice
			? {
					name: choice.name,
					nameEs: choice.nameEs ?? '',
					namePtBr: choice.namePtBr ?? '',
					price: choice.priceDeltaCents > 0 ? (choice.priceDeltaCents / 100).toFixed(2) : '',
					soldOut: choice.soldOut,
				}
			: undefined,
		constraint: getZodConstraint(optionChoiceSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: optionChoiceSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" {...getFormProps(form)} className="mt-3">
			<input type="hidden" name="intent" value={intent} />
			{choice ? <input type="hidden" name="id" value={choice.id} /> : null}
			{groupId ? <input type="hidden" name="groupId" value={groupId} /> : null}
			<fieldset className="rounded-lg border border-dough p-4">
				<legend className="px-1 font-semibold">{legend}</legend>
				<FormErrors id={form.errorId} errors={form.errors} />
				<div className="grid gap-x-4 sm:grid-cols-2">
					<TextField meta={fields.name} label="Choice name" hint="e.g. 8″ or Strawberries." autoComplete="off" />
					<TextField
						meta={fields.price}
						label="Extra price"
						hint="In dollars, e.g. 12 or 12.50. Empty: no extra charge."
						inputMode="decimal"
						autoComplete="off"
					/>
				</div>
				<TranslationFields what="Name" es={fields.nameEs} ptBr={fields.namePtBr} />
				<CheckboxField meta={fields.soldOut} label="Sold out" hint="Shown but can’t be chosen." />
				<button type="submit" className={`${secondaryButtonClass} mt-2`} disabled={saving}>
					{saving ? 'Saving...' : submitLabel}
				</button>
			</fieldset>
		</Form>
	)
}

/** Move up / Move down in the owner's order; the first can't go up, the last can't go down. */
function MoveButtons({
	intent,
	id,
	name,
	first,
	last,
}: {
	intent: 'move-group' | 'move-choice'
	id: string
	name: string
	first: boolean
	last: boolean
}) {
	return (
		<Form method="post" className="flex gap-2">
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="id" value={id} />
			<input type="hidden" name="name" value={name} />
			<button type="submit" name="direction" value="up" className={secondaryButtonClass} disabled={first}>
				Move up <VisuallyHidden>{name}</VisuallyHidden>
			</button>
			<button type="submit" name="direction" value="down" className={secondaryButtonClass} disabled={last}>
				Move down <VisuallyHidden>{name}</VisuallyHidden>
			</button>
		</Form>
	)
}
