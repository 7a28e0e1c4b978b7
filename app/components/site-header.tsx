import { Link, NavLink, useLocation } from '@remix-run/react'
import { useEffect, useId, useRef, useState } from 'react'
import { useBusiness } from '~/config/business'
import { CartLink } from './cart-link'
import { ChevronDownIcon, CloseIcon, MenuIcon } from '~/components/ui/icons'
import { LogoMark } from './logo'
import { OrderOnlineLink, orderButtonClass } from './order-online-link'
import { LanguageSwitcher } from './language-switcher'
import { menuLinks, moreLinks, primaryLinks } from './site-navigation'
import { useLocalizedPath, useT } from '~/utils/i18n-react'

/** "My account": the same link signed in or not (pages are cached for everyone); /account sends a visitor to sign in. */
const ACCOUNT_PATH = '/account'

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
	`rounded-md px-2 py-1 font-semibold underline-offset-4 hover:text-cinnamon hover:underline ${isActive ? 'text-cinnamon underline' : ''}`

/**
 * Sticky header. Without JavaScript the mobile panel is shown open and the dropdown opens on
 * hover/focus (the `noscript` styles in app/root.tsx), so every link stays reachable.
 */
export function SiteHeader() {
	const business = useBusiness()
	const t = useT()
	const localize = useLocalizedPath()
	const { pathname } = useLocation()
	const [mobileOpen, setMobileOpen] = useState(false)
	const toggleRef = useRef<HTMLButtonElement>(null)

	// Every menu closes when the path changes.
	useEffect(() => setMobileOpen(false), [pathname])

	useEffect(() => {
		if (!mobileOpen) return
		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key !== 'Escape') return
			setMobileOpen(false)
			toggleRef.current?.focus()
		}
		document.addEventListener('keydown', onKeyDown)
		return () => document.removeEventListener('keydown', onKeyDown)
	}, [mobileOpen])

	return (
		<header className="sticky top-0 z-40 border-b border-dough bg-cream/95 backdrop-blur supports-[backdrop-filter]:bg-cream/85">
			<div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
				<Link
					to={localize('/')}
					className="flex items-center gap-3 rounded-md font-display text-xl font-bold text-cocoa"
				>
					<LogoMark size={44} />
					<span>{business.name}</span>
				</Link>

				<nav aria-label={t('common.navMain')} className="hidden items-center gap-4 md:flex">
					{primaryLinks.map((link) => (
						<NavLink key={link.to} to={localize(link.to)} className={navLinkClass}>
							{t(link.label)}
						</NavLink>
					))}
					<MenuDropdown pathname={pathname} />
					<NavLink to={localize(ACCOUNT_PATH)} className={navLinkClass}>
						{t('common.navAccount')}
					</NavLink>
					<CartLink placement="desktop" />
					<OrderOnlineLink className={orderButtonClass} />
				</nav>

				<button
					ref={toggleRef}
					type="button"
					className="js-only inline-flex items-center gap-2 rounded-full border border-cocoa/30 px-3 py-2 font-semibold md:hidden"
					aria-expanded={mobileOpen}
					aria-controls="mobile-menu"
					onClick={() => setMobileOpen((open) => !open)}
				>
					{mobileOpen ? <CloseIcon /> : <MenuIcon />}
					<span>{t('common.menuButton')}</span>
				</button>
			</div>

			<div
				id="mobile-menu"
				className={`max-h-[calc(100dvh-4.5rem)] overflow-y-auto border-t border-dough md:hidden ${mobileOpen ? 'block' : 'hidden'}`}
			>
				<nav aria-label={t('common.navMain')} className="mx-auto max-w-6xl px-4 pt-2 pb-4">
					<ul className="grid gap-1">
						{[...primaryLinks, ...menuLinks, ...moreLinks].map((link) => (
							<li key={link.to}>
								<NavLink
									to={localize(link.to)}
									className={({ isActive }) => `block ${navLinkClass({ isActive })} py-2`}
								>
									{t(link.label)}
								</NavLink>
							</li>
						))}
						<li>
							<NavLink
								to={localize(ACCOUNT_PATH)}
								className={({ isActive }) => `block ${navLinkClass({ isActive })} py-2`}
							>
								{t('common.navAccount')}
							</NavLink>
						</li>
					</ul>
					<div className="mt-3 flex flex-wrap items-center gap-3">
						<CartLink placement="mobile" />
						<OrderOnlineLink className={orderButtonClass} />
					</div>
					<LanguageSwitcher inNavigation className="mt-3 -ml-2" />
				</nav>
			</div>
		</header>
	)
}

/**
 * A disclosure (not an ARIA menu): the button toggles a list of links. A mouse opens it on
 * hover; Escape, an outside click, leaving with the mouse or tabbing away close it.
 */
function MenuDropdown({ pathname }: { pathname: string }) {
	const t = useT()
	const localize = useLocalizedPath()
	const [open, setOpen] = useState(false)
	const rootRef = useRef<HTMLDivElement>(null)
	const buttonRef = useRef<HTMLButtonElement>(null)
	const buttonPointer = useRef('')
	const panelId = useId()

	useEffect(() => setOpen(false), [pathname])

	useEffect(() => {
		if (!open) return
		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key !== 'Escape') return
			const focusInside = rootRef.current?.contains(document.activeElement)
			setOpen(false)
			if (focusInside) buttonRef.current?.focus()
		}
		const onPointerDown = (event: globalThis.PointerEvent) => {
			if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
		}
		document.addEventListener('keydown', onKeyDown)
		document.addEventListener('pointerdown', onPointerDown)
		return () => {
			document.removeEventListener('keydown', onKeyDown)
			document.removeEventListener('pointerdown', onPointerDown)
		}
	}, [open])

	useEffect(() => {
		const root = rootRef.current
		if (!root) return
		// Hover is a mouse gesture: a touch tap would open and close it in one go.
		const onPointerEnter = (event: globalThis.PointerEvent) => {
			if (event.pointerType === 'mouse') setOpen(true)
		}
		const onPointerLeave = (event: globalThis.PointerEvent) => {
			if (event.pointerType === 'mouse') setOpen(false)
		}
		const onFocusOut = (event: FocusEvent) => {
			if (!root.contains(event.relatedTarget as Node | null)) setOpen(false)
		}
		root.addEventListener('pointerenter', onPointerEnter)
		root.addEventListener('pointerleave', onPointerLeave)
		root.addEventListener('focusout', onFocusOut)
		return () => {
			root.removeEventListener('pointerenter', onPointerEnter)
			root.removeEventListener('pointerleave', onPointerLeave)
			root.removeEventListener('focusout', onFocusOut)
		}
	}, [])

	return (
		<div ref={rootRef} className="nav-dropdown relative">
			<button
				ref={buttonRef}
				type="button"
				aria-expanded={open}
				aria-controls={panelId}
				onPointerDown={(event) => (buttonPointer.current = event.pointerType)}
				onClick={(event) => {
					// The mouse already opened it on hover: a click must not close it again.
					const mouseClick = event.detail > 0 && buttonPointer.current === 'mouse'
					setOpen((value) => (mouseClick ? true : !value))
				}}
				className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-semibold hover:text-cinnamon"
			>
				{t('common.navOurMenu')}
				<ChevronDownIcon width={18} height={18} className={`transition-transform ${open ? 'rotate-180' : ''}`} />
			</button>
			{/* pt-2 bridges the gap to the button so the pointer never "leaves" on the way down. */}
			<div
				id={panelId}
				className={`nav-dropdown-panel absolute top-full left-0 z-50 pt-2 ${open ? 'block' : 'hidden'}`}
			>
				<ul className="w-60 rounded-xl border border-dough bg-cream p-2 shadow-lg">
					{menuLinks.map((link) => (
						<li key={link.to}>
							<NavLink
								to={localize(link.to)}
								className={({ isActive }) =>
									`block rounded-lg px-3 py-2 font-semibold hover:bg-dough ${isActive ? 'text-cinnamon' : ''}`
								}
							>
								{t(link.label)}
							</NavLink>
						</li>
					))}
				</ul>
			</div>
		</div>
	)
}
