/**
 * The `workspace` argument of the tools that define or read an agent's definitions, and the
 * kinds a workspace sees. Without the argument a call uses its connection's workspace (stdio: the
 * process's; a 2025-era HTTP session: the session's); a define_* call with neither starts a new
 * workspace and returns its id (see src/services/Workspace.ts).
 */
import { Effect, Schema } from "effect"
import * as QuantityKind from "../engine/kinds/QuantityKind.ts"
import { type OpenWorkspace, Workspace, type WorkspaceError } from "../services/Workspace.ts"

// explained once, in the server's instructions: it is on fourteen tools, and tools/list has a token budget
export const workspaceField = Schema.optional(Schema.String)

/** The workspace of one call, from its `workspace` argument. */
export const openWorkspace = (
  input: { readonly workspace?: string | undefined },
  mode: "read" | "write"
): Effect.Effect<OpenWorkspace, WorkspaceError, Workspace> => Effect.flatMap(Effect.service(Workspace), (workspaces) => workspaces.open(input.workspace, mode))

/** The kinds a workspace sees: the built-in ones, then those it defined. */
export const kindsOf = (workspace: OpenWorkspace) => Effect.map(workspace.get, (data) => [...QuantityKind.builtins(), ...data.kinds])

/** The `workspace` field of a define_* result: the id to pass on later calls. */
export const workspaceOutput = Schema.optional(Schema.String)
