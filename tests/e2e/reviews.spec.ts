import { expect, test, type Page } from '@playwright/test'
import { createReviewInvitationLink, gotoHydrated, signInTo } from './support'

function uniqueName(prefix: string) {
	return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/** The polite status message the page shows after a form post. */
function statusWith(page: Page, text: string) {
	return page.getByRole('status').filter({ hasText: text })
}

/** Fills the admin's Add a review form and sends it. */
async function addReview(page: Page, name: string, stars: string, comment: string) {
	const form = page.getByRole('region', { name: 'Add a review' })
	await form.getByLabel('Name shown').fill(name)
	await form.getByRole('group', { name: 'Rating' }).getByRole('radio', { name: stars, exact: true }).check()
	await form.getByLabel('Review', { exact: true }).fill(comment)
	await form.getByRole('button', { name: 'Add review' }).click()
	await expect(statusWith(page, `The review from ${name} was added at the top of the Reviews page.`)).toBeVisible()
}

test('Customer Reviews lists the reviews from the database, each comment in quotes with its author and rating', async ({
	page,
}) => {
	const response = await page.goto('/reviews')
	expect(response?.status()).toBe(200)
	// Server-rendered: the reviews are in the HTML itself.
	expect(await response?.text()).toContain('Mariana S.')
	await expect(page).toHaveTitle('Customer Reviews | Doce Dulce Bakery')
	await expect(page.getByRole('heading', { level: 1, name: 'Customer Reviews' })).toBeVisible()

	const reviews = page.getByRole('main').getByRole('figure')
	expect(await reviews.count()).toBeGreaterThanOrEqual(5)
	const first = reviews.filter({ hasText: 'Mariana S.' })
	await expect(first.locator('blockquote')).toHaveText(/^“The pão de queijo tastes exactly like .*Obrigada!”$/)
	await expect(first.locator('figcaption')).toHaveText('— Mariana S.')
	// The rating in words, not only as star glyphs (those are hidden from screen readers).
	await expect(first.getByText('5 out of 5 stars', { exact: true })).toBeVisible()
	await expect(page.getByText(/^Average rating: \d(\.\d)? out of 5 stars, from \d+ reviews$/)).toBeVisible()

	// Search engines get the same reviews and their average.
	const bakery = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)
	const count = await reviews.count()
	expect(bakery).toMatchObject({
		'@type': 'Bakery',
		aggregateRating: { '@type': 'AggregateRating', reviewCount: count, bestRating: 5, worstRating: 1 },
	})
	expect(bakery.aggregateRating.ratingValue).toBeGreaterThanOrEqual(1)
	expect(bakery.review).toHaveLength(count)
	expect(bakery.review).toContainEqual({
		'@type': 'Review',
		author: { '@type': 'Person', name: 'Mariana S.' },
		reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
		reviewBody: expect.stringMatching(/^The pão de queijo tastes exactly like/),
	})
})

test('the owner adds a review (e.g. from Google) and it shows on /reviews at once, with its rating', async ({
	page,
}) => {
	const name = uniqueName('Rosa')
	await signInTo(page, '/admin/reviews', 'Reviews')
	await addReview(page, name, '4 stars', 'Best churros north of Seattle.')

	await page.goto('/reviews')
	const added = page.getByRole('figure').filter({ hasText: name })
	await expect(added.locator('blockquote')).toHaveText('“Best churros north of Seattle.”')
	await expect(added.getByText('4 out of 5 stars', { exact: true })).toBeVisible()
})

test('the review link: the customer sends a review, it waits for the owner, who approves it onto /reviews', async ({
	page,
}) => {
	const link = await createReviewInvitationLink('Gabriela Reviewer')
	await gotoHydrated(page, link)
	await expect(page.getByRole('heading', { level: 1, name: 'Tell us how it was' })).toBeVisible()
	// The display name is suggested from the order: the customer's first name.
	await expect(page.getByLabel('Name to show with your review')).toHaveValue('Gabriela')
	const displayName = uniqueName('Gabi')
	await page.getByLabel('Name to show with your review').fill(displayName)
	await page.getByLabel('Your review', { exact: true }).fill('The tres leches was perfect for the party.')

	// No rating yet: a clear message, and nothing typed is lost.
	await page.getByRole('button', { name: 'Send review' }).click()
	await expect(page.getByText('Please choose a rating from 1 to 5 stars.')).toBeVisible()
	await expect(page.getByLabel('Your review', { exact: true })).toHaveValue(
		'The tres leches was perfect for the party.',
	)

	await page.getByRole('group', { name: 'Your rating' }).getByRole('radio', { name: '4 stars', exact: true }).check()
	await page.getByRole('button', { name: 'Send review' }).click()
	await expect(statusWith(page, 'Thank you — your review will appear once we’ve read it.')).toBeVisible()

	// The link works once.
	const again = await page.goto(link)
	expect(again?.status()).toBe(410)
	await expect(page.getByRole('heading', { level: 1, name: 'This review link has already been used' })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Send review' })).toHaveCount(0)

	// Not on the site until the owner approves it.
	await page.goto('/reviews')
	await expect(page.getByRole('figure').filter({ hasText: displayName })).toHaveCount(0)

	await signInTo(page, '/admin/reviews', 'Reviews')
	const pending = page.getByRole('region', { name: 'Awaiting approval' }).getByRole('article', { name: displayName })
	await expect(pending.getByText('4 out of 5 stars', { exact: true })).toBeVisible()
	await expect(pending).toContainText('Sent by the customer of order #')
	await pending.getByRole('button', { name: `Approve review from ${displayName}` }).click()
	await expect(statusWith(page, `The review from ${displayName} is now shown on the Reviews page.`)).toBeVisible()

	await page.goto('/reviews')
	const shown = page.getByRole('figure').filter({ hasText: displayName })
	await expect(shown.locator('blockquote')).toHaveText('“The tres leches was perfect for the party.”')
	await expect(shown.getByText('4 out of 5 stars', { exact: true })).toBeVisible()
})

test('a link that was never sent shows a friendly page without a form', async ({ page }) => {
	const response = await page.goto('/review/not-a-real-link')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1, name: 'This review link doesn’t work' })).toBeVisible()
	await expect(page.getByRole('main').getByRole('link', { name: 'Send us a message' })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Send review' })).toHaveCount(0)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the review form works, and the owner reorders reviews with plain form posts', async ({ page }) => {
		await page.goto(await createReviewInvitationLink('Noah Nojs'))
		await page.getByRole('group', { name: 'Your rating' }).getByRole('radio', { name: '5 stars', exact: true }).check()
		await page.getByLabel('Your review', { exact: true }).fill('Works even with scripts off.')
		await page.getByRole('button', { name: 'Send review' }).click()
		await expect(statusWith(page, 'Thank you — your review will appear once we’ve read it.')).toBeVisible()

		const first = uniqueName('First')
		const second = uniqueName('Second')
		await signInTo(page, '/admin/reviews', 'Reviews', { hydrated: false })
		await addReview(page, second, '5 stars', `Review by ${second}`)
		await addReview(page, first, '5 stars', `Review by ${first}`)

		// Each new review opens the page, so `first` is above `second`. Other tests add reviews at the top
		// meanwhile (one may land between the two), so what moves is `first` and the review just below it.
		const captions = () => page.getByRole('figure').locator('figcaption').allTextContents()
		await page.goto('/reviews')
		const before = await captions()
		const firstAt = before.indexOf(`— ${first}`)
		expect(firstAt).toBeGreaterThanOrEqual(0)
		expect(before.indexOf(`— ${second}`)).toBeGreaterThan(firstAt)
		const below = before[firstAt + 1]
		await page.goto('/admin/reviews')
		await page.getByRole('button', { name: `Move down review from ${first}` }).click()
		await expect(statusWith(page, `Moved the review from ${first} down.`)).toBeVisible()
		await page.goto('/reviews')
		const after = await captions()
		expect(after[after.indexOf(`— ${first}`) - 1]).toBe(below)
	})
})
