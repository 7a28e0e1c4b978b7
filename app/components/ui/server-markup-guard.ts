import { Link } from '@remix-run/react'
import React, { Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'

/**
 * The development check of `ServerMarkup` (decision 056). While the page hydrates, `ServerMarkup` keeps the
 * server's HTML of its children and React never renders them, so a child with a handler, a ref, state or an
 * effect would silently do nothing. On the server, in development and tests only (ServerMarkup calls this
 * under `import.meta.env.DEV`, so production builds drop it), this walks what the children render and throws
 * on:
 *
 * - an `on…` handler or a `ref` on any element (Remix's `<Link>` is allowed: ServerMarkup handles its clicks,
 *   but not with a handler of its own, nor `prefetch="intent"` or `"viewport"`, which need state);
 * - a component that calls a hook with state or effects (`useState`, `useReducer`, `useEffect`,
 *   `useLayoutEffect`, `useSyncExternalStore`…), or a class component.
 *
 * Components are called as functions with a stand-in hooks dispatcher: `useContext` reads the real context,
 * `useMemo`, `useCallback`, `useRef` and `useId` answer without touching React's state, and the hooks above
 * throw. That dispatcher is set through React 18's internals; when they move (React 19), the guard throws on
 * every use and its unit test fails, rather than the guard going quiet.
 */
export function assertStaticMarkup(children: ReactNode) {
	const dispatcherSlot = (
		React as unknown as {
			__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED?: { ReactCurrentDispatcher?: { current: Dispatcher | null } }
		}
	).__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED?.ReactCurrentDispatcher
	const dispatcher = dispatcherSlot?.current
	if (!dispatcherSlot || !dispatcher) {
		throw new Error('ServerMarkup’s development check cannot reach React’s hooks dispatcher: update it (decision 056).')
	}
	dispatcherSlot.current = standInDispatcher(dispatcher)
	try {
		walk(children, 'ServerMarkup')
	} finally {
		dispatcherSlot.current = dispatcher
	}
}

type Dispatcher = Record<string, (...args: never[]) => unknown>

const STATEFUL_HOOKS = [
	'useState',
	'useReducer',
	'useEffect',
	'useLayoutEffect',
	'useInsertionEffect',
	'useImperativeHandle',
	'useSyncExternalStore',
	'useMutableSource',
	'useTransition',
	'useDeferredValue',
	'useOptimistic',
	'useActionState',
	'useFormState',
]

function standInDispatcher(real: Dispatcher): Dispatcher {
	let ids = 0
	const stateless: Dispatcher = {
		readContext: real.readContext!,
		useContext: real.useContext!,
		useMemo: (compute: () => unknown) => compute(),
		useCallback: (callback: unknown) => callback,
		useRef: (initial: unknown) => ({ current: initial }),
		useId: () => `:server-markup-check-${++ids}:`,
		useDebugValue: () => undefined,
	}
	for (const hook of STATEFUL_HOOKS) {
		stateless[hook] = () => {
			throw new StatefulHook(hook)
		}
	}
	return stateless
}

class StatefulHook extends Error {}

const FORWARD_REF = Symbol.for('react.forward_ref')
const MEMO = Symbol.for('react.memo')
const PROVIDER = Symbol.for('react.provider')

function refuse(what: string): never {
	throw new Error(
		`ServerMarkup keeps the server's HTML of its children while the page hydrates, so nothing inside may need ` +
			`React (decisions 044, 056): ${what}. Handle clicks on the ServerMarkup (its onClick gets every click ` +
			`inside), or render this outside it.`,
	)
}

function nameOf(type: unknown): string {
	if (typeof type === 'string') return `<${type}>`
	const named = type as { displayName?: string; name?: string; render?: { name?: string }; type?: unknown }
	return `<${named.displayName || named.name || named.render?.name || (named.type ? nameOf(named.type).slice(1, -1) : 'Anonymous')}>`
}

function walk(node: ReactNode, owner: string): void {
	if (node === null || node === undefined || typeof node !== 'object') return
	if (Symbol.iterator in node) {
		for (const child of node as Iterable<ReactNode>) walk(child, owner)
		return
	}
	if (!isValidElement(node)) return
	const element = node as ReactElement<Record<string, unknown>> & { ref?: unknown }
	const { type, props } = element
	const name = nameOf(type)
	const handler = Object.keys(props).find((prop) => /^on[A-Z]/.test(prop) && typeof props[prop] === 'function')
	if (handler) refuse(`${name} in ${owner} has ${handler}`)
	if (element.ref !== null && element.ref !== undefined) refuse(`${name} in ${owner} has a ref`)

	if (type === Link) {
		if (props.prefetch === 'intent' || props.prefetch === 'viewport') {
			refuse(`${name} in ${owner} has prefetch="${String(props.prefetch)}"`)
		}
		return walk(props.children as ReactNode, owner)
	}
	if (typeof type === 'string' || typeof type === 'symbol' || type === Fragment) {
		return walk(props.children as ReactNode, owner)
	}
	const component = type as unknown as {
		$$typeof?: symbol
		type?: unknown
		render?: (props: unknown, ref: unknown) => ReactNode
		prototype?: { isReactComponent?: unknown }
	}
	if (component.$$typeof === PROVIDER) return walk(props.children as ReactNode, owner)
	if (component.$$typeof === MEMO) return walk({ ...element, type: component.type } as ReactNode, owner)
	const render =
		component.$$typeof === FORWARD_REF
			? component.render
			: typeof type === 'function' && !component.prototype?.isReactComponent
				? (type as unknown as (props: unknown) => ReactNode)
				: undefined
	if (!render) refuse(`${name} in ${owner} is a class component or a kind the check cannot look inside`)
	let output: ReactNode
	try {
		output = render(props, null)
	} catch (error) {
		if (error instanceof StatefulHook) refuse(`${name} in ${owner} calls ${error.message}`)
		throw error
	}
	walk(output, name)
}
