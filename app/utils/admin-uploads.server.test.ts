import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { imageMessages, uploadProblemMessages } from '~/utils/upload-rules'
import { submitAdminImageForm } from './admin-uploads.server'

const schema = z.object({
	alt: z.string({ required_error: 'Please describe the picture.' }),
	image: z.instanceof(File),
})

function form(entries: Record<string, string | File>) {
	const formData = new FormData()
	for (const [name, value] of Object.entries(entries)) formData.append(name, value)
	return formData
}

describe('submitAdminImageForm', () => {
	it('validates the fields and notes that a file came with them', () => {
		const image = new File([new Uint8Array([1, 2, 3])], 'cake.jpg', { type: 'image/jpeg' })
		const outcome = submitAdminImageForm({ formData: form({ alt: 'A cake', image }) }, schema)
		expect(outcome.problem).toBeNull()
		expect(outcome.imageAttached).toBe(true)
		expect(outcome.submission.status).toBe('success')
	})

	it('puts a too-large upload on the image field with a 413', () => {
		const outcome = submitAdminImageForm({ formData: form({ alt: 'A cake' }), problem: 'file-too-large' }, schema)
		expect(outcome.problem?.status).toBe(413)
		expect(outcome.problem?.result.error).toMatchObject({ image: [imageMessages.tooLarge] })
		expect(outcome.imageAttached).toBe(false)
	})

	it('puts an unreadable body on the form with a 400, keeping what was typed', () => {
		const outcome = submitAdminImageForm({ formData: form({ alt: 'A cake' }), problem: 'malformed' }, schema)
		expect(outcome.problem?.status).toBe(400)
		expect(outcome.problem?.result.error).toMatchObject({ '': [uploadProblemMessages.malformed.message] })
		expect(outcome.problem?.result.initialValue).toMatchObject({ alt: 'A cake' })
	})
})
