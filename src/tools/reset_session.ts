import { Effect, Schema } from "effect"
import { openWorkspace, workspaceField } from "./workspaceArgument.ts"
import { defineTool, sessionWrite } from "./Tool.ts"

export const ResetSessionInput = Schema.Struct({ workspace: workspaceField })
export const ResetSessionOutput = Schema.Struct({ success: Schema.Boolean, message: Schema.String })

export const resetSession = defineTool({
  name: "reset_session",
  title: "Reset the workspace",
  description: "Forget every unit, conversion, constant, kind and declaration this session defined.",
  input: ResetSessionInput,
  output: ResetSessionOutput,
  annotations: { ...sessionWrite, destructiveHint: true, idempotentHint: true },
  handler: (input) =>
    Effect.gen(function* () {
      yield* (yield* openWorkspace(input, "read")).reset
      return { success: true, message: "Session reset. All custom units, conversions, constants, quantity kinds and the active declaration cleared." }
    })
})
