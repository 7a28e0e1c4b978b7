import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { prisma } from '~/utils/db.server'
import { resetEnv } from '~/utils/env.server'
import { resetRateLimits } from '~/utils/rate-limit.server'
import { deleteObject, getObject, getStorage, listObjectKeys } from '~/utils/storage.server'
import { file, photo } from '../fixtures/images'
import { startLocalS3, type LocalS3 } from '../setup/s3-server'
import { postCustomCake, validFields } from './custom-cakes-helpers'

let s3: LocalS3
let tempDir: string

function useBucket(overrides: Record<string, string> = {}) {
	Object.assign(process.env, s3.env, { IMAGE_CACHE_DIR: path.join(tempDir, 'cache') }, overrides)
	resetEnv()
}

beforeAll(async () => {
	tempDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-custom-cakes-s3-'))
	// Anything written to local disk by mistake would land here and be noticed.
	process.env.STORAGE_DIR = path.join(tempDir, 'local-uploads')
	s3 = await startLocalS3()
})

afterAll(async () => {
	for (const name of Object.keys(s3.env)) delete process.env[name]
	resetEnv()
	await s3.stop()
	await rm(tempDir, { recursive: true, force: true })
})

beforeEach(async () => {
	resetRateLimits()
	useBucket()
	await prisma.customCakeRequest.deleteMany()
	for (const key of await listObjectKeys('customCakeImages')) await deleteObject(key)
})

describe('custom cake requests with S3-compatible storage', () => {
	it('stores a request without a photo', async () => {
		expect(getStorage().kind).toBe('s3')
		expect((await postCustomCake(validFields())).submitted).toBe(true)
		expect(await prisma.customCakeRequest.findFirstOrThrow()).toMatchObject({ imageKey: null, type: 'Tres Leches' })
	})

	it('stores the photo in the bucket under customCakeImages/ and its key on the request', async () => {
		const outcome = await postCustomCake(
			validFields({ image: file(await photo({ width: 1200, height: 900 }), 'cake.png', 'image/png') }),
		)
		expect(outcome.submitted).toBe(true)

		const row = await prisma.customCakeRequest.findFirstOrThrow()
		expect(await listObjectKeys('customCakeImages')).toEqual([row.imageKey])
		const stored = await getObject(row.imageKey!)
		expect(await sharp(stored!).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 900 })
		expect(existsSync(path.join(tempDir, 'local-uploads'))).toBe(false)
	})

	it('keeps no row when the bucket refuses the upload', async () => {
		useBucket({ STORAGE_BUCKET: 'no-such-bucket' })
		const outcome = await postCustomCake(validFields({ image: file(await photo(), 'cake.jpg', 'image/jpeg') }))
		expect(outcome.status).toBe(503)
		expect(outcome.result?.error?.['']).toEqual(['We couldn’t save your photo just now. Please try again in a moment.'])
		expect(await prisma.customCakeRequest.count()).toBe(0)
	})

	it('removes the uploaded photo from the bucket when the database write fails', async () => {
		await prisma.$executeRawUnsafe(
			'ALTER TABLE "CustomCakeRequest" ADD CONSTRAINT refuse_inserts CHECK (false) NOT VALID',
		)
		try {
			const outcome = await postCustomCake(validFields({ image: file(await photo(), 'cake.jpg', 'image/jpeg') }))
			expect(outcome.status).toBe(503)
		} finally {
			await prisma.$executeRawUnsafe('ALTER TABLE "CustomCakeRequest" DROP CONSTRAINT refuse_inserts')
		}
		expect(await listObjectKeys('customCakeImages')).toEqual([])
		expect(await prisma.customCakeRequest.count()).toBe(0)
	})
})
