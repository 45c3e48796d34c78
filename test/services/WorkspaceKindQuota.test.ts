// Every definition counts against a workspace's bounds (finding 2 of issue 20): a kind's aliases
// count in the alias quota like a unit's, a kind's names and texts are capped in length, and the
// whole stored document is capped in bytes, so no client can grow a workspace until every call on it
// (and every other client's call on the same process) slows down.
import { describe, expect, it } from "vitest"
import { LengthLimits, WorkspaceQuota } from "../../src/services/Workspace.ts"
import { connectClient } from "../support/mcp.ts"

const aliases = (kind: number, n: number) => Array.from({ length: n }, (_, i) => `k${kind}_alias_${i}`)

describe("quantity kinds count against the workspace's bounds", () => {
  it("counts a kind's aliases in the alias quota", async () => {
    const c = await connectClient("kind-aliases")
    const perKind = 200
    const fits = WorkspaceQuota.aliases / perKind
    for (let k = 0; k < fits; k++) {
      const r = await c.call("define_quantity_kind", { name: `kind_${k}`, dimension: "length", aliases: aliases(k, perKind) })
      expect(r.isError, JSON.stringify(r.data)).toBe(false)
    }
    const over = await c.call("define_quantity_kind", { name: "one_more", dimension: "length", aliases: ["one_more_alias"] })
    expect(over.isError).toBe(true)
    expect(over.data.error).toMatch(`at most ${WorkspaceQuota.aliases} are kept`)
    // a limit is state, not a malformed argument: never sent to a corrector (no sampling round), returned at once
    expect(over.data.error_type).toBe("quota_exceeded")
    expect(over.data.retry).toMatchObject({ class: "non_retryable", outcome: "not_retried", attempts: 1 })
    // nothing of the refused kind was kept
    const declared = await c.call("declare_computation", { quantity_kind: "one_more", expected_unit: "m" })
    expect(declared.data.error_type).toBe("unknown_kind")
    await c.close()
  })

  it("caps the length of a kind's aliases and description", async () => {
    const c = await connectClient("kind-lengths")
    const longAlias = await c.call("define_quantity_kind", { name: "span", dimension: "length", aliases: ["a".repeat(4000)] })
    expect(longAlias.isError).toBe(true)
    expect(longAlias.data.error).toMatch(`at most ${LengthLimits.name} are kept`)
    const longText = await c.call("define_quantity_kind", { name: "span", dimension: "length", description: "d".repeat(4000) })
    expect(longText.isError).toBe(true)
    expect(longText.data.error).toMatch(`at most ${LengthLimits.text} are kept`)
    expect(
      (await c.call("define_quantity_kind", { name: "span", dimension: "length", aliases: ["bridge_span"], description: "A bridge's span" })).isError
    ).toBe(false)
    await c.close()
  })

  it("caps the bytes one workspace holds", async () => {
    const c = await connectClient("kind-bytes")
    const hints = Array.from({ length: LengthLimits.hintsPerKind }, (_, i) => `${i} ${"h".repeat(LengthLimits.text - 10)}`)
    let refused: any
    let kept = 0
    for (let k = 0; k < WorkspaceQuota.kinds && refused === undefined; k++) {
      const r = await c.call("define_quantity_kind", {
        name: `bulky_${k}`,
        dimension: "length",
        description: "d".repeat(LengthLimits.text),
        disambiguation_hints: hints
      })
      if (r.isError) refused = r.data
      else kept++
    }
    expect(refused?.error).toMatch(`at most ${WorkspaceQuota.bytes} bytes are kept per workspace`)
    expect(kept * LengthLimits.hintsPerKind * LengthLimits.text).toBeLessThanOrEqual(WorkspaceQuota.bytes)
    await c.close()
  })
})
