import { HONEYPOT_FIELD } from '~/utils/honeypot'

/** Invisible to people and assistive technology; see app/utils/honeypot.ts. */
export function HoneypotField() {
	return (
		<div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
			<label htmlFor={`${HONEYPOT_FIELD}-hp`}>Leave this field empty</label>
			<input id={`${HONEYPOT_FIELD}-hp`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
		</div>
	)
}
