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
    // the bare command serves stdio: a registry client runs `npx -y dimensional-mcp` as it is
    expect(registry.packages[0].packageArguments).toBeUndefined()
    expect(serverInfo.version).toBe(manifest.version)
  })

  it("declares no dependencies and only optional peers, so `npx dimensional-mcp` installs the package alone", () => {
    // npm (7+) installs a non-optional peer with the package: effect must be optional, or every npx start would fetch it
    expect(manifest.dependencies).toBeUndefined()
    expect(manifest.peerDependencies.effect).toMatch(/^\^4\./)
    for (const peer of Object.keys(manifest.peerDependencies)) expect(manifest.peerDependenciesMeta[peer], peer).toEqual({ optional: true })
  })

  it("has bins for both names and typed exports for import and require", () => {
    expect(manifest.bin).toEqual({ "dimensional-mcp": "./bin/dimensional.js", dimensional: "./bin/dimensional.js" })
    expect(manifest.exports["."]).toEqual({ types: "./dist/lib/index.d.ts", default: "./dist/lib/index.js" })
    expect(manifest.exports["./engine"]).toEqual({ types: "./dist/lib/engine.d.ts", default: "./dist/lib/engine.js" })
  })
})
