// Types for damerau-levenshtein (CommonJS, ships none): `steps` is the optimal string alignment distance.
declare module "damerau-levenshtein" {
  const distance: (a: string, b: string, limit?: number) => { readonly steps: number; readonly relative: number; readonly similarity: number }
  export default distance
}
