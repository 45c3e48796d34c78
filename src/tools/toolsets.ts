/**
 * The named sets of tools an operator exposes with `--toolsets` (src/mcp/toolsets.ts), by tool
 * name: each tool in exactly one (test/e2e/hosts.test.ts). Names, not the tool modules, so that
 * reading the setting loads no tool (the shell commands load only the tools they run).
 * convert: a value between units and the names to find them; compute: chains of factors and
 * checking a result's kind; reference: constants, formulas, kinds; workspace: the definitions a
 * workspace holds, and emptying it.
 */
export const toolsets = {
  convert: ["convert", "check_dimensions", "add_quantities", "list_units", "list_dimensions", "list_scales"],
  compute: ["compute", "decompose", "declare_computation", "validate_result"],
  reference: ["list_constants", "list_formulas", "call_formula", "list_quantity_kinds"],
  workspace: ["define_unit", "define_conversion", "define_constant", "define_quantity_kind", "reset_session"]
} as const

export type ToolsetName = keyof typeof toolsets

export const toolsetNames = Object.keys(toolsets) as ReadonlyArray<ToolsetName>
