import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading } from '~/components/admin/admin-ui'
import { CheckboxField } from '~/components/admin/checkbox-field'
import { TextsList } from '~/components/admin/texts-list'
import { buttonClass } from '~/components/ui/button-classes'
import { FormErrors, FormStatus } from '~/components/ui/forms'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { readAdminSubmission } from '~/domain/admin-auth/admin-actions.server'
import { getTextSettings, listTexts, saveTextSettings, textTransportKind } from '~/domain/texts/index.server'
import { textSettingsSchema } from '~/domain/texts/text-settings'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { formReply } from '~/utils/form-reply.server'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Texts')

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const [settings, texts] = await Promise.all([getTextSettings(), listTexts()])
	return data(
		{ adminName: admin.name, settings, transport: textTransportKind(), texts },
		{ headers: adminResponseHeaders },
	)
}

/** The pickup reminders' setting (decision 074). */
export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	const { submission, reply } = await readAdminSubmission(request, textSettingsSchema)
	if (!submission) return reply
	await saveTextSettings(submission.value)
	return formReply(submission, { headers: adminResponseHeaders }, { saved: true })
}

export default function AdminTexts() {
	const { adminName, settings, transport, texts } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({
		id: 'text-settings',
		lastResult: actionData?.result,
		defaultValue: settings,
		constraint: getZodConstraint(textSettingsSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: textSettingsSchema }),
	})
	const saved = actionData && 'saved' in actionData && actionData.saved
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Texts">
				<p>Text messages to customers who opted in, and when the pickup reminders go.</p>
			</AdminHeading>
			<Form method="post" {...getFormProps(form)} className="max-w-xl space-y-2">
				<h2 className="font-display text-2xl font-bold">Pickup reminders</h2>
				<CheckboxField
					meta={fields.remindEveningBefore}
					label="The evening before, at 6 pm"
					hint="For orders paid before then. Texts never go between 9 pm and 8 am."
				/>
				<CheckboxField meta={fields.remindHoursBefore} label="Two hours before the pickup time" />
				<FormErrors id={form.errorId} errors={form.errors} />
				{saved ? <FormStatus tone="success">Saved.</FormStatus> : null}
				<button type="submit" className={buttonClass}>
					Save reminders
				</button>
			</Form>
			<TextsList transport={transport} texts={texts} />
		</AdminFrame>
	)
}
