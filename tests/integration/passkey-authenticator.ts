import crypto from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

/**
 * A software passkey (decision 066 tests): one P-256 credential that answers WebAuthn options as a browser with a
 * platform authenticator would, with 'none' attestation, user presence and verification. Everything a real one
 * could get wrong can be set: the origin the browser reports, the RP ID it signs for, and the signature counter.
 */
const UP = 0x01
const UV = 0x04
const AT = 0x40

type Cbor = Parameters<typeof isoCBOR.encode>[0]

const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest()
const b64url = (data: Buffer | Uint8Array | string) => Buffer.from(data).toString('base64url')

export class SoftPasskey {
	readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
	readonly credentialId = crypto.randomBytes(16)
	/** The user handle the site gave at registration (base64url). */
	userHandle = ''
	constructor(
		public origin: string,
		public rpID = new URL(origin).hostname,
		/** The next assertion's counter; null = a passkey that keeps none (always 0), as synced passkeys do. */
		public counter: number | null = 0,
	) {}

	get id() {
		return b64url(this.credentialId)
	}

	private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
		return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }))
	}

	private authenticatorData(flags: number, counter: number, attested?: Buffer) {
		const count = Buffer.alloc(4)
		count.writeUInt32BE(counter)
		return Buffer.concat([sha256(this.rpID), Buffer.from([flags]), count, ...(attested ? [attested] : [])])
	}

	private cosePublicKey() {
		const jwk = this.keys.publicKey.export({ format: 'jwk' })
		return Buffer.from(
			isoCBOR.encode(
				new Map<number, Cbor>([
					[1, 2],
					[3, -7],
					[-1, 1],
					[-2, Buffer.from(jwk.x!, 'base64url')],
					[-3, Buffer.from(jwk.y!, 'base64url')],
				]),
			),
		)
	}

	/** The PublicKeyCredential as @simplewebauthn/browser hands it to the page (JSON). */
	private credential<Response>(response: Response) {
		return {
			id: this.id,
			rawId: this.id,
			type: 'public-key',
			authenticatorAttachment: 'platform',
			clientExtensionResults: {},
			response,
		}
	}

	/** navigator.credentials.create() for `options` (generateRegistrationOptions' JSON), as the browser sends it. */
	register(options: { challenge: string; user: { id: string } }) {
		this.userHandle = options.user.id
		const idLength = Buffer.alloc(2)
		idLength.writeUInt16BE(this.credentialId.length)
		const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey()])
		const authData = this.authenticatorData(UP | UV | AT, this.counter ?? 0, attested)
		const attestationObject = isoCBOR.encode(
			new Map<string, Cbor>([
				['fmt', 'none'],
				['attStmt', new Map()],
				['authData', authData],
			]),
		)
		return this.credential({
			clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
			attestationObject: b64url(attestationObject),
			transports: ['internal'],
		})
	}

	/** navigator.credentials.get() for `options` (generateAuthenticationOptions' JSON): the counter moves on first. */
	assert(options: { challenge: string }) {
		if (this.counter !== null) this.counter += 1
		const authData = this.authenticatorData(UP | UV, this.counter ?? 0)
		const clientData = this.clientData('webauthn.get', options.challenge)
		const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.keys.privateKey)
		return this.credential({
			clientDataJSON: b64url(clientData),
			authenticatorData: b64url(authData),
			signature: b64url(signature),
			userHandle: this.userHandle,
		})
	}
}
