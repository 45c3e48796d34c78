#!/usr/bin/env node
// The `dimensional` command as installed: runs the bundle that `npm run build` writes to dist/
// (npm pack and npm publish build it first, through the prepack script). Node does not strip
// TypeScript types inside node_modules, so an installed package must run built JavaScript. In a
// checkout that has not been built, it runs the TypeScript source instead (Node ≥ 22.18 strips
// the types itself outside node_modules).
import { existsSync } from "node:fs"
import module from "node:module"

// An MCP client spawns this process on every start: keep V8's compiled code on disk (in the OS
// temp directory, or NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off) so later
// starts skip compiling the bundle.
module.enableCompileCache?.()

const bundle = new URL("../dist/dimensional.js", import.meta.url)
await import(existsSync(bundle) ? bundle.href : new URL("../src/cli.ts", import.meta.url).href)
