import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading } from '~/components/admin/admin-ui'
import { ReviewFields } from '~/components/admin/review-fields'
import { FormErrors } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import { findReviewForAdmin, updateReview } from '~/domain/reviews/models/review.server'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { readAdminSubmission } from '~/domain/admin-auth/admin-actions.server'
import { formReply } from '~/utils/form-reply.server'
import { reviewSchema } from '~/domain/reviews/review-schemas'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Edit review')

export async function loader({ request, params }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const review = await findReviewForAdmin(params.reviewId ?? '')
	if (!review) throw new Response('Review not found', { status: 404, headers: adminResponseHeaders })
	return data({ adminName: admin.name, review }, { headers: adminResponseHeaders })
}

export async function action({ request, params }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	const headers = adminResponseHeaders
	const { submission, reply } = await readAdminSubmission(request, reviewSchema, { saved: false })
	if (!submission) return reply
	if (!(await updateReview(params.reviewId ?? '', submission.value))) {
		const formErrors = ['This review was deleted meanwhile, so nothing was saved.']
		return formReply(submission, { formErrors, status: 404, headers }, { saved: false })
	}
	return formReply(submission, { headers }, { saved: true })
}

export default function EditReview() {
	const { adminName, review } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const saving = navigation.state === 'submitting'
	const [form, fields] = useForm({
		// A saved change gives the review a new updatedAt: the form starts over from the saved values.
		id: `edit-review-${review.id}-${review.updatedAt.getTime()}`,
		// After a successful save the loader's values are the truth; after an error, the typed values are.
		lastResult: actionData?.saved ? undefined : actionData?.result,
		defaultValue: { name: review.name, rating: String(review.rating), comment: review.comment },
		constraint: getZodConstraint(reviewSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title={`Edit the review from ${review.name}`}>
				<Link to="/admin/reviews" className="font-semibold underline underline-offset-4">
					Back to the reviews
				</Link>
			</AdminHeading>
			<div role="status">
				{actionData?.saved && !saving ? (
					<p className="mb-4 rounded-lg border border-leaf bg-green-50 p-3 text-green-900">
						Changes saved.{review.status === 'APPROVED' ? ' The Reviews page shows them now.' : ''}
					</p>
				) : null}
			</div>
			<Form method="post" {...getFormProps(form)} className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough">
				<FormErrors id={form.errorId} errors={form.errors} />
				<ReviewFields fields={fields} />
				<button type="submit" className={`${buttonClass} mt-4`} disabled={saving}>
					{saving ? 'Saving...' : 'Save changes'}
				</button>
			</Form>
		</AdminFrame>
	)
}
