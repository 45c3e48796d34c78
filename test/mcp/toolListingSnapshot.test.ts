// The precomputed tools/list entries (src/mcp/toolListing.ts, listingSnapshot): what the bundle
// lists for the built-in tools is exactly what their Effect Schemas generate at run time, and the
// build really puts it in the bundle.
import { build } from "esbuild"
import { describe, expect, it } from "vitest"
import { precomputedPlugin } from "../../scripts/build.ts"
import { describeTool, listingSnapshot, listingVersion, readListing } from "../../src/mcp/toolListing.ts"
import { tools } from "../../src/tools/index.ts"

describe("the precomputed tool listing", () => {
  const text = listingSnapshot()
  const snapshot = JSON.parse(text) as { version: number; tools: Array<unknown> }

  it("is, tool for tool, what the schemas generate at run time, read back from its JSON unchanged", () => {
    expect(snapshot.version).toBe(listingVersion)
    expect(snapshot.tools).toStrictEqual(tools.map(describeTool))
    expect(snapshot.tools.map((t) => (t as { name: string }).name)).toEqual(tools.map((t) => t.name))
  })

  it("is not read when of another version or when its entries are not the built-in tools in order: each entry is then generated", () => {
    expect(readListing(text)).toStrictEqual(snapshot.tools)
    expect(readListing(JSON.stringify({ ...snapshot, version: listingVersion + 1 }))).toBeUndefined()
    const [first, second, ...rest] = snapshot.tools
    expect(readListing(JSON.stringify({ ...snapshot, tools: [second, first, ...rest] }))).toBeUndefined()
    expect(readListing(JSON.stringify({ ...snapshot, tools: rest }))).toBeUndefined()
  })

  it("is what the bundle carries: the build replaces the empty module with the snapshot's text", async () => {
    const result = await build({
      stdin: { contents: 'export { precomputedListing } from "./src/mcp/precomputedListing.ts"', resolveDir: new URL("../..", import.meta.url).pathname },
      bundle: true,
      write: false,
      format: "esm",
      plugins: [precomputedPlugin],
      logLevel: "silent"
    })
    const module = (await import(`data:text/javascript,${encodeURIComponent(result.outputFiles[0]!.text)}`)) as { precomputedListing: string }
    expect(module.precomputedListing).toBe(text)
  })
})
