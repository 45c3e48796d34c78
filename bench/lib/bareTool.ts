/**
 * The bare servers' one tool (bench/bare-server.ts, bench/bare-effect-server.ts): `convert`, answering
 * a constant of the shape and size of our convert result for 5 km → mi (text plus structuredContent),
 * so every server serialises the same amount of JSON. With BARE_TOOL_FILE (what the benches set) its
 * tools/list entry is our convert tool's, output schema included, so a client validates all answers alike.
 */
import { readFileSync } from "node:fs"

const structured = {
  quantity: 3.1068559611866697,
  unit: "mi",
  dimension: "length",
  uncertainty: null,
  conversion: "linear",
  factor: 0.621371192237334,
  notes: [],
  ucum: "[mi_i]"
}

export const bareResult = { content: [{ type: "text" as const, text: JSON.stringify(structured) }], structuredContent: structured }

export const bareTool = process.env.BARE_TOOL_FILE
  ? JSON.parse(readFileSync(process.env.BARE_TOOL_FILE, "utf8"))
  : { name: "convert", description: "Returns a constant", inputSchema: { type: "object" as const } }
