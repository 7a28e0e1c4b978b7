import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading } from '~/components/admin/admin-ui'
import { buttonClass } from '~/components/ui/button-classes'
import { FormErrors, FormStatus, SelectField, TextField } from '~/components/ui/forms'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { formatGiftCardCode } from '~/domain/wallet/gift-card-code'
import { issueGiftCard, listGiftCards } from '~/domain/wallet/models/gift-cards.server'
import { walletLiability } from '~/domain/wallet/models/ledger.server'
import { issueGiftCardSchema } from '~/domain/wallet/wallet-schemas'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { bodyProblems, readForm } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'
import { formatPrice } from '~/utils/money'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Gift cards')

/** Gift cards are money the bakery owes: the owner's only (decision 079), like refunds and customers. */
export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const [cards, liability] = await Promise.all([listGiftCards(), walletLiability()])
	return data({ adminName: admin.name, cards, liability }, { headers: adminResponseHeaders })
}

/**
 * Issues a card sold at the counter or given as a promotion. The full code is in this answer only: it is stored
 * nowhere (a digest and the last four), so the owner copies or prints it now (decision 078).
 */
export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const headers = adminResponseHeaders
	const body = await readForm(request)
	if (!body.ok) {
		const { status, message } = bodyProblems[body.problem]
		return formReply(null, { formErrors: [message], status, headers }, { issued: null })
	}
	const submission = parseWithZod(body.value, { schema: issueGiftCardSchema })
	if (submission.status !== 'success') return formReply(submission, { headers }, { issued: null })
	const { amount, source, issuedTo, note } = submission.value
	const card = await issueGiftCard({ amountCents: amount, source, issuedTo, note, issuedBy: admin.email })
	const issued = { id: card.giftCardId, code: formatGiftCardCode(card.code), amountCents: amount }
	// The code must not linger in a shared cache or the browser's: no-store, as every admin answer.
	return formReply(submission, { headers, resetForm: true }, { issued })
}

const SOURCE_WORDS = { SHOP: 'Sold in the shop', PROMOTION: 'Promotion', ONLINE: 'Bought online' } as const

export default function AdminGiftCards() {
	const { adminName, cards, liability } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const issued = actionData?.issued
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Gift cards">
				<p>
					Owed on gift cards: <strong>{formatPrice(liability.giftCardsCents)}</strong> · store credit:{' '}
					<strong>{formatPrice(liability.storeCreditCents)}</strong>
				</p>
			</AdminHeading>
			<p className="-mt-2 mb-6 max-w-3xl text-cocoa/80">
				Cards never expire and carry no fees (Washington law, decision 079). A card’s full code is shown once, when it
				is issued; after that only its last four characters.
			</p>
			{issued ? (
				<div className="mb-6">
					<FormStatus tone="success">
						<p className="font-semibold">
							Card issued for {formatPrice(issued.amountCents)}. Its code (shown only now):
						</p>
						<p className="mt-2 font-mono text-2xl tracking-wider" data-testid="issued-code">
							{issued.code}
						</p>
						<p className="mt-2">
							Write it on the card or print this page now.{' '}
							<Link to={`/admin/gift-cards/${issued.id}`} className="underline underline-offset-4">
								See the card’s history
							</Link>
						</p>
					</FormStatus>
				</div>
			) : null}
			<IssueCardForm result={actionData?.result} />
			<section aria-labelledby="cards-heading" className="mt-10">
				<h2 id="cards-heading" className="mb-4 font-display text-2xl font-bold">
					{cards.length === 1 ? '1 card' : `${cards.length} cards`}
				</h2>
				{cards.length === 0 ? (
					<p>No gift cards yet.</p>
				) : (
					<div className="overflow-x-auto">
						<table className="w-full border-collapse text-left">
							<caption className="sr-only">Gift cards, newest first</caption>
							<thead>
								<tr className="border-b border-cocoa/30">
									<th scope="col" className="py-2 pr-4">
										Card
									</th>
									<th scope="col" className="py-2 pr-4 text-right">
										Balance
									</th>
									<th scope="col" className="py-2 pr-4">
										Status
									</th>
									<th scope="col" className="py-2 pr-4">
										Issued
									</th>
									<th scope="col" className="py-2">
										To
									</th>
								</tr>
							</thead>
							<tbody>
								{cards.map((card) => (
									<tr key={card.id} className="border-b border-dough align-top">
										<td className="py-2 pr-4">
											<Link to={`/admin/gift-cards/${card.id}`} className="font-semibold underline underline-offset-4">
												<span aria-hidden="true">•••• </span>
												<span className="sr-only">Card ending </span>
												{card.codeLast4}
											</Link>
										</td>
										<td className="py-2 pr-4 text-right tabular-nums">
											{formatPrice(card.account.balanceCents)}
											{card.account.heldCents > 0 ? (
												<span className="block text-sm">+ {formatPrice(card.account.heldCents)} held</span>
											) : null}
										</td>
										<td className="py-2 pr-4">{card.account.status === 'VOID' ? 'Voided' : 'Active'}</td>
										<td className="py-2 pr-4">
											{SOURCE_WORDS[card.source]}, {formatBakeryDateTime(new Date(card.createdAt))}
										</td>
										<td className="py-2">
											{card.issuedTo ||
												(card.purchase
													? card.purchase.forRecipient
														? `${card.purchase.recipientName} (from ${card.purchase.buyerName})`
														: card.purchase.buyerName
													: '')}
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
				)}
			</section>
		</AdminFrame>
	)
}

function IssueCardForm({ result }: { result?: SubmissionResult<string[]> }) {
	const navigation = useNavigation()
	const issuing = navigation.state === 'submitting'
	const [form, fields] = useForm({
		id: 'issue-gift-card',
		lastResult: result,
		constraint: getZodConstraint(issueGiftCardSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: issueGiftCardSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<section aria-labelledby="issue-heading" className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough">
			<h2 id="issue-heading" className="font-display text-2xl font-bold">
				Issue a card
			</h2>
			<Form method="post" {...getFormProps(form)} className="mt-4 grid max-w-xl gap-1">
				<FormErrors id={form.errorId} errors={form.errors} />
				<TextField
					meta={fields.amount}
					label="Amount in dollars"
					hint="From $1 to $1,000, e.g. 25."
					inputMode="decimal"
				/>
				<SelectField
					meta={fields.source}
					label="How"
					placeholder="Choose…"
					options={[
						{ value: 'SHOP', label: 'Sold in the shop (paid at the counter)' },
						{ value: 'PROMOTION', label: 'Promotion or gift from the bakery' },
					]}
				/>
				<TextField meta={fields.issuedTo} label="To whom (optional)" autoComplete="off" />
				<TextField meta={fields.note} label="Note (optional, only you see it)" autoComplete="off" />
				<button type="submit" className={`${buttonClass} mt-2 justify-self-start`} disabled={issuing}>
					{issuing ? 'Issuing…' : 'Issue card'}
				</button>
			</Form>
		</section>
	)
}
