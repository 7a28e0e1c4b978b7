import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { AdminHeading } from '~/components/admin/admin-ui'
import { CheckboxField } from '~/components/admin/checkbox-field'
import { MenuItemFields } from '~/components/admin/menu-item-fields'
import { MenuOptionEditor, optionFormKeys, type OptionEditorReply } from '~/components/admin/menu-option-editor'
import {
	allergenColumns,
	pickupRuleColumns,
	editMenuItemSchema,
	optionChoiceSchema,
	optionGroupColumns,
	optionGroupSchema,
	optionNameColumns,
} from '~/domain/menu/menu-schemas'
import { translationColumn } from '~/domain/content/localized-content'
import { ownerImageUpload } from '~/utils/upload-rules'
import { useHydrated } from '~/utils/hydration'
import { FormErrors, TextareaField, TextField } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import { StoredImage } from '~/components/stored-image'
import { findMenuItemForAdmin, updateMenuItem } from '~/domain/menu/models/menu-item.server'
import {
	createOptionChoice,
	createOptionGroup,
	deleteOptionChoice,
	deleteOptionGroup,
	moveOptionChoice,
	moveOptionGroup,
	setOptionChoiceSoldOut,
	updateOptionChoice,
	updateOptionGroup,
	type MoveOutcome,
} from '~/domain/menu/models/menu-option.server'
import { adminReply, deleteAfterConfirming, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { bodyProblems } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'
import { checkImageForm, readImageForm, uploadFailureReply, type ParsedForm } from '~/utils/uploads.server'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { allergenKeysOf, dietKeysOf } from '~/domain/menu/allergens'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Edit menu item')

export async function loader({ request, params }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const item = await findMenuItemForAdmin(params.itemId ?? '')
	if (!item) throw new Response('Menu item not found', { status: 404, headers: adminResponseHeaders })
	return data({ adminName: admin.name, item }, { headers: adminResponseHeaders })
}

export async function action({ request, params }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	// One reader for both kinds of post: the item's form (multipart, with its photo) has no intent; the
	// option forms say what they do in `intent`.
	const parsed = await readImageForm(request, ownerImageUpload)
	const intent = parsed.formData.get('intent')
	if (typeof intent === 'string' && intent) return optionAction(params.itemId ?? '', intent, parsed)
	const form = await checkImageForm(parsed, editMenuItemSchema, ownerImageUpload, adminResponseHeaders)
	if (!form.value) return form.reply(form.refusal, { saved: false })

	const {
		name,
		description = '',
		price,
		category,
		imageAlt,
		orderable = false,
		soldOut = false,
		sortOrder,
		image,
		taxCategory,
		nameEs,
		namePtBr,
		descriptionEs,
		descriptionPtBr,
	} = form.value
	const outcome = await updateMenuItem(
		params.itemId ?? '',
		{
			name,
			description,
			nameEs: translationColumn(nameEs),
			namePtBr: translationColumn(namePtBr),
			descriptionEs: translationColumn(descriptionEs),
			descriptionPtBr: translationColumn(descriptionPtBr),
			priceCents: price,
			category,
			taxCategory,
			imageAlt: imageAlt || name,
			orderable,
			soldOut,
			sortOrder,
			...pickupRuleColumns(form.value),
			...allergenColumns(form.value),
		},
		image,
	)
	if (!outcome.ok) return form.reply(uploadFailureReply(outcome.failure, ownerImageUpload), { saved: false })
	if (outcome.value === 'missing') {
		const formErrors = ['This item was deleted meanwhile, so nothing was saved.']
		return form.reply({ formErrors, status: 404 }, { saved: false })
	}
	return form.reply({}, { saved: true })
}

const headers = adminResponseHeaders

/** The option forms' answers: the form's result (`form` says which form) or a message. */
async function optionAction(itemId: string, intent: string, parsed: ParsedForm) {
	if (parsed.problem) {
		const { status, message } = bodyProblems[parsed.problem === 'malformed' ? 'malformed' : 'too-large']
		return adminReply({ message }, status)
	}
	const form = parsed.formData
	const name = String(form.get('name') ?? '')

	if (intent === 'add-group') {
		const key = optionFormKeys.newGroup
		const submission = parseWithZod(form, { schema: optionGroupSchema })
		if (submission.status !== 'success') return formReply(submission, { headers }, { form: key })
		const created = await createOptionGroup(itemId, optionGroupColumns(submission.value))
		if (created.outcome === 'missing') return itemGone()
		const next = submission.value.kind === 'TEXT' ? '' : ' Add its choices below.'
		const message = `The group “${submission.value.name}” was added.${next}`
		return formReply(submission, { headers, resetForm: true }, { form: key, message })
	}

	if (intent === 'add-choice') {
		const groupId = String(form.get('groupId') ?? '')
		if (!groupId) refuseAdminAction('Missing group')
		const key = optionFormKeys.newChoice(groupId)
		const submission = parseWithZod(form, { schema: optionChoiceSchema })
		if (submission.status !== 'success') return formReply(submission, { headers }, { form: key })
		const { name: choice, price, soldOut = false } = submission.value
		const created = await createOptionChoice(itemId, groupId, {
			name: choice,
			...optionNameColumns(submission.value),
			priceDeltaCents: price,
			soldOut,
		})
		if (created.outcome !== 'created') {
			const formErrors = [
				created.outcome === 'text-group'
					? 'A short-text question has no choices.'
					: 'That group is no longer on this item, so nothing was added.',
			]
			return formReply(submission, { headers, formErrors, status: 404 }, { form: key })
		}
		return formReply(submission, { headers, resetForm: true }, { form: key, message: `“${choice}” was added.` })
	}

	const id = String(form.get('id') ?? '')
	if (!id) refuseAdminAction('Missing row')

	if (intent === 'edit-group') {
		const key = optionFormKeys.group(id)
		const submission = parseWithZod(form, { schema: optionGroupSchema })
		if (submission.status !== 'success') return formReply(submission, { headers }, { form: key })
		const outcome = await updateOptionGroup(itemId, id, optionGroupColumns(submission.value))
		if (outcome === 'missing') {
			const formErrors = ['That group is no longer on this item, so nothing was saved.']
			return formReply(submission, { headers, formErrors, status: 404 }, { form: key })
		}
		if (outcome === 'has-choices') {
			const fieldErrors = { kind: ['This group has choices: delete them first to make it a short-text question.'] }
			return formReply(submission, { headers, fieldErrors, status: 409 }, { form: key })
		}
		return formReply(submission, { headers }, { form: key, message: `The group “${submission.value.name}” was saved.` })
	}

	if (intent === 'edit-choice') {
		const key = optionFormKeys.choice(id)
		const submission = parseWithZod(form, { schema: optionChoiceSchema })
		if (submission.status !== 'success') return formReply(submission, { headers }, { form: key })
		const { name: choice, price, soldOut = false } = submission.value
		const saved = await updateOptionChoice(itemId, id, {
			name: choice,
			...optionNameColumns(submission.value),
			priceDeltaCents: price,
			soldOut,
		})
		if (!saved) {
			const formErrors = ['That choice is no longer on this item, so nothing was saved.']
			return formReply(submission, { headers, formErrors, status: 404 }, { form: key })
		}
		return formReply(submission, { headers }, { form: key, message: `“${choice}” was saved.` })
	}

	if (intent === 'choice-sold-out' || intent === 'choice-available') {
		const soldOut = intent === 'choice-sold-out'
		if (!(await setOptionChoiceSoldOut(itemId, id, soldOut))) {
			return adminReply({ message: 'That choice is no longer on this item.' }, 404)
		}
		return adminReply({ message: `“${name}” is now ${soldOut ? 'sold out' : 'available'}.` })
	}

	if (intent === 'move-group' || intent === 'move-choice') {
		const direction = form.get('direction')
		if (direction !== 'up' && direction !== 'down') refuseAdminAction('Unknown direction')
		const move = intent === 'move-group' ? moveOptionGroup : moveOptionChoice
		return moveReply(await move(itemId, id, direction), name, direction, intent === 'move-group' ? 'group' : 'choice')
	}

	if (intent === 'delete-group') {
		return deleteAfterConfirming(form, id, (groupId) => deleteOptionGroup(itemId, groupId), 'group')
	}
	if (intent === 'delete-choice') {
		return deleteAfterConfirming(form, id, (choiceId) => deleteOptionChoice(itemId, choiceId), 'choice')
	}
	refuseAdminAction()
}

function moveReply(outcome: MoveOutcome, name: string, direction: 'up' | 'down', noun: 'group' | 'choice') {
	if (outcome === 'missing') return adminReply({ message: `That ${noun} is no longer on this item.` }, 404)
	if (outcome === 'edge')
		return adminReply({ message: `“${name}” is already ${direction === 'up' ? 'first' : 'last'}.` })
	return adminReply({ message: `“${name}” moved ${direction}.` })
}

function itemGone(): never {
	throw new Response('Menu item not found', { status: 404, headers })
}

type ActionData = ReturnType<typeof useActionData<typeof action>>

/** The option editor's part of an answer (the item form's own answers carry `saved`). */
function optionReplyOf(actionData: ActionData): OptionEditorReply | undefined {
	if (!actionData || 'saved' in actionData) return undefined
	return actionData as OptionEditorReply
}

export default function EditMenuItem() {
	const { adminName, item } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const hydrated = useHydrated()
	// The item's own form (the option forms send an intent).
	const saving =
		navigation.state === 'submitting' && navigation.formMethod === 'POST' && !navigation.formData?.has('intent')
	const [form, fields] = useForm({
		// A saved change gives the item a new updatedAt: the form starts over from the saved values (and no file).
		id: `edit-menu-item-${item.id}-${item.updatedAt.getTime()}`,
		// After a successful save the loader's values are the truth; after an error, the typed values are.
		lastResult: actionData && 'saved' in actionData && !actionData.saved ? actionData.result : undefined,
		defaultValue: {
			name: item.name,
			description: item.description,
			nameEs: item.nameEs ?? '',
			namePtBr: item.namePtBr ?? '',
			descriptionEs: item.descriptionEs ?? '',
			descriptionPtBr: item.descriptionPtBr ?? '',
			price: (item.priceCents / 100).toFixed(2),
			category: item.category,
			taxCategory: item.taxCategory,
			imageAlt: item.imageAlt,
			orderable: item.orderable,
			soldOut: item.soldOut,
			sortOrder: String(item.sortOrder),
			leadHours: item.leadMinutes === null ? '' : String(item.leadMinutes / 60),
			dailyLimit: item.dailyLimit === null ? '' : String(item.dailyLimit),
			availableFrom: item.availableFrom ?? '',
			availableUntil: item.availableUntil ?? '',
			allergens: allergenKeysOf(item.allergens),
			mayContain: allergenKeysOf(item.mayContain),
			diets: dietKeysOf(item.dietaryLabels),
			allergensListed: item.allergensListed,
		},
		constraint: getZodConstraint(editMenuItemSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: editMenuItemSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const itemReply = actionData && 'saved' in actionData ? actionData : undefined
	const askAgainForImage = !hydrated && itemReply?.imageAttached && !itemReply.saved

	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title={`Edit ${item.name}`}>
				<Link to="/admin/menu" className="font-semibold underline underline-offset-4">
					Back to the menu list
				</Link>
			</AdminHeading>
			<div role="status">
				{itemReply?.saved && !saving ? (
					<p className="mb-4 rounded-lg border border-leaf bg-green-50 p-3 text-green-900">
						Changes saved. The public menu shows them now.
					</p>
				) : null}
			</div>
			<div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
				<Form
					method="post"
					encType="multipart/form-data"
					{...getFormProps(form)}
					className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough"
				>
					<FormErrors id={form.errorId} errors={form.errors} />
					<MenuItemFields
						fields={fields}
						imageLabel="Replace the image"
						imageHint={
							askAgainForImage
								? ownerImageUpload.messages.chooseAgain
								: `Optional. ${ownerImageUpload.messages.hint} The current one is kept otherwise.`
						}
					/>
					<fieldset className="mt-6 rounded-xl border border-dough p-4" aria-describedby="translations-hint">
						<legend className="px-1 font-display text-lg font-bold">Spanish and Portuguese</legend>
						<p id="translations-hint" className="text-sm text-stone-700">
							Optional. Visitors reading the site in Spanish or Portuguese see these; an empty field shows the English.
						</p>
						<TextField meta={fields.nameEs} label="Name in Spanish" autoComplete="off" lang="es" />
						<TextareaField meta={fields.descriptionEs} label="Description in Spanish" rows={3} lang="es" />
						<TextField meta={fields.namePtBr} label="Name in Portuguese" autoComplete="off" lang="pt-BR" />
						<TextareaField meta={fields.descriptionPtBr} label="Description in Portuguese" rows={3} lang="pt-BR" />
					</fieldset>
					<TextField
						meta={fields.sortOrder}
						label="Position on the menu"
						hint="Lower numbers come first; items with the same number are sorted by name."
						type="number"
						step={1}
					/>
					<CheckboxField
						meta={fields.orderable}
						label="Can be ordered online"
						hint="Shows an Add to Cart button and lets customers pay for it at checkout."
					/>
					<CheckboxField
						meta={fields.soldOut}
						label="Sold out"
						hint="Shows a Sold out badge; it can’t be added to the cart."
					/>
					<button type="submit" className={`${buttonClass} mt-4`} disabled={saving}>
						{saving ? 'Saving...' : 'Save changes'}
					</button>
				</Form>
				<aside aria-label="Current image">
					<h2 className="font-display text-xl font-bold">Current image</h2>
					{item.imageKey ? (
						<StoredImage
							imageKey={item.imageKey}
							alt={item.imageAlt}
							sizes="288px"
							width={288}
							height={216}
							className="mt-3 aspect-[4/3] w-full rounded-xl object-cover ring-1 ring-dough"
						/>
					) : (
						<p className="mt-3">This item has no image yet.</p>
					)}
				</aside>
			</div>
			<MenuOptionEditor itemName={item.name} groups={item.optionGroups} reply={optionReplyOf(actionData)} />
		</AdminFrame>
	)
}
