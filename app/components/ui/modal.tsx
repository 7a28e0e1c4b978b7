import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A real modal dialog: native <dialog> + showModal(), so focus moves in, the page behind is inert
 * and Tab stays inside. Escape and a click on the backdrop call onClose; the page does not scroll
 * while it is open; focus returns to whatever opened it.
 */
export function Modal({
	open,
	onClose,
	labelledBy,
	children,
	className = '',
}: {
	open: boolean
	onClose: () => void
	labelledBy: string
	children: ReactNode
	className?: string
}) {
	const dialogRef = useRef<HTMLDialogElement>(null)

	useEffect(() => {
		const dialog = dialogRef.current
		if (!dialog || !open) return
		const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
		dialog.showModal()
		const root = document.documentElement
		const previousOverflow = root.style.overflow
		root.style.overflow = 'hidden'
		return () => {
			root.style.overflow = previousOverflow
			if (dialog.open) dialog.close()
			opener?.focus()
		}
	}, [open])

	return (
		// A click on the backdrop lands on the <dialog> itself; keyboard users close with Escape (onCancel).
		// eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
		<dialog
			ref={dialogRef}
			aria-labelledby={labelledBy}
			className={`m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] rounded-2xl bg-cream p-0 text-cocoa shadow-2xl backdrop:bg-cocoa/60 ${className}`}
			onCancel={(event) => {
				event.preventDefault()
				onClose()
			}}
			onClick={(event) => {
				if (event.target === event.currentTarget) onClose()
			}}
		>
			{open ? <div className="p-5 sm:p-6">{children}</div> : null}
		</dialog>
	)
}

export function ModalCloseButton({ onClose }: { onClose: () => void }) {
	return (
		<button
			type="button"
			onClick={onClose}
			className="grid h-11 w-11 shrink-0 place-items-center rounded-full text-2xl hover:bg-dough"
			aria-label="Close"
		>
			×
		</button>
	)
}
