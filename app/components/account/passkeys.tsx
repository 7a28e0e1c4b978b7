import { Form, useRevalidator } from '@remix-run/react'
import type {
	PublicKeyCredentialCreationOptionsJSON,
	PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import { useEffect, useId, useState } from 'react'
import { buttonClass, outlineButtonClass } from '~/components/ui/button-classes'
import { FormStatus } from '~/components/ui/forms'
import {
	PASSKEY_NAME_MAX_LENGTH,
	PASSKEYS_PATH,
	type PasskeyIntent,
	type PasskeyReply,
} from '~/domain/customers/passkey-rules'
import { useLocalizedPath, useT } from '~/utils/i18n-react'
import type { MessageKey } from '~/utils/i18n'

/**
 * Passkeys on the sign-in and account pages (decision 066). Both need JavaScript and a browser with WebAuthn: they
 * render nothing on the server and appear after hydration only where `window.PublicKeyCredential` exists, so the
 * pages without JavaScript are the e-mailed code's as before. @simplewebauthn/browser loads on the click, never
 * with the page (its JavaScript budget is unchanged).
 */

/** The server's outcome, or what the browser said: cancelled, already on this device, or anything else failing. */
type PasskeyResult = Omit<PasskeyReply, 'outcome'> & {
	outcome: PasskeyReply['outcome'] | 'cancelled' | 'on-device' | 'failed'
}

function usePasskeysSupported() {
	const [supported, setSupported] = useState<boolean | null>(null)
	useEffect(() => setSupported(typeof window.PublicKeyCredential === 'function'), [])
	return supported
}

async function post(intent: PasskeyIntent, fields: Record<string, string> = {}): Promise<PasskeyResult> {
	try {
		const response = await fetch(PASSKEYS_PATH, {
			method: 'POST',
			body: new URLSearchParams({ intent, ...fields }),
			headers: { Accept: 'application/json' },
		})
		if (!response.headers.get('Content-Type')?.includes('application/json')) return { outcome: 'failed' }
		return (await response.json()) as PasskeyReply
	} catch {
		return { outcome: 'failed' }
	}
}

/** What the authenticator's refusal means to the customer (@simplewebauthn/browser keeps the DOMException's name). */
function browserRefusal(error: unknown): PasskeyResult {
	const name = error instanceof Error ? error.name : ''
	if (name === 'NotAllowedError' || name === 'AbortError') return { outcome: 'cancelled' }
	if (name === 'InvalidStateError') return { outcome: 'on-device' }
	return { outcome: 'failed' }
}

/** One ceremony: the options, the authenticator (its library loaded now), then the answer to the server. */
async function ceremony(kind: 'register' | 'sign-in', fields: Record<string, string>): Promise<PasskeyResult> {
	const [library, options] = await Promise.all([
		import('@simplewebauthn/browser').catch(() => null),
		post(kind === 'register' ? 'register-options' : 'sign-in-options'),
	])
	if (!library) return { outcome: 'failed' }
	if (options.outcome !== 'options') return options
	let response: unknown
	try {
		response =
			kind === 'register'
				? await library.startRegistration({ optionsJSON: options.options as PublicKeyCredentialCreationOptionsJSON })
				: await library.startAuthentication({ optionsJSON: options.options as PublicKeyCredentialRequestOptionsJSON })
	} catch (error) {
		return browserRefusal(error)
	}
	return post(kind, { ...fields, response: JSON.stringify(response) })
}

const REFUSAL_MESSAGES = {
	cancelled: 'account.passkeyCancelled',
	'on-device': 'account.passkeyOnDevice',
	duplicate: 'account.passkeyOnDevice',
	expired: 'account.passkeyExpired',
	unknown: 'account.passkeyUnknown',
	invalid: 'account.passkeyInvalid',
	'signed-out': 'account.passkeySignedOut',
	failed: 'account.passkeyFailed',
	options: 'account.passkeyFailed',
	'signed-in': 'account.passkeyFailed',
} as const satisfies Record<Exclude<PasskeyResult['outcome'], 'saved' | 'rate-limited'>, MessageKey>

/** The result in words: saved, or why not (announced). */
function PasskeyStatus({ result }: { result: PasskeyResult | null }) {
	const t = useT()
	if (!result) return null
	if (result.outcome === 'saved') return <FormStatus tone="success">{t('account.passkeySaved')}</FormStatus>
	const message =
		result.outcome === 'rate-limited'
			? t('account.rateLimited', { minutes: Math.ceil((result.retryAfterSeconds ?? 60) / 60) })
			: t(REFUSAL_MESSAGES[result.outcome])
	return <FormStatus tone="error">{message}</FormStatus>
}

/** The sign-in page's "Sign in with a passkey", beside the e-mailed code (which stays the default). */
export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
	const t = useT()
	const supported = usePasskeysSupported()
	const [busy, setBusy] = useState(false)
	const [result, setResult] = useState<PasskeyResult | null>(null)
	if (!supported) return null

	async function signIn() {
		setBusy(true)
		setResult(null)
		const outcome = await ceremony('sign-in', { redirectTo })
		if (outcome.outcome === 'signed-in' && outcome.redirectTo) return window.location.assign(outcome.redirectTo)
		setResult(outcome)
		setBusy(false)
	}

	return (
		<section aria-labelledby="passkey-sign-in-heading" className="mt-8 border-t border-cocoa/20 pt-6">
			<h2 id="passkey-sign-in-heading" className="font-display text-2xl font-bold">
				{t('account.passkeySignInHeading')}
			</h2>
			<p className="mt-1">{t('account.passkeySignInIntro')}</p>
			<button
				type="button"
				onClick={() => void signIn()}
				disabled={busy}
				className={`${outlineButtonClass} mt-3 mb-3 px-6 py-3`}
			>
				{t('account.passkeySignIn')}
			</button>
			<PasskeyStatus result={result} />
		</section>
	)
}

interface AccountPasskey {
	id: string
	name: string
	created: string
	lastUsed: string | null
}

/**
 * The account page's "Sign in faster next time": the customer's passkeys (name, created, last used) each with a
 * Remove form that works without JavaScript, and, where the browser can, a name field and "Create a passkey".
 */
export function PasskeysSection({ passkeys }: { passkeys: readonly AccountPasskey[] }) {
	const t = useT()
	const localize = useLocalizedPath()
	const revalidator = useRevalidator()
	const supported = usePasskeysSupported()
	const nameId = useId()
	const [name, setName] = useState('')
	const [busy, setBusy] = useState(false)
	const [result, setResult] = useState<PasskeyResult | null>(null)

	async function create() {
		setBusy(true)
		setResult(null)
		const outcome = await ceremony('register', { name })
		setResult(outcome)
		setBusy(false)
		if (outcome.outcome === 'saved') {
			setName('')
			revalidator.revalidate()
		}
	}

	return (
		<section aria-labelledby="passkeys-heading">
			<h2 id="passkeys-heading" className="font-display text-3xl font-bold">
				{t('account.passkeysHeading')}
			</h2>
			<p className="mt-2">{t('account.passkeysIntro')}</p>
			{passkeys.length ? (
				<ul className="mt-4 grid gap-3" aria-labelledby="passkeys-heading">
					{passkeys.map((passkey) => {
						const label = passkey.name || t('account.passkeyUnnamed')
						return (
							<li
								key={passkey.id}
								className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow ring-1 ring-dough"
							>
								<div>
									<p className="font-semibold">{label}</p>
									<p className="text-sm">{t('account.passkeyCreated', { when: passkey.created })}</p>
									{passkey.lastUsed ? (
										<p className="text-sm">{t('account.passkeyLastUsed', { when: passkey.lastUsed })}</p>
									) : null}
								</div>
								<Form method="post" action={PASSKEYS_PATH} reloadDocument>
									<input type="hidden" name="intent" value="remove" />
									<input type="hidden" name="passkeyId" value={passkey.id} />
									<input type="hidden" name="redirectTo" value={localize('/account')} />
									<button
										type="submit"
										aria-label={t('account.passkeyRemoveNamed', { name: label })}
										className={`${outlineButtonClass} px-4 py-2`}
									>
										{t('account.passkeyRemove')}
									</button>
								</Form>
							</li>
						)
					})}
				</ul>
			) : (
				<p className="mt-2">{t('account.passkeysNone')}</p>
			)}
			{supported ? (
				<div className="mt-4 max-w-md">
					<label htmlFor={nameId} className="block font-semibold">
						{t('account.passkeyNameLabel')}
					</label>
					<p id={`${nameId}-hint`} className="text-sm text-cocoa/80">
						{t('account.passkeyNameHint')}
					</p>
					<input
						id={nameId}
						type="text"
						value={name}
						onChange={(event) => setName(event.target.value)}
						maxLength={PASSKEY_NAME_MAX_LENGTH}
						autoComplete="off"
						aria-describedby={`${nameId}-hint`}
						className="mt-1 mb-3 block w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2 text-cocoa shadow-sm focus:border-cinnamon"
					/>
					<button type="button" onClick={() => void create()} disabled={busy} className={`${buttonClass} mb-3`}>
						{t('account.passkeyCreate')}
					</button>
					<PasskeyStatus result={result} />
				</div>
			) : supported === false ? (
				<p className="mt-4">{t('account.passkeyUnsupported')}</p>
			) : null}
		</section>
	)
}
