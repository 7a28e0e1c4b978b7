import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading, secondaryButtonClass, StatusRegion } from '~/components/admin/admin-ui'
import { CheckboxField } from '~/components/admin/checkbox-field'
import { buttonClass } from '~/components/ui/button-classes'
import { FieldErrors, FormErrors, TextField } from '~/components/ui/forms'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { adminReply, readAdminBody, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { menuCategories, categoryLabel } from '~/domain/menu/menu-categories'
import { listMenuItemsForAdmin } from '~/domain/menu/models/menu-item.server'
import {
	changePromoCodeLimits,
	createOwnerPromoCode,
	ownerPromoCodes,
	setPromoCodeActive,
} from '~/domain/promotions/index.server'
import { newPromoCodeSchema, promoLimitsSchema } from '~/domain/promotions/promo-code-form'
import { localDateOf } from '~/domain/pickup/pickup-schedule'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { orderNumber } from '~/domain/orders/models/order.server'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { formReply } from '~/utils/form-reply.server'
import { formatPrice } from '~/utils/money'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Promo codes')

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const [{ codes, timeZone }, menuItems] = await Promise.all([ownerPromoCodes(), listMenuItemsForAdmin()])
	const lastDay = (endsAt: Date) => localDateOf(new Date(endsAt.getTime() - 1).toISOString(), timeZone)
	return data(
		{
			adminName: admin.name,
			menuItems: menuItems.map(({ id, name }) => ({ id, name })),
			codes: codes.map((code) => ({
				...code,
				startsOn: code.startsAt ? localDateOf(code.startsAt.toISOString(), timeZone) : '',
				endsOn: code.endsAt ? lastDay(code.endsAt) : '',
				uses: code.uses.map((use) => ({
					number: orderNumber(use.orderId),
					email: use.email,
					discountCents: use.discountCents,
					when: formatBakeryDateTime(use.createdAt),
					state: use.releasedAt ? 'given back' : use.order.status === 'PENDING' ? 'held' : 'used',
				})),
			})),
		},
		{ headers: adminResponseHeaders },
	)
}

/** Create a code, change a code's window and limits, stop or restart it (decision 080). Owner only. */
export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	const { form, intent, problemReply } = await readAdminBody(request)
	if (problemReply) return problemReply
	if (intent === 'create') {
		const submission = parseWithZod(form, { schema: newPromoCodeSchema })
		if (submission.status !== 'success') return formReply(submission, { headers: adminResponseHeaders })
		const created = await createOwnerPromoCode(submission.value)
		if (created === 'taken') {
			return formReply(submission, {
				headers: adminResponseHeaders,
				fieldErrors: { code: ['A code with this name exists already.'] },
			})
		}
		return formReply(
			submission,
			{ headers: adminResponseHeaders, resetForm: true },
			{
				message: `Code ${submission.value.code} created.`,
			},
		)
	}
	if (intent === 'limits') {
		const submission = parseWithZod(form, { schema: promoLimitsSchema })
		if (submission.status !== 'success') {
			const problems = Object.values(submission.error ?? {}).flat()
			return adminReply({ message: `Nothing was changed: ${problems.join(' ')}` }, 400)
		}
		const changed = await changePromoCodeLimits(submission.value)
		return adminReply({ message: changed ? 'The code’s window and limits were saved.' : 'That code is gone.' })
	}
	if (intent === 'deactivate' || intent === 'activate') {
		const id = String(form.get('id') ?? '')
		if (!id) refuseAdminAction('Missing row')
		const changed = await setPromoCodeActive(id, intent === 'activate')
		if (!changed) return adminReply({ message: 'That code is gone.' })
		return adminReply({
			message: intent === 'activate' ? 'The code works again.' : 'The code was stopped. Orders already placed keep it.',
		})
	}
	return refuseAdminAction()
}

type LoaderCode = ReturnType<typeof useLoaderData<typeof loader>>['codes'][number]

function discountWords(code: Pick<LoaderCode, 'kind' | 'percentOff' | 'amountOffCents'>) {
	return code.kind === 'PERCENT' ? `${code.percentOff}% off` : `${formatPrice(code.amountOffCents)} off`
}

export default function AdminPromoCodes() {
	const { adminName, codes, menuItems } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const result = actionData && 'result' in actionData ? actionData.result : undefined
	const message = actionData && 'message' in actionData ? actionData.message : null
	const [form, fields] = useForm({
		id: 'new-promo-code',
		lastResult: navigation.state === 'idle' ? result : undefined,
		constraint: getZodConstraint(newPromoCodeSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: newPromoCodeSchema }),
		shouldValidate: 'onBlur',
	})
	const itemName = new Map(menuItems.map((item) => [item.id, item.name]))
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Promo codes">
				<p>Codes customers type at checkout. The server checks and prices them; tax is charged after the discount.</p>
			</AdminHeading>
			<StatusRegion message={typeof message === 'string' ? message : null} />
			<section aria-labelledby="codes-heading" className="mb-10">
				<h2 id="codes-heading" className="font-display text-2xl font-bold">
					Codes
				</h2>
				{codes.length === 0 ? <p className="mt-2">No codes yet.</p> : null}
				<ul className="mt-3 space-y-4">
					{codes.map((code) => (
						<li key={code.id} className="rounded-2xl bg-white p-4 shadow ring-1 ring-dough">
							<div className="flex flex-wrap items-baseline justify-between gap-3">
								<h3 className="font-mono text-xl font-bold">{code.code}</h3>
								<p>
									{discountWords(code)}
									{code.categories.length || code.menuItemIds.length
										? ` on ${[
												...code.categories.map(categoryLabel),
												...code.menuItemIds.map((id) => itemName.get(id) ?? 'a removed item'),
											].join(', ')}`
										: ' on the whole order'}
									{code.minimumOrderCents ? `, orders of ${formatPrice(code.minimumOrderCents)} or more` : ''}
									{code.firstOrderOnly ? ', first order only' : ''}
								</p>
								<p className="font-semibold">
									{code.active ? 'Active' : 'Stopped'} · {code.usedCount}
									{code.maxUses ? ` of ${code.maxUses}` : ''} uses
								</p>
							</div>
							<details className="mt-3">
								<summary className="cursor-pointer font-semibold">Window and limits</summary>
								<Form method="post" className="mt-3 grid gap-3 sm:grid-cols-3">
									<input type="hidden" name="intent" value="limits" />
									<input type="hidden" name="id" value={code.id} />
									<PlainField
										label="First day"
										name="startsOn"
										type="date"
										defaultValue={code.startsOn}
										codeId={code.id}
									/>
									<PlainField label="Last day" name="endsOn" type="date" defaultValue={code.endsOn} codeId={code.id} />
									<PlainField
										label="Minimum order ($)"
										name="minimumOrder"
										defaultValue={code.minimumOrderCents ? (code.minimumOrderCents / 100).toFixed(2) : ''}
										codeId={code.id}
									/>
									<PlainField label="Uses in all" name="maxUses" defaultValue={code.maxUses ?? ''} codeId={code.id} />
									<PlainField
										label="Uses per customer"
										name="maxUsesPerCustomer"
										defaultValue={code.maxUsesPerCustomer ?? ''}
										codeId={code.id}
									/>
									<label className="flex items-center gap-2 self-end font-semibold">
										<input
											type="checkbox"
											name="firstOrderOnly"
											defaultChecked={code.firstOrderOnly}
											className="h-5 w-5 accent-cinnamon"
										/>
										First order only
									</label>
									<button type="submit" className={`${secondaryButtonClass} sm:col-span-3 sm:justify-self-start`}>
										Save window and limits<span className="sr-only"> of {code.code}</span>
									</button>
								</Form>
							</details>
							<Form method="post" className="mt-3">
								<input type="hidden" name="id" value={code.id} />
								<button
									type="submit"
									name="intent"
									value={code.active ? 'deactivate' : 'activate'}
									className={secondaryButtonClass}
								>
									{code.active ? 'Stop this code' : 'Start this code again'}
									<span className="sr-only"> {code.code}</span>
								</button>
							</Form>
							{code.uses.length ? (
								<table className="mt-3 w-full text-left text-sm">
									<caption className="text-left font-semibold">Last uses of {code.code}</caption>
									<thead>
										<tr>
											<th scope="col">Order</th>
											<th scope="col">Customer</th>
											<th scope="col">Discount</th>
											<th scope="col">When</th>
											<th scope="col">State</th>
										</tr>
									</thead>
									<tbody>
										{code.uses.map((use) => (
											<tr key={use.number}>
												<td>#{use.number}</td>
												<td className="break-all">{use.email}</td>
												<td>{formatPrice(use.discountCents)}</td>
												<td>{use.when}</td>
												<td>{use.state}</td>
											</tr>
										))}
									</tbody>
								</table>
							) : null}
						</li>
					))}
				</ul>
			</section>
			<section aria-labelledby="new-code-heading" className="max-w-2xl">
				<h2 id="new-code-heading" className="font-display text-2xl font-bold">
					New code
				</h2>
				<Form method="post" {...getFormProps(form)} className="mt-3 space-y-2">
					<input type="hidden" name="intent" value="create" />
					<TextField meta={fields.code} label="Code" hint="Letters, digits and dashes, such as SPRING-10." />
					<fieldset>
						<legend className="font-semibold">Discount</legend>
						<div className="flex flex-wrap gap-x-6">
							<label className="flex items-center gap-2">
								<input
									type="radio"
									name={fields.kind.name}
									value="PERCENT"
									defaultChecked
									className="h-5 w-5 accent-cinnamon"
								/>
								A percent off
							</label>
							<label className="flex items-center gap-2">
								<input type="radio" name={fields.kind.name} value="AMOUNT" className="h-5 w-5 accent-cinnamon" />
								An amount off
							</label>
						</div>
						<FieldErrors id={fields.kind.errorId} errors={fields.kind.errors} />
					</fieldset>
					<TextField meta={fields.percentOff} label="Percent off (%)" inputMode="numeric" />
					<TextField meta={fields.amountOff} label="Amount off ($)" inputMode="decimal" />
					<fieldset>
						<legend className="font-semibold">Only on (none ticked: the whole order)</legend>
						<div className="flex flex-wrap gap-x-6 gap-y-1">
							{menuCategories.map((category) => (
								<label key={category.value} className="flex items-center gap-2">
									<input
										type="checkbox"
										name={fields.categories.name}
										value={category.value}
										className="h-5 w-5 accent-cinnamon"
									/>
									{category.label}
								</label>
							))}
						</div>
					</fieldset>
					<div>
						<label htmlFor="promo-items" className="block font-semibold">
							Only these items
						</label>
						<select
							id="promo-items"
							name={fields.menuItemIds.name}
							multiple
							size={Math.min(6, Math.max(2, menuItems.length))}
							className="mt-1 block w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2"
						>
							{menuItems.map((item) => (
								<option key={item.id} value={item.id}>
									{item.name}
								</option>
							))}
						</select>
					</div>
					<TextField meta={fields.minimumOrder} label="Minimum order ($)" inputMode="decimal" />
					<TextField meta={fields.startsOn} label="First day" type="date" />
					<TextField meta={fields.endsOn} label="Last day" type="date" />
					<TextField meta={fields.maxUses} label="Uses in all" hint="Empty: no limit." inputMode="numeric" />
					<TextField
						meta={fields.maxUsesPerCustomer}
						label="Uses per customer"
						hint="By account, else by e-mail. Empty: no limit."
						inputMode="numeric"
					/>
					<CheckboxField meta={fields.firstOrderOnly} label="First order only" />
					<FormErrors id={form.errorId} errors={form.errors} />
					<button type="submit" className={buttonClass}>
						Create code
					</button>
				</Form>
			</section>
		</AdminFrame>
	)
}

/** A field of a code's window-and-limits form (one form per code: ids carry the code's). */
function PlainField({
	label,
	name,
	defaultValue,
	codeId,
	type = 'text',
}: {
	label: string
	name: string
	defaultValue: string | number
	codeId: string
	type?: 'text' | 'date'
}) {
	const id = `${name}-${codeId}`
	return (
		<div>
			<label htmlFor={id} className="block text-sm font-semibold">
				{label}
			</label>
			<input
				id={id}
				name={name}
				type={type}
				defaultValue={defaultValue}
				className="mt-1 block w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2"
			/>
		</div>
	)
}
