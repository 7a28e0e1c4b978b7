import { Link } from '@remix-run/react'
import { createElement as h, forwardRef, memo, useEffect, useMemo, useState, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'
import { MenuCard } from '~/components/menu/menu-grid'
import type { MenuItemView } from '~/domain/menu/menu-item-view'
import { TranslationsProvider, useLocalizedPath, useT } from '~/utils/i18n-react'
import { toJsonText } from '~/utils/json-text'
import { ServerMarkup } from './server-markup'

/** The server's render of a `ServerMarkup` holding `children`, as a page renders it (router, messages). */
function renderServerMarkup(children: ReactNode) {
	return renderToString(
		h(
			StaticRouter,
			{ location: '/shop' },
			h(TranslationsProvider, {
				translations: { locale: 'en', messages: toJsonText({}) },
				children: h(ServerMarkup, { as: 'ul', inputs: [], children }),
			}),
		),
	)
}

const item: MenuItemView = {
	id: 'item-1',
	name: 'Pão de Queijo',
	description: 'Cheese bread.',
	priceCents: 350,
	category: 'BRAZILIAN_PASTRIES',
	imageKey: 'menuImages/pao.jpg',
	imageAlt: 'Cheese bread rolls',
	orderable: true,
	soldOut: false,
	allergens: null,
	pickupLabels: ['Order 48 h ahead'],
}

function Counter() {
	const [count] = useState(0)
	return h('li', null, count)
}

function Ticker() {
	useEffect(() => {}, [])
	return h('li', null, 'tick')
}

/** Plain markup through several components, reading context and memoizing: what the guard must let pass. */
function Card({ label }: { label: string }) {
	const t = useT()
	const localize = useLocalizedPath()
	const upper = useMemo(() => label.toUpperCase(), [label])
	return h(
		'li',
		null,
		h(Link, { to: localize('/about') }, upper, h('span', { className: 'sr-only' }, t('common.navAbout'))),
	)
}

describe('ServerMarkup’s development check', () => {
	it('lets plain markup, links and components that only read context through', () => {
		const html = renderServerMarkup([
			h('li', { key: 'a', className: 'card' }, h('a', { href: '/contact' }, 'Contact')),
			h(Card, { key: 'b', label: 'about us' }),
			h(memo(Card), { key: 'c', label: 'memo' }),
			h(MenuCard, { key: 'd', item, footer: h('button', { type: 'button', 'data-opens-item': item.id }, 'Order') }),
		])
		expect(html).toContain('<a href="/contact">Contact</a>')
		expect(html).toContain('ABOUT US')
		expect(html).toContain('href="/about"')
		expect(html).toContain('Pão de Queijo')
	})

	it('fails on a handler anywhere inside, on an element or a link', () => {
		expect(() => renderServerMarkup(h('li', null, h('button', { onClick: () => {} }, 'Add')))).toThrow(
			/<button> in ServerMarkup has onClick/,
		)
		expect(() => renderServerMarkup(h('li', null, h(Link, { to: '/', onMouseEnter: () => {} }, 'Home')))).toThrow(
			/<Link> in ServerMarkup has onMouseEnter/,
		)
		// Deep inside a component's output, as a prop passed down (MenuCard's footer).
		expect(() =>
			renderServerMarkup(h(MenuCard, { item, footer: h('button', { onClick: () => {} }, 'Order') })),
		).toThrow(/<button> in <MenuCard> has onClick/)
	})

	it('fails on a component with state or an effect, however deep', () => {
		expect(() => renderServerMarkup(h(Counter))).toThrow(/<Counter> in ServerMarkup calls useState/)
		expect(() => renderServerMarkup(h('li', null, h(Ticker)))).toThrow(/<Ticker> in ServerMarkup calls useEffect/)
		const Wrapper = () => h('div', null, h(Counter))
		expect(() => renderServerMarkup(h(Wrapper))).toThrow(/<Counter> in <Wrapper> calls useState/)
		expect(() => renderServerMarkup(h(memo(Counter)))).toThrow(/calls useState/)
		const Forwarded = forwardRef(function ForwardedCounter() {
			return h(Counter)
		})
		expect(() => renderServerMarkup(h(Forwarded))).toThrow(/<Counter> in <ForwardedCounter> calls useState/)
	})

	it('fails on a ref, and on a link that prefetches on intent (both need React)', () => {
		expect(() => renderServerMarkup(h('li', { ref: () => {} }))).toThrow(/<li> in ServerMarkup has a ref/)
		expect(() => renderServerMarkup(h(Link, { to: '/', prefetch: 'intent' }, 'Home'))).toThrow(/prefetch="intent"/)
	})

	it('gives React back its hooks: a component with state beside the ServerMarkup renders as usual', () => {
		const html = renderToString(
			h(
				StaticRouter,
				{ location: '/' },
				h('div', null, h(ServerMarkup, { as: 'ul', inputs: [], children: h('li', null, 'kept') }), h(Counter)),
			),
		)
		expect(html).toBe('<div><ul><li>kept</li></ul><li>0</li></div>')
	})
})
