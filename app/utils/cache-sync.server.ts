/**
 * Keeps the in-process caches of several server processes in step (decision 040). A
 * change (an owner's menu or schedule edit) is announced on a Postgres channel; every process listening
 * drops what it cached for that topic at once, so the change shows on every machine well within a second.
 * The listener is one dedicated connection per process. While it is down (the database restarting, a
 * network cut) nothing is announced or heard: the caches fall back to their own short lifetimes, and
 * on reconnecting everything is dropped once, for whatever was missed.
 */
import pg from 'pg'
import { getEnv } from './env.server'

export type CacheTopic = 'menu'

const CHANNEL = 'bakery_cache_changes'
/** Reconnect delays: from 1 s, doubling up to 30 s. */
const RECONNECT_MIN_MS = 1_000
const RECONNECT_MAX_MS = 30_000
/** A connection cut without a goodbye (a dead peer) is found by this periodic query. */
const HEARTBEAT_MS = 15_000
const HEARTBEAT_TIMEOUT_MS = 5_000

const handlers = new Map<CacheTopic, Set<() => void>>()

/** Runs `drop` whenever any process announces a change of `topic` (and after a reconnect). */
export function onCacheChange(topic: CacheTopic, drop: () => void) {
	let set = handlers.get(topic)
	if (!set) handlers.set(topic, (set = new Set()))
	set.add(drop)
}

/**
 * Other announcements carried by the same connection (the live order board's, decision 070): a channel's
 * handler hears each payload, and `missed` after a reconnect, when something may have gone unheard.
 */
interface ChannelHandler {
	heard: (payload: string) => void
	missed: () => void
}
const channelHandlers = new Map<string, Set<ChannelHandler>>()

/** Listens on `channel` over this process's one listening connection until the returned function is called. */
export function onDatabaseChannel(channel: string, handler: ChannelHandler) {
	if (!/^[a-z_]+$/.test(channel) || channel === CHANNEL) throw new Error(`Not a channel name: ${channel}`)
	let set = channelHandlers.get(channel)
	if (!set) {
		channelHandlers.set(channel, (set = new Set()))
		listener?.query(`LISTEN ${channel}`).catch(() => undefined)
	}
	set.add(handler)
	return () => void set.delete(handler)
}

function dropAll() {
	for (const set of handlers.values()) for (const drop of set) drop()
	for (const set of channelHandlers.values()) for (const { missed } of set) missed()
}

let listener: pg.Client | undefined

/** Tells every process (this one included) that `topic` changed. Silent when not listening: the others' caches expire soon anyway. */
export function announceCacheChange(topic: CacheTopic) {
	listener?.query('SELECT pg_notify($1, $2)', [CHANNEL, topic]).catch((error: unknown) => {
		console.error(`Announcing a ${topic} change failed: ${error instanceof Error ? error.message : String(error)}`)
	})
}

/** Whether this process currently hears other processes' changes. */
export function isCacheSyncListening() {
	return listener !== undefined
}

/** Listens for changes until the returned function is called; reconnects on its own. */
export function startCacheSync(databaseUrl = getEnv().DATABASE_URL) {
	if (!databaseUrl) return async () => {}
	let stopped = false
	let delay = RECONNECT_MIN_MS
	let retry: NodeJS.Timeout | undefined
	let heartbeat: NodeJS.Timeout | undefined
	let current: pg.Client | undefined

	const reconnectLater = (client: pg.Client) => {
		if (current !== client) return
		current = undefined
		if (listener === client) listener = undefined
		clearInterval(heartbeat)
		client.end().catch(() => undefined)
		if (stopped) return
		retry = setTimeout(connect, delay)
		retry.unref()
		delay = Math.min(delay * 2, RECONNECT_MAX_MS)
	}

	const connect = async () => {
		const client = new pg.Client({
			connectionString: databaseUrl,
			application_name: 'bakery-cache-sync',
			keepAlive: true,
			connectionTimeoutMillis: HEARTBEAT_TIMEOUT_MS,
		})
		current = client
		client.on('error', () => reconnectLater(client))
		client.on('end', () => reconnectLater(client))
		client.on('notification', ({ channel, payload }) => {
			if (channel !== CHANNEL) {
				for (const { heard } of channelHandlers.get(channel) ?? []) heard(payload ?? '')
				return
			}
			for (const drop of handlers.get(payload as CacheTopic) ?? []) drop()
		})
		try {
			await client.connect()
			await client.query(`LISTEN ${CHANNEL}`)
			for (const channel of channelHandlers.keys()) await client.query(`LISTEN ${channel}`)
		} catch (error) {
			if (current === client) {
				console.error(
					`Cache change listener not connected, retrying in ${delay / 1000} s: ${error instanceof Error ? error.message : String(error)}`,
				)
			}
			reconnectLater(client)
			return
		}
		if (stopped || current !== client) return void client.end().catch(() => undefined)
		listener = client
		delay = RECONNECT_MIN_MS
		console.log('Listening for cache changes from other processes')
		// Whatever changed while nobody listened here.
		dropAll()
		heartbeat = setInterval(() => {
			const timeout = new Promise((_, reject) =>
				setTimeout(() => reject(new Error('heartbeat timed out')), HEARTBEAT_TIMEOUT_MS).unref(),
			)
			Promise.race([client.query('SELECT 1'), timeout]).catch(() => reconnectLater(client))
		}, HEARTBEAT_MS)
		heartbeat.unref()
	}

	void connect()
	return async () => {
		stopped = true
		clearTimeout(retry)
		clearInterval(heartbeat)
		const client = current
		current = undefined
		listener = undefined
		await client?.end().catch(() => undefined)
	}
}
