/**
 * The backup store failing during the nightly backup (decision 059): the run is recorded as failed with the
 * store's error, the owner's dashboard says the last run failed, no object is left under a backup's name, and
 * the queue's retry (the next attempt) completes the backup once the store is back.
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runBackup, type backupStatus } from '~/domain/backups/backups.server'
import { startScheduledWork } from '~/domain/housekeeping/scheduled-work.server'
import { getMailQueue } from '~/domain/mail/index.server'
import { getBackupStore } from '~/utils/backup-storage.server'
import { prisma } from '~/utils/db.server'
import { resetEnv } from '~/utils/env.server'
import { loader as dashboardLoader } from '~/routes/admin._index'
import { ADMIN, get, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { startLocalS3, type LocalS3 } from '../setup/s3-server'

type StoreFault = 'none' | 'cut-uploads' | 'down'

/**
 * A TCP proxy in front of the S3 stand-in. `cut-uploads` passes the first bytes of an upload (a PUT) and then
 * drops the connection, as a store that goes away mid-upload; `down` refuses every connection.
 */
async function startFaultyProxy(target: URL) {
	let fault: StoreFault = 'none'
	const sockets = new Set<net.Socket>()
	const server = net.createServer((client) => {
		sockets.add(client)
		client.on('close', () => sockets.delete(client))
		if (fault === 'down') {
			client.destroy()
			return
		}
		const upstream = net.connect(Number(target.port), target.hostname)
		sockets.add(upstream)
		upstream.on('close', () => sockets.delete(upstream))
		let sent = 0
		let cutting = false
		client.on('data', (chunk: Buffer) => {
			if (sent === 0 && fault === 'cut-uploads' && chunk.toString('latin1', 0, 4) === 'PUT ') cutting = true
			if (cutting && sent + chunk.length > 2_000) {
				upstream.write(chunk.subarray(0, Math.max(0, 2_000 - sent)))
				client.destroy()
				upstream.destroy()
				return
			}
			sent += chunk.length
			upstream.write(chunk)
		})
		upstream.on('data', (chunk) => client.write(chunk))
		client.on('error', () => upstream.destroy())
		upstream.on('error', () => client.destroy())
		client.on('end', () => upstream.end())
		upstream.on('end', () => client.end())
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
		setFault(next: StoreFault) {
			fault = next
			// Kept-alive connections would carry on past the fault.
			for (const socket of sockets) socket.destroy()
		},
		async stop() {
			for (const socket of sockets) socket.destroy()
			await new Promise((resolve) => server.close(resolve))
		},
	}
}

let s3: LocalS3
let proxy: Awaited<ReturnType<typeof startFaultyProxy>>
let cleanup: () => Promise<void>
let cookie: string

beforeAll(async () => {
	;({ cleanup } = await useAdminTestEnv())
	s3 = await startLocalS3('bakery-backups')
	proxy = await startFaultyProxy(new URL(s3.env.STORAGE_ENDPOINT!))
	Object.assign(process.env, s3.env, { STORAGE_ENDPOINT: proxy.url })
	resetEnv()
	cookie = await sessionCookieFor(ADMIN)
})

afterAll(async () => {
	await proxy?.stop()
	await s3?.stop()
	await cleanup?.()
})

/** What the owner's dashboard shows about the backups. */
async function dashboardBackups() {
	const outcome = await run(dashboardLoader({ request: get('/admin', cookie), params: {}, context: {} }))
	return (outcome.data as { backups: Awaited<ReturnType<typeof backupStatus>> }).backups
}

async function latestRun() {
	return prisma.backupRun.findFirstOrThrow({ orderBy: { id: 'desc' } })
}

describe('the backup store fails during the backup', () => {
	it('records the failure, leaves no object named as a backup, and the retry completes it', async () => {
		expect(await dashboardBackups()).toMatchObject({ attention: 'none-yet', lastGood: null })
		const first = await runBackup()
		expect(await getBackupStore().list()).toEqual([first.objectKey])

		proxy.setFault('cut-uploads')
		await expect(runBackup()).rejects.toThrow()
		const cut = await latestRun()
		expect(cut).toMatchObject({ status: 'FAILED', objectKey: null, sizeBytes: null })
		expect(cut.error).toBeTruthy()
		expect(cut.finishedAt).not.toBeNull()

		proxy.setFault('down')
		await expect(runBackup()).rejects.toThrow()
		expect(await latestRun()).toMatchObject({ status: 'FAILED', objectKey: null })
		// The owner sees that the last run failed, and the last good backup's time and size.
		const failedStatus = await dashboardBackups()
		expect(failedStatus.attention).toBe('last-run-failed')
		expect(failedStatus.lastError).toBeTruthy()
		expect(failedStatus.lastGood?.sizeBytes).toBe(first.sizeBytes)

		proxy.setFault('none')
		// Only the complete backup is in the bucket: the cut upload left nothing under any key.
		expect(await getBackupStore().list()).toEqual([first.objectKey])

		const retried = await runBackup()
		expect(await latestRun()).toMatchObject({ status: 'SUCCEEDED', objectKey: retried.objectKey })
		// The day's newer backup replaces the earlier one (one a day is kept: the retention policy).
		expect(await getBackupStore().list()).toEqual([retried.objectKey])
		expect((await dashboardBackups()).attention).toBeNull()
	})

	it('is retried by the queue: three more attempts, 5 minutes apart and then longer', async () => {
		await startScheduledWork({ work: false })
		const queue = await (await getMailQueue()).getQueue('nightly-backup')
		expect(queue).toMatchObject({ retryLimit: 3, retryDelay: 300, retryBackoff: true })
		const schedules = await (await getMailQueue()).getSchedules('nightly-backup')
		expect(schedules.map((schedule) => schedule.cron)).toEqual(['30 10 * * *'])
	})
})
