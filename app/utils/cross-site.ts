/**
 * The data of the 403 a post refused by the cross-site guard throws (server/cross-site-refusal.tsx): the
 * error boundary shows it in words (components/error-boundary.tsx).
 */
export const CROSS_SITE_REFUSAL = 'cross-site-form'
