// The command as installed, built once for the suite by test/globalSetup.ts.
import { join } from "node:path"
import { inject } from "vitest"

/** The built package's directory (bin/, dist/, package.json). */
export const builtPackage = (): string => inject("builtPackage")

/** The installed bin, `dimensional`: what an MCP client's configuration runs. */
export const builtBin = (): string => join(builtPackage(), "bin", "dimensional.js")
