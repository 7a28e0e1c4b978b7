/**
 * A customer's phone and e-mail as rows of a `<dl>`, as links; a deleted account's request keeps neither
 * (decision 067), which the rows say instead of showing an empty link.
 */
export function ContactRows({ phone, email }: { phone: string; email: string }) {
	const removed = 'Removed (account deleted)'
	return (
		<>
			<dt className="font-semibold">Phone</dt>
			<dd>
				{phone ? (
					<a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="underline underline-offset-4">
						{phone}
					</a>
				) : (
					removed
				)}
			</dd>
			<dt className="font-semibold">Email</dt>
			<dd className="break-all">
				{email ? (
					<a href={`mailto:${email}`} className="underline underline-offset-4">
						{email}
					</a>
				) : (
					removed
				)}
			</dd>
		</>
	)
}
