import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import { ConfirmDeletePanel, DeleteForm } from '~/components/admin/delete-form'
import { buttonClass } from '~/components/ui/button-classes'
import { FormErrors, SelectField, TextField } from '~/components/ui/forms'
import { adminReply, readAdminBody, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import {
	addIngredient,
	addStep,
	deleteIngredient,
	deleteStep,
	getItemProduction,
	listResources,
} from '~/domain/production/models/production.server'
import { formatQuantity } from '~/domain/production/production-plan'
import { INGREDIENT_UNITS, ingredientSchema, stepSchema } from '~/domain/production/production-schemas'
import { adminMeta, adminResponseHeaders, CONFIRMED_FIELD } from '~/utils/admin-route'
import { formReply } from '~/utils/form-reply.server'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Item production')

function notFound(): never {
	throw new Response('Not Found', { status: 404, headers: adminResponseHeaders })
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const [item, resources] = await Promise.all([getItemProduction(params.itemId ?? ''), listResources()])
	if (!item) notFound()
	return data(
		{ adminName: admin.name, item, resources: resources.map(({ id, name }) => ({ id, name })) },
		{ headers: adminResponseHeaders },
	)
}

const missing = 'That item or resource is gone: reload the page.'

export async function action({ request, params }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	const itemId = params.itemId ?? ''
	const { form, intent, problemReply } = await readAdminBody(request)
	if (problemReply) return problemReply
	const headers = adminResponseHeaders
	if (intent === 'add-step') {
		const submission = parseWithZod(form, { schema: stepSchema })
		if (submission.status !== 'success')
			return formReply(submission, { headers }, { formId: 'add-step', message: undefined })
		const outcome = await addStep(itemId, submission.value)
		if (outcome === 'missing')
			return formReply(submission, { headers, formErrors: [missing] }, { formId: 'add-step', message: undefined })
		return formReply(
			submission,
			{ headers, resetForm: true },
			{ formId: 'add-step', message: `Step ${submission.value.name} added.` },
		)
	}
	if (intent === 'add-ingredient') {
		const submission = parseWithZod(form, { schema: ingredientSchema })
		if (submission.status !== 'success')
			return formReply(submission, { headers }, { formId: 'add-ingredient', message: undefined })
		const { quantity, ...ingredient } = submission.value
		const outcome = await addIngredient(itemId, { ...ingredient, milliQuantityPerBatch: quantity })
		if (outcome === 'missing')
			return formReply(submission, { headers, formErrors: [missing] }, { formId: 'add-ingredient', message: undefined })
		return formReply(
			submission,
			{ headers, resetForm: true },
			{ formId: 'add-ingredient', message: `${submission.value.name} added to the recipe.` },
		)
	}
	if (intent === 'delete-step' || intent === 'delete-ingredient') {
		const id = String(form.get('id') ?? '')
		if (!id) refuseAdminAction('Missing row')
		if (form.get(CONFIRMED_FIELD) !== 'yes') return adminReply({ confirm: `${intent}:${id}` })
		const deleted = intent === 'delete-step' ? await deleteStep(itemId, id) : await deleteIngredient(itemId, id)
		const noun = intent === 'delete-step' ? 'step' : 'ingredient'
		return adminReply({ message: deleted ? `The ${noun} was deleted.` : `That ${noun} had already been deleted.` })
	}
	refuseAdminAction()
}

export default function AdminItemProduction() {
	const { adminName, item, resources } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const confirming = actionData && 'confirm' in actionData ? actionData.confirm : undefined
	const resultFor = (formId: string) =>
		actionData && 'result' in actionData && actionData.formId === formId ? actionData.result : undefined
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title={`${item.name}: production`}>
				<Link to="/admin/production" className="font-semibold underline underline-offset-4">
					All resources and items
				</Link>
			</AdminHeading>
			<StatusRegion message={actionData && 'message' in actionData ? actionData.message : undefined} />
			<section aria-labelledby="steps-heading">
				<h2 id="steps-heading" className="mb-2 font-display text-2xl font-bold">
					Steps
				</h2>
				<p className="mb-4 max-w-3xl text-cocoa/80">
					Each step takes minutes of a resource per whole batch, on the pickup day (0) or days before it. A step for one
					choice (a 10″ cake) counts only the lines with that choice.
				</p>
				{item.productionSteps.length === 0 ? <p className="mb-4">No steps yet.</p> : null}
				<ul className="grid gap-3">
					{item.productionSteps.map((step) => {
						const question = `Delete the step ${step.name}?`
						return (
							<li key={step.id} className="rounded-xl bg-white p-4 ring-1 ring-dough">
								<p className="font-semibold">
									{step.name}
									{step.optionChoice ? ` (${step.optionChoice} only)` : ''}: {step.resource.name},{' '}
									{step.minutesPerBatch} min per batch of {step.batchSize},{' '}
									{step.daysBefore === 0
										? 'on the pickup day'
										: step.daysBefore === 1
											? 'the day before'
											: `${step.daysBefore} days before`}
								</p>
								<DeleteForm id={step.id} question={question} intent="delete-step">
									Delete <VisuallyHidden>the step {step.name}</VisuallyHidden>
								</DeleteForm>
								{confirming === `delete-step:${step.id}` ? (
									<ConfirmDeletePanel id={step.id} question={question} intent="delete-step" />
								) : null}
							</li>
						)
					})}
				</ul>
				{resources.length === 0 ? (
					<p className="mt-4">
						Add a resource on{' '}
						<Link to="/admin/production" className="underline">
							Production
						</Link>{' '}
						first.
					</p>
				) : (
					<StepForm resources={resources} choices={item.optionChoices} lastResult={resultFor('add-step')} />
				)}
			</section>
			<section aria-labelledby="recipe-heading" className="mt-10">
				<h2 id="recipe-heading" className="mb-2 font-display text-2xl font-bold">
					Recipe
				</h2>
				<p className="mb-4 max-w-3xl text-cocoa/80">
					Quantities per batch. The bake sheet adds up the same ingredient across items in grams or millilitres; it
					never turns grams into millilitres.
				</p>
				{item.recipeIngredients.length === 0 ? <p className="mb-4">No ingredients yet.</p> : null}
				<ul className="grid gap-3">
					{item.recipeIngredients.map((ingredient) => {
						const question = `Delete ${ingredient.name} from the recipe?`
						return (
							<li key={ingredient.id} className="rounded-xl bg-white p-4 ring-1 ring-dough">
								<p className="font-semibold">
									{ingredient.name}:{' '}
									{formatQuantity({ milli: ingredient.milliQuantityPerBatch, unit: ingredient.unit })} per batch of{' '}
									{ingredient.batchSize}
								</p>
								<DeleteForm id={ingredient.id} question={question} intent="delete-ingredient">
									Delete <VisuallyHidden>{ingredient.name}</VisuallyHidden>
								</DeleteForm>
								{confirming === `delete-ingredient:${ingredient.id}` ? (
									<ConfirmDeletePanel id={ingredient.id} question={question} intent="delete-ingredient" />
								) : null}
							</li>
						)
					})}
				</ul>
				<IngredientForm
					key={item.productionSteps[0]?.batchSize ?? 1}
					lastResult={resultFor('add-ingredient')}
					batchSize={item.productionSteps[0]?.batchSize ?? 1}
				/>
			</section>
		</AdminFrame>
	)
}

function StepForm({
	resources,
	choices,
	lastResult,
}: {
	resources: Array<{ id: string; name: string }>
	choices: string[]
	lastResult?: SubmissionResult<string[]>
}) {
	const [form, fields] = useForm({
		id: 'add-step',
		lastResult,
		constraint: getZodConstraint(stepSchema),
		defaultValue: { daysBefore: '0' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: stepSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<div className="mt-6 rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
			<h3 className="font-display text-xl font-bold">Add a step</h3>
			<Form method="post" {...getFormProps(form)} className="mt-2 grid max-w-3xl gap-x-4 sm:grid-cols-2">
				<input type="hidden" name="intent" value="add-step" />
				<div className="sm:col-span-2">
					<FormErrors id={form.errorId} errors={form.errors} />
				</div>
				<TextField meta={fields.name} label="Step" hint="e.g. Bake, Decorate" autoComplete="off" />
				<SelectField
					meta={fields.resourceId}
					label="Resource"
					options={resources.map((resource) => ({ value: resource.id, label: resource.name }))}
					placeholder="Choose a resource"
				/>
				<TextField meta={fields.minutesPerBatch} label="Minutes per batch" type="number" min={1} inputMode="numeric" />
				<TextField
					meta={fields.batchSize}
					label="Batch size"
					hint="How many one batch makes"
					type="number"
					min={1}
					inputMode="numeric"
				/>
				<TextField
					meta={fields.daysBefore}
					label="Days before pickup"
					hint="0 = on the pickup day, 1 = the day before"
					type="number"
					min={0}
					max={14}
					inputMode="numeric"
				/>
				{choices.length > 0 ? (
					<SelectField
						meta={fields.optionChoice}
						label="Only for the choice"
						options={choices}
						placeholder="Every line of the item"
					/>
				) : null}
				<div className="sm:col-span-2">
					<button type="submit" className={buttonClass}>
						Add step
					</button>
				</div>
			</Form>
		</div>
	)
}

function IngredientForm({ lastResult, batchSize }: { lastResult?: SubmissionResult<string[]>; batchSize: number }) {
	const [form, fields] = useForm({
		id: 'add-ingredient',
		lastResult,
		constraint: getZodConstraint(ingredientSchema),
		defaultValue: { unit: 'g', batchSize: String(batchSize) },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ingredientSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<div className="mt-6 rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
			<h3 className="font-display text-xl font-bold">Add an ingredient</h3>
			<Form method="post" {...getFormProps(form)} className="mt-2 grid max-w-3xl gap-x-4 sm:grid-cols-2">
				<input type="hidden" name="intent" value="add-ingredient" />
				<div className="sm:col-span-2">
					<FormErrors id={form.errorId} errors={form.errors} />
				</div>
				<TextField meta={fields.name} label="Ingredient" hint="e.g. Flour" autoComplete="off" />
				<TextField meta={fields.quantity} label="Quantity per batch" hint="e.g. 250 or 1.5" inputMode="decimal" />
				<SelectField meta={fields.unit} label="Unit" options={INGREDIENT_UNITS} />
				<TextField
					meta={fields.batchSize}
					label="Batch size"
					hint="How many the quantity makes"
					type="number"
					min={1}
					inputMode="numeric"
				/>
				<div className="sm:col-span-2">
					<button type="submit" className={buttonClass}>
						Add ingredient
					</button>
				</div>
			</Form>
		</div>
	)
}
