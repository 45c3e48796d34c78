/**
 * MCP over stdio: one connection, stdout reserved for the protocol (logs go to stderr), and the
 * process ends when the client closes stdin (the SDK's transport ignores EOF, so we watch for it).
 * The SDK's `serveStdio` picks the era from the client's opening message: a 2025-era connection
 * (initialize) uses the process's own workspace by default; a 2026-07-28 connection has none, so
 * its calls name theirs, as over HTTP.
 */
import { serveStdio } from "@modelcontextprotocol/server/stdio"
import { Effect } from "effect"
import { DefaultWorkspace } from "../../../services/Workspace.ts"
import { type ToolServices, tools } from "../../../tools/index.ts"
import { LogToStderr } from "../../logging.ts"
import { makeServerFactory } from "../../server.ts"
import { LineTransport } from "./lineTransport.ts"
import { makeRateBuckets, rateSetting } from "../rateLimit.ts"

export { LogToStderr }

export const runStdioServer = Effect.gen(function* () {
  const factory = yield* makeServerFactory<ToolServices>(tools)
  const defaultWorkspace = yield* DefaultWorkspace
  // --rate-limit over stdio: the one client's tools/call are measured; an over-rate call answers rate_limited
  const rate = yield* rateSetting
  const buckets = rate === undefined ? undefined : makeRateBuckets(rate)
  const admitCall = buckets === undefined ? undefined : () => buckets.take("stdio")
  const wire = new LineTransport()
  // the wire closes when stdin ends (or breaks): then the server stops, whatever state it is in
  const closed = Effect.promise(() => wire.whenClosed)
  const handle = serveStdio(({ era }) => factory({ era, defaultWorkspace, ...(admitCall === undefined ? {} : { admitCall }) }), {
    transport: wire,
    onerror: (error) => void process.stderr.write(`dimensional: stdio: ${error.message}\n`)
  })
  yield* Effect.logInfo("dimensional MCP server listening on stdio (protocol 2026-07-28 and 2025-era revisions)")
  yield* closed
  // a call still running (waiting on the client's model, say) must not keep the process alive
  // after its client is gone: close within a second, then exit regardless
  yield* Effect.promise(() => handle.close()).pipe(Effect.timeoutOrElse({ duration: "1 second", orElse: () => Effect.void }))
  process.exitCode ??= 0
  setTimeout(() => process.exit(), 250).unref()
}).pipe(Effect.provide(LogToStderr))
