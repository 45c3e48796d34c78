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
import { createHash } from "node:crypto"
import { readFile, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { promisify } from "node:util"
import { fileURLToPath } from "node:url"
import { build, type BuildOptions, type Metafile, type Plugin } from "esbuild"
import { builtinEntries } from "../src/engine/catalog/index.ts"
import { snapshotText } from "../src/engine/units/catalogSnapshot.ts"
import { evaluateAtomTable } from "../src/engine/notations/ucum.ts"
import { snapshotAtoms } from "../src/engine/notations/ucumSnapshot.ts"
import { listingSnapshot } from "../src/mcp/toolListing.ts"
import { buildWorksheet } from "../src/mcp/apps/buildWorksheet.ts"

export interface BundleOptions {
  /** Entry files by bundle name (without `.js`), e.g. { dimensional: "src/cli/main.ts" }. */
  readonly entries: Readonly<Record<string, string>>
  readonly outdir: string
  /** Packages left for the importer to provide (the library's peer `effect`); everything else is bundled. */
  readonly external?: ReadonlyArray<string>
  /** The first line of each file: the bin's `#!/usr/bin/env node`. */
  readonly shebang?: boolean
  /** Plugins run before the bundle's own (which mark Redis lazy and write the precomputed data in). */
  readonly plugins?: ReadonlyArray<Plugin>
  /** One file per entry, its dynamic imports inside it (default: chunks shared between the entries). */
  readonly oneFile?: boolean
}

/**
 * CommonJS dependencies in the bundle (ajv, for one) may `require` Node's built-in modules, which
 * an ES module cannot do; this gives them a `require` of their own. And every file of the bundle
 * knows where it is from its own `import.meta` (see `ownLocation`).
 */
const requireBanner = [
  'import { createRequire as __dimensionalCreateRequire } from "node:module";',
  "const require = __dimensionalCreateRequire(import.meta.url);",
  "const __dimensionalFilename = import.meta.filename, __dimensionalDirname = import.meta.dirname;"
].join("\n")

/**
 * A bundled module that asks for the CommonJS globals `__filename` or `__dirname` (@effect/platform-node's
 * http module: `createRequire(typeof __filename === "string" ? __filename : import.meta.url)`) gets
 * the bundle file's own location instead. In an ES module those are not defined, except as globals
 * of whatever loaded it: `node -e 'require("dimensional-mcp")'` has `__filename` "[eval]", which
 * createRequire refuses (test/package.test.ts runs require from -e, a file and the REPL).
 */
const ownLocation = { __filename: "__dimensionalFilename", __dirname: "__dimensionalDirname" }

/**
 * The Redis client (node-redis, about 800 KB bundled, a third of the rest) is only reached with
 * `--store redis://…`, but @effect/platform-node's NodeRedis imports it statically, so every start
 * (a stdio server with its memory store, `dimensional convert`) would parse it. Instead `redis`
 * resolves to this stand-in, which loads the real client, bundled on its own as
 * chunks/redis-client.cjs, the first time a client is created. `SocketTimeoutError` is only tested
 * (instanceof) on a client's errors, so after the load.
 */
const redisStandIn = `
import { createRequire } from "node:module";
import { existsSync } from "node:fs";
let loaded;
export let SocketTimeoutError;
const load = () => {
  if (loaded === undefined) {
    const here = new URL(".", import.meta.url);
    const file = ["./chunks/redis-client.cjs", "./redis-client.cjs"].map((f) => new URL(f, here)).find((u) => existsSync(u));
    if (file === undefined) throw new Error("dimensional: the bundled Redis client (chunks/redis-client.cjs) is missing");
    loaded = createRequire(import.meta.url)(file.pathname);
    SocketTimeoutError = loaded.SocketTimeoutError;
  }
  return loaded;
};
export const createClient = (...args) => load().createClient(...args);
`

/**
 * The same stand-in for the start-up snapshot's CommonJS bundle (dist/snapshot.cjs), which has no
 * `import.meta`: the client is found beside that file (`__dirname`, the dist directory the blob was
 * built from; the blob's cache key names that directory, see src/startup/launch.ts). node:module is loaded
 * only then: Node warns that it is not verified in a snapshot's build
 * (https://nodejs.org/api/cli.html#--build-snapshot-entry).
 */
const redisStandInCommonJs = `
import { existsSync } from "node:fs";
import { join } from "node:path";
let loaded;
export let SocketTimeoutError;
const load = () => {
  if (loaded === undefined) {
    const file = join(__dirname, "chunks", "redis-client.cjs");
    if (!existsSync(file)) throw new Error("dimensional: the bundled Redis client (chunks/redis-client.cjs) is missing");
    loaded = process.getBuiltinModule("node:module").createRequire(file)(file);
    SocketTimeoutError = loaded.SocketTimeoutError;
  }
  return loaded;
};
export const createClient = (...args) => load().createClient(...args);
`

const redisPlugin = (contents: string): Plugin => ({
  name: "lazy-redis",
  setup(b) {
    b.onResolve({ filter: /^redis$/ }, (args) => (args.namespace === "redis-stand-in" ? undefined : { path: "redis", namespace: "redis-stand-in" }))
    b.onLoad({ filter: /.*/, namespace: "redis-stand-in" }, () => ({ contents, loader: "js", resolveDir: root }))
  }
})

const lazyRedis: Plugin = redisPlugin(redisStandIn)

/**
 * The built-in catalog, resolved here once from the declarative entries (the source of truth) and
 * written into the bundle as data: src/engine/catalog/precomputed.ts becomes its JSON text, so a
 * start restores the catalog instead of resolving every definition (src/engine/units/catalogSnapshot.ts).
 * A catalog with problems fails the build, as it would fail the server's start.
 */
export const builtinCatalogSnapshot = (): string => snapshotText(builtinEntries)

/**
 * UCUM's atom table, likewise: evaluated here once, restored at run time (src/engine/notations/ucumSnapshot.ts).
 * And the built-in tools' tools/list entries, their JSON Schemas generated here (src/mcp/toolListing.ts).
 */
export const ucumAtomsSnapshot = (): string => snapshotAtoms(evaluateAtomTable())

/** Each precomputed module, by the path that ends its file name, and the snapshot that replaces its `undefined`. */
const precomputedModules: ReadonlyArray<{ readonly file: RegExp; readonly name: string; readonly text: () => string }> = [
  { file: /[\\/]src[\\/]engine[\\/]catalog[\\/]precomputed\.ts$/, name: "precomputedCatalog", text: builtinCatalogSnapshot },
  { file: /[\\/]src[\\/]engine[\\/]notations[\\/]precomputedAtoms\.ts$/, name: "precomputedAtoms", text: ucumAtomsSnapshot },
  { file: /[\\/]src[\\/]mcp[\\/]precomputedListing\.ts$/, name: "precomputedListing", text: listingSnapshot }
]

/**
 * The worksheet view (issue 32), built once per build from src/ui/worksheet/ and written into the
 * bundle as its HTML text: src/mcp/apps/worksheetHtml.ts, which builds it from the source on first
 * use, becomes a function answering that text (so esbuild and the view's source stay out).
 */
let worksheet: Promise<string> | undefined
const worksheetModule = /[\\/]src[\\/]mcp[\\/]apps[\\/]worksheetHtml\.ts$/

export const precomputedPlugin: Plugin = {
  name: "precomputed",
  setup(b) {
    for (const m of precomputedModules) {
      let text: string | undefined
      b.onLoad({ filter: m.file }, () => {
        text ??= m.text()
        return { contents: `export const ${m.name} = ${JSON.stringify(text)};`, loader: "js" }
      })
    }
    b.onLoad({ filter: worksheetModule }, async () => {
      const html = await (worksheet ??= buildWorksheet())
      return { contents: `const html = ${JSON.stringify(html)};\nexport const worksheetHtml = () => Promise.resolve(html);`, loader: "js" }
    })
  }
}

/** One CommonJS file for Node, minified like the bundle: node-redis below, and the start-up snapshot's entry (dist/snapshot.cjs). */
export const commonJsOptions = {
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node22",
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: "none",
  logLevel: "warning"
} as const satisfies BuildOptions

/** node-redis as one CommonJS file beside the chunks, for the stand-in above to load. */
const bundleRedisClient = (outdir: string) =>
  build({ ...commonJsOptions, entryPoints: [`${root}node_modules/redis/dist/index.js`], outfile: `${outdir}/chunks/redis-client.cjs` })

/**
 * Every bundle file ASCII only. esbuild escapes other characters in strings, but leaves a regular
 * expression literal as written, and one `°` in one regex makes V8 read the whole file (1.4 MB) as a
 * two-byte string: decoding it and keeping it (its text stays in memory for Function.prototype.toString)
 * cost a start milliseconds and megabytes. Write such a character as `\u00b0` in the source.
 */
export const assertAscii = async (files: ReadonlyArray<string>): Promise<void> => {
  for (const file of files) {
    const bytes = await readFile(file)
    const at = bytes.findIndex((b) => b > 0x7f)
    if (at >= 0)
      throw new Error(
        `${file} has a non-ASCII character at byte ${at}, near: ${bytes.subarray(Math.max(0, at - 60), at + 20).toString("utf8")}; escape it in the source (\\uXXXX)`
      )
  }
}

/** Builds one bundle and returns esbuild's metafile (what went in, how large it came out). */
export const bundle = async (options: BundleOptions): Promise<Metafile> => {
  await rm(options.outdir, { recursive: true, force: true })
  const result = await build({
    entryPoints: { ...options.entries },
    outdir: options.outdir,
    entryNames: "[name]",
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: options.oneFile !== true,
    format: "esm",
    platform: "node",
    target: "node22",
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: "none",
    banner: { js: options.shebang ? `#!/usr/bin/env node\n${requireBanner}` : requireBanner },
    define: ownLocation,
    external: [...(options.external ?? [])],
    plugins: [...(options.plugins ?? []), lazyRedis, precomputedPlugin],
    metafile: true,
    logLevel: "warning"
  })
  await assertAscii(Object.keys(result.metafile.outputs).filter((file) => file.endsWith(".js")))
  // only where the stand-in went in (the bench's bare server has no Redis)
  if (Object.keys(result.metafile.inputs).some((input) => input.startsWith("redis-stand-in:"))) await bundleRedisClient(options.outdir)
  return result.metafile
}

const root = fileURLToPath(new URL("..", import.meta.url))

/**
 * A person's command line (src/cli/people.ts: `convert`, `check`, `compute`, the session at a
 * terminal) is one file of its own, dist/people/people.js, which src/cli/run.ts imports from the
 * entry file: split into chunks with the server's code, its path loaded Effect's chunks whole
 * (Schema, Stream, the HTTP modules), which cost a one-shot answer more than the engine itself
 * (issue 29, bench/RESULTS.md). Its browsing commands (src/cli/browse.ts) run the tools' handlers
 * on the services, so they are an entry of the server's bundle, dist/browse.js, sharing its chunks.
 */
const peopleBundle = "./people/people.js"
const browseBundle = "../browse.js"
const importedApart = (name: string, importer: string, path: string): Plugin => ({
  name: `${name}-apart`,
  setup(b) {
    b.onResolve({ filter: new RegExp(`^\\./${name}\\.ts$`) }, (args) =>
      args.importer.endsWith(join("src", "cli", importer)) ? { path, external: true } : undefined
    )
  }
})

/**
 * The command: dist/dimensional.js (and its chunks), what the bin runs; dist/launch.js, what the
 * bin asks before loading it (src/startup/launch.ts: is this the stdio server, is there a snapshot?); and what the bin's
 * start-up snapshot is built from (src/startup/snapshotEntry.ts): dist/snapshot.cjs, with everything
 * bundled in (a dynamic import becomes code evaluated when first reached, inside the one file),
 * dist/snapshot-builder.js, which builds and checks a blob in the background, and
 * dist/snapshot.json, the package version and a hash of snapshot.cjs, for the blob's cache key.
 * `outdir` is dist/ unless a test builds elsewhere.
 */
export const buildCli = async (outdir = `${root}dist`): Promise<Metafile> => {
  const server = await bundle({
    entries: { dimensional: `${root}src/cli/main.ts`, browse: `${root}src/cli/browse.ts` },
    outdir,
    shebang: true,
    plugins: [importedApart("people", "run.ts", peopleBundle)]
  })
  const entry = await readFile(`${outdir}/dimensional.js`, "utf8")
  if (!entry.includes(`"${peopleBundle}"`)) throw new Error(`dist/dimensional.js does not import ${peopleBundle}: src/cli/run.ts must stay in the entry file`)
  const people = await bundle({
    entries: { people: `${root}src/cli/people.ts` },
    outdir: `${outdir}/people`,
    plugins: [importedApart("browse", "people.ts", browseBundle)]
  })
  const metafile = { inputs: { ...server.inputs, ...people.inputs }, outputs: { ...server.outputs, ...people.outputs } }
  const single = { ...commonJsOptions, format: "esm" } as const
  await build({ ...single, entryPoints: [`${root}src/startup/launch.ts`], outfile: `${outdir}/launch.js` })
  await build({ ...single, entryPoints: [`${root}src/startup/snapshotBuilder.ts`], outfile: `${outdir}/snapshot-builder.js` })
  const snapshot = `${outdir}/snapshot.cjs`
  await build({
    ...commonJsOptions,
    entryPoints: [`${root}src/startup/snapshotEntry.ts`],
    outfile: snapshot,
    plugins: [redisPlugin(redisStandInCommonJs), precomputedPlugin]
  })
  await assertAscii([`${outdir}/launch.js`, `${outdir}/snapshot-builder.js`, snapshot])
  const { version } = JSON.parse(await readFile(`${root}package.json`, "utf8")) as { version: string }
  const hash = createHash("sha256")
    .update(await readFile(snapshot))
    .digest("hex")
  await writeFile(`${outdir}/snapshot.json`, `${JSON.stringify({ version, hash })}\n`)
  return metafile
}

/**
 * The library as installed packages import it: `dimensional-mcp`, `dimensional-mcp/engine` and
 * `dimensional-mcp/server` as three ES module bundles with shared chunks (dist/lib/index.js,
 * dist/lib/engine.js, dist/lib/server.js), holding every
 * runtime library they use (the MCP SDK, @effect/platform-node and the redis client)
 * except `effect`, the peer the importing app provides: one copy of Effect in
 * the app, so its services and errors are the app's. The package then declares no dependencies and
 * `npx dimensional-mcp` installs nothing beyond itself. Declarations come from tsc
 * (tsconfig.build.json, declarations only) beside them, imports rewritten from .ts to .js. Built
 * without top-level await, so Node ≥ 22.12 can also `require()` it.
 */
export const buildLibrary = async (): Promise<Metafile> => {
  const outdir = `${root}dist/lib`
  const entries = { index: `${root}src/index.ts`, engine: `${root}src/engine.ts`, server: `${root}src/server.ts` }
  const metafile = await bundle({ entries, outdir, external: ["effect", "effect/*"] })
  const tsc = `${root}node_modules/typescript/bin/tsc`
  await promisify(execFile)(process.execPath, [tsc, "-p", `${root}tsconfig.build.json`, "--emitDeclarationOnly"], { cwd: root })
  return metafile
}

if (import.meta.main) {
  const started = performance.now()
  const cli = await buildCli()
  const library = await buildLibrary()
  const sizes = (metafile: Metafile) => Object.entries(metafile.outputs).map(([file, o]) => `${file.replace(root, "")} ${(o.bytes / 1024).toFixed(0)} KiB`)
  process.stderr.write(`built ${[...sizes(cli), ...sizes(library)].join(", ")} and the declarations in ${Math.round(performance.now() - started)} ms\n`)
}
