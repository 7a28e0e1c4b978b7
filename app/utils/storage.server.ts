import crypto from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
	DeleteObjectCommand,
	GetObjectCommand,
	HeadObjectCommand,
	ListObjectsV2Command,
	PutObjectCommand,
	S3Client,
	S3ServiceException,
} from '@aws-sdk/client-s3'
import { getEnv, type Env } from './env.server'

/** The storage folders (menu, gallery and cake photos). Every object key starts with one of them. */
export const storagePrefixes = ['menuImages', 'customCakeImages', 'galleryImages'] as const
export type StoragePrefix = (typeof storagePrefixes)[number]

const KEY_PATTERN = new RegExp(`^(${storagePrefixes.join('|')})/[A-Za-z0-9][A-Za-z0-9_-]*\\.[a-z0-9]{2,5}$`)

/** True for keys the server itself generates: a known prefix and one safe file name (no `..`, slashes or NUL). */
export function isValidStorageKey(key: string) {
	return KEY_PATTERN.test(key)
}

function assertValidKey(key: string) {
	if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
}

/** A fresh key under `prefix`: a random id plus the extension of the format the server wrote. */
export function createObjectKey(prefix: StoragePrefix, extension: 'jpg' | 'png' | 'webp' | 'avif') {
	return `${prefix}/${crypto.randomUUID()}.${extension}`
}

const contentTypes: Record<string, string> = {
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	png: 'image/png',
	webp: 'image/webp',
	avif: 'image/avif',
}

function contentTypeOfKey(key: string) {
	return contentTypes[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream'
}

export interface StorageBackend {
	readonly kind: 'local' | 's3'
	put(key: string, body: Uint8Array, contentType: string): Promise<void>
	get(key: string): Promise<Buffer | null>
	exists(key: string): Promise<boolean>
	delete(key: string): Promise<void>
	/** Every key under the prefix (a folder listing). */
	list(prefix: StoragePrefix): Promise<string[]>
}

/** Objects as files under `rootDir` (git-ignored). Writes go through a temp file, so a reader never sees half a file. */
function createLocalStorage(rootDir: string): StorageBackend {
	const fileOf = (key: string) => path.resolve(rootDir, key)
	return {
		kind: 'local',
		async put(key, body) {
			const file = fileOf(key)
			await mkdir(path.dirname(file), { recursive: true })
			const temporary = `${file}.${crypto.randomUUID()}.tmp`
			try {
				await writeFile(temporary, body)
				await rename(temporary, file)
			} catch (error) {
				await rm(temporary, { force: true })
				throw error
			}
		},
		async get(key) {
			try {
				return await readFile(fileOf(key))
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
				throw error
			}
		},
		async exists(key) {
			try {
				return (await stat(fileOf(key))).isFile()
			} catch {
				return false
			}
		},
		async delete(key) {
			await rm(fileOf(key), { force: true })
		},
		async list(prefix) {
			try {
				const names = await readdir(path.resolve(rootDir, prefix))
				return names.map((name) => `${prefix}/${name}`).filter(isValidStorageKey)
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
				throw error
			}
		},
	}
}

interface S3StorageOptions {
	bucket: string
	region: string
	endpoint?: string
	accessKeyId: string
	secretAccessKey: string
	forcePathStyle: boolean
}

/** The client for the configured S3-compatible store (images, and backups: app/utils/backup-storage.server.ts). */
export function createS3Client(options: Omit<S3StorageOptions, 'bucket'>) {
	return new S3Client({
		region: options.region,
		endpoint: options.endpoint,
		forcePathStyle: options.forcePathStyle,
		credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
		// Only where the API demands them: R2, MinIO and older S3 clones reject or mis-store the
		// newer default checksums (a streamed body is then kept with its aws-chunked framing).
		requestChecksumCalculation: 'WHEN_REQUIRED',
		responseChecksumValidation: 'WHEN_REQUIRED',
	})
}

/** The STORAGE_* connection settings (the env schema refuses a bucket without credentials). */
export function s3ConnectionOf(env: Env): Omit<S3StorageOptions, 'bucket'> {
	return {
		region: env.STORAGE_REGION,
		endpoint: env.STORAGE_ENDPOINT,
		accessKeyId: env.STORAGE_ACCESS_KEY_ID ?? '',
		secretAccessKey: env.STORAGE_SECRET_ACCESS_KEY ?? '',
		forcePathStyle: env.STORAGE_FORCE_PATH_STYLE,
	}
}

function isNotFound(error: unknown) {
	return (
		error instanceof S3ServiceException &&
		(error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
	)
}

/** An S3-compatible bucket: AWS S3, Fly's Tigris, Cloudflare R2, MinIO. */
function createS3Storage(options: S3StorageOptions): StorageBackend {
	const { bucket } = options
	const client = createS3Client(options)
	return {
		kind: 's3',
		async put(key, body, contentType) {
			await client.send(
				new PutObjectCommand({
					Bucket: bucket,
					Key: key,
					Body: body,
					ContentType: contentType,
					CacheControl: 'public, max-age=31536000, immutable',
				}),
			)
		},
		async get(key) {
			try {
				const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
				if (!object.Body) return null
				return Buffer.from(await object.Body.transformToByteArray())
			} catch (error) {
				if (isNotFound(error)) return null
				throw error
			}
		},
		async exists(key) {
			try {
				await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
				return true
			} catch (error) {
				if (isNotFound(error)) return false
				throw error
			}
		},
		async delete(key) {
			await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
		},
		async list(prefix) {
			const keys: string[] = []
			let continuationToken: string | undefined
			do {
				const page = await client.send(
					new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/`, ContinuationToken: continuationToken }),
				)
				for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key)
				continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
			} while (continuationToken)
			return keys
		},
	}
}

function storageFromEnv(env: Env): StorageBackend {
	if (!env.STORAGE_BUCKET) return createLocalStorage(env.STORAGE_DIR)
	return createS3Storage({ bucket: env.STORAGE_BUCKET, ...s3ConnectionOf(env) })
}

let current: { env: Env; backend: StorageBackend } | undefined

/** The configured backend: a bucket when STORAGE_BUCKET is set, else local disk. Follows resetEnv(). */
export function getStorage(): StorageBackend {
	const env = getEnv()
	if (current?.env !== env) current = { env, backend: storageFromEnv(env) }
	return current.backend
}

/** Where the resized variants of one object are cached (app/utils/images.server.ts). */
export function variantCacheDir(key: string) {
	assertValidKey(key)
	return path.resolve(getEnv().IMAGE_CACHE_DIR, key)
}

/**
 * Objects are write-once: a key is never reused for other bytes, which is what lets the image
 * route cache variants forever. Write new content under a new key (createObjectKey).
 */
export async function putObject(key: string, body: Uint8Array, contentType = contentTypeOfKey(key)) {
	assertValidKey(key)
	await getStorage().put(key, body, contentType)
}

export async function getObject(key: string): Promise<Buffer | null> {
	assertValidKey(key)
	return getStorage().get(key)
}

export async function objectExists(key: string) {
	assertValidKey(key)
	return getStorage().exists(key)
}

/** Removes the object and this machine's cached variants of it (idempotent). */
export async function deleteObject(key: string) {
	assertValidKey(key)
	await getStorage().delete(key)
	await rm(variantCacheDir(key), { recursive: true, force: true })
}

export async function listObjectKeys(prefix: StoragePrefix) {
	return getStorage().list(prefix)
}
