import { prisma } from '~/utils/db.server'

/** Records the start of an attempt; its id closes it with completeBackupRun or failBackupRun. */
export async function startBackupRun() {
	const run = await prisma.backupRun.create({ data: {}, select: { id: true, startedAt: true } })
	return run
}

/** The run's object is named here, after its upload completed (the check constraint refuses it otherwise). */
export async function completeBackupRun(
	id: number,
	{ objectKey, sizeBytes }: { objectKey: string; sizeBytes: number },
) {
	await prisma.backupRun.update({
		where: { id, status: 'RUNNING' },
		data: { status: 'SUCCEEDED', finishedAt: new Date(), objectKey, sizeBytes: BigInt(sizeBytes) },
	})
}

export async function failBackupRun(id: number, error: string) {
	await prisma.backupRun.updateMany({
		where: { id, status: 'RUNNING' },
		data: { status: 'FAILED', finishedAt: new Date(), error: error.slice(0, 2000) },
	})
}

/** The newest complete backup and the newest finished attempt (complete or failed), for the dashboard. */
export async function latestBackupRuns() {
	const [lastGood, lastFinished] = await Promise.all([
		prisma.backupRun.findFirst({
			where: { status: 'SUCCEEDED' },
			orderBy: { startedAt: 'desc' },
			select: { finishedAt: true, sizeBytes: true, objectKey: true },
		}),
		prisma.backupRun.findFirst({
			where: { status: { in: ['SUCCEEDED', 'FAILED'] } },
			orderBy: { finishedAt: 'desc' },
			select: { status: true, finishedAt: true, error: true },
		}),
	])
	return {
		lastGood:
			lastGood?.finishedAt && lastGood.objectKey && lastGood.sizeBytes !== null
				? { finishedAt: lastGood.finishedAt, sizeBytes: Number(lastGood.sizeBytes), objectKey: lastGood.objectKey }
				: null,
		lastFinished: lastFinished?.finishedAt
			? { failed: lastFinished.status === 'FAILED', finishedAt: lastFinished.finishedAt, error: lastFinished.error }
			: null,
	}
}
