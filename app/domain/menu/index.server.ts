/**
 * The menu area's server side as other areas use it (decision 053): everything another area calls
 * goes through here; the rest of the folder is the area's own.
 */
export { cachedMenuRead, invalidateMenuCache } from './menu-cache.server'
export { loadCartMenu } from './menu-page.server'
