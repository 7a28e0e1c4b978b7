import { expect, test } from '@playwright/test'
import { addCakeToCart, addedToCart, expectNoAxeViolations, gotoHydrated, withE2eDatabase } from './support'

test.describe('menu pages', () => {
	test('/shop filters by category with shareable links, marks the active one, and says when nothing matches', async ({
		page,
	}) => {
		await gotoHydrated(page, '/shop')
		const filters = page.getByRole('navigation', { name: 'Menu categories' })
		await expect(filters.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page')
		const cards = page.locator('main li button[aria-haspopup="dialog"]')
		const allCount = await cards.count()
		expect(allCount).toBeGreaterThanOrEqual(16)

		for (const category of ['Brazilian Pastries', 'Mexican Pastries', 'Cakes', 'Donuts']) {
			await filters.getByRole('link', { name: category }).click()
			await expect(page).toHaveURL(`/shop?category=${encodeURIComponent(category)}`)
			await expect(filters.getByRole('link', { name: category })).toHaveAttribute('aria-current', 'page')
			await expect(cards.first()).toBeVisible()
			expect(await cards.count()).toBeLessThan(allCount)
		}
		await gotoHydrated(page, '/shop?category=Sandwiches')
		await expect(page.getByText('No items found in this category.')).toBeVisible()
	})

	test('filtering works without JavaScript', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto('/menu')
		await page.getByRole('navigation', { name: 'Menu categories' }).getByRole('link', { name: 'Cakes' }).click()
		await expect(page).toHaveURL('/menu?category=Cakes')
		await expect(page.getByText('Tres Leches Cake').first()).toBeVisible()
		await expect(page.getByText('Pão de Queijo')).toHaveCount(0)
		await context.close()
	})

	test('six skeleton cards show while a slowed filter navigation loads', async ({ page }) => {
		await gotoHydrated(page, '/shop')
		let release: () => void = () => {}
		const held = new Promise<void>((resolve) => (release = resolve))
		await page.route('**/shop.data*', async (route) => {
			await held
			await route.continue()
		})
		await page.getByRole('navigation', { name: 'Menu categories' }).getByRole('link', { name: 'Donuts' }).click()
		await expect(page.getByTestId('skeleton-card')).toHaveCount(6)
		release()
		await expect(page.getByTestId('skeleton-card')).toHaveCount(0)
		await expect(page).toHaveURL('/shop?category=Donuts')
	})

	test('six skeleton cards show while a menu page loads after a link click from another page', async ({ page }) => {
		await gotoHydrated(page, '/about')
		let release: () => void = () => {}
		const held = new Promise<void>((resolve) => (release = resolve))
		await page.route('**/cakes.data*', async (route) => {
			await held
			await route.continue()
		})
		await page.evaluate(() => window.scrollTo(0, 0))
		await page.getByRole('banner').getByRole('button', { name: 'Our Menu' }).click()
		await page.getByRole('banner').getByRole('link', { name: 'Cakes', exact: true }).click()
		await expect(page.getByTestId('skeleton-card')).toHaveCount(6)
		release()
		await expect(page.getByRole('heading', { level: 1, name: 'Our Cakes' })).toBeVisible()
		await expect(page.getByTestId('skeleton-card')).toHaveCount(0)
	})

	test('the cakes modal: click or Enter opens it, Escape and outside click close it, focus returns, scroll locks', async ({
		page,
	}) => {
		await gotoHydrated(page, '/cakes')
		const card = page.getByRole('button', { name: /Tres Leches Cake/ })
		await card.click()
		const dialog = page.getByRole('dialog', { name: 'Tres Leches Cake' })
		await expect(dialog).toBeVisible()
		expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden')
		await expectNoAxeViolations(page)
		await page.keyboard.press('Escape')
		await expect(dialog).toBeHidden()
		await expect(card).toBeFocused()
		expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('')

		await card.focus()
		await page.keyboard.press('Enter')
		await expect(dialog).toBeVisible()
		await page.mouse.click(5, 5) // the backdrop
		await expect(dialog).toBeHidden()
		await expect(card).toBeFocused()
	})

	test('the stepper never goes below 1 and the button total follows the quantity', async ({ page }) => {
		await gotoHydrated(page, '/cakes')
		await page.getByRole('button', { name: /Tres Leches Cake/ }).click()
		const dialog = page.getByRole('dialog')
		const minus = dialog.getByRole('button', { name: 'Decrease quantity' })
		const plus = dialog.getByRole('button', { name: 'Increase quantity' })
		const quantity = dialog.getByLabel('Quantity', { exact: true })
		await expect(minus).toBeDisabled()
		const addButton = dialog.getByRole('button', { name: /^Add to Cart - \$/ })
		const unit = Number((await addButton.textContent())!.replace(/[^\d.]/g, ''))
		await plus.click()
		await plus.click()
		await expect(quantity).toHaveValue('3')
		await expect(addButton).toHaveText(`Add to Cart - $${(unit * 3).toFixed(2)}`)
		await quantity.fill('abc')
		await quantity.blur()
		await expect(quantity).toHaveValue('3')
		await quantity.fill('0')
		await quantity.blur()
		await expect(quantity).toHaveValue('3')
		await minus.click()
		await minus.click()
		await expect(quantity).toHaveValue('1')
		await expect(minus).toBeDisabled()
	})

	test('an item not sold online says on its card and in its dialog that it is in the shop, with no quantity', async ({
		page,
	}) => {
		// The e2e server has no ordering page configured: pastries are sold in the shop only (decision 051).
		const words = {
			en: { inShop: 'Available in the shop', where: 'Not sold online: come and get it at 2814 Colby Ave' },
			es: { inShop: 'Disponible en la tienda', where: 'No se vende en línea: ven a buscarlo a 2814 Colby Ave' },
			'pt-BR': { inShop: 'Disponível na loja', where: 'Não vendemos este item online: venha buscar em 2814 Colby Ave' },
		}
		for (const [path, locale, width] of [
			['/shop', 'en', 1280],
			['/brazilian-pastries', 'en', 390],
			['/es/shop', 'es', 390],
			['/es/brazilian-pastries', 'es', 1280],
			['/pt-br/menu', 'pt-BR', 1280],
			['/pt-br/brazilian-pastries', 'pt-BR', 390],
		] as const) {
			await page.setViewportSize({ width, height: 844 })
			await gotoHydrated(page, path)
			const opener = page.getByRole('button', { name: /Pão de Queijo/ })
			const card = page.getByRole('listitem').filter({ has: opener })
			await expect(card.getByText(words[locale].inShop), path).toBeVisible()
			await expect(card.getByRole('button', { name: /Order Now|Pedir|Encomendar/ }), path).toHaveCount(0)
			await opener.click()
			const dialog = page.getByRole('dialog', { name: 'Pão de Queijo' })
			await expect(dialog.getByText(words[locale].inShop), path).toBeVisible()
			await expect(dialog, path).toContainText(words[locale].where)
			await expect(dialog.getByRole('link', { name: /Opening hours|Horario|Horário/ }), path).toHaveAttribute(
				'href',
				locale === 'en' ? '/contact' : locale === 'es' ? '/es/contact' : '/pt-br/contact',
			)
			await expect(dialog.getByRole('textbox'), path).toHaveCount(0)
			await expect(dialog.getByRole('button'), path).toHaveText(['×'])
			await test.step(`axe: ${path} at ${width}px`, () => expectNoAxeViolations(page))
			await page.keyboard.press('Escape')
		}

		// A cake is sold online: its card's Order Now opens its dialog, with a quantity and Add to Cart.
		await gotoHydrated(page, '/shop')
		await page.getByRole('button', { name: 'Order Now: Tres Leches Cake' }).click()
		const cake = page.getByRole('dialog', { name: 'Tres Leches Cake' })
		await expect(cake.getByLabel('Quantity', { exact: true })).toHaveValue('1')
		await expect(cake.getByRole('button', { name: /^Add to Cart - \$/ })).toBeEnabled()
	})

	for (const width of [390, 1280]) {
		test(`Add to Cart closes the dialog and confirms over the page with a usable View cart (${width}px)`, async ({
			page,
		}) => {
			await page.setViewportSize({ width, height: 844 })
			await gotoHydrated(page, '/cakes')
			const card = page.getByRole('button', { name: /Chocolate Brigadeiro Cake/ })
			await card.click()
			const dialog = page.getByRole('dialog', { name: 'Chocolate Brigadeiro Cake' })
			await dialog.getByRole('button', { name: 'Increase quantity' }).click()
			await dialog.getByRole('button', { name: /^Add to Cart/ }).click()

			await expect(dialog).toBeHidden()
			await expect(card).toBeFocused()
			const added = addedToCart(page)
			await expect(added).toContainText('Added to cart: 2 × Chocolate Brigadeiro Cake')
			await expect(added).toBeInViewport({ ratio: 1 })
			const viewCart = added.getByRole('link', { name: 'View cart' })
			// Nothing covers it: the element at its middle is the link itself.
			const box = (await viewCart.boundingBox())!
			expect(
				await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent, {
					x: box.x + box.width / 2,
					y: box.y + box.height / 2,
				}),
			).toBe('View cart')
			await expectNoAxeViolations(page)
			await viewCart.click()
			await expect(page).toHaveURL('/cart')
			await expect(page.getByLabel('Quantity of Chocolate Brigadeiro Cake', { exact: true })).toHaveValue('2')
		})
	}
})

const bakeryToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date())

test.describe('pickup availability on the menu', () => {
	test('a seasonal item shows its preorder dates', async ({ page }) => {
		await gotoHydrated(page, '/cakes')
		const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /Rosca de Reyes/ }) })
		await expect(card.getByText('Preorder for pickup Jan 2–6')).toBeVisible()
		await card.getByRole('button', { name: /Rosca de Reyes/ }).click()
		await expect(
			page.getByRole('dialog', { name: 'Rosca de Reyes' }).getByText('Preorder for pickup Jan 2–6'),
		).toBeVisible()
	})

	test('an item whose daily limit is reached on every open day says so, cannot be added, and blocks checkout from the cart', async ({
		page,
	}) => {
		const slice = 'seed-tres-leches-slice'
		await gotoHydrated(page, '/cakes')
		await addCakeToCart(page, 'Tres Leches Slice')
		// What 24 slices a day, already sold for the whole ordering horizon, leave behind.
		await withE2eDatabase((client) =>
			client.query(
				`INSERT INTO "ItemDayUsage" ("menuItemId", "pickupDate", "quantity")
				SELECT $1, day::date, 24 FROM generate_series($2::date, $2::date + 15, interval '1 day') AS day
				ON CONFLICT ("menuItemId", "pickupDate") DO UPDATE SET "quantity" = 24`,
				[slice, bakeryToday()],
			),
		)
		try {
			const button = page.getByRole('button', { name: /Tres Leches Slice/ })
			const card = page.getByRole('listitem').filter({ has: button })
			// Availability is shared for a few seconds between page views: the next views show the sale.
			await expect(async () => {
				await gotoHydrated(page, '/cakes')
				await expect(card.getByText('Sold out for the next 14 days')).toBeVisible({ timeout: 1_000 })
			}).toPass({ timeout: 20_000 })
			await button.click()
			const dialog = page.getByRole('dialog', { name: 'Tres Leches Slice' })
			await expect(dialog.getByText('Sold out for the next 14 days')).toBeVisible()
			await expect(dialog.getByRole('button', { name: 'Sold out' })).toBeDisabled()
			await expect(dialog.getByRole('button', { name: /^Add to Cart/ })).toHaveCount(0)
			await expectNoAxeViolations(page)

			// Added before it sold out: the cart says so and offers no checkout until it is removed. (The cart reads
			// the same few-seconds-shared availability: another worker's page view may have just filled it.)
			await expect(async () => {
				await gotoHydrated(page, '/cart')
				await expect(page.getByRole('listitem').filter({ hasText: 'Tres Leches Slice' })).toContainText(
					'Sold out for the next 14 days',
					{ timeout: 1_000 },
				)
			}).toPass({ timeout: 20_000 })
			await expect(page.getByText('Please remove them to check out.')).toBeVisible()
			await expect(page.getByRole('link', { name: 'Checkout' })).toHaveCount(0)
			await expectNoAxeViolations(page)
			await page.getByRole('button', { name: 'Remove Tres Leches Slice' }).click()
			await expect(page.getByText('Please remove them to check out.')).toHaveCount(0)
		} finally {
			await withE2eDatabase((client) => client.query(`DELETE FROM "ItemDayUsage" WHERE "menuItemId" = $1`, [slice]))
		}
	})
})
