/**
 * The built-in tools' tools/list entries, precomputed: scripts/build.ts replaces this module in the
 * bundle with their JSON text (toolListing.ts: listingSnapshot). Running the source, there is none,
 * and each entry's JSON Schemas are generated from its Effect Schemas on first use.
 */
export const precomputedListing: string | undefined = undefined
