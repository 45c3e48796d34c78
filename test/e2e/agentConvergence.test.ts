// The simulated agent of issue 28: a convert call with a typo (test/data/unit-typos.json, written
// independently of the suggestion code) in either unit, the other unit one of the intended unit's
// dimension; the agent pastes likely_fix back verbatim and calls once more. Measured through the
// SDK client: how many converge in one retry, how many fixes give another value (none may), and
// whether an ambiguous input ever gets a likely_fix (never).
import { readFileSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Dimension from "../../src/engine/Dimension.ts"
import { isEngineError } from "../../src/engine/errors.ts"
import { resolveUnitExpression } from "../../src/engine/units/UnitExpression.ts"
import { catalog, resolve } from "../support/catalog.ts"
import { type TestClient, connectClient } from "../support/mcp.ts"

interface TypoCase {
  readonly input: string
  readonly intended: string | null
  readonly class: "typo" | "garbage" | "ambiguous"
}
const cases: ReadonlyArray<TypoCase> = JSON.parse(readFileSync(new URL("../data/unit-typos.json", import.meta.url), "utf8")).cases
const unknown = cases.filter((c) => isEngineError(resolveUnitExpression(catalog, c.input)))

/** Another unit of the intended unit's dimension and kind, first in the catalog: the other side of the call. */
const partnerOf = (intended: string): string | undefined => {
  const e = resolve(intended)
  const kind = e.terms[0]?.unit.kind ?? ""
  return catalog
    .allRecords()
    .find(
      (r) =>
        !r.custom &&
        !r.unconnected &&
        !r.offset &&
        !r.logarithmic &&
        Dimension.equals(r.dimension, e.dimension) &&
        (r.kind ?? "") === kind &&
        r !== e.terms[0]?.unit &&
        !isEngineError(resolveUnitExpression(catalog, r.symbol))
    )?.symbol
}

describe("a simulated agent applying likely_fix (convert, through the SDK client)", () => {
  let client: TestClient
  beforeAll(async () => (client = await connectClient("agent")))
  afterAll(() => client.close())

  it("converges in one retry on at least 96 % of typos in either unit, and no fix ever gives another value", async () => {
    let calls = 0
    let converged = 0
    const falseFixes: Array<string> = []
    for (const c of unknown.filter((x) => x.class === "typo")) {
      const partner = partnerOf(c.intended!)
      if (partner === undefined) continue
      for (const side of ["from_unit", "to_unit"] as const) {
        const other = side === "from_unit" ? "to_unit" : "from_unit"
        const want = await client.call("convert", { value: 2.5, [side]: c.intended, [other]: partner })
        if (want.isError) continue // the intended unit itself is refused alone (cal: small or food calorie)
        calls++
        const first = await client.call("convert", { value: 2.5, [side]: c.input, [other]: partner })
        const fix: string | null | undefined = first.data.likely_fix
        if (!first.isError || !fix) continue
        const retry = await client.call("convert", { value: 2.5, [side]: fix, [other]: partner })
        if (!retry.isError && Math.abs(retry.data.quantity - want.data.quantity) <= 1e-12 * Math.abs(want.data.quantity)) converged++
        else falseFixes.push(`${c.input} (${side}) → ${fix}`)
      }
    }
    // measured when written: 236 of 242 calls (97.5 %); before issue 28's context fixes 204 (84.3 %)
    expect(falseFixes).toEqual([])
    expect(calls).toBeGreaterThan(200)
    expect(converged / calls).toBeGreaterThanOrEqual(0.96)
  })

  it("gives an ambiguous input a likely_fix only where the call leaves one of its readings: nmm to m none (nm or mm), mis to s the minute", async () => {
    let checked = 0
    for (const c of unknown.filter((x) => x.class === "ambiguous")) {
      const candidates = (c as TypoCase & { readonly candidates?: ReadonlyArray<string> }).candidates ?? []
      for (const candidate of candidates) {
        const partner = partnerOf(candidate)
        if (partner === undefined) continue
        const same = candidates.filter((x) => {
          const r = resolveUnitExpression(catalog, x, "written")
          return !isEngineError(r) && Dimension.equals(r.dimension, resolve(candidate).dimension)
        })
        const r = await client.call("convert", { value: 1, from_unit: c.input, to_unit: partner })
        const fix: string | null | undefined = r.isError ? r.data.likely_fix : undefined
        checked++
        if (same.length > 1) expect(fix, `${c.input} → ${partner}: ${same.join(" or ")}`).toBeFalsy()
        else if (fix) {
          const meant = await client.call("convert", { value: 1, from_unit: candidate, to_unit: partner })
          const got = await client.call("convert", { value: 1, from_unit: fix, to_unit: partner })
          expect(got.data.quantity, `${c.input} → ${partner}: ${fix}`).toBe(meant.data.quantity)
        }
      }
    }
    expect(checked).toBeGreaterThan(30)
  })
})
