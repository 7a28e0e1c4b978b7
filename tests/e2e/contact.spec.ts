import { expect, test, type Page } from '@playwright/test'

const SENT = 'Thanks! Your message has been sent. We’ll get back to you soon.'

async function gotoHydrated(page: Page) {
	await page.goto('/contact')
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

test('Contact: the spec’s texts, the bakery’s details and a 450px full-width lazy map', async ({ page }) => {
	await page.goto('/contact')
	await expect(page).toHaveTitle('Contact | Doce Dulce Bakery')
	await expect(page.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible()
	await expect(page.getByRole('main')).toContainText(
		"We'd love to hear from you! Whether you're placing an order, giving feedback, or just saying hello.",
	)
	const bakery = page.getByRole('region', { name: 'Our Bakery' })
	await expect(bakery).toContainText('Everett, WA')
	await expect(bakery.getByRole('link', { name: '(425) 555-0164' })).toHaveAttribute('href', 'tel:+14255550164')
	await expect(bakery.getByRole('link', { name: 'hello@docedulcebakery.example' })).toHaveAttribute(
		'href',
		'mailto:hello@docedulcebakery.example',
	)
	// The map frame is only created near the viewport (Google's page is heavy on a phone).
	await bakery.getByTestId('map').scrollIntoViewIfNeeded()
	const map = bakery.locator('iframe[title="Bakery Location Map"]')
	await expect(map).toHaveAttribute('loading', 'lazy')
	const mapBox = await map.boundingBox()
	const columnBox = await bakery.boundingBox()
	expect(mapBox?.height).toBe(450)
	expect(mapBox?.width).toBe(columnBox?.width)

	const form = page.getByRole('region', { name: 'Send a Message' })
	await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('placeholder', 'Your Name')
	await expect(form.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email')
	await expect(form.getByLabel('Email', { exact: true })).toHaveAttribute('placeholder', 'Your Email')
	await expect(form.getByLabel('Message', { exact: true })).toHaveAttribute('placeholder', 'Your Message')
	expect(await form.getByLabel('Message', { exact: true }).evaluate((element) => element.tagName)).toBe('TEXTAREA')
	await expect(form.getByRole('button', { name: 'Send Message' })).toBeVisible()
})

test.describe('with JavaScript', () => {
	test('a message is sent: the confirmation shows and the form is cleared', async ({ page }) => {
		await gotoHydrated(page)
		await page.getByLabel('Name', { exact: true }).fill('Jenny Lee')
		await page.getByLabel('Email', { exact: true }).fill('jenny@example.com')
		await page.getByLabel('Message', { exact: true }).fill('Do you have gluten-free options on Saturdays?')
		await page.getByRole('button', { name: 'Send Message' }).click()

		await expect(page.getByRole('status')).toHaveText(SENT)
		await expect(page.getByLabel('Name', { exact: true })).toHaveValue('')
		await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
	})

	test('bad input: errors next to the fields, as soon as a field is left, and nothing typed is lost', async ({
		page,
	}) => {
		await gotoHydrated(page)
		await page.getByLabel('Name', { exact: true }).focus()
		await page.getByLabel('Email', { exact: true }).focus()
		await expect(page.getByText('Please enter your name.')).toBeVisible()
		await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')

		await page.getByLabel('Name', { exact: true }).fill('Diego')
		await expect(page.getByText('Please enter your name.')).toBeHidden()
		await page.getByLabel('Email', { exact: true }).fill('diego@example')
		await page.getByLabel('Message', { exact: true }).fill('Hola!')
		await page.getByRole('button', { name: 'Send Message' }).click()

		const emailError = page.getByText('Please enter a valid email address, e.g. name@example.com.')
		await expect(emailError).toBeVisible()
		await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute(
			'aria-describedby',
			(await emailError.locator('..').getAttribute('id'))!,
		)
		await expect(page.getByLabel('Email', { exact: true })).toBeFocused()
		await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Diego')
		await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Hola!')
		await expect(page.getByRole('status')).toHaveCount(0)
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the server validates, keeps the typed values, then sends', async ({ page }) => {
		await page.goto('/contact')
		await page.getByLabel('Name', { exact: true }).fill('Priya K.')
		// Passes the browser's own e-mail check, not the server's.
		await page.getByLabel('Email', { exact: true }).fill('priya@example')
		await page.getByLabel('Message', { exact: true }).fill('Can I order a brigadeiro box for Friday?')
		await page.getByRole('button', { name: 'Send Message' }).click()

		await expect(page.getByText('Please enter a valid email address, e.g. name@example.com.')).toBeVisible()
		await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Priya K.')
		await expect(page.getByLabel('Email', { exact: true })).toHaveValue('priya@example')
		await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Can I order a brigadeiro box for Friday?')

		await page.getByLabel('Email', { exact: true }).fill('priya@example.com')
		await page.getByRole('button', { name: 'Send Message' }).click()
		await expect(page.getByRole('status')).toHaveText(SENT)
		await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
	})
})
