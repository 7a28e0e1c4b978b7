import type { ReactNode } from 'react'

export const secondaryButtonClass =
	'inline-flex items-center justify-center rounded-full border border-cocoa px-4 py-1.5 font-semibold hover:bg-cocoa hover:text-cream disabled:cursor-not-allowed disabled:opacity-60'
export const dangerButtonClass =
	'inline-flex items-center justify-center rounded-full border border-red-800 px-4 py-1.5 font-semibold text-red-800 hover:bg-red-800 hover:text-white disabled:cursor-not-allowed disabled:opacity-60'

export function AdminHeading({ title, children }: { title: string; children?: ReactNode }) {
	return (
		<div className="mb-6 flex flex-wrap items-end justify-between gap-4">
			<h1 className="font-display text-3xl font-bold">{title}</h1>
			{children}
		</div>
	)
}

/** A polite live region that is always in the page, so screen readers announce what appears in it. */
export function StatusRegion({ message }: { message?: string | null }) {
	return (
		<div role="status">
			{message ? <p className="mb-4 rounded-lg border border-leaf bg-green-50 p-3 text-green-900">{message}</p> : null}
		</div>
	)
}

/** Text for screen readers only: tells apart buttons that look the same ("Delete" on every card). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
	return <span className="sr-only">{children}</span>
}
