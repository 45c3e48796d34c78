/**
 * The built-in catalog, precomputed: scripts/build.ts replaces this module in the bundle with the
 * snapshot's JSON text (src/engine/units/catalogSnapshot.ts). Running the source (tests, `node
 * src/cli/main.ts`), there is none, and the catalog service builds the catalog from the entries.
 */
export const precomputedCatalog: string | undefined = undefined
