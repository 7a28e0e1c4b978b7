import { useEffect, useState, type ReactNode } from 'react'
import { MAX_QUANTITY_PER_LINE } from '~/domain/orders/cart'
import { useT } from '~/utils/i18n-react'

/**
 * − [n] + with a minimum of 1. Typed input that is not a positive whole number is ignored:
 * the last valid quantity stays (docs/product.md, Ordering) and the field shows it again on blur.
 */
export function QuantityStepper({
	id,
	label,
	value,
	onChange,
	itemName,
}: {
	id: string
	label: ReactNode
	/** Names the item in the button labels where several steppers share a page. */
	itemName?: string
	value: number
	onChange: (quantity: number) => void
}) {
	const t = useT()
	const [text, setText] = useState(String(value))
	useEffect(() => setText(String(value)), [value])

	function accept(raw: string) {
		setText(raw)
		if (!/^\d+$/.test(raw.trim())) return
		const quantity = Number(raw)
		if (quantity >= 1 && quantity <= MAX_QUANTITY_PER_LINE) onChange(quantity)
	}

	const buttonClass =
		'grid h-11 w-11 place-items-center rounded-full border border-cocoa/40 text-xl font-bold text-cocoa hover:bg-dough disabled:cursor-not-allowed disabled:opacity-40'
	return (
		<div className="flex items-center gap-3">
			<label htmlFor={id} className="font-semibold">
				{label}
			</label>
			<button
				type="button"
				className={buttonClass}
				aria-label={itemName ? t('shop.decreaseQuantityOf', { name: itemName }) : t('shop.decreaseQuantity')}
				disabled={value <= 1}
				onClick={() => onChange(Math.max(1, value - 1))}
			>
				−
			</button>
			<input
				id={id}
				type="text"
				inputMode="numeric"
				pattern="[0-9]*"
				className="h-11 w-16 rounded-lg border border-cocoa/40 bg-white text-center text-lg"
				value={text}
				onChange={(event) => accept(event.target.value)}
				onBlur={() => setText(String(value))}
			/>
			<button
				type="button"
				className={buttonClass}
				aria-label={itemName ? t('shop.increaseQuantityOf', { name: itemName }) : t('shop.increaseQuantity')}
				disabled={value >= MAX_QUANTITY_PER_LINE}
				onClick={() => onChange(Math.min(MAX_QUANTITY_PER_LINE, value + 1))}
			>
				+
			</button>
		</div>
	)
}
