import { useState, type FormEvent } from 'react'
import { secondaryButtonClass } from './admin-ui'

/**
 * 'Export to CSV'. Without JavaScript it is a plain GET form and the browser downloads the file;
 * with it the file is fetched so the button can say 'Exporting...' meanwhile and report a failure.
 */
export function ExportCsvButton({ href, filename }: { href: string; filename: string }) {
	const [state, setState] = useState<'idle' | 'exporting' | 'failed'>('idle')

	async function download(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		setState('exporting')
		try {
			const response = await fetch(href, { headers: { Accept: 'text/csv' } })
			// A session that ended meanwhile is redirected to the sign-in page (HTML), not a CSV.
			if (!response.ok || !response.headers.get('Content-Type')?.startsWith('text/csv'))
				throw new Error(`Export: ${response.status}`)
			const url = URL.createObjectURL(await response.blob())
			const link = document.createElement('a')
			link.href = url
			link.download = filename
			document.body.append(link)
			link.click()
			link.remove()
			setTimeout(() => URL.revokeObjectURL(url), 10_000)
			setState('idle')
		} catch (error) {
			console.error(error)
			setState('failed')
		}
	}

	return (
		<div className="flex flex-col items-end gap-2">
			<form method="get" action={href} onSubmit={download}>
				<button type="submit" className={secondaryButtonClass} disabled={state === 'exporting'}>
					{state === 'exporting' ? 'Exporting...' : 'Export to CSV'}
				</button>
			</form>
			<div role="status">
				{state === 'failed' ? (
					<p className="text-sm text-red-800">The export failed. Please reload the page and try again.</p>
				) : null}
			</div>
		</div>
	)
}
