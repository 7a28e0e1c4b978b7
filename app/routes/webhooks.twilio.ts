import type { ActionFunctionArgs } from '@remix-run/node'
import { getBusiness } from '~/config/business.server'
import { applyInboundText, isSignedByTwilio } from '~/domain/texts/index.server'
import { bodyLimits, bodyProblemResponse, readText } from '~/utils/body.server'
import { translator } from '~/utils/i18n.server'
import { siteOrigin } from '~/utils/request.server'

function plain(body: string, status: number) {
	return new Response(body, {
		status,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
	})
}

/** TwiML: Twilio sends `message` back to the customer, or nothing (STOP and START get Twilio's own confirmation). */
function twiml(message: string | null) {
	const escaped = message?.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
	const body = escaped === undefined ? '<Response/>' : `<Response><Message>${escaped}</Message></Response>`
	return new Response(`<?xml version="1.0" encoding="UTF-8"?>${body}`, {
		headers: { 'Content-Type': 'text/xml; charset=utf-8', 'Cache-Control': 'no-store' },
	})
}

export async function loader() {
	return plain('Method not allowed', 405)
}

/** Texts to the bakery's number (decision 074): verified with Twilio's signature before anything is read. */
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return plain('Method not allowed', 405)
	const payload = await readText(request, bodyLimits.webhook)
	if (!payload.ok) return bodyProblemResponse(payload.problem)
	const params = Object.fromEntries(new URLSearchParams(payload.value))
	const publicUrl = `${siteOrigin(request)}/webhooks/twilio`
	if (!isSignedByTwilio(request.headers.get('x-twilio-signature'), publicUrl, params)) return plain('Forbidden', 403)
	const outcome = await applyInboundText(params.From ?? '', params.Body ?? '')
	if (outcome.keyword !== 'help') return twiml(null)
	const business = getBusiness()
	return twiml(translator(outcome.locale)('mail.textHelp', { bakery: business.name, phone: business.phone }))
}
