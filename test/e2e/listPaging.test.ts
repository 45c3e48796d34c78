// Every listing tool answers a page at a time: a default answer costs an agent at most 2,000 tokens
// (characters ÷ 4 of the whole result, its text and its structured content, as tools/list is
// counted in toolsList.test.ts), says how many entries remain, and its next_cursor walks the
// whole list once, in order, without repeating or skipping an entry.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

const ANSWER_BUDGET = 2000

let c: TestClient
beforeAll(async () => (c = await connectClient("list-paging")))
afterAll(() => c.close())

const listings = ["list_units", "list_formulas", "list_constants", "list_dimensions", "list_quantity_kinds", "list_scales"]

/** An entry's identity: a name where it has one, else the entry itself. */
const key = (entry: unknown) => (typeof entry === "string" ? entry : JSON.stringify(entry))

describe("the listing tools, paged", () => {
  it("lists every listing tool with cursor and limit in, next_cursor and remaining out", async () => {
    const { tools } = await c.client.listTools()
    const listed = tools.filter((t) => t.name.startsWith("list_")).map((t) => t.name)
    expect([...listed].sort()).toEqual([...listings].sort())
    for (const tool of tools.filter((t) => listings.includes(t.name))) {
      expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).toEqual(expect.arrayContaining(["cursor", "limit"]))
      expect((tool.outputSchema as { anyOf: Array<{ required: Array<string> }> }).anyOf[0]!.required, tool.name).toEqual(
        expect.arrayContaining(["result", "next_cursor", "remaining"])
      )
    }
  })

  it.each(listings)(`%s answers its default page in at most ${ANSWER_BUDGET} tokens, and its pages cover the list once`, async (name) => {
    const first = await c.call(name)
    expect(first.isError).toBe(false)
    const tokens = Math.ceil(JSON.stringify(first.result).length / 4)
    console.log(`${name}: default page ${first.data.result.length} entries, ~${tokens} tokens, ${first.data.remaining} more`)
    expect(tokens).toBeLessThanOrEqual(ANSWER_BUDGET)

    const seen: Array<string> = first.data.result.map(key)
    let answer = first.data
    while (answer.next_cursor !== null) {
      const next = await c.call(name, { cursor: answer.next_cursor })
      expect(next.isError).toBe(false)
      expect(next.data.remaining).toBe(Math.max(0, answer.remaining - next.data.result.length))
      seen.push(...next.data.result.map(key))
      answer = next.data
    }
    expect(answer.remaining).toBe(0)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.length).toBe(first.data.result.length + first.data.remaining)
    // one page holding everything says the same
    const all = await c.call(name, { limit: Math.min(seen.length, 100) })
    if (seen.length <= 100) expect(all.data.result.map(key)).toEqual(seen)
  })

  it("refuses a cursor it did not give, and names the argument", async () => {
    const r = await c.call("list_formulas", { cursor: "abc" })
    expect(r.isError).toBe(true)
    expect(r.data).toMatchObject({ error_type: "invalid_input", parameter: "cursor" })
  })
})
