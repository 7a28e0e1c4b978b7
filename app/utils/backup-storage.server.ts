import crypto from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
	DeleteObjectCommand,
	GetObjectCommand,
	ListObjectsV2Command,
	S3ServiceException,
	type ServerSideEncryption,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getEnv, type Env } from './env.server'
import { createS3Client, s3ConnectionOf } from './storage.server'

/** Every backup's key starts with it, in its own bucket or beside the images. */
const BACKUP_PREFIX = 'backups/'

const KEY_PATTERN = /^backups\/[A-Za-z0-9][A-Za-z0-9._-]*$/

export function isValidBackupKey(key: string) {
	return KEY_PATTERN.test(key) && !key.includes('..')
}

function assertValidKey(key: string) {
	if (!isValidBackupKey(key)) throw new Error(`Invalid backup key: ${JSON.stringify(key)}`)
}

/**
 * Where the backups are kept. `upload` is all or nothing: the key names an object only once every byte
 * arrived (a multipart upload completed last, or a temp file renamed), so a reader never finds half a dump.
 */
export interface BackupStore {
	readonly kind: 'local' | 's3'
	/** For people: `s3://bucket/backups/` or the folder. */
	readonly location: string
	upload(key: string, body: Readable): Promise<{ sizeBytes: number }>
	/** The object's bytes as a stream, or null when there is no such backup. */
	download(key: string): Promise<Readable | null>
	/** Every complete backup's key. */
	list(): Promise<string[]>
	delete(key: string): Promise<void>
}

/** Counts the bytes that pass through (the compressed size). */
function byteCounter() {
	let bytes = 0
	const stream = new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			bytes += chunk.length
			callback(null, chunk)
		},
	})
	return { stream, bytes: () => bytes }
}

function localBackupStore(rootDir: string): BackupStore {
	const fileOf = (key: string) => path.resolve(rootDir, key)
	return {
		kind: 'local',
		location: path.resolve(rootDir, BACKUP_PREFIX),
		async upload(key, body) {
			assertValidKey(key)
			const file = fileOf(key)
			await mkdir(path.dirname(file), { recursive: true })
			const temporary = `${file}.${crypto.randomUUID()}.partial`
			const counter = byteCounter()
			try {
				await pipeline(body, counter.stream, createWriteStream(temporary, { flags: 'wx' }))
				await rename(temporary, file)
			} catch (error) {
				await rm(temporary, { force: true })
				throw error
			}
			return { sizeBytes: counter.bytes() }
		},
		async download(key) {
			assertValidKey(key)
			const stream = createReadStream(fileOf(key))
			try {
				await new Promise<void>((resolve, reject) => {
					stream.once('open', () => resolve())
					stream.once('error', reject)
				})
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
				throw error
			}
			return stream
		},
		async list() {
			try {
				const names = await readdir(path.resolve(rootDir, BACKUP_PREFIX))
				return names
					.map((name) => `${BACKUP_PREFIX}${name}`)
					.filter((key) => isValidBackupKey(key) && !key.endsWith('.partial'))
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
				throw error
			}
		},
		async delete(key) {
			assertValidKey(key)
			await rm(fileOf(key), { force: true })
		},
	}
}

function isNotFound(error: unknown) {
	return (
		error instanceof S3ServiceException &&
		(error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
	)
}

/** Parts of 8 MiB, two at a time: the upload holds at most ~16 MiB however large the dump. */
const PART_SIZE = 8 * 1024 * 1024

function s3BackupStore(env: Env, bucket: string): BackupStore {
	const client = createS3Client(s3ConnectionOf(env))
	const serverSideEncryption =
		env.BACKUP_SERVER_SIDE_ENCRYPTION === 'none'
			? undefined
			: (env.BACKUP_SERVER_SIDE_ENCRYPTION satisfies `${ServerSideEncryption}`)
	return {
		kind: 's3',
		location: `s3://${bucket}/${BACKUP_PREFIX}`,
		async upload(key, body) {
			assertValidKey(key)
			const counter = byteCounter()
			// A multipart upload: the object exists only once CompleteMultipartUpload (sent last) succeeds; on a
			// failure the upload is aborted and its parts discarded (leavePartsOnError: false).
			const upload = new Upload({
				client,
				params: {
					Bucket: bucket,
					Key: key,
					Body: body.pipe(counter.stream),
					ContentType: 'application/gzip',
					ServerSideEncryption: serverSideEncryption,
				},
				partSize: PART_SIZE,
				queueSize: 2,
				leavePartsOnError: false,
			})
			body.once('error', (error) => counter.stream.destroy(error))
			await upload.done()
			return { sizeBytes: counter.bytes() }
		},
		async download(key) {
			assertValidKey(key)
			try {
				const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
				return object.Body instanceof Readable ? object.Body : null
			} catch (error) {
				if (isNotFound(error)) return null
				throw error
			}
		},
		async list() {
			const keys: string[] = []
			let continuationToken: string | undefined
			do {
				const page = await client.send(
					new ListObjectsV2Command({ Bucket: bucket, Prefix: BACKUP_PREFIX, ContinuationToken: continuationToken }),
				)
				for (const object of page.Contents ?? []) if (object.Key && isValidBackupKey(object.Key)) keys.push(object.Key)
				continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
			} while (continuationToken)
			return keys
		},
		async delete(key) {
			assertValidKey(key)
			await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
		},
	}
}

let current: { env: Env; store: BackupStore } | undefined

/** BACKUP_BUCKET, else the images' bucket, else STORAGE_DIR (a volume in production); follows resetEnv(). */
export function getBackupStore(): BackupStore {
	const env = getEnv()
	if (current?.env !== env) {
		const bucket = env.BACKUP_BUCKET ?? env.STORAGE_BUCKET
		current = { env, store: bucket ? s3BackupStore(env, bucket) : localBackupStore(env.STORAGE_DIR) }
	}
	return current.store
}
