import crypto from 'node:crypto'
import { expect, test } from '@playwright/test'
import { localDateOf } from '../../app/domain/pickup/pickup-schedule'
import { BAKERY_ZONE } from './pickup-support'
import { E2E_TWILIO_FROM } from './production-env'
import { textsTo, type StandInMessage } from './text-log'
import { addCakeToCart, gotoHydrated, withE2eDatabase } from './support'

/**
 * Text messages on the production build (decision 074): a customer opts in at the Spanish checkout and pays; staff mark
 * the order Ready on the board; exactly one ready text reaches the Twilio stand-in, in Spanish, with the "I'm here" link.
 */

test('opt in at checkout, pay, Ready on the board: one ready text in Spanish with the I’m here link', async ({
	browser,
	baseURL,
}) => {
	test.slow()
	const digits = String(crypto.randomInt(1000, 10_000))
	const phone = `+1425555${digits}`
	const customer = `Texto Tomás ${crypto.randomBytes(3).toString('hex')}`

	const shopper = await (await browser.newContext()).newPage()
	await gotoHydrated(shopper, '/cakes')
	await addCakeToCart(shopper, 'Tres Leches Cake')
	await gotoHydrated(shopper, '/es/checkout')
	await shopper.getByLabel('Nombre completo').fill(customer)
	await shopper.getByLabel('Correo electrónico').fill(`${crypto.randomBytes(6).toString('hex')}@example.com`)
	await shopper.getByLabel('Teléfono (opcional)').fill(`(425) 555-${digits}`)
	const optIn = shopper.getByRole('checkbox', { name: /^Envíenme mensajes sobre mi pedido/ })
	await expect(optIn).not.toBeChecked()
	await optIn.check()
	const times = shopper.getByRole('group', { name: /^Hora para recoger el / }).getByRole('radio')
	await times.first().check()
	const date = localDateOf(new Date(await times.first().inputValue()), BAKERY_ZONE)
	await shopper.getByRole('button', { name: 'Revisar pedido' }).click()
	await shopper
		.getByRole('dialog', { name: 'Confirma tu pedido' })
		.getByRole('button', { name: 'Confirmar y pagar' })
		.click()
	await shopper.waitForURL(/\/pay\/cs_test_/)
	await shopper.getByRole('button', { name: 'Pay' }).click()
	await shopper.waitForURL(/\/success\?session_id=cs_test_/)

	const board = await (await browser.newContext()).newPage()
	await board.goto(`/admin/board?date=${date}`)
	await board.getByRole('button', { name: 'Sign in with Google' }).click()
	const card = board.getByRole('article').filter({ hasText: customer })
	await card.getByRole('button', { name: /^Ready/ }).click()
	await expect(board.getByRole('status').filter({ hasText: 'is ready' })).toBeVisible()

	// Quiet hours (21:00–08:00 at the bakery) hold texts until 08:00: a run at night lets that time come now.
	await withE2eDatabase((db) =>
		db.query(
			`UPDATE pgboss.job SET start_after = now() WHERE name = 'text' AND state = 'created' AND start_after > now()`,
		),
	)
	const isReady = (message: StandInMessage) => message.body.includes('está listo para recoger')
	await expect.poll(async () => (await textsTo(baseURL, phone)).filter(isReady).length, { timeout: 30_000 }).toBe(1)
	const texts = await textsTo(baseURL, phone)
	const [ready] = texts.filter(isReady)
	expect(ready!.from).toBe(E2E_TWILIO_FROM)
	expect(ready!.body).toMatch(/Ya llegué/)
	const link = /https?:\/\/\S+\/es\/here\/\S+$/.exec(ready!.body)?.[0]
	expect(link).toBeTruthy()
	// The paid order’s confirmation went too, once (the worker may send it after the ready text: both were held
	// until now at night); no second ready text follows.
	const isConfirmed = (message: StandInMessage) => message.body.includes('está confirmado')
	await expect.poll(async () => (await textsTo(baseURL, phone)).filter(isConfirmed).length, { timeout: 30_000 }).toBe(1)
	await new Promise((resolve) => setTimeout(resolve, 2_000))
	const later = await textsTo(baseURL, phone)
	expect(later.filter(isReady)).toHaveLength(1)
	expect(later.filter(isConfirmed)).toHaveLength(1)
	const here = await (await browser.newContext()).newPage()
	await here.goto(new URL(link!).pathname)
	await expect(here.getByRole('heading', { name: 'Ya llegué', level: 1 })).toBeVisible()
})
