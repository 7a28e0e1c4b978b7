import crypto from 'node:crypto'
import { createCookie } from '@remix-run/node'
import {
	generateAuthenticationOptions,
	generateRegistrationOptions,
	verifyAuthenticationResponse,
	verifyRegistrationResponse,
	type AuthenticationResponseJSON,
	type AuthenticatorTransportFuture,
	type PublicKeyCredentialCreationOptionsJSON,
	type PublicKeyCredentialRequestOptionsJSON,
	type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { z } from 'zod'
import { getBusiness } from '~/config/business.server'
import { cookieSecrets } from '~/domain/admin-auth/index.server'
import { getEnv } from '~/utils/env.server'
import { siteOrigin } from '~/utils/request.server'
import {
	createPasskeyChallenge,
	findPasskey,
	listCustomerPasskeys,
	savePasskey,
	signInWithPasskey,
	takePasskeyChallenge,
	type PasskeyPurpose,
} from './models/passkey.server'
import { customerSessionCookie, newCustomerSessionId, type SignedInCustomer } from './session.server'
import { PASSKEY_NAME_MAX_LENGTH } from './passkey-rules'

/**
 * Passkeys (decision 066), a second way into an account once it exists: WebAuthn through @simplewebauthn/server.
 * Each ceremony is two posts: options (a challenge stored server-side, named by a signed cookie, 5 minutes), then
 * the authenticator's answer, verified against that challenge, taken out whatever the outcome. The relying party is
 * the site's public origin (APP_URL; the request's own origin in development) and its host name.
 */
const CHALLENGE_TTL_SECONDS = 5 * 60

let cookie: ReturnType<typeof createCookie> | undefined
function challengeCookie() {
	cookie ??= createCookie('__bakery_passkey', {
		httpOnly: true,
		sameSite: 'strict',
		secure: getEnv().NODE_ENV === 'production',
		path: '/account',
		maxAge: CHALLENGE_TTL_SECONDS,
		secrets: cookieSecrets(),
	})
	return cookie
}

async function challengeIdOf(request: Request): Promise<string | null> {
	const value: unknown = await challengeCookie().parse(request.headers.get('Cookie'))
	return typeof value === 'string' && value ? value : null
}

/** The origin and RP ID every ceremony is bound to: never a Host header in production (APP_URL). */
function relyingParty(request: Request) {
	const origin = siteOrigin(request)
	return { origin, rpID: new URL(origin).hostname, rpName: getBusiness().name }
}

/** What every answer is checked against: this browser's challenge, the site's origin and RP ID, a verified user. */
function expectations(request: Request, challenge: string) {
	const { origin, rpID } = relyingParty(request)
	return { expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true }
}

/** The library's verdict when it verified the answer, else null (it throws on a wrong origin, RP ID, signature or counter). */
async function verdict<Result extends { verified: boolean }>(verification: Promise<Result>): Promise<Result | null> {
	try {
		const result = await verification
		return result.verified ? result : null
	} catch (error) {
		console.warn(`Passkey refused: ${error instanceof Error ? error.message : String(error)}`)
		return null
	}
}

/** Stores the options' challenge for `purpose` and answers the options with the cookie that names it. */
async function issueChallenge<Options extends { challenge: string }>(
	options: Options,
	purpose: PasskeyPurpose,
	sessionId: string | null,
) {
	const id = crypto.randomBytes(24).toString('base64url')
	await createPasskeyChallenge({
		id,
		challenge: options.challenge,
		purpose,
		sessionId,
		expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
	})
	return { options, setCookie: await challengeCookie().serialize(id) }
}

/** The challenge cookie's end, sent with every answer to a verification. */
function clearChallengeCookie() {
	return challengeCookie().serialize('', { maxAge: 0 })
}

/** This browser's challenge for `purpose`, taken out (one use), or null when missing, expired or someone else's. */
async function takeChallenge(request: Request, purpose: PasskeyPurpose, sessionId: string | null) {
	const id = await challengeIdOf(request)
	return id ? takePasskeyChallenge(id, purpose, sessionId) : null
}

const base64url = z
	.string()
	.max(16_384)
	.regex(/^[A-Za-z0-9_-]*$/)
const transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])

/** Only transports the library knows are stored and handed back to browsers (a newer browser may name others). */
function knownTransports(values: readonly string[] | undefined): AuthenticatorTransportFuture[] {
	return (values ?? []).filter((value): value is AuthenticatorTransportFuture => transport.safeParse(value).success)
}
const credentialFields = {
	id: base64url.min(1).max(1_400),
	rawId: base64url.min(1).max(1_400),
	type: z.literal('public-key'),
	authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
	clientExtensionResults: z.object({}).passthrough().default({}),
}
const registrationSchema = z.object({
	...credentialFields,
	response: z.object({
		clientDataJSON: base64url,
		attestationObject: base64url,
		transports: z.array(z.string().max(20)).max(10).optional().transform(knownTransports),
	}),
})
const authenticationSchema = z.object({
	...credentialFields,
	response: z.object({
		clientDataJSON: base64url,
		authenticatorData: base64url,
		signature: base64url,
		userHandle: base64url.max(128).optional(),
	}),
})

/** The browser's JSON answer, read once: the shape @simplewebauthn/browser sends, or null. */
function parseResponse<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, text: string): T | null {
	try {
		const parsed = schema.safeParse(JSON.parse(text))
		return parsed.success ? parsed.data : null
	} catch {
		return null
	}
}

/** The user handle a passkey carries: the account id's bytes (no address, nothing personal). */
function userHandleOf(customerId: string) {
	return new TextEncoder().encode(customerId)
}

export type PasskeyRefusal = 'expired' | 'invalid' | 'unknown' | 'duplicate'

/** Registration, step 1: options for a discoverable credential with user verification, other passkeys excluded. */
export async function passkeyRegistrationOptions(
	request: Request,
	customer: SignedInCustomer,
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; setCookie: string }> {
	const { rpID, rpName } = relyingParty(request)
	const existing = await listCustomerPasskeys(customer.id)
	const options = await generateRegistrationOptions({
		rpName,
		rpID,
		userID: userHandleOf(customer.id),
		userName: customer.email,
		userDisplayName: customer.name || customer.email,
		attestationType: 'none',
		excludeCredentials: existing.map((passkey) => ({
			id: passkey.id,
			transports: knownTransports(passkey.transports),
		})),
		authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
		timeout: CHALLENGE_TTL_SECONDS * 1000,
	})
	return issueChallenge(options, 'register', customer.sessionId)
}

/**
 * Registration, step 2: the authenticator's answer, checked against this session's challenge, the site's origin and
 * RP ID, with the user verified; the credential is stored for this customer under the name they gave.
 */
export async function registerPasskey(input: {
	request: Request
	customer: SignedInCustomer
	response: string
	name: string
}): Promise<{ outcome: 'saved' | PasskeyRefusal; setCookie: string }> {
	const setCookie = await clearChallengeCookie()
	const challenge = await takeChallenge(input.request, 'register', input.customer.sessionId)
	if (!challenge) return { outcome: 'expired', setCookie }
	const response = parseResponse<RegistrationResponseJSON>(registrationSchema, input.response)
	if (!response) return { outcome: 'invalid', setCookie }
	const verification = await verdict(
		verifyRegistrationResponse({ response, ...expectations(input.request, challenge) }),
	)
	if (!verification?.registrationInfo) return { outcome: 'invalid', setCookie }
	const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo
	const outcome = await savePasskey({
		id: credential.id,
		customerId: input.customer.id,
		publicKey: credential.publicKey,
		counter: credential.counter,
		transports: response.response.transports ?? [],
		deviceType: credentialDeviceType,
		backedUp: credentialBackedUp,
		name: input.name.trim().slice(0, PASSKEY_NAME_MAX_LENGTH),
	})
	return { outcome, setCookie }
}

/**
 * Sign-in, step 1: options for any passkey of this site (discoverable credentials: no address is asked, so nothing
 * tells whether an account exists).
 */
export async function passkeySignInOptions(
	request: Request,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; setCookie: string }> {
	const { rpID } = relyingParty(request)
	const options = await generateAuthenticationOptions({
		rpID,
		userVerification: 'required',
		timeout: CHALLENGE_TTL_SECONDS * 1000,
	})
	return issueChallenge(options, 'sign-in', null)
}

/**
 * Sign-in, step 2: the assertion, checked against this browser's challenge, the origin, the RP ID, the stored public
 * key and its counter (it must have moved on, unless the authenticator keeps none); then the same customer session a
 * code opens, in the same transaction as the counter's update.
 */
export async function signInWithPasskeyResponse(input: {
	request: Request
	response: string
}): Promise<{ outcome: 'signed-in'; headers: Headers } | { outcome: PasskeyRefusal; headers: Headers }> {
	const headers = new Headers([
		['Set-Cookie', await clearChallengeCookie()],
		['Cache-Control', 'private, no-store'],
	])
	const challenge = await takeChallenge(input.request, 'sign-in', null)
	if (!challenge) return { outcome: 'expired', headers }
	const response = parseResponse<AuthenticationResponseJSON>(authenticationSchema, input.response)
	if (!response) return { outcome: 'invalid', headers }
	const passkey = await findPasskey(response.id)
	if (!passkey) return { outcome: 'unknown', headers }
	const handle = response.response.userHandle
	if (handle && handle !== Buffer.from(userHandleOf(passkey.customer.id)).toString('base64url')) {
		return { outcome: 'invalid', headers }
	}
	// A counter that went backwards (a cloned authenticator?) is refused by the library too, with a line in the log.
	const verification = await verdict(
		verifyAuthenticationResponse({
			response,
			...expectations(input.request, challenge),
			credential: {
				id: passkey.id,
				publicKey: passkey.publicKey,
				counter: passkey.counter,
				transports: knownTransports(passkey.transports),
			},
		}),
	)
	if (!verification) return { outcome: 'invalid', headers }
	const sessionId = newCustomerSessionId()
	const signedIn = await signInWithPasskey({
		passkeyId: passkey.id,
		customerId: passkey.customer.id,
		email: passkey.customer.email,
		checkedCounter: passkey.counter,
		newCounter: verification.authenticationInfo.newCounter,
		sessionId,
	})
	if (!signedIn) return { outcome: 'invalid', headers }
	headers.append('Set-Cookie', await customerSessionCookie(sessionId))
	return { outcome: 'signed-in', headers }
}

/** The account page's list: each passkey's name and when it was made and last used. */
export async function customerPasskeys(customerId: string) {
	const passkeys = await listCustomerPasskeys(customerId)
	return passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt }))
}

/** Removes one of the customer's own passkeys; false for an id that is not theirs (the route answers 404). */
export { deletePasskey as removePasskey } from './models/passkey.server'
