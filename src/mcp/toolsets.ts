/**
 * Which tools a server exposes: every tool (`all`, the default), or the named sets of
 * src/tools/index.ts an operator picks, and with `--read-only` only the tools that change nothing
 * (MCP's readOnlyHint; the define_* tools, reset_session, declare_computation and validate_result,
 * which clears the declaration it checked, are left out). What the server says besides the tools
 * follows them: its instructions, its resources and its prompts (server.ts).
 *
 *   --toolsets convert,reference   DIMENSIONAL_TOOLSETS (default all)
 *   --read-only                    DIMENSIONAL_READ_ONLY=true (default off)
 *
 * Read once, by the composition root (src/layers.ts, `CurrentExposure.layerFromConfig`), never by
 * the server factory itself: a start-up snapshot builds the factory, and a Config read there would
 * keep the building process's environment in the blob.
 */
import { Config, ConfigProvider, Context, Effect, Layer } from "effect"
import { likelyName } from "../engine/similarity.ts"
import { type ToolsetName, tools, toolsetNames, toolsets } from "../tools/index.ts"
import type { AnyTool } from "../tools/Tool.ts"

export const toolsetsEnv = "DIMENSIONAL_TOOLSETS"
export const readOnlyEnv = "DIMENSIONAL_READ_ONLY"

export interface Exposure {
  /** The named sets on, or every tool. */
  readonly toolsets: ReadonlyArray<ToolsetName> | "all"
  readonly readOnly: boolean
}

const isToolset = (name: string): name is ToolsetName => (toolsetNames as ReadonlyArray<string>).includes(name)

const refused = (message: string) => Config.fail(new ConfigProvider.SourceError({ message: `${toolsetsEnv}: ${message}` }))

/** "convert, reference" → the sets; `all` alone or among them is every tool; an unknown name is refused with the names there are. */
const toolsetsSetting: Config.Config<Exposure["toolsets"]> = Config.String(toolsetsEnv).pipe(
  Config.withDefault<string>("all"),
  Config.flatMap((text): Config.Config<Exposure["toolsets"]> => {
    const names = text
      .split(",")
      .map((n) => n.trim().toLowerCase())
      .filter((n) => n.length > 0)
    if (names.length === 0) return refused(`expected all or a comma-separated list of ${toolsetNames.join(", ")}, got '${text}'`)
    if (names.includes("all")) return Config.succeed("all" as const)
    const unknown = names.filter((n) => !isToolset(n))
    if (unknown.length > 0) {
      const meant = unknown.map((n) => likelyName(n, ["all", ...toolsetNames])).filter((n) => n !== undefined)
      const hint = meant.length === unknown.length ? ` (did you mean ${meant.join(", ")}?)` : ""
      return refused(`expected all or toolsets among ${toolsetNames.join(", ")}, got '${unknown.join("', '")}'${hint}`)
    }
    return Config.succeed([...new Set(names)] as ReadonlyArray<ToolsetName>)
  })
)

/** The exposure asked for; one that leaves none of the built-in tools on is refused: a server with no tools answers no question. */
export const exposureConfig: Config.Config<Exposure> = Config.all({
  toolsets: toolsetsSetting,
  readOnly: Config.Boolean(readOnlyEnv).pipe(Config.withDefault(false))
}).pipe(
  Config.flatMap(
    (exposure): Config.Config<Exposure> =>
      exposedTools(tools, exposure).length > 0
        ? Config.succeed(exposure)
        : refused(
            `${exposure.toolsets === "all" ? "all" : exposure.toolsets.join(",")} with ${readOnlyEnv}=true leaves no tool on: add a toolset with tools that only read`
          )
  )
)

/**
 * The tools of `tools` that `exposure` turns on, in their order. A named set turns on its tools by
 * name, so a tool of an embedding app that is in no set is on only with `all`.
 */
export const exposedTools = <T extends AnyTool>(tools: ReadonlyArray<T>, exposure: Exposure): ReadonlyArray<T> => {
  const named = exposure.toolsets === "all" ? undefined : new Set(exposure.toolsets.flatMap((set) => toolsets[set].map((tool: AnyTool) => tool.name)))
  return tools.filter((tool) => (named === undefined || named.has(tool.name)) && (!exposure.readOnly || tool.annotations.readOnlyHint))
}

/** The exposure a server factory serves: every tool unless the composition root read another from the settings. */
export const CurrentExposure = Context.Reference<Exposure>("dimensional/Exposure", { defaultValue: () => ({ toolsets: "all", readOnly: false }) })

/** The exposure as configured (--toolsets, --read-only, or their variables). */
export const exposureFromConfig = Layer.effect(
  CurrentExposure,
  Effect.gen(function* () {
    return yield* exposureConfig
  })
)
