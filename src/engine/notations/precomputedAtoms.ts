/**
 * UCUM's atom table, precomputed: scripts/build.ts replaces this module in the bundle with the
 * snapshot's JSON text (ucumSnapshot.ts). Running the source, there is none, and the table is
 * evaluated on first use.
 */
export const precomputedAtoms: string | undefined = undefined
