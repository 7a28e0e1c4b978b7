import { createContext, useContext } from 'react'

const NonceContext = createContext<string>('')

export const NonceProvider = NonceContext.Provider

/** The per-request CSP nonce on the server; an empty string in the browser (nonces are not readable there). */
export function useNonce() {
	return useContext(NonceContext)
}
