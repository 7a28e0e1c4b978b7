/**
 * Data a loader sends as one JSON string instead of as values. Remix's single-fetch encoding (turbo-stream)
 * rebuilds a value at a time and costs several times JSON on the server and in the browser; for a list of
 * many small objects (the menu's items) or a large map (a page's messages) one string is far cheaper to
 * send and to read. The type remembers what the string holds.
 */
export type JsonText<T> = string & { readonly __jsonOf?: T }

export function toJsonText<T>(value: T): JsonText<T> {
	return JSON.stringify(value) as JsonText<T>
}

export function fromJsonText<T>(text: JsonText<T>): T {
	return JSON.parse(text) as T
}
