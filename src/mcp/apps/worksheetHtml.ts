/**
 * The worksheet view's HTML. Running the source, it is built on first use (buildWorksheet.ts, with
 * esbuild); scripts/build.ts replaces this module in the bundle with the built text, so an
 * installed server never builds it and never loads esbuild.
 */
let built: Promise<string> | undefined

export const worksheetHtml = (): Promise<string> =>
  (built ??= import("./buildWorksheet.ts")
    .then((m) => m.buildWorksheet())
    .catch((e: unknown) => {
      // a failed build is tried again on the next read, not remembered
      built = undefined
      throw e
    }))
