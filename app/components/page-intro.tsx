import type { ReactNode } from 'react'

/** The tinted band that opens a content page: its one <h1> and a line of introduction. */
export function PageIntro({
	id,
	title,
	children,
	roomy = false,
}: {
	/** The heading's id; the band is a section labelled by it. */
	id: string
	title: string
	children: ReactNode
	/** More vertical room (About). */
	roomy?: boolean
}) {
	return (
		<section aria-labelledby={id} className="bg-dough/50">
			<div className={`mx-auto max-w-3xl px-4 text-center ${roomy ? 'py-16 md:py-20' : 'py-14 md:py-16'}`}>
				<h1 id={id} className="font-display text-4xl font-bold md:text-5xl">
					{title}
				</h1>
				<p className="mt-4 text-lg">{children}</p>
			</div>
		</section>
	)
}
