/**
 * What the customer wrote at checkout (decision 077), on the board and the orders screen. The allergy note is a
 * bordered box that starts with the word "Allergies" (not a colour alone); the note is quoted like a cake request.
 */
export function OrderNotes({
	allergyNote,
	customerNote,
	className = 'mt-2',
}: {
	allergyNote: string | null
	customerNote: string | null
	className?: string
}) {
	if (!allergyNote && !customerNote) return null
	return (
		<div className={`space-y-2 ${className}`}>
			{allergyNote ? (
				<p className="rounded-lg border-2 border-red-800 bg-red-50 px-3 py-2 font-semibold break-words whitespace-pre-line text-red-900">
					<span aria-hidden="true">⚠ </span>
					<strong className="font-bold uppercase">Allergies:</strong> {allergyNote}
				</p>
			) : null}
			{customerNote ? (
				<p className="break-words whitespace-pre-line">
					<strong className="font-semibold">Note:</strong> “{customerNote}”
				</p>
			) : null}
		</div>
	)
}
