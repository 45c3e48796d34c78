#!/usr/bin/env node
// The `dimensional` command as installed: runs the bundle that `npm run build` writes to dist/
// (npm pack and npm publish build it first, through the prepack script). Node does not strip
// TypeScript types inside node_modules, so an installed package must run built JavaScript. In a
// checkout that has not been built, it runs the TypeScript source instead (Node ≥ 22.18 strips
// the types itself outside node_modules).
//
// The stdio server an MCP client spawns starts from a start-up snapshot when it can: a V8 heap
// holding the server loaded and warmed (https://nodejs.org/api/cli.html#--build-snapshot-entry),
// kept in a cache directory and built in the background after the first start. dist/launch.js
// (src/startup/launch.ts) decides, and this process then re-executes itself into the snapshot
// (process.execve, https://nodejs.org/api/process.html#processexecvefile-args-env). Nothing here
// writes to stdout: on stdio it is the protocol.
import module from "node:module"
import { join } from "node:path"

// node:fs through process.getBuiltinModule, not `import`: an ES module import of node:fs builds its
// whole namespace, which loads fs/promises, the streams and readline (about 30 modules, 5-10 ms of a
// one-shot command's start; src/cli/fs.ts says the same)
const { existsSync } = process.getBuiltinModule("node:fs")

const dist = join(import.meta.dirname, "..", "dist")
const bundle = new URL("../dist/dimensional.js", import.meta.url)

if (existsSync(bundle)) {
  const argv = process.argv.slice(2)
  const launch = await import(new URL("../dist/launch.js", import.meta.url).href).catch(() => undefined)
  let snapshot
  try {
    snapshot = launch?.snapshotFor(dist, argv)
  } catch {
    // whatever the snapshot's checks could not do (no home directory, say): the normal start
  }
  if (snapshot?.refused) process.stderr.write(`dimensional: not starting from the start-up snapshot: ${snapshot.refused}\n`)
  if (snapshot?.ready) launch.execFromSnapshot(snapshot, argv)
  // An MCP client spawns this process on every start: keep V8's compiled code on disk (in the OS
  // temp directory, or NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off) so later
  // starts skip compiling the bundle.
  module.enableCompileCache?.()
  await import(bundle.href)
  if (snapshot?.build) launch.buildLater(snapshot, dist)
} else {
  module.enableCompileCache?.()
  await import(new URL("../src/cli/main.ts", import.meta.url).href)
}
