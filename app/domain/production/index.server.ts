/**
 * The production area's server side as other areas use it (decision 053): everything another area calls
 * goes through here; the rest of the folder is the area's own. The hold of resource minutes itself is the
 * database's (`production_minutes_hold`, decision 088); the pickup area reads ahead of it with these (decision 090).
 */
export { getBakeSheet } from './bake-sheet.server'
export { readProductionHeld } from './models/production.server'
export {
	heldWithoutLines,
	productionFullForCart,
	productionFullPerItem,
	type ProductionLine,
} from './production-capacity'
