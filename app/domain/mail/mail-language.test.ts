import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { translator } from '~/utils/i18n.server'
import { richText } from './mail-language'

describe('richText', () => {
	it('renders the message’s tags as the given elements, in each language', () => {
		const render = (locale: 'en' | 'es' | 'pt-BR') =>
			renderToStaticMarkup(
				richText(translator(locale), 'mail.receiptIntro', { name: 'Ana', number: 'AB12CD34' }, [
					createElement('strong', { key: '0' }),
				]),
			)
		expect(render('en')).toBe(
			'Hi Ana, your payment went through. This is your receipt for order <strong>#AB12CD34</strong>.',
		)
		expect(render('es')).toContain('Este es el recibo de tu pedido <strong>n.º AB12CD34</strong>.')
		expect(render('pt-BR')).toContain('Este é o recibo da sua encomenda <strong>nº AB12CD34</strong>.')
	})

	it('keeps a value that looks like a tag as text', () => {
		const html = renderToStaticMarkup(
			richText(translator('en'), 'mail.receiptIntro', { name: '<0>Bold</0> <b>x</b>', number: '1' }, [
				createElement('strong', { key: '0' }),
			]),
		)
		expect(html).toBe(
			'Hi &lt;0&gt;Bold&lt;/0&gt; &lt;b&gt;x&lt;/b&gt;, your payment went through. This is your receipt for order <strong>#1</strong>.',
		)
	})
})
