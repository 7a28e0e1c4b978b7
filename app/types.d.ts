import '@remix-run/node'

declare module '@remix-run/node' {
	interface AppLoadContext {
		cspNonce?: string
		/** The client's IP as the server trusts it (see clientIpHeader); the rate-limit key. */
		clientIp?: string
		/** The client named gzip in Accept-Encoding (the page cache's pages are kept gzipped). */
		acceptsGzip?: boolean
	}
}
