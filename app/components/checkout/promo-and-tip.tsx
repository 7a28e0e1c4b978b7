import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { FieldErrors } from '~/components/ui/forms'
import { TIP_PERCENTS } from '~/domain/promotions/promo-pricing'
import { formatPrice } from '~/utils/money'
import { WalletLines } from './order-lines'
import { useLocale, useT } from '~/utils/i18n-react'

/** The checkout form's Apply button: the server prices the order with the code and tip, and holds nothing. */
export const PRICE_INTENT = { name: 'intent', value: 'price' } as const

/** The order as the server priced it for the preview (decision 080). */
export interface ServerPrice {
	subtotalCents: number
	discountCents: number
	taxCents: number
	tipCents: number
	totalCents: number
	promoCode: string | null
	/** What the gift card and the store credit pay (decision 086), and what is left for the card. */
	giftCard: { last4: string; cents: number; leftCents: number } | null
	storeCreditCents: number
	dueCents: number
}

const controlClass =
	'block w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2 text-cocoa shadow-sm focus:border-cinnamon aria-[invalid=true]:border-red-700'

/**
 * The promo code with its Apply button, and the tip (none, 10/15/20 % or another amount). Plain form fields: the
 * code and the tip are posted with the order, and the server prices both, whatever the browser shows. `onPrice`
 * asks the server for the order's figures (the Apply button, a changed tip); `priceErrors` are its answer's.
 */
export function PromoAndTip({
	promoCode,
	tip,
	tipAmount,
	price,
	priceErrors,
	pricing,
	onPrice,
}: {
	promoCode: FieldMetadata<unknown>
	tip: FieldMetadata<unknown>
	tipAmount: FieldMetadata<unknown>
	price: ServerPrice | null
	priceErrors: { promoCode?: string[]; tipAmount?: string[] }
	pricing: boolean
	onPrice: () => void
}) {
	const t = useT()
	const locale = useLocale()
	const amount = getInputProps(tipAmount as FieldMetadata<string>, { type: 'text', ariaAttributes: true })
	const codeErrors = promoCode.errors ?? priceErrors.promoCode
	const amountErrors = tipAmount.errors ?? priceErrors.tipAmount
	const chosenTip = typeof tip.initialValue === 'string' ? tip.initialValue : 'none'
	const applied = price?.promoCode && price.discountCents > 0 && !codeErrors?.length ? price : null
	return (
		<div className="space-y-3">
			<CodeField
				meta={promoCode}
				label={t('shop.promoCodeLabel')}
				applyLabel={t('shop.promoApplyCode')}
				errors={codeErrors}
				pricing={pricing}
				onPrice={onPrice}
				applied={
					applied
						? t('shop.promoApplied', {
								code: applied.promoCode ?? '',
								amount: formatPrice(applied.discountCents, locale),
							})
						: null
				}
			/>
			<fieldset>
				<legend className="font-semibold">{t('shop.promoTipLegend')}</legend>
				<div className="mt-1 flex flex-wrap gap-x-5 gap-y-2" onChange={onPrice}>
					{(['none', ...TIP_PERCENTS.map(String), 'custom'] as const).map((value) => (
						<label key={value} className="flex items-center gap-2">
							<input
								type="radio"
								name={tip.name}
								value={value}
								defaultChecked={chosenTip === value}
								className="h-5 w-5 accent-cinnamon"
							/>
							{value === 'none'
								? t('shop.promoTipNone')
								: value === 'custom'
									? t('shop.promoTipOther')
									: t('shop.promoTipPercent', { percent: value })}
						</label>
					))}
				</div>
				<label htmlFor={tipAmount.id} className="mt-2 block text-sm font-semibold">
					{t('shop.promoTipAmountLabel')}
				</label>
				<input
					{...amount}
					key={amount.key}
					inputMode="decimal"
					onBlur={onPrice}
					aria-invalid={amountErrors?.length ? true : undefined}
					className={`${controlClass} max-w-40`}
				/>
				<FieldErrors id={tipAmount.errorId} errors={amountErrors} />
			</fieldset>
		</div>
	)
}

/** The order's figures as the server priced them: Subtotal, Discount (code), Tax, Tip, Total. */
export function PriceSummary({ price }: { price: ServerPrice }) {
	const t = useT()
	const locale = useLocale()
	return (
		<div className="mt-3 border-t border-dough pt-3 text-right" role="status">
			<p>{t('shop.subtotal', { amount: formatPrice(price.subtotalCents, locale) })}</p>
			{price.discountCents > 0 ? (
				<p>
					{t('shop.promoDiscountLine', {
						code: price.promoCode ?? '',
						amount: formatPrice(price.discountCents, locale),
					})}
				</p>
			) : null}
			{price.taxCents > 0 ? <p>{t('shop.tax', { amount: formatPrice(price.taxCents, locale) })}</p> : null}
			{price.tipCents > 0 ? <p>{t('shop.promoTipAmount', { amount: formatPrice(price.tipCents, locale) })}</p> : null}
			<p className="text-lg font-bold">{t('shop.total', { amount: formatPrice(price.totalCents, locale) })}</p>
			<WalletLines adjustments={price} totalCents={price.totalCents} />
		</div>
	)
}

/**
 * The gift card code with its Apply button and, for a signed-in customer who has some, their store credit
 * (decision 086). Plain form fields posted with the order: the server decides what each pays.
 */
export function WalletFields({
	giftCardCode,
	useStoreCredit,
	storeCreditCents,
	price,
	priceErrors,
	pricing,
	onPrice,
}: {
	giftCardCode: FieldMetadata<unknown>
	useStoreCredit: FieldMetadata<unknown>
	storeCreditCents: number
	price: ServerPrice | null
	priceErrors?: string[]
	pricing: boolean
	onPrice: () => void
}) {
	const t = useT()
	const locale = useLocale()
	const codeErrors = giftCardCode.errors ?? priceErrors
	const applied = price?.giftCard && !codeErrors?.length ? price.giftCard : null
	return (
		<div className="space-y-3">
			<CodeField
				meta={giftCardCode}
				label={t('shop.giftCardCodeLabel')}
				applyLabel={t('shop.giftCardApply')}
				hint={t('shop.giftCardCodeHint')}
				errors={codeErrors}
				pricing={pricing}
				onPrice={onPrice}
				applied={
					applied
						? `${t('shop.giftCardLine', { last4: applied.last4, amount: formatPrice(applied.cents, locale) })} ${t('shop.giftCardLeft', { amount: formatPrice(applied.leftCents, locale) })}`
						: null
				}
			/>
			{storeCreditCents > 0 ? (
				<label className="flex items-center gap-2">
					<input
						type="checkbox"
						name={useStoreCredit.name}
						value="on"
						defaultChecked={useStoreCredit.initialValue === 'on'}
						onChange={onPrice}
						className="h-5 w-5 accent-cinnamon"
					/>
					{t('shop.useStoreCredit', { amount: formatPrice(storeCreditCents, locale) })}
				</label>
			) : null}
		</div>
	)
}

/**
 * A code the server prices (a promo code, a gift card's): its label, an optional hint, the field with its Apply
 * button, what it gave (a live status) and its errors.
 */
function CodeField({
	meta,
	label,
	applyLabel,
	hint,
	errors,
	applied,
	pricing,
	onPrice,
}: {
	meta: FieldMetadata<unknown>
	label: string
	/** The button's name, which tells the two Apply buttons apart ("Apply gift card"); it starts with "Apply". */
	applyLabel: string
	hint?: string
	errors?: string[]
	applied: string | null
	pricing: boolean
	onPrice: () => void
}) {
	const t = useT()
	const input = getInputProps(meta as FieldMetadata<string>, { type: 'text', ariaAttributes: true })
	const hintId = `${meta.id}-hint`
	return (
		<div>
			<label htmlFor={meta.id} className="block font-semibold">
				{label}
			</label>
			{hint ? (
				<p id={hintId} className="text-sm text-cocoa/80">
					{hint}
				</p>
			) : null}
			<div className="mt-1 flex gap-2">
				<input
					{...input}
					key={input.key}
					autoComplete="off"
					autoCapitalize="characters"
					spellCheck={false}
					aria-invalid={errors?.length ? true : undefined}
					aria-describedby={`${hint ? `${hintId} ` : ''}${meta.errorId} ${meta.id}-applied`}
					className={controlClass}
				/>
				{/* aria-disabled, not disabled: a price asked by leaving the tip field must not move keyboard focus past it. */}
				<button
					type="button"
					onClick={pricing ? undefined : onPrice}
					aria-disabled={pricing || undefined}
					aria-label={applyLabel}
					className="shrink-0 rounded-full border-2 border-cocoa px-5 py-2 font-semibold hover:bg-dough aria-disabled:opacity-60"
				>
					{t('shop.promoApply')}
				</button>
			</div>
			<p id={`${meta.id}-applied`} role="status" className="text-sm text-green-800">
				{applied}
			</p>
			<FieldErrors id={meta.errorId} errors={errors} />
		</div>
	)
}
