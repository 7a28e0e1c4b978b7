import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading } from '~/components/admin/admin-ui'
import { CheckboxField } from '~/components/admin/checkbox-field'
import { buttonClass } from '~/components/ui/button-classes'
import { FormErrors, FormStatus, TextField } from '~/components/ui/forms'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { getLoyaltyProgram, loyaltySummary, saveLoyaltyProgram } from '~/domain/loyalty/index.server'
import { loyaltyProgramSchema } from '~/domain/loyalty/loyalty-card'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { readAdminSubmission } from '~/domain/admin-auth/admin-actions.server'
import { formReply } from '~/utils/form-reply.server'
import { formatPrice } from '~/utils/money'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Loyalty card')

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const [program, summary] = await Promise.all([getLoyaltyProgram(), loyaltySummary()])
	return data({ adminName: admin.name, program, summary }, { headers: adminResponseHeaders })
}

/** The owner's stamp card (decision 085). */
export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	const { submission, reply } = await readAdminSubmission(request, loyaltyProgramSchema)
	if (!submission) return reply
	await saveLoyaltyProgram(submission.value)
	return formReply(submission, { headers: adminResponseHeaders }, { saved: true })
}

export default function AdminLoyalty() {
	const { adminName, program, summary } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({
		id: 'loyalty-program',
		lastResult: actionData?.result,
		defaultValue: {
			...program,
			minOrderCents: formatPrice(program.minOrderCents),
			rewardCents: formatPrice(program.rewardCents),
		},
		constraint: getZodConstraint(loyaltyProgramSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: loyaltyProgramSchema }),
		shouldRevalidate: 'onBlur',
	})
	const saved = actionData && 'saved' in actionData && actionData.saved
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Loyalty card">
				<p>A stamp for each paid order a signed-in customer picks up; a full card gives them store credit.</p>
			</AdminHeading>
			<dl className="mb-8 grid max-w-xl grid-cols-2 gap-4 sm:grid-cols-4">
				<Figure label="Customers with stamps" value={String(summary.members)} />
				<Figure label="Stamps that count" value={String(summary.stamps)} />
				<Figure label="Rewards given" value={String(summary.rewards)} />
				<Figure label="Credit given" value={formatPrice(summary.rewardCents)} />
			</dl>
			<Form method="post" {...getFormProps(form)} className="max-w-xl space-y-2">
				<CheckboxField
					meta={fields.enabled}
					label="Customers collect stamps"
					hint="Orders paid from the first time you turn this on earn stamps; turning it off stops new stamps and hides the card."
				/>
				<TextField
					meta={fields.minOrderCents}
					label="Smallest order that earns a stamp"
					hint="The order's total with tax, without the tip, e.g. 10 for $10.00. 0: every order."
					inputMode="decimal"
				/>
				<TextField meta={fields.stampsPerReward} label="Stamps for a reward" type="number" min={2} max={50} />
				<TextField
					meta={fields.rewardCents}
					label="Reward, as store credit"
					hint="Added to the customer's account when their card is full, e.g. 4.50."
					inputMode="decimal"
				/>
				<fieldset className="space-y-2">
					<legend className="font-semibold">What the reward buys, as customers read it</legend>
					<p className="text-sm text-cocoa/80">Shown as “3 more for …” on their account and after they pay.</p>
					<TextField meta={fields.rewardNameEn} label="English" placeholder="a free concha" maxLength={60} />
					<TextField
						meta={fields.rewardNameEs}
						label="Spanish"
						placeholder="una concha gratis"
						maxLength={60}
						lang="es"
					/>
					<TextField
						meta={fields.rewardNamePtBr}
						label="Portuguese"
						placeholder="uma concha grátis"
						maxLength={60}
						lang="pt-BR"
					/>
				</fieldset>
				<FormErrors id={form.errorId} errors={form.errors} />
				{saved ? <FormStatus tone="success">Saved.</FormStatus> : null}
				<button type="submit" className={buttonClass}>
					Save the card
				</button>
			</Form>
		</AdminFrame>
	)
}

function Figure({ label, value }: { label: string; value: string }) {
	return (
		<div className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-dough">
			<dt className="text-sm text-cocoa/80">{label}</dt>
			<dd className="font-display text-2xl font-bold">{value}</dd>
		</div>
	)
}
