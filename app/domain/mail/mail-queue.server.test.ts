import { describe, expect, it } from 'vitest'
import { queueErrorText } from './mail-queue.server'

describe('queueErrorText', () => {
	it('prints an Error’s message alone', () => {
		expect(queueErrorText(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBe('connect ECONNREFUSED 127.0.0.1:5432')
	})

	it('reads the message and queue of a worker’s error, which pg-boss sends as a plain object', () => {
		const workerError = { message: 'Connection terminated', stack: 'at …', queue: 'mail', worker: 'abc' }
		expect(queueErrorText(workerError)).toBe('Connection terminated (queue mail)')
	})

	it('never prints [object Object]', () => {
		expect(queueErrorText({ code: '57P01' })).toBe('{"code":"57P01"}')
		expect(queueErrorText('stopped')).toBe('stopped')
	})
})
