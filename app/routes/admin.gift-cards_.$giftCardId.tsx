import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading, dangerButtonClass } from '~/components/admin/admin-ui'
import { WalletHistory } from '~/components/admin/wallet-history'
import { FormErrors, FormStatus, TextField } from '~/components/ui/forms'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { findGiftCard, voidGiftCard } from '~/domain/wallet/models/gift-cards.server'
import { voidGiftCardSchema } from '~/domain/wallet/wallet-schemas'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { bodyProblems, readForm } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'
import { formatPrice } from '~/utils/money'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Gift card')

async function requireCard(giftCardId: string | undefined) {
	const card = await findGiftCard(giftCardId ?? '')
	if (!card) throw new Response('Gift card not found', { status: 404, headers: adminResponseHeaders })
	return card
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	return data({ adminName: admin.name, card: await requireCard(params.giftCardId) }, { headers: adminResponseHeaders })
}

/** Voids the card with a reason: its balance leaves the liability at once; a payment holding part of it may finish. */
export async function action({ request, params }: ActionFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const headers = adminResponseHeaders
	const card = await requireCard(params.giftCardId)
	const body = await readForm(request)
	if (!body.ok) {
		const { status, message } = bodyProblems[body.problem]
		return formReply(null, { formErrors: [message], status, headers }, { message: undefined })
	}
	const submission = parseWithZod(body.value, { schema: voidGiftCardSchema })
	if (submission.status !== 'success') return formReply(submission, { headers }, { message: undefined })
	const voided = await voidGiftCard(card.id, submission.value.reason, admin.email)
	const message =
		voided === null ? 'This card was already voided.' : `Card voided: ${formatPrice(voided)} left the balance.`
	return formReply(submission, { headers, resetForm: true }, { message })
}

export default function AdminGiftCard() {
	const { adminName, card } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const { account } = card
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title={`Gift card ending ${card.codeLast4}`}>
				<Link to="/admin/gift-cards" className="font-semibold underline underline-offset-4">
					Back to the gift cards
				</Link>
			</AdminHeading>
			{actionData?.message ? (
				<div className="mb-4">
					<FormStatus tone="success">{actionData.message}</FormStatus>
				</div>
			) : null}
			<section aria-labelledby="card-heading" className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
				<h2 id="card-heading" className="font-display text-xl font-bold">
					The card
				</h2>
				<dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
					<dt className="font-semibold">Balance</dt>
					<dd data-testid="card-balance">{formatPrice(account.balanceCents)}</dd>
					{account.heldCents > 0 ? (
						<>
							<dt className="font-semibold">Held by a payment</dt>
							<dd>{formatPrice(account.heldCents)}</dd>
						</>
					) : null}
					<dt className="font-semibold">Status</dt>
					<dd data-testid="card-status">
						{account.status === 'VOID'
							? `Voided ${account.voidedAt ? formatBakeryDateTime(new Date(account.voidedAt)) : ''} by ${account.voidedBy ?? 'the bakery'}: ${account.voidReason ?? ''}`
							: 'Active'}
					</dd>
					<dt className="font-semibold">Issued</dt>
					<dd>
						{formatBakeryDateTime(new Date(card.createdAt))}
						{card.issuedBy ? ` by ${card.issuedBy}` : ''}
					</dd>
					{card.issuedTo ? (
						<>
							<dt className="font-semibold">To</dt>
							<dd>{card.issuedTo}</dd>
						</>
					) : null}
					{card.purchase ? (
						<>
							<dt className="font-semibold">Bought by</dt>
							<dd>
								{card.purchase.buyerName} ({card.purchase.buyerEmail})
								{card.purchase.forRecipient ? ` for ${card.purchase.recipientName}` : ''}
							</dd>
						</>
					) : null}
					{card.note ? (
						<>
							<dt className="font-semibold">Note</dt>
							<dd>{card.note}</dd>
						</>
					) : null}
				</dl>
			</section>
			<section aria-labelledby="history-heading" className="mt-8">
				<h2 id="history-heading" className="mb-3 font-display text-2xl font-bold">
					History
				</h2>
				<WalletHistory entries={card.entries} caption={`History of the gift card ending ${card.codeLast4}`} />
			</section>
			{account.status === 'ACTIVE' ? <VoidCardForm /> : null}
		</AdminFrame>
	)
}

function VoidCardForm() {
	const actionData = useActionData<typeof action>()
	const voiding = useNavigation().state === 'submitting'
	const [form, fields] = useForm({
		id: 'void-gift-card',
		lastResult: actionData?.result,
		constraint: getZodConstraint(voidGiftCardSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: voidGiftCardSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<section aria-labelledby="void-heading" className="mt-10 rounded-2xl bg-white p-6 shadow-md ring-1 ring-red-200">
			<h2 id="void-heading" className="font-display text-xl font-bold">
				Void this card
			</h2>
			<p className="mt-1 max-w-2xl text-cocoa/80">
				Its balance leaves at once and it can no longer pay. A payment already holding part of it may still finish. This
				cannot be undone: issue a new card if you change your mind.
			</p>
			<Form method="post" {...getFormProps(form)} className="mt-4 max-w-xl">
				<FormErrors id={form.errorId} errors={form.errors} />
				<TextField meta={fields.reason} label="Why" hint="e.g. reported lost, issued by mistake." autoComplete="off" />
				<button type="submit" className={`${dangerButtonClass} mt-2`} disabled={voiding}>
					{voiding ? 'Voiding…' : 'Void card'}
				</button>
			</Form>
		</section>
	)
}
