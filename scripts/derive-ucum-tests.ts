// Writes test/data/ucum-functional-tests.json: the validation and conversion cases of UCUM's own
// functional tests (UcumFunctionalTests.xml, FHIR/Ucum-java), as data for test/ucum.test.ts.
// Run: node scripts/derive-ucum-tests.ts [path/to/UcumFunctionalTests.xml]
import { readFileSync, writeFileSync } from "node:fs"

const path = process.argv[2] ?? new URL("../../shared/reference/ucum/UcumFunctionalTests.xml", import.meta.url).pathname
const xml = readFileSync(path, "utf8")
const section = (name: string) => (/<(\w+)>/.test(name) ? "" : (new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)?.[1] ?? ""))
const attr = (tag: string, name: string): string | undefined => {
  const v = new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1]
  return v === undefined
    ? undefined
    : v.replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&apos;", "'")
}
const cases = (name: string) => [...section(name).matchAll(/<case\b[^>]*\/>/g)].map((m) => m[0])

const validation = cases("validation").map((c) => ({
  id: attr(c, "id"),
  unit: attr(c, "unit"),
  valid: attr(c, "valid") === "true",
  reason: attr(c, "reason") ?? null
}))
const conversion = cases("conversion").map((c) => ({
  id: attr(c, "id"),
  value: Number(attr(c, "value")),
  from: attr(c, "srcUnit"),
  to: attr(c, "dstUnit"),
  outcome: attr(c, "outcome")
}))
writeFileSync(
  new URL("../test/data/ucum-functional-tests.json", import.meta.url),
  JSON.stringify(
    {
      description: "UCUM functional tests (UcumFunctionalTests.xml as distributed with FHIR/Ucum-java): validation and conversion cases",
      validation,
      conversion
    },
    null,
    1
  ) + "\n"
)
console.error(`${validation.length} validation, ${conversion.length} conversion cases`)
