import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminCard } from '~/components/admin/admin-card'
import { AdminHeading, secondaryButtonClass, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import { ConfirmDeletePanel, DeleteForm } from '~/components/admin/delete-form'
import { ReviewFields } from '~/components/admin/review-fields'
import { RatingStars } from '~/components/review-rating'
import { FormErrors } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import {
	createOwnerReview,
	deleteReview,
	listReviewsForAdmin,
	moveReview,
	setReviewStatus,
	type AdminReview,
} from '~/domain/reviews/models/review.server'
import {
	adminReply,
	deleteAfterConfirming,
	readAdminBody,
	refuseAdminAction,
} from '~/domain/admin-auth/admin-actions.server'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { formReply } from '~/utils/form-reply.server'
import { reviewSchema } from '~/domain/reviews/review-schemas'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Reviews')

const DELETE_QUESTION = 'Are you sure you want to delete this review?'

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	return data({ adminName: admin.name, reviews: await listReviewsForAdmin() }, { headers: adminResponseHeaders })
}

const statusMessages = {
	approve: (name: string) => `The review from ${name} is now shown on the Reviews page.`,
	hide: (name: string) => `The review from ${name} is hidden.`,
} as const

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	// The add form and each review's small forms post here.
	const { form, intent, problemReply } = await readAdminBody(request)
	if (problemReply) return problemReply
	if (intent === 'add') {
		const submission = parseWithZod(form, { schema: reviewSchema })
		const headers = adminResponseHeaders
		if (submission.status !== 'success') return formReply(submission, { headers }, { message: undefined })
		await createOwnerReview(submission.value)
		const message = `The review from ${submission.value.name} was added at the top of the Reviews page.`
		return formReply(submission, { headers, resetForm: true }, { message })
	}
	const id = String(form.get('id') ?? '')
	if (!id) refuseAdminAction('Missing row')
	const name = String(form.get('name') ?? 'this reviewer')
	if (intent === 'approve' || intent === 'hide') {
		const found = await setReviewStatus(id, intent === 'approve' ? 'APPROVED' : 'HIDDEN')
		return adminReply({ message: found ? statusMessages[intent](name) : 'That review no longer exists.' })
	}
	if (intent === 'up' || intent === 'down') {
		const moved = await moveReview(id, intent)
		return adminReply({
			message: moved ? `Moved the review from ${name} ${intent}.` : 'That review can’t move further.',
		})
	}
	if (intent === 'delete') return deleteAfterConfirming(form, id, deleteReview, 'review')
	refuseAdminAction()
}

type ActionData = ReturnType<typeof useActionData<typeof action>>

export default function AdminReviews() {
	const { adminName, reviews } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const pending = reviews.filter((review) => review.status === 'PENDING')
	const placed = reviews.filter((review) => review.status !== 'PENDING')
	const confirming = actionData && 'confirm' in actionData ? actionData.confirm : undefined
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Reviews">
				<p>{pending.length === 1 ? '1 review awaiting approval' : `${pending.length} reviews awaiting approval`}</p>
			</AdminHeading>
			<StatusRegion message={actionData?.message} />
			{pending.length > 0 ? (
				<section aria-labelledby="pending-reviews-heading" className="mb-10">
					<h2 id="pending-reviews-heading" className="mb-4 font-display text-2xl font-bold">
						Awaiting approval
					</h2>
					<p className="-mt-2 mb-4 text-cocoa/80">
						Sent by customers from the link in their “Tell us how it was” e-mail. Nothing shows on the site until you
						approve it.
					</p>
					<ul className="grid gap-4">
						{pending.map((review) => (
							<ReviewCard key={review.id} review={review} confirming={confirming === review.id} />
						))}
					</ul>
				</section>
			) : null}
			<AddReviewForm actionData={actionData && 'result' in actionData ? actionData : undefined} />
			<section aria-labelledby="placed-reviews-heading" className="mt-10">
				<h2 id="placed-reviews-heading" className="mb-4 font-display text-2xl font-bold">
					Reviews in page order
				</h2>
				<p className="-mt-2 mb-4 text-cocoa/80">
					The Reviews page shows the shown reviews in this order, with their average rating. Hidden ones keep their
					place.
				</p>
				{placed.length === 0 ? (
					<p className="text-lg">No reviews yet.</p>
				) : (
					<ol className="grid gap-4">
						{placed.map((review, index) => (
							<ReviewCard
								key={review.id}
								review={review}
								position={{ number: index + 1, isFirst: index === 0, isLast: index === placed.length - 1 }}
								confirming={confirming === review.id}
							/>
						))}
					</ol>
				)}
			</section>
		</AdminFrame>
	)
}

function AddReviewForm({ actionData }: { actionData?: Extract<ActionData, { result: unknown }> }) {
	const navigation = useNavigation()
	const adding = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add'
	const [form, fields] = useForm({
		id: 'add-review',
		lastResult: actionData?.result,
		constraint: getZodConstraint(reviewSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<section aria-labelledby="add-review-heading" className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough">
			<h2 id="add-review-heading" className="font-display text-2xl font-bold">
				Add a review
			</h2>
			<p className="mt-1 text-cocoa/80">
				For example one of your best Google reviews, with the reviewer’s name as they sign it. It shows at once.
			</p>
			<Form method="post" {...getFormProps(form)} className="mt-4">
				<input type="hidden" name="intent" value="add" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<ReviewFields fields={fields} />
				<button type="submit" className={`${buttonClass} mt-2`} disabled={adding}>
					{adding ? 'Adding...' : 'Add review'}
				</button>
			</Form>
		</section>
	)
}

const statusBadges: Record<AdminReview['status'], { text: string; className: string }> = {
	PENDING: { text: 'Awaiting approval', className: 'bg-mango text-cocoa' },
	APPROVED: { text: 'Shown', className: 'bg-leaf text-white' },
	HIDDEN: { text: 'Hidden', className: 'bg-cocoa text-cream' },
}

function ReviewCard({
	review,
	position,
	confirming,
}: {
	review: AdminReview
	position?: { number: number; isFirst: boolean; isLast: boolean }
	confirming: boolean
}) {
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && navigation.formData?.get('id') === review.id
	const headingId = `review-${review.id}`
	const badge = statusBadges[review.status]
	const who = <VisuallyHidden> review from {review.name}</VisuallyHidden>
	return (
		<AdminCard
			headingId={headingId}
			heading={
				<>
					{position ? `${position.number}. ` : ''}
					{review.name}
				</>
			}
			details={
				<>
					<RatingStars rating={review.rating} />
					<p className="text-sm text-cocoa/80">
						{review.source === 'CUSTOMER'
							? `Sent by the customer${review.orderNumber ? ` of order #${review.orderNumber}` : ''}`
							: 'Added by you'}
						{' · '}
						<time dateTime={review.createdAt.toISOString()}>{formatBakeryDateTime(review.createdAt)}</time>
					</p>
				</>
			}
			aside={<span className={`rounded-full px-3 py-1 text-sm font-semibold ${badge.className}`}>{badge.text}</span>}
		>
			<p className="mt-3 whitespace-pre-line break-words">{review.comment}</p>
			<div className="mt-4 flex flex-wrap gap-2">
				<Form method="post" className="flex flex-wrap gap-2">
					<input type="hidden" name="id" value={review.id} />
					<input type="hidden" name="name" value={review.name} />
					{review.status !== 'APPROVED' ? (
						<button type="submit" name="intent" value="approve" className={secondaryButtonClass} disabled={busy}>
							{review.status === 'PENDING' ? 'Approve' : 'Show'}
							{who}
						</button>
					) : null}
					{review.status !== 'HIDDEN' ? (
						<button type="submit" name="intent" value="hide" className={secondaryButtonClass} disabled={busy}>
							Hide{who}
						</button>
					) : null}
					{position
						? (['up', 'down'] as const).map((direction) => (
								<button
									key={direction}
									type="submit"
									name="intent"
									value={direction}
									className={secondaryButtonClass}
									disabled={(direction === 'up' ? position.isFirst : position.isLast) || busy}
								>
									Move {direction}
									{who}
								</button>
							))
						: null}
				</Form>
				<Link to={`/admin/reviews/${review.id}`} className={secondaryButtonClass}>
					Edit{who}
				</Link>
				<DeleteForm id={review.id} question={DELETE_QUESTION}>
					Delete{who}
				</DeleteForm>
			</div>
			{confirming ? <ConfirmDeletePanel id={review.id} question={DELETE_QUESTION} /> : null}
		</AdminCard>
	)
}
