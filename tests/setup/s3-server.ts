import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
// s3rver ships no types; this is the part of its API the tests use.
// @ts-expect-error -- untyped CommonJS package
import S3rverModule from 's3rver'

interface S3rverInstance {
	run(): Promise<AddressInfo>
	close(): Promise<void>
	httpServer?: Server
}
const S3rver = S3rverModule as new (options: Record<string, unknown>) => S3rverInstance

export interface LocalS3 {
	/** The STORAGE_* variables that point the app at this server. */
	env: Record<string, string>
	stop(): Promise<void>
}

/**
 * An S3-protocol server (s3rver) on a random port with its own temp folder and one bucket, with
 * s3rver's fixed credentials. Path-style addressing: the bucket is not a subdomain of 127.0.0.1.
 */
export async function startLocalS3(bucket = 'bakery-test'): Promise<LocalS3> {
	const directory = await mkdtemp(path.join(os.tmpdir(), 'bakery-s3rver-'))
	const server = new S3rver({
		address: '127.0.0.1',
		port: 0,
		silent: true,
		directory,
		configureBuckets: [{ name: bucket }],
	})
	const { port } = await server.run()
	return {
		env: {
			STORAGE_BUCKET: bucket,
			STORAGE_REGION: 'us-east-1',
			STORAGE_ENDPOINT: `http://127.0.0.1:${port}`,
			STORAGE_ACCESS_KEY_ID: 'S3RVER',
			STORAGE_SECRET_ACCESS_KEY: 'S3RVER',
			STORAGE_FORCE_PATH_STYLE: 'true',
		},
		async stop() {
			// The SDK keeps sockets alive; close() would wait for them.
			server.httpServer?.closeAllConnections()
			await server.close()
			await rm(directory, { recursive: true, force: true })
		},
	}
}
