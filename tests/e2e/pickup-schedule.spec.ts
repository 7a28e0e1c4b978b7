import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, signInTo } from './support'

/**
 * The owner's pickup schedule reaches visitors: a closure shows on Home and Contact on the next
 * request (Home is served from the page cache), and changed hours show on Contact. The spec puts
 * the seeded schedule back, as other specs share the database.
 */

/** A date `days` from today as 'YYYY-MM-DD' (the bakery's zone; far enough ahead that the zone does not matter). */
function dateAhead(days: number) {
	return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/** 'Thu, Jan 7', as the site writes dates. */
function shortDate(date: string) {
	const [year, month, day] = date.split('-').map(Number) as [number, number, number]
	return new Date(year, month - 1, day, 12).toLocaleDateString('en-US', {
		weekday: 'short',
		month: 'short',
		day: 'numeric',
	})
}

test('the owner adds a closure and changes the hours; visitors see both on Home and Contact', async ({
	page,
	browser,
}) => {
	test.setTimeout(90_000)
	const visitorContext = await browser.newContext()
	const visitor = await visitorContext.newPage()
	// Beyond the 14-day ordering horizon, so checkouts running meanwhile are not affected.
	const start = dateAhead(40)
	const end = dateAhead(41)
	const note = `Closed for inventory ${Date.now().toString(36)}`
	const notice = `Closed ${shortDate(start)} – ${shortDate(end)}: ${note}`

	// Home is cached before the change: the next request must still show the closure.
	await visitor.goto('/')
	await expect(visitor.getByText(note)).toHaveCount(0)

	await signInTo(page, '/admin/pickup-schedule', 'Pickup schedule')
	await expectNoAxeViolations(page)

	const closures = page.getByRole('region', { name: 'Closures' })
	// A closure without a note is refused with a clear message, and the dates typed stay.
	await closures.getByLabel('First closed day').fill(start)
	await closures.getByLabel('Last closed day').fill(end)
	await closures.getByRole('button', { name: 'Add closure' }).click()
	await expect(
		closures.getByText('Please write the note visitors will see, e.g. “Closed for Thanksgiving”.'),
	).toBeVisible()
	await expect(closures.getByLabel('First closed day')).toHaveValue(start)
	await expectNoAxeViolations(page)

	await closures.getByLabel('Note for visitors').fill(note)
	await closures.getByRole('button', { name: 'Add closure' }).click()
	await expect(page.getByRole('status')).toContainText(`Closure added: ${notice}.`)
	await expect(closures.getByRole('listitem').filter({ hasText: note })).toBeVisible()

	await visitor.goto('/')
	await expect(visitor.getByRole('region', { name: 'Closures and special hours' })).toContainText(notice)
	await visitor.goto('/contact')
	await expect(visitor.getByRole('region', { name: 'Closures and special hours' })).toContainText(notice)
	await expectNoAxeViolations(visitor)

	// Monday is closed in the seeded week: open it 9 am – 1 pm.
	const monday = page.getByRole('group', { name: 'Monday' })
	try {
		await monday.getByLabel('Open on Monday').check()
		await monday.getByLabel('Opens').fill('09:00')
		await monday.getByLabel('Closes').fill('13:00')
		await page.getByRole('button', { name: 'Save opening hours' }).click()
		await expect(page.getByRole('status')).toContainText('Opening hours saved.')

		await visitor.goto('/contact')
		const hours = visitor.locator('dl').filter({ hasText: 'Tue–Fri' })
		await expect(hours).toContainText('Mon9 am – 1 pm')
		await expect(hours).not.toContainText('MonClosed')
		const jsonLd = JSON.parse(
			(await visitor.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
		)
		expect(jsonLd.openingHoursSpecification).toContainEqual({
			'@type': 'OpeningHoursSpecification',
			dayOfWeek: ['Monday'],
			opens: '09:00',
			closes: '13:00',
		})
	} finally {
		// Put the seeded week back and remove the closure (other specs share the database).
		await page.goto('/admin/pickup-schedule')
		await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
		await page.getByRole('group', { name: 'Monday' }).getByLabel('Open on Monday').uncheck()
		await page.getByRole('button', { name: 'Save opening hours' }).click()
		await expect(page.getByRole('status')).toContainText('Opening hours saved.')
		page.once('dialog', (dialog) => dialog.accept())
		await page
			.getByRole('region', { name: 'Closures' })
			.getByRole('listitem')
			.filter({ hasText: note })
			.getByRole('button', { name: /^Delete/ })
			.click()
		await expect(page.getByRole('status')).toContainText('The closure was deleted.')
	}

	await visitor.goto('/')
	await expect(visitor.getByText(note)).toHaveCount(0)
	await visitor.goto('/contact')
	await expect(visitor.locator('dl').filter({ hasText: 'Tue–Fri' })).toContainText('MonClosed')
	await visitorContext.close()
})

test('without JavaScript the owner can add and delete a closure (asked to confirm first)', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await signInTo(page, '/admin/pickup-schedule', 'Pickup schedule', { hydrated: false })
	const start = dateAhead(50)
	const note = `No-JS closure ${Date.now().toString(36)}`
	const closures = page.getByRole('region', { name: 'Closures' })
	await closures.getByLabel('First closed day').fill(start)
	await closures.getByLabel('Last closed day').fill(dateAhead(49))
	await closures.getByLabel('Note for visitors').fill(note)
	await closures.getByRole('button', { name: 'Add closure' }).click()
	await expect(page.getByText('The last closed day cannot be before the first.')).toBeVisible()
	await expect(page.getByRole('region', { name: 'Closures' }).getByLabel('Note for visitors')).toHaveValue(note)

	await page.getByRole('region', { name: 'Closures' }).getByLabel('Last closed day').fill(start)
	await page.getByRole('region', { name: 'Closures' }).getByRole('button', { name: 'Add closure' }).click()
	await expect(page.getByRole('status')).toContainText(`Closure added: Closed ${shortDate(start)}: ${note}.`)

	const item = page.getByRole('region', { name: 'Closures' }).getByRole('listitem').filter({ hasText: note })
	await item.getByRole('button', { name: /^Delete/ }).click()
	await expect(page.getByText('Are you sure you want to delete this closure?')).toBeVisible()
	await page.getByRole('button', { name: 'Yes, delete' }).click()
	await expect(page.getByRole('status')).toContainText('The closure was deleted.')
	await expect(page.getByText(note)).toHaveCount(0)
	await context.close()
})
