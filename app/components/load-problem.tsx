import type { ReactNode } from 'react'

/** A friendly note, inside the layout, when a page's data could not be loaded. */
export function LoadProblem({ children }: { children: ReactNode }) {
	return (
		<div
			role="alert"
			className="mx-auto max-w-xl rounded-2xl border border-cinnamon/40 bg-white p-6 text-center text-lg"
		>
			<p>{children}</p>
			<p className="mt-2 text-base">
				Reload the page in a moment, or{' '}
				<a href="/" className="font-semibold text-cinnamon underline underline-offset-4">
					go back to the home page
				</a>
				.
			</p>
		</div>
	)
}
