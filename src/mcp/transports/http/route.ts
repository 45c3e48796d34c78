/**
 * What the /mcp route is built from, and how one of its steps refuses a request: each guard
 * (guards.ts) and the session lookup (sessionLookup.ts) fails with the answer it refuses with, so
 * the handler (mcpHandler.ts) reads as the order of the steps, the way the SDK's middleware and
 * effect/http's compose.
 */
import type { McpHttpHandler } from "@modelcontextprotocol/server"
import { Data, Effect, type Semaphore } from "effect"
import type { HttpServerResponse } from "effect/http"
import type { ReplicaState } from "../../../services/ReplicaState.ts"
import type { Workspace } from "../../../services/Workspace.ts"
import type { Authorizer } from "./auth.ts"
import type { AuthFailures } from "./authFailures.ts"
import type { ClientLimiter } from "./clientLimits.ts"
import type { AllowList, HttpSettings } from "./config.ts"
import type { CreationLimiter } from "./creationPace.ts"
import type { HttpSessions } from "./sessions.ts"

export interface McpRoute {
  readonly sessions: HttpSessions["Service"]
  readonly workspaces: Workspace["Service"]
  readonly replica: ReplicaState["Service"]
  readonly settings: HttpSettings
  readonly allow: AllowList
  /** The SDK's per-request handler of 2026-07-28 requests. */
  readonly modern: McpHttpHandler
  readonly creations: CreationLimiter
  /** The bytes of request bodies read at once (body.ts). */
  readonly bodies: Semaphore.Semaphore
  readonly auth?: Authorizer | undefined
  /** Failed authentications per source, throttled (with authorization only). */
  readonly authFailures?: AuthFailures | undefined
  readonly limiter?: ClientLimiter | undefined
  /** Spans are exported: a tool call's span becomes a child of its request's (toolTelemetry.ts). */
  readonly traced: boolean
}

/** A step refused the request: `response` is the answer. */
export class Refused extends Data.TaggedError("Refused")<{ readonly response: HttpServerResponse.HttpServerResponse }> {}

export const refuse = (response: HttpServerResponse.HttpServerResponse): Effect.Effect<never, Refused> => Effect.fail(new Refused({ response }))
