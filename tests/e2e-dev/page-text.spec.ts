import { expect, test } from '@playwright/test'
import { expectLanguageLinksAnswer, languageLinksIn, walkPagesInEveryLanguage } from '../e2e/page-text'

/**
 * The development server renders through the same React as the production build, from its development
 * build (decision 050): every page clean UTF-8, every language link leading to a page that is there.
 */
test('every page in every language is clean UTF-8 and its language links lead to pages that are there', async ({
	request,
}) => {
	const linksByPage = await walkPagesInEveryLanguage(request)
	expect(linksByPage.get('/pt-br/custom-cakes')).toEqual(
		expect.arrayContaining(['/custom-cakes', '/es/custom-cakes', '/pt-br/custom-cakes']),
	)
	await expectLanguageLinksAnswer(request, linksByPage)
})

test('the owner’s screens and the test payment page are in English only and offer no other language', async ({
	page,
}) => {
	await page.goto('/image-uploader')
	await page.getByRole('button', { name: 'Sign in as demo admin (development only)' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Demo Admin' })).toBeVisible()
	for (const path of ['/admin', '/admin/menu', '/admin/custom-cakes', '/admin/outbox', '/image-uploader']) {
		expect(languageLinksIn(await (await page.request.get(path)).text()), path).toEqual([])
	}
	// Without Stripe keys a checkout goes to the test payment page (any session id shows its refusal).
	expect(languageLinksIn(await (await page.request.get('/test-payment/cs_test_unknown')).text())).toEqual([])
})
