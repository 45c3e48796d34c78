// What an agent pays to read the tool list: the whole of tools/list, as a real client receives it,
// stays within its budget (characters ÷ 4 of the JSON), while each tool keeps its exact success
// schema and every error stays admissible. The budget is where the listing stands, so any growth
// fails here: 5,937 tokens before issue 18, 5,196 with paging on six tools and issue 17's stated
// relations, 5,154 with shorter tool descriptions and `notation` described once (in convert).
// The floor with exact output schemas is about 4,110 tokens: the listing with every description
// (tool and property) removed, of which the output schemas alone are about 2,390 (every field, type
// and `required`, and the error branch old SDK clients check errors against). Issue 18's 3,500 is
// below that floor: reaching it would take dropping or loosening output schemas, which this keeps.
// Issue 19 added the ucum_ci notation and the add_quantities tool (CONTRIBUTING's tool recipe,
// followed once), about 235 tokens: 5,388 with 19 tools. Issue 31 gave every tool a `title` (what
// hosts show in menus and approval dialogs; not passed on to the model): 5,523. Issue 29's unit lists
// (a value or a list of values in convert, parts in three outputs) about 165: 5,690. Issue 32's
// worksheet view named in three tools' _meta (ui.resourceUri and the flat ui/resourceUri older hosts
// read) 78 more; hosts keep _meta from the model, as they keep titles.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestClient, connectClient } from "../support/mcp.ts"

const TOKEN_BUDGET = 5780

let c: TestClient
beforeAll(async () => (c = await connectClient("tools-list")))
afterAll(() => c.close())

describe("tools/list", () => {
  it(`costs at most ${TOKEN_BUDGET} tokens for all tools`, async () => {
    const { tools } = await c.client.listTools()
    const tokens = Math.ceil(JSON.stringify(tools).length / 4)
    console.log(`tools/list: ${tools.length} tools, ${JSON.stringify(tools).length} characters, ~${tokens} tokens`)
    expect(tokens).toBeLessThanOrEqual(TOKEN_BUDGET)
  })

  it("advertises no value the server refuses, and closed sets as enums", async () => {
    const { tools } = await c.client.listTools()
    const text = JSON.stringify(tools)
    expect(text).not.toContain('"NaN"')
    expect(text).not.toContain('"Infinity"')
    // a nullable field is two single-type branches: the MCP Inspector warns on type: [X, "null"]
    expect(text).not.toMatch(/"type":\[/)
    // a closed set stays an enum in every tool that takes it; its description is said once, in convert
    for (const name of ["convert", "compute", "check_dimensions", "add_quantities"]) {
      const notation = (tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, { enum?: Array<string>; description?: string }>).notation!
      expect(notation.enum).toEqual(["conventional", "ucum", "ucum_ci"])
      expect(notation.description !== undefined).toBe(name === "convert")
    }
    const constants = tools.find((t) => t.name === "list_constants")!
    expect((constants.inputSchema.properties as Record<string, { enum?: Array<string> }>).category!.enum).toEqual([
      "exact",
      "derived",
      "measured",
      "session",
      "all"
    ])
  })

  it("keeps each success schema exact and every error admissible", async () => {
    const { tools } = await c.client.listTools()
    const convert = tools.find((t) => t.name === "convert")!
    const [success, error] = (convert.outputSchema as unknown as { anyOf: Array<{ required: Array<string> }> }).anyOf
    expect(success!.required).toEqual(["quantity", "unit", "dimension", "uncertainty", "conversion", "factor", "notes", "ucum"])
    expect(error!.required).toEqual(["error", "error_type"])
    // an error result passes the client's own output-schema check
    const failed = await c.call("convert", { value: 1, from_unit: "kg", to_unit: "m" })
    expect(failed.isError).toBe(true)
  })
})
