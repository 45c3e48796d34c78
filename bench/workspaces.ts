/**
 * Memory per live workspace: a client pinned to 2026-07-28 over stdio (memory store, as stdio runs
 * by default) makes `count` workspaces, each by a define_unit without a workspace (which creates
 * one) plus a define_conversion and a convert in it, so each holds a unit and an edge and has had
 * its catalog overlay built, as a workspace in use does. Reported: RSS growth per workspace once
 * the server has settled. The bare server has no workspaces, so there is nothing to compare with.
 */
import type { CallToolResult } from "@modelcontextprotocol/client"
import type { Row } from "./lib/report.ts"
import { type ServerCommand, connectStdio, rssMb } from "./lib/mcp.ts"

const settle = () => new Promise((r) => setTimeout(r, 1_000))

export const runWorkspaceBench = async (ours: ServerCommand, count: number): Promise<Array<Row>> => {
  const connection = await connectStdio(ours, "2026-07-28")
  try {
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = (await connection.client.callTool({ name, arguments: args })) as CallToolResult
      if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`)
      return result.structuredContent as Record<string, unknown>
    }
    const make = async (i: number) => {
      const { workspace } = await call("define_unit", { name: `widget${i}`, dimension: "count" })
      await call("define_conversion", { src: `widget${i}`, dst: "ea", factor: 12, workspace })
      await call("convert", { value: 2, from_unit: `widget${i}`, to_unit: "ea", workspace })
    }
    // the code paths warm and the heap past its start-up growth before the baseline
    for (let i = 0; i < 50; i++) await make(count + i)
    await settle()
    const before = rssMb(connection.pid)
    for (let i = 0; i < count; i++) await make(i)
    await settle()
    const perWorkspace = ((rssMb(connection.pid) - before) / count) * 1024
    return [
      {
        section: "memory",
        label: `RSS per live workspace (${count} in use, one unit and one edge each, 2026-07-28 over stdio)`,
        ours: { value: perWorkspace, unit: "KB" },
        others: []
      }
    ]
  } finally {
    await connection.close()
  }
}
