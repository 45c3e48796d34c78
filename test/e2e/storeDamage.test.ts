// A file store that comes back damaged, through a real server and the SDK's client (issue 33, items
// 5 and 14): a workspace whose document is empty (what a power loss under an older release could
// leave), one holding a conversion with the factor 0, one past the quotas, and an empty session
// secret. Each damaged workspace answers workspace_damaged naming the damage (never
// store_unavailable until a person deletes a file, never internal_error), every other workspace
// keeps working, the documents are set aside, the secret is never used empty, and reset_session
// starts a damaged workspace over.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client"
import type { CallToolResult } from "@modelcontextprotocol/client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SpawnedServer, spawnServer } from "../support/httpServer.ts"

const fileOf = (dir: string, id: string) => join(dir, encodeURIComponent(`dimensional:workspace:${id}`))

describe("a file store that comes back damaged", () => {
  let dir: string
  let server: SpawnedServer
  let client: Client
  const ids: Record<"empty" | "sound" | "factorZero" | "overQuota", string> = { empty: "", sound: "", factorZero: "", overQuota: "" }
  const call = async (name: string, args: Record<string, unknown>) =>
    ((await client.callTool({ name, arguments: args })) as CallToolResult).structuredContent as Record<string, any>

  beforeAll(async () => {
    dir = join(mkdtempSync(join(tmpdir(), "dimensional-damage-")), "store")
    const first = await spawnServer({ args: ["--store", `file:${dir}`] })
    client = new Client({ name: "damage", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
    await client.connect(new StreamableHTTPClientTransport(new URL(first.url)))
    for (const which of Object.keys(ids) as Array<keyof typeof ids>) {
      ids[which] = (await call("define_unit", { name: "smoot", dimension: "length" })).workspace
      await call("define_conversion", { src: "smoot", dst: "m", factor: 1.7018, workspace: ids[which] })
    }
    await client.close()
    await first.stop()
    // what a power loss, an edit and a bug of another release could leave
    writeFileSync(fileOf(dir, ids.empty), "")
    const zero = JSON.parse(readFileSync(fileOf(dir, ids.factorZero), "utf8"))
    zero.data.edges[0].factor = 0
    writeFileSync(fileOf(dir, ids.factorZero), JSON.stringify(zero))
    const big = JSON.parse(readFileSync(fileOf(dir, ids.overQuota), "utf8"))
    big.data.units = Array.from({ length: 600 }, (_, i) => ({ name: `u${i}`, dimension: { length: 1 }, aliases: [] }))
    writeFileSync(fileOf(dir, ids.overQuota), JSON.stringify(big))
    writeFileSync(join(dir, ".session-secret"), "")
    server = await spawnServer({ args: ["--store", `file:${dir}`] })
    client = new Client({ name: "damage", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
  })
  afterAll(async () => {
    await client?.close()
    await server?.stop()
    rmSync(dirname(dir), { recursive: true, force: true })
  })

  it("answers workspace_damaged naming the damage for each damaged workspace, and keeps serving the sound one", async () => {
    const expected: ReadonlyArray<readonly [keyof typeof ids, RegExp]> = [
      ["empty", /empty \(what a crash during its write can leave\)/],
      ["factorZero", /factor 0/],
      ["overQuota", /limits \(600; at most 500 units\)/]
    ]
    for (const [which, damage] of expected) {
      const answer = await call("convert", { value: 1, from_unit: "smoot", to_unit: "m", workspace: ids[which] })
      expect(answer.error_type, which).toBe("workspace_damaged")
      expect(answer.error).toMatch(damage)
      expect(answer.hints.join(" ")).toMatch(/reset_session/)
    }
    expect((await call("convert", { value: 1, from_unit: "smoot", to_unit: "m", workspace: ids.sound })).quantity).toBe(1.7018)
    expect((await call("convert", { value: 1, from_unit: "km", to_unit: "m" })).quantity).toBe(1000)
    const names = readdirSync(dir)
    for (const which of ["empty", "factorZero", "overQuota"] as const)
      expect(names).toContain(`${encodeURIComponent(`dimensional:workspace:${ids[which]}`)}.damaged`)
    expect(server.stderr()).toMatch(/is damaged \(the stored document is empty/)
  })

  it("never signs with an empty session secret: it is set aside, a new one made, and the operator told", () => {
    expect(readFileSync(join(dir, ".session-secret"), "utf8")).toMatch(/^[0-9a-f]{64}$/)
    expect(readdirSync(dir).some((n) => n.startsWith(".session-secret.damaged-"))).toBe(true)
    expect(server.stderr()).toMatch(/the session secret was damaged/)
  })

  it("starts a damaged workspace over with reset_session", async () => {
    const reset = await call("reset_session", { workspace: ids.empty })
    expect(reset.error_type).toBeUndefined()
    expect((await call("define_unit", { name: "smoot", dimension: "length", workspace: ids.empty })).error_type).toBeUndefined()
    await call("define_conversion", { src: "smoot", dst: "m", factor: 2, workspace: ids.empty })
    expect((await call("convert", { value: 1, from_unit: "smoot", to_unit: "m", workspace: ids.empty })).quantity).toBe(2)
  })
})
