/**
 * The production area's server side as other areas use it (decision 053): everything another area calls
 * goes through here; the rest of the folder is the area's own. The checkout's hold of resource minutes (the
 * next step of issue 39) starts from `minutesPerResourceDay` and the `ProductionResourceDay` counter.
 */
export { getBakeSheet } from './bake-sheet.server'
