import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { WalletHistory, type WalletHistoryEntry } from '~/components/admin/wallet-history'
import { buttonClass } from '~/components/ui/button-classes'
import { FormErrors, FormStatus, SelectField, TextField } from '~/components/ui/forms'
import { storeCreditSchema } from '~/domain/wallet/wallet-schemas'
import { formatPrice } from '~/utils/money'

export const STORE_CREDIT_INTENT = 'store-credit'

/** A customer's store credit on the owner's customer page: the balance, its history, and giving more. */
export function StoreCreditPanel({
	credit,
	result,
	message,
}: {
	credit: { balanceCents: number; heldCents: number; entries: WalletHistoryEntry[] }
	result?: SubmissionResult<string[]>
	message?: string
}) {
	const giving = useNavigation().formData?.get('intent') === STORE_CREDIT_INTENT
	const [form, fields] = useForm({
		id: 'store-credit',
		lastResult: result,
		constraint: getZodConstraint(storeCreditSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: storeCreditSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<section aria-labelledby="credit-heading" className="mt-8 rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
			<h2 id="credit-heading" className="font-display text-2xl font-bold">
				Store credit
			</h2>
			<p className="mt-1 text-lg">
				Balance: <strong data-testid="store-credit-balance">{formatPrice(credit.balanceCents)}</strong>
				{credit.heldCents > 0 ? ` (+ ${formatPrice(credit.heldCents)} held by a payment)` : ''}
			</p>
			{message ? (
				<div className="mt-3">
					<FormStatus tone="success">{message}</FormStatus>
				</div>
			) : null}
			<Form method="post" {...getFormProps(form)} className="mt-4 grid max-w-xl gap-1">
				<input type="hidden" name="intent" value={STORE_CREDIT_INTENT} />
				<FormErrors id={form.errorId} errors={form.errors} />
				<TextField
					meta={fields.amount}
					label="Credit in dollars"
					hint="From $1 to $1,000, e.g. 12.50."
					inputMode="decimal"
				/>
				<SelectField
					meta={fields.reason}
					label="Reason"
					placeholder="Choose…"
					options={[
						{ value: 'refund', label: 'A refund as credit' },
						{ value: 'goodwill', label: 'Goodwill' },
					]}
				/>
				<TextField meta={fields.note} label="Note (optional, only you see it)" autoComplete="off" />
				<button type="submit" className={`${buttonClass} mt-2 justify-self-start`} disabled={giving}>
					{giving ? 'Giving credit…' : 'Give credit'}
				</button>
			</Form>
			<h3 className="mt-6 mb-2 font-display text-xl font-bold">History</h3>
			<WalletHistory entries={credit.entries} caption="History of this customer's store credit" />
		</section>
	)
}
