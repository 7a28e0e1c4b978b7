import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import { useRef, type ReactNode } from 'react'
import { CONFIRMED_FIELD } from '~/utils/admin-route'
import { dangerButtonClass, secondaryButtonClass } from './admin-ui'

function useDeleting(intent: string, id: string) {
	const navigation = useNavigation()
	return (
		navigation.state !== 'idle' && navigation.formData?.get('intent') === intent && navigation.formData.get('id') === id
	)
}

/**
 * A button for something that cannot be undone (Delete, Cancel & refund) that asks first. With JavaScript the
 * browser's confirm dialog asks; without it the first press only makes the server show <ConfirmDeletePanel>
 * with the same question.
 */
export function DeleteForm({
	id,
	question,
	children,
	intent = 'delete',
	busyLabel = 'Deleting...',
}: {
	id: string
	question: string
	/** The button's text, e.g. `Delete <VisuallyHidden>request from Ana</VisuallyHidden>`. */
	children: ReactNode
	intent?: string
	busyLabel?: string
}) {
	const confirmedRef = useRef<HTMLInputElement>(null)
	const deleting = useDeleting(intent, id)
	return (
		<Form
			method="post"
			onSubmit={(event) => {
				if (!window.confirm(question)) return event.preventDefault()
				if (confirmedRef.current) confirmedRef.current.value = 'yes'
			}}
		>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="id" value={id} />
			<input ref={confirmedRef} type="hidden" name={CONFIRMED_FIELD} defaultValue="" />
			<button type="submit" className={dangerButtonClass} disabled={deleting}>
				{deleting ? busyLabel : children}
			</button>
		</Form>
	)
}

/** The no-JavaScript confirmation: the question, a button that really does it, and a way back. */
export function ConfirmDeletePanel({
	id,
	question,
	intent = 'delete',
	confirmLabel = 'Yes, delete',
	keepLabel = 'Cancel',
}: {
	id: string
	question: string
	intent?: string
	confirmLabel?: string
	/** The way back, which changes nothing. */
	keepLabel?: string
}) {
	const location = useLocation()
	return (
		<div role="alert" className="mt-3 rounded-lg border border-red-800 bg-red-50 p-3 text-red-900">
			<p className="font-semibold">{question}</p>
			<div className="mt-2 flex flex-wrap items-center gap-3">
				<Form method="post">
					<input type="hidden" name="intent" value={intent} />
					<input type="hidden" name="id" value={id} />
					<input type="hidden" name={CONFIRMED_FIELD} value="yes" />
					<button type="submit" className={dangerButtonClass}>
						{confirmLabel}
					</button>
				</Form>
				<Link to={location.pathname + location.search} className={secondaryButtonClass} replace>
					{keepLabel}
				</Link>
			</div>
		</div>
	)
}
