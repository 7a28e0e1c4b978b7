import { formatPrice } from '~/utils/money'

interface OrderLine {
	key: string
	name: string
	quantity: number
	unitPriceCents: number
}

/** 'name x quantity' with the line total, then the order total (preview, test payment, confirmation). */
export function OrderLines({ lines, totalCents }: { lines: readonly OrderLine[]; totalCents: number }) {
	return (
		<>
			<ul className="mt-3 divide-y divide-dough border-y border-dough">
				{lines.map((line) => (
					<li key={line.key} className="flex justify-between gap-4 py-2">
						<span>
							{line.name} x {line.quantity}
						</span>
						<span>{formatPrice(line.unitPriceCents * line.quantity)}</span>
					</li>
				))}
			</ul>
			<p className="mt-3 text-right text-lg font-bold">Total: {formatPrice(totalCents)}</p>
		</>
	)
}
