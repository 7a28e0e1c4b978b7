import { expect, test } from '@playwright/test'
import { expectLanguageLinksAnswer, languageLinksIn, walkPagesInEveryLanguage } from './page-text'
import { signInTo } from './support'

/** The owner's screens and the sign-in page: in English only, so they offer no other language. */
const ENGLISH_ONLY_SCREENS = [
	'/admin',
	'/admin/menu',
	'/admin/orders',
	'/admin/custom-cakes',
	'/admin/prep-list',
	'/admin/pickup-schedule',
	'/admin/site-texts',
	'/admin/reviews',
	'/admin/messages',
	'/admin/gallery',
	'/image-uploader',
]

test('every page in every language is clean UTF-8, and its language links lead to pages that are there', async ({
	request,
}) => {
	const linksByPage = await walkPagesInEveryLanguage(request)
	// The switcher is on every public page: a walk that found no links would prove nothing.
	expect(linksByPage.get('/es/shop')).toEqual(expect.arrayContaining(['/shop', '/es/shop', '/pt-br/shop']))
	// An unknown path shows the home screen: its language links go to each language's home page.
	expect(linksByPage.get('/es/no-such-page')).toEqual(expect.arrayContaining(['/', '/es', '/pt-br']))
	await expectLanguageLinksAnswer(request, linksByPage)
})

test('the owner’s screens and the sign-in page are in English only and offer no other language', async ({
	page,
	request,
}) => {
	expect(languageLinksIn(await (await request.get('/image-uploader')).text())).toEqual([])
	await signInTo(page, '/admin', 'Welcome, Olivia Owner')
	for (const path of ENGLISH_ONLY_SCREENS) {
		const response = await page.request.get(path)
		expect(response.status(), path).toBe(200)
		expect(languageLinksIn(await response.text()), path).toEqual([])
	}
	await expect(page.getByRole('link', { name: 'Español' })).toHaveCount(0)
})
