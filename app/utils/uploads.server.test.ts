import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { imageFileField, ownerImageUpload, publicPhotoUpload } from '~/utils/upload-rules'
import { checkImageForm, uploadFailureReply } from './uploads.server'

const schema = z.object({
	alt: z.string({ required_error: 'Please describe the picture.' }),
	image: imageFileField(ownerImageUpload),
})

function form(entries: Record<string, string | File>) {
	const formData = new FormData()
	for (const [name, value] of Object.entries(entries)) formData.append(name, value)
	return formData
}

/** What `formReply` hands Remix: `data(value, init)`. */
function sent(reply: unknown) {
	const { data, init } = reply as {
		data: Record<string, unknown> & { imageAttached: boolean; result: { error?: Record<string, string[]> } }
		init: ResponseInit
	}
	return { ...data, status: init.status, headers: new Headers(init.headers) }
}

const jpeg = () => new File([new Uint8Array([1, 2, 3])], 'cake.jpg', { type: 'image/jpeg' })

describe('checkImageForm', () => {
	it('hands over the value of a valid form; a failed save asks a browser without JavaScript for the file again', async () => {
		const checked = await checkImageForm({ formData: form({ alt: 'A cake', image: jpeg() }) }, schema, ownerImageUpload)
		expect(checked.refusal).toBeNull()
		expect(checked.value?.alt).toBe('A cake')
		const reply = sent(checked.reply(uploadFailureReply('storage', ownerImageUpload), { saved: false }))
		expect(reply).toMatchObject({ status: 503, imageAttached: true, saved: false })
		expect(reply.result.error).toMatchObject({ '': [ownerImageUpload.failures.storage] })
		expect(sent(checked.reply({ resetForm: true }, {}))).toMatchObject({ status: 200, imageAttached: false })
	})

	it('puts a too-large upload on the image field with a 413, in the policy’s words', async () => {
		const parsed = { formData: form({ alt: 'A cake' }), problem: 'file-too-large' as const }
		const checked = await checkImageForm(parsed, schema, publicPhotoUpload)
		expect(checked.value).toBeNull()
		const reply = sent(checked.reply({ ...checked.refusal!, locale: 'en' }, {}))
		expect(reply.status).toBe(413)
		expect(reply.result.error).toMatchObject({ image: ['The photo is larger than 5 MB. Please choose a smaller one.'] })
		expect(reply.imageAttached).toBe(false)
	})

	it('answers in the page’s language: the public policy’s words are keys', async () => {
		const parsed = { formData: form({ alt: 'A cake' }), problem: 'file-too-large' as const }
		const checked = await checkImageForm(parsed, schema, publicPhotoUpload)
		const reply = sent(checked.reply({ ...checked.refusal!, locale: 'pt-BR' }, {}))
		expect(reply.result.error).toMatchObject({ image: ['A foto tem mais de 5 MB. Escolha uma menor.'] })
		const untranslated = sent(checked.reply(checked.refusal!, {}))
		expect(untranslated.result.error).toMatchObject({ image: ['requests.photoTooLarge'] })
	})

	it('puts an unreadable body on the form with a 400, keeping what was typed', async () => {
		const checked = await checkImageForm(
			{ formData: form({ alt: 'A cake' }), problem: 'malformed' },
			schema,
			ownerImageUpload,
		)
		const reply = sent(checked.reply(checked.refusal!, {}))
		expect(reply.status).toBe(400)
		expect(reply.result.error).toMatchObject({ '': [ownerImageUpload.problems.malformed.message] })
		expect(reply).toMatchObject({ result: { initialValue: { alt: 'A cake' } } })
	})
})

describe('uploadFailureReply', () => {
	it('says a rejected image next to the file field', () => {
		expect(uploadFailureReply('heic', ownerImageUpload)).toEqual({
			fieldErrors: { image: [ownerImageUpload.failures.heic] },
			status: 400,
		})
	})

	it('asks a customer turned away by a full line to come back in a minute (decision 023)', () => {
		const options = uploadFailureReply('busy', publicPhotoUpload)
		expect(options).toMatchObject({ status: 503, formErrors: [publicPhotoUpload.failures.busy] })
		expect(new Headers(options.headers).get('Retry-After')).toBe('60')
	})
})
