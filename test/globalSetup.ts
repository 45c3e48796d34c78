// Builds the command once for the whole suite, laid out as the installed package is (bin/, dist/,
// package.json), so that every test that starts a server or runs the command starts what a user
// runs, and pays the build once instead of Node stripping the types of ~400 source modules on
// every start (about 1.9 s a start from the source against 0.5 s from the bundle on this 2-CPU VM).
// The source path `npm start` takes is tested on its own in test/cli.test.ts.
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type { TestProject } from "vitest/node"
import { buildCli } from "../scripts/build.ts"

declare module "vitest" {
  export interface ProvidedContext {
    /** The built package's directory: bin/dimensional.js, dist/, package.json. */
    readonly builtPackage: string
  }
}

const root = fileURLToPath(new URL("..", import.meta.url))

export default async function setup(project: TestProject) {
  const scratch = mkdtempSync(join(tmpdir(), "dimensional-suite-"))
  // readable by all, as an installed package is: a test runs the server as nobody (storeOperations)
  chmodSync(scratch, 0o755)
  const pkg = join(scratch, "package")
  mkdirSync(join(pkg, "bin"), { recursive: true })
  copyFileSync(join(root, "bin", "dimensional.js"), join(pkg, "bin", "dimensional.js"))
  copyFileSync(join(root, "package.json"), join(pkg, "package.json"))
  await buildCli(join(pkg, "dist"))
  project.provide("builtPackage", pkg)
  return () => rmSync(scratch, { recursive: true, force: true })
}
