/**
 * The illustration kit: everything the themed illustration modules share.
 *
 * - shapes.ts     primitives (palette, dots, shadows, textures, shading)
 * - surfaces.ts   table tops, backdrops and the photographic finish
 * - tableware.ts  plates, boards, linens, cake stands, cups
 * - garnish.ts    coffee beans, cinnamon, sugar dust, sprinkles, fruit
 */
export * from './shapes.js'
export * from './surfaces.js'
export * from './tableware.js'
export * from './garnish.js'
