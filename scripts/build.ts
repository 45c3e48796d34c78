/**
 * Bundles the `dimensional` command into dist/dimensional.js with esbuild: one ES module for
 * Node ≥ 22, with only the modules the command reaches (esbuild follows the imports and drops what
 * is never used; effect and the MCP SDK mark themselves side-effect free). Node does not strip
 * types inside node_modules, so the published `bin` must run this built JavaScript, and a single
 * file also starts faster than resolving hundreds of modules.
 *
 *   node scripts/build.ts          (npm run build; npm pack and npm publish run it via prepack)
 *
 * Dynamic `import()`s become separate chunks under dist/chunks/, loaded only when reached (a
 * transport the command does not use is never parsed). Progress goes to stderr: stdout stays clean.
 */
import { execFile } from "node:child_process"
import { rm } from "node:fs/promises"
import { promisify } from "node:util"
import { fileURLToPath } from "node:url"
import { build, type Metafile } from "esbuild"

export interface BundleOptions {
  /** Entry file, e.g. src/cli.ts. */
  readonly entry: string
  readonly outdir: string
  /** The bundle's file name, without `.js`. */
  readonly name: string
}

/**
 * CommonJS dependencies in the bundle (ajv, for one) may `require` Node's built-in modules, which
 * an ES module cannot do; this gives them a `require` of their own.
 */
const banner = [
  "#!/usr/bin/env node",
  'import { createRequire as __dimensionalCreateRequire } from "node:module";',
  "const require = __dimensionalCreateRequire(import.meta.url);"
].join("\n")

/** Builds one bundle and returns esbuild's metafile (what went in, how large it came out). */
export const bundle = async (options: BundleOptions): Promise<Metafile> => {
  await rm(options.outdir, { recursive: true, force: true })
  const result = await build({
    entryPoints: { [options.name]: options.entry },
    outdir: options.outdir,
    entryNames: "[name]",
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22",
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: "none",
    banner: { js: banner },
    metafile: true,
    logLevel: "warning"
  })
  return result.metafile
}

const root = fileURLToPath(new URL("..", import.meta.url))

export const buildCli = (): Promise<Metafile> => bundle({ entry: `${root}src/cli.ts`, outdir: `${root}dist`, name: "dimensional" })

/**
 * The library as installed packages import it: JavaScript and declarations for every module under
 * src/, emitted by tsc (tsconfig.build.json) into dist/lib, imports rewritten from .ts to .js.
 */
export const buildLibrary = async (): Promise<void> => {
  await rm(`${root}dist/lib`, { recursive: true, force: true })
  const tsc = `${root}node_modules/typescript/bin/tsc`
  await promisify(execFile)(process.execPath, [tsc, "-p", `${root}tsconfig.build.json`], { cwd: root })
}

if (import.meta.main) {
  const started = performance.now()
  const metafile = await buildCli()
  await buildLibrary()
  const outputs = Object.entries(metafile.outputs).map(([file, o]) => `${file.replace(root, "")} ${(o.bytes / 1024).toFixed(0)} KiB`)
  process.stderr.write(`built dist/lib (library and declarations) and ${outputs.join(", ")} from ${Object.keys(metafile.inputs).length} modules in ${Math.round(performance.now() - started)} ms\n`)
}
