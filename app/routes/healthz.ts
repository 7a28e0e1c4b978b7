import { isDatabaseReachable } from '~/utils/db.server'

export async function loader() {
	const ok = await isDatabaseReachable()
	return new Response(ok ? 'OK' : 'Database unreachable', {
		status: ok ? 200 : 503,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
	})
}
