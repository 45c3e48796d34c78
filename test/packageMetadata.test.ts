// The package's metadata agrees with itself: the MCP Registry entry names this npm package at
// this version, and the server reports that version.
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { serverInfo } from "../src/mcp/server.ts"

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"))
const registry = JSON.parse(readFileSync(new URL("../server.json", import.meta.url), "utf8"))

describe("package metadata", () => {
  it("names the registry entry as package.json's mcpName, for this package and version", () => {
    expect(registry.name).toBe(manifest.mcpName)
    expect(registry.version).toBe(manifest.version)
    expect(registry.packages[0]).toMatchObject({ registryType: "npm", identifier: manifest.name, version: manifest.version, transport: { type: "stdio" } })
    expect(serverInfo.version).toBe(manifest.version)
  })

  it("has effect as a peer, bins for both names and typed exports", () => {
    expect(manifest.peerDependencies.effect).toMatch(/^\^4\./)
    expect(manifest.dependencies.effect).toBeUndefined()
    expect(manifest.bin).toEqual({ "dimensional-mcp": "./bin/dimensional.js", dimensional: "./bin/dimensional.js" })
    expect(manifest.exports["."].types).toBe("./dist/lib/index.d.ts")
    expect(manifest.exports["./engine"].import).toBe("./dist/lib/engine.js")
  })
})
