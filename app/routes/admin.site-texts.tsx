import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { TranslationFields } from '~/components/admin/translation-fields'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading, StatusRegion } from '~/components/admin/admin-ui'
import { buttonClass } from '~/components/ui/button-classes'
import { FormErrors, TextareaField } from '~/components/ui/forms'
import { defaultBusiness } from '~/config/business'
import { listSiteTexts, saveSiteText, type SiteTextValues } from '~/domain/content/models/site-text.server'
import { readAdminBody, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { siteTextSchema } from '~/domain/content/content-schemas'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { formReply } from '~/utils/form-reply.server'
import { translationColumn } from '~/domain/content/localized-content'
import { SITE_TEXT_KEYS, type SiteTextKey } from '~/domain/content/site-texts'

const siteTextLabels: Record<SiteTextKey, { label: string; hint: string }> = {
	description: { label: 'Short description', hint: 'One sentence about the bakery (Home and About).' },
	story: { label: 'Our story', hint: 'How the bakery began (About).' },
	mission: { label: 'Our mission', hint: 'What the bakery is for (About).' },
	values: { label: 'Our values', hint: 'One value per line (About).' },
}

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Site texts')

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	return data({ adminName: admin.name, texts: await listSiteTexts() }, { headers: adminResponseHeaders })
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	const { form, intent, problemReply } = await readAdminBody(request)
	if (problemReply) return problemReply
	if (intent !== 'save') refuseAdminAction()
	const headers = adminResponseHeaders
	const key = String(form.get('key') ?? '')
	const submission = parseWithZod(form, { schema: siteTextSchema })
	if (submission.status !== 'success') return formReply(submission, { headers }, { form: key, message: undefined })
	const { en, es, ptBr } = submission.value
	await saveSiteText(submission.value.key, {
		en: translationColumn(en),
		es: translationColumn(es),
		ptBr: translationColumn(ptBr),
	})
	const message = `${siteTextLabels[submission.value.key].label} saved. Home and About show it now.`
	return formReply(submission, { headers }, { form: key, message: message as string | undefined })
}

/** The built-in English text each key shows when the owner leaves it empty. */
const builtIn: Record<SiteTextKey, string> = {
	description: defaultBusiness.description,
	story: defaultBusiness.story,
	mission: defaultBusiness.mission,
	values: defaultBusiness.values.join('\n'),
}

export default function AdminSiteTexts() {
	const { adminName, texts } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const reply = actionData && 'form' in actionData ? actionData : undefined
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Site texts" />
			<p className="mb-6 max-w-3xl">
				The bakery’s own words on the Home and About pages, in English, Spanish and Portuguese. Leave a field empty to
				show the built-in text: in Spanish and Portuguese that is our translation of it, or your English when you wrote
				one.
			</p>
			<StatusRegion message={reply?.message} />
			<div className="grid gap-8">
				{SITE_TEXT_KEYS.map((key) => (
					<SiteTextForm
						// A save gives new values: the form starts from them.
						key={`${key}|${texts[key].en}|${texts[key].es}|${texts[key].ptBr}`}
						textKey={key}
						values={texts[key]}
						lastResult={reply?.form === key && reply.result.status === 'error' ? reply.result : undefined}
					/>
				))}
			</div>
		</AdminFrame>
	)
}

function SiteTextForm({
	textKey,
	values,
	lastResult,
}: {
	textKey: SiteTextKey
	values: SiteTextValues
	lastResult?: SubmissionResult<string[]>
}) {
	const navigation = useNavigation()
	const saving = navigation.state === 'submitting' && navigation.formData?.get('key') === textKey
	const { label, hint } = siteTextLabels[textKey]
	const [form, fields] = useForm({
		id: `site-text-${textKey}`,
		lastResult,
		defaultValue: { key: textKey, en: values.en ?? '', es: values.es ?? '', ptBr: values.ptBr ?? '' },
		constraint: getZodConstraint(siteTextSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: siteTextSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const rows = textKey === 'description' ? 2 : 4
	const headingId = `${form.id}-heading`
	return (
		<section aria-labelledby={headingId} className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough">
			<h2 id={headingId} className="font-display text-2xl font-bold">
				{label}
			</h2>
			<p className="text-sm text-cocoa/80">{hint}</p>
			<p className="mt-2 text-sm">
				Built-in text: <span className="whitespace-pre-line italic">{builtIn[textKey]}</span>
			</p>
			<Form method="post" {...getFormProps(form)} className="mt-4">
				<input type="hidden" name="intent" value="save" />
				<input type="hidden" name="key" value={textKey} />
				<FormErrors id={form.errorId} errors={form.errors} />
				<TextareaField meta={fields.en} label={`${label} in English`} hint="Empty: the built-in text." rows={rows} />
				<TranslationFields
					what={label}
					es={fields.es}
					ptBr={fields.ptBr}
					hint="Empty: the English (yours, or our translation of the built-in text)."
					rows={rows}
					sideBySide={false}
				/>
				<button type="submit" className={`${buttonClass} mt-2`} disabled={saving}>
					{saving ? 'Saving...' : `Save ${label.toLowerCase()}`}
				</button>
			</Form>
		</section>
	)
}
