import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectClientSideNavigation, expectHydrated, visitHydrated, watchForErrors } from './support'

const UPLOAD_SCREENS = ['/image-uploader', '/admin-upload', '/admin-custom-cake-orders/image-uploader']

test('after the demo sign-in every admin screen hydrates without an error and answers in the browser', async ({
	page,
}) => {
	const watch = watchForErrors(page)
	// The messages screen needs a message to delete.
	const sent = await page.request.post('/contact', {
		form: { name: 'Admin Check', email: 'admin.check@example.com', message: 'A message for the admin screen.' },
	})
	expect(sent.ok()).toBe(true)

	await visitHydrated(page, watch, '/image-uploader')
	// Without Google credentials there is no Google button leading nowhere, only the demo and how to add Google.
	await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0)
	await expect(page.getByText('Google sign-in is off in this development copy.')).toBeVisible()
	await page.getByRole('button', { name: 'Sign in as demo admin (development only)' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Demo Admin' })).toBeVisible()
	await expectHydrated(page, watch)

	for (const path of UPLOAD_SCREENS) {
		await visitHydrated(page, watch, path)
		await expectPriceCheckedInBrowser(page.locator('form#upload-menu-item'))
	}

	await visitHydrated(page, watch, '/admin')
	await expectClientSideNavigation(page, async () => {
		await page.getByRole('link', { name: /Custom cake requests/ }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Custom Cake Orders' })).toBeVisible()
	})

	await visitHydrated(page, watch, '/admin/menu')
	await expectDeleteAsksFirst(page, 'Are you sure you want to delete this menu item?')
	await page.getByRole('link', { name: /^Edit/ }).first().click()
	await expect(page).toHaveURL(/\/admin\/menu\/[^/]+$/)
	await visitHydrated(page, watch, page.url())
	await expectPriceCheckedInBrowser(page.locator('form').filter({ has: page.getByLabel('Price') }))

	await visitHydrated(page, watch, '/admin/custom-cakes')
	await expectDeleteAsksFirst(page, 'Are you sure you want to delete this request?')
	// "Show day" loads another day's times in the browser: the quote's checks are for sending it.
	await page
		.getByRole('link', { name: /^Write a quote for / })
		.first()
		.click()
	await expectHydrated(page, watch)
	const pickupDate = page.getByLabel('Pickup date')
	const later = new Date(Date.parse(`${await pickupDate.inputValue()}T12:00:00Z`) + 7 * 86_400_000)
		.toISOString()
		.slice(0, 10)
	await expectClientSideNavigation(page, async () => {
		await pickupDate.fill(later)
		await page.getByRole('button', { name: 'Show day' }).click()
		await expect(page).toHaveURL(new RegExp(`[?&]date=${later}(&|$)`))
		await expect(page.getByLabel('Pickup time')).toBeEnabled()
	})
	await expect(page.getByText('Please enter the price.')).toHaveCount(0)

	await visitHydrated(page, watch, '/admin/messages')
	await expectDeleteAsksFirst(page, 'Are you sure you want to delete this message?')

	await visitHydrated(page, watch, '/admin/gallery')
	await expectDeleteAsksFirst(page, 'Are you sure you want to delete this image?')

	// The owner's Spanish and Portuguese texts beside the English ones.
	await visitHydrated(page, watch, '/admin/site-texts')

	// The order board, with its live feed open (decision 070).
	await visitHydrated(page, watch, '/admin/board')
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

	// The staff screen (decision 076): the browser says what is missing before anything is posted.
	await visitHydrated(page, watch, '/admin/staff')
	await page.getByRole('button', { name: 'Add staff member' }).click()
	await expect(page.getByText('Please enter the Google e-mail address they sign in with.')).toBeVisible()

	// The bread club's plans (decision 093): the demo's plan with its box.
	await visitHydrated(page, watch, '/admin/club')
	await expect(page.getByRole('heading', { name: 'Weekend cake club' })).toBeVisible()

	await visitHydrated(page, watch, '/admin/orders')
	await expectClientSideNavigation(page, async () => {
		await page.getByLabel('Status').selectOption({ label: 'Paid' })
		await page.getByRole('button', { name: 'Filter' }).click()
		await expect(page).toHaveURL(/status=PAID/)
	})

	expect(watch.errors).toEqual([])
})

test('the Outbox shows a whole mail, its button and its logo, at localhost and at 127.0.0.1', async ({
	page,
	baseURL,
}) => {
	const watch = watchForErrors(page)
	const sender = `Outbox ${Date.now().toString(36)}`
	// A long message: the mail's button ends up well below a screenful.
	const message = Array.from({ length: 16 }, (_, line) => `Line ${line + 1}: do you bake pão de queijo on Sundays?`)
	const sent = await page.request.post('/contact', {
		form: { name: sender, email: 'outbox.reader@example.com', message: message.join('\n') },
	})
	expect(sent.ok()).toBe(true)

	for (const origin of [baseURL!, baseURL!.replace('://localhost:', '://127.0.0.1:')]) {
		await visitHydrated(page, watch, `${origin}/admin/outbox`)
		await page.getByRole('button', { name: 'Sign in as demo admin (development only)' }).click()
		const mail = page.getByRole('link', { name: `New message from ${sender}` })
		// The worker polls every couple of seconds.
		await expect(async () => {
			await page.reload()
			await expect(mail).toBeVisible({ timeout: 1_000 })
		}).toPass({ timeout: 30_000 })
		const logo = page.waitForResponse((response) => response.url() === `${origin}/images/site/icon-192.png`, {
			timeout: 45_000,
		})
		await mail.click()
		await expectHydrated(page, watch)

		// The frame is as tall as the mail: its button and footer are on the page, not below an inner scroll.
		const frame = page.locator('iframe[title^="Preview of"]')
		const button = page
			.frameLocator('iframe[title^="Preview of"]')
			.getByRole('link', { name: 'Open the inbox in the admin' })
		await expect(button).toBeVisible()
		await expect
			.poll(async () => {
				const [frameBox, buttonBox] = await Promise.all([frame.boundingBox(), button.boundingBox()])
				return buttonBox!.y + buttonBox!.height <= frameBox!.y + frameBox!.height
			})
			.toBe(true)
		const footer = page.frameLocator('iframe[title^="Preview of"]').getByText('You get this because you are on')
		await expect
			.poll(async () => {
				const [frameBox, footerBox] = await Promise.all([frame.boundingBox(), footer.boundingBox()])
				return footerBox!.y + footerBox!.height <= frameBox!.y + frameBox!.height
			})
			.toBe(true)
		// The logo loads from the name the admin is browsed at.
		expect((await logo).status()).toBe(200)
	}
	// A logo the page's CSP refused (img-src 'self' at another host name) is a console error.
	expect(watch.errors).toEqual([])
})

/** The browser's confirm dialog (JavaScript only) asks the question; dismissing it deletes nothing. */
async function expectDeleteAsksFirst(page: Page, question: string) {
	const deleteButtons = page.getByRole('button', { name: /^Delete/ })
	const countBefore = await deleteButtons.count()
	expect(countBefore, `something to delete on ${page.url()}`).toBeGreaterThan(0)
	const asked: string[] = []
	page.once('dialog', async (dialog) => {
		asked.push(`${dialog.type()}: ${dialog.message()}`)
		await dialog.dismiss()
	})
	await deleteButtons.first().click()
	await expect.poll(() => asked).toEqual([`confirm: ${question}`])
	await expect(deleteButtons).toHaveCount(countBefore)
}

/** Conform checks the price as the field loses focus, in the browser, before anything is sent. */
async function expectPriceCheckedInBrowser(form: Locator) {
	const price = form.getByLabel('Price')
	await price.fill('four dollars')
	await price.blur()
	await expect(form.getByText('Please enter a price such as 4, 4.5 or $4.50 (at most two decimals).')).toBeVisible()
}
