import { useEffect, useState } from 'react'
import { secondaryButtonClass } from './admin-ui'

/** A real button once JavaScript runs; before that (or without it) the browser's own Print is named instead. */
export function PrintButton() {
	const [canPrint, setCanPrint] = useState(false)
	useEffect(() => setCanPrint(true), [])
	if (!canPrint) return <p className="text-sm">To print, use your browser’s Print command (Ctrl+P or ⌘P).</p>
	return (
		<button type="button" onClick={() => window.print()} className={secondaryButtonClass}>
			Print
		</button>
	)
}
