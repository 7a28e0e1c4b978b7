import { Link } from '@remix-run/react'

export function EmptyCart() {
	return (
		<div className="rounded-xl bg-dough/60 p-8 text-center">
			<p className="text-lg">Your cart is empty.</p>
			<Link to="/menu" className="mt-4 inline-block font-semibold text-cinnamon underline">
				Browse menu
			</Link>
		</div>
	)
}
