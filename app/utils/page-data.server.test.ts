import { describe, expect, it, vi } from 'vitest'
import { pageDataOrUnavailable } from './page-data.server'

describe('pageDataOrUnavailable', () => {
	it('hands the page its data under the key', async () => {
		await expect(pageDataOrUnavailable('reviews', 'reviews', async () => [{ id: 'r1' }])).resolves.toEqual({
			reviews: [{ id: 'r1' }],
		})
	})

	it('turns a failed load into null with a 503 the page can explain, and logs it', async () => {
		const log = vi.spyOn(console, 'error').mockImplementation(() => {})
		const result = await pageDataOrUnavailable('images', 'the gallery', () => Promise.reject(new Error('down')))
		expect(result).toMatchObject({ data: { images: null }, init: { status: 503, headers: { 'Retry-After': '30' } } })
		expect(log).toHaveBeenCalledWith('Loading the gallery failed', expect.any(Error))
		log.mockRestore()
	})
})
