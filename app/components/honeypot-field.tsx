import { HONEYPOT_FIELD } from '~/utils/honeypot'
import { useT } from '~/utils/i18n-react'

/** Invisible to people and assistive technology; see app/utils/honeypot.ts. */
export function HoneypotField() {
	const t = useT()
	return (
		<div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
			<label htmlFor={`${HONEYPOT_FIELD}-hp`}>{t('requests.honeypotLabel')}</label>
			<input id={`${HONEYPOT_FIELD}-hp`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
		</div>
	)
}
