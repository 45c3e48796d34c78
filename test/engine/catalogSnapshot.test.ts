// The precomputed built-in catalog (src/engine/units/catalogSnapshot.ts) and UCUM atom table
// (src/engine/notations/ucumSnapshot.ts): what the bundle restores is what the declarative data
// builds at run time, record for record and key for key, and the build really puts it in the bundle.
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { build } from "esbuild"
import { describe, expect, it } from "vitest"
import { assertAscii, builtinCatalogSnapshot, precomputedPlugin, ucumAtomsSnapshot } from "../../scripts/build.ts"
import { buildCatalog } from "../../src/engine/units/buildCatalog.ts"
import { builtinEntries } from "../../src/engine/catalog/index.ts"
import { restoreCatalog, snapshotText, snapshotVersion } from "../../src/engine/units/catalogSnapshot.ts"
import { unit } from "../../src/engine/catalog/define.ts"
import { resolveUnitExpression } from "../../src/engine/units/UnitExpression.ts"
import { convertValue } from "../../src/engine/conversion/convert.ts"
import type { Catalog } from "../../src/engine/units/Catalog.ts"
import { atomTableFrom, evaluateAtomTable } from "../../src/engine/notations/ucum.ts"
import { atomSnapshotVersion, readAtoms } from "../../src/engine/notations/ucumSnapshot.ts"

const built = buildCatalog(builtinEntries).catalog
const text = builtinCatalogSnapshot()
const restored = restoreCatalog(text, builtinEntries)!

const keyed = (catalog: Catalog, which: "symbols" | "names") => [...catalog.ownIndexes()[which]].map(([k, r]) => [k, catalog.records.indexOf(r)])

describe("the precomputed built-in catalog", () => {
  it("holds every record the entries build, field for field (unset fields included) and in the same order", () => {
    expect(restored.records).toHaveLength(built.records.length)
    expect(restored.records).toStrictEqual(built.records)
    for (const [i, record] of restored.records.entries()) {
      expect(Object.keys(record)).toEqual(Object.keys(built.records[i]!))
      expect(Object.isFrozen(record.dimension)).toBe(true)
    }
  })

  it("resolves every symbol, alias and spelled name to the same record, and keeps the multi-word names", () => {
    expect(keyed(restored, "symbols")).toEqual(keyed(built, "symbols"))
    expect(keyed(restored, "names")).toEqual(keyed(built, "names"))
    expect([...restored.multiWords()]).toEqual([...built.multiWords()])
    for (const [token] of built.ownIndexes().names) expect(restored.resolve(token)?.unit.symbol).toBe(built.resolve(token)?.unit.symbol)
  })

  it("gives the same answers as the catalog built at run time", () => {
    for (const [from, to] of [
      ["5 km", "mi"],
      ["100 degC", "degF"],
      ["mcg/(kg*min)", "mg/(kg*h)"],
      ["gallon (UK)", "L"],
      ["3 dB", "B"],
      ["psig", "kPa"]
    ] as const) {
      const unit = from.replace(/^[\d.]+ /, "")
      const value = Number(from.split(" ")[0]) || 1
      expect(convertValue(restored, value, unit, to)).toStrictEqual(convertValue(built, value, unit, to))
    }
    expect(resolveUnitExpression(restored, "kilometres per hour")).toStrictEqual(resolveUnitExpression(built, "kilometres per hour"))
  })

  it("is not read when written in another layout version, for other entries, or naming a record it lacks: the catalog is then built from the entries", () => {
    const other = JSON.stringify({ ...JSON.parse(text), version: snapshotVersion + 1 })
    expect(restoreCatalog(other, builtinEntries)).toBeUndefined()
    const reordered = [builtinEntries[1]!, builtinEntries[0]!, ...builtinEntries.slice(2)]
    expect(restoreCatalog(text, reordered)).toBeUndefined()
    expect(restoreCatalog(text, builtinEntries.slice(1))).toBeUndefined()
    const parsed = JSON.parse(text)
    expect(restoreCatalog(JSON.stringify({ ...parsed, names: [...parsed.names, ["zonk", builtinEntries.length]] }), builtinEntries)).toBeUndefined()
  })

  it("refuses, at build time, a catalog with problems or a factor JSON would not carry back unchanged", () => {
    expect(() => snapshotText([...builtinEntries, unit("zz", "zonk", [2, "no_such_unit"])])).toThrow(/never defined/)
    expect(() => snapshotText([...builtinEntries, unit("zz", "zonk", [1e308, "km"])])).toThrow(/Infinity/)
  })
})

/** Bundles a module that re-exports `name` from `file` with the build's plugin, and imports it. */
const bundled = async (file: string, name: string): Promise<unknown> => {
  const result = await build({
    stdin: { contents: `export { ${name} } from "./${file}"`, resolveDir: new URL("../..", import.meta.url).pathname },
    bundle: true,
    write: false,
    format: "esm",
    plugins: [precomputedPlugin],
    logLevel: "silent"
  })
  const module = (await import(`data:text/javascript,${encodeURIComponent(result.outputFiles[0]!.text)}`)) as Record<string, unknown>
  return module[name]
}

describe("the precomputed UCUM atom table", () => {
  const evaluated = evaluateAtomTable()
  const atomsText = ucumAtomsSnapshot()
  const order = readAtoms(atomsText)!

  it("holds every atom UCUM's table evaluates to, in the same order (which picks among equal codes)", () => {
    const table = atomTableFrom(order)
    expect([...table.keys()]).toEqual([...evaluated.table.keys()])
    expect(table).toStrictEqual(evaluated.table)
    expect(table.size).toBeGreaterThan(300)
  })

  it("is not read when written in another layout version or naming an atom UCUM's table lacks", () => {
    const parsed = JSON.parse(atomsText)
    expect(readAtoms(JSON.stringify({ ...parsed, version: atomSnapshotVersion + 1 }))).toBeUndefined()
    expect(readAtoms(JSON.stringify({ ...parsed, ucum: "2.1" }))).toBeUndefined()
    const [first, ...rest] = parsed.atoms
    expect(readAtoms(JSON.stringify({ ...parsed, atoms: [[first[0], "[no_such]", ...first.slice(2)], ...rest] }))).toBeUndefined()
  })
})

describe("the bundle", () => {
  it("carries both snapshots: the build replaces each empty module with its text", async () => {
    expect(await bundled("src/engine/catalog/precomputed.ts", "precomputedCatalog")).toBe(text)
    expect(await bundled("src/engine/notations/precomputedAtoms.ts", "precomputedAtoms")).toBe(ucumAtomsSnapshot())
  })

  it("is refused with a non-ASCII byte, which would make V8 hold the whole file as a two-byte string", async () => {
    const dir = await mkdtemp(join(tmpdir(), "dimensional-ascii-"))
    try {
      await writeFile(join(dir, "ok.js"), "const deg = /\\u00b0C/u\n")
      await writeFile(join(dir, "literal.js"), "const deg = /\u00b0C/u\n")
      await expect(assertAscii([join(dir, "ok.js")])).resolves.toBeUndefined()
      await expect(assertAscii([join(dir, "literal.js")])).rejects.toThrow(/literal\.js has a non-ASCII character at byte 13/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
