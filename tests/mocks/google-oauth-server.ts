/**
 * A local stand-in for Google's OAuth 2.0 endpoints (authorize → token → userinfo), so sign-in is
 * tested end to end without contacting Google. The account that "signs in" comes from the
 * `mock_google_account` cookie on this server's origin (base64url JSON), so parallel tests can
 * sign in as different people; `{"deny":true}` simulates the user cancelling at Google.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface MockGoogleAccount {
	email: string
	name: string
	email_verified: boolean
	deny?: boolean
}

const defaultMockAccount: MockGoogleAccount = {
	email: 'owner@example.com',
	name: 'Olivia Owner',
	email_verified: true,
}

export function encodeAccount(account: Partial<MockGoogleAccount>) {
	return Buffer.from(JSON.stringify({ ...defaultMockAccount, ...account })).toString('base64url')
}

function decodeAccount(value: string | undefined): MockGoogleAccount {
	if (!value) return defaultMockAccount
	try {
		return { ...defaultMockAccount, ...(JSON.parse(Buffer.from(value, 'base64url').toString()) as object) }
	} catch {
		return defaultMockAccount
	}
}

function cookie(req: http.IncomingMessage, name: string) {
	return req.headers.cookie
		?.split(';')
		.map((part) => part.trim().split('='))
		.find(([key]) => key === name)?.[1]
}

export async function startMockGoogle({ port = 0 }: { port?: number } = {}) {
	const tokenRequests: URLSearchParams[] = []

	const server = http.createServer((req, res) => {
		let body = ''
		req.on('data', (chunk) => (body += chunk))
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://localhost')
			if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
				const redirectUri = new URL(url.searchParams.get('redirect_uri') ?? '')
				const account = decodeAccount(
					cookie(req, 'mock_google_account') ?? url.searchParams.get('mock_account') ?? undefined,
				)
				redirectUri.searchParams.set('state', url.searchParams.get('state') ?? '')
				if (account.deny) redirectUri.searchParams.set('error', 'access_denied')
				else redirectUri.searchParams.set('code', encodeAccount(account))
				res.writeHead(302, { Location: redirectUri.toString() })
				return res.end()
			}
			if (req.method === 'POST' && url.pathname === '/token') {
				const params = new URLSearchParams(body)
				tokenRequests.push(params)
				res.writeHead(200, { 'Content-Type': 'application/json' })
				return res.end(
					JSON.stringify({
						access_token: `at_${params.get('code')}`,
						token_type: 'Bearer',
						expires_in: 3600,
						scope: 'openid email profile',
						id_token: 'mock-id-token',
					}),
				)
			}
			if (req.method === 'GET' && url.pathname === '/oauth2/v3/userinfo') {
				const token = (req.headers.authorization ?? '').replace(/^Bearer at_/, '')
				const account = decodeAccount(token)
				res.writeHead(200, { 'Content-Type': 'application/json' })
				return res.end(
					JSON.stringify({
						sub: `google-${account.email}`,
						name: account.name,
						given_name: account.name.split(' ')[0],
						family_name: account.name.split(' ').slice(1).join(' '),
						picture: '',
						email: account.email,
						email_verified: account.email_verified,
						locale: 'en',
					}),
				)
			}
			res.writeHead(404).end()
		})
	})
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	return { baseUrl, tokenRequests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
