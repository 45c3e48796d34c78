/**
 * The server factory: the SDK's low-level Server, wired to our tools. tools/list advertises each
 * tool's entry (toolListing.ts), tools/call runs the call through call repair (decode with
 * coercion, handler, retry) with the request's abort signal and maps the outcome through the one
 * failure mapping (toolResult.ts). Only an unknown tool name is a protocol error.
 *
 * One factory serves both protocol eras. A 2025-era instance lives for a session (stdio
 * connection or HTTP session) whose workspace is the default; a 2026-07-28 instance serves one
 * request or one stdio connection with no default workspace (calls name theirs). Asking the
 * client's model differs per era: a sampling request on the 2025 channel, an `input_required`
 * result on 2026-07-28 (repair/sampling.ts).
 */
import { version } from "./version.ts"
import { type CallToolResult, ProtocolError, ProtocolErrorCode, Server, type ServerContext } from "@modelcontextprotocol/server"
import { Cause, Context, Effect, Exit, Option } from "effect"
import { Corrector } from "./repair/Corrector.ts"
import { RetryPolicy } from "./repair/RetryPolicy.ts"
import { SamplingClient } from "./repair/SamplingClient.ts"
import type { AnyTool, Tool } from "../tools/Tool.ts"
import { CurrentPrincipal, DefaultWorkspace } from "../services/Workspace.ts"
import { type ToolDescription, execute } from "./repair/retryExecutor.ts"
import { inputRound, pushSampling } from "./repair/sampling.ts"
import { registerBrowsing } from "./browsing.ts"
import { instructionsFor } from "./instructions.ts"
import { CurrentExposure, exposedTools } from "./toolsets.ts"
import { describeTool } from "./toolListing.ts"
import { icons } from "./icon.ts"
import { type ToolError, describeFailure } from "./repair/failures.ts"
import { type Answer, failure, toAnswer } from "./toolResult.ts"
import { RateLimited } from "../engine/errors.ts"
import { Telemetry, recording } from "../services/Telemetry.ts"
import { type CallObserver, observeToolCall } from "./toolTelemetry.ts"
import { WorksheetView, readWorksheet, uiCapability, viewTools, withView } from "./apps/worksheet.ts"

/**
 * Who the server is, as hosts show it (MCP Implementation: `title` for people, `websiteUrl`, and
 * icons that hosts draw beside its name; a PNG, which every host that draws icons reads, and an SVG).
 */
export const serverInfo = {
  name: "dimensional",
  title: "Dimensional: unit-safe arithmetic",
  version,
  description: "Unit conversion, dimensional analysis, UCUM, constants and formulas for AI agents, exact and never silently wrong",
  websiteUrl: "https://github.com/dimensional-mcp/dimensional-mcp",
  icons: [...icons]
}

const descriptions = new WeakMap<AnyTool, ToolDescription>()

/** What a corrector is shown of a tool: name, description and the advertised input schema. */
const descriptionOf = (tool: AnyTool): ToolDescription => {
  const known = descriptions.get(tool)
  if (known) return known
  const described = { name: tool.name, description: tool.description, inputSchema: describeTool(tool).inputSchema }
  descriptions.set(tool, described)
  return described
}

/**
 * Runs one call to completion through the retry executor (decode with coercion, handler, and on a
 * retryable failure a corrected dispatch); never fails: what happened is the Answer. A
 * SamplingClient in the context lets the Corrector ask the client's model. `observe` (telemetry
 * on, see toolTelemetry.ts) is told the call's outcome.
 */
const runToolEffect = <R>(tool: AnyTool<R>, args: unknown, observe?: CallObserver): Effect.Effect<Answer, never, R | RetryPolicy | Corrector> =>
  execute(tool, args, () => descriptionOf(tool)).pipe(
    Effect.flatMap((outcome) => {
      observe?.(outcome)
      const answer = toAnswer(outcome)
      return answer.defect
        ? Effect.logError(`tool ${tool.name} failed with a defect`, Cause.pretty(answer.defect)).pipe(Effect.as(answer))
        : Effect.succeed(answer)
    })
  )

/** One call as the server runs it: the client's model when it can be asked, the principal when the request names one. */
const callOf = <R>(tool: AnyTool<R>, args: unknown, sampling: Option.Option<SamplingClient["Service"]>, principal: unknown, observe?: CallObserver) => {
  const ran = runToolEffect(tool, args, observe)
  const sampled = Option.isSome(sampling) ? Effect.provideService(ran, SamplingClient, sampling.value) : ran
  return typeof principal === "string" ? Effect.provideService(sampled, CurrentPrincipal, principal) : sampled
}

/** The self-correction services, as the composition root (src/layers.ts) provides them. */
const selfCorrectionServices = Effect.gen(function* () {
  return { policy: yield* RetryPolicy, corrector: yield* Corrector }
})

/** What happened to a call of a tool whose success is an `O`: a success's value typed as the tool declares it. */
export type TypedAnswer<O> = (Answer & { readonly error: undefined; readonly value: O }) | (Answer & { readonly error: ToolError; readonly value: undefined })

/**
 * One tool call outside any MCP session, as the MCP server would answer it (decoding, repair,
 * the one failure mapping): for the human CLI and for apps that call tools directly.
 */
export const callTool = <I, O, R>(tool: Tool<I, O, R>, args: unknown): Effect.Effect<TypedAnswer<O>, never, R | RetryPolicy | Corrector> =>
  Effect.gen(function* () {
    const { policy, corrector } = yield* selfCorrectionServices
    // a success's value is what this tool's handler returned: an O, by its declaration
    return (yield* runToolEffect(tool, args).pipe(Effect.provideService(RetryPolicy, policy), Effect.provideService(Corrector, corrector))) as TypedAnswer<O>
  })

/** Which protocol era an instance serves, and for a 2025-era session its own workspace. */
export interface ServeOptions {
  readonly era: "legacy" | "modern"
  /** The workspace calls use when they name none (a session's or the process's own); 2026-07-28 has none. */
  readonly defaultWorkspace?: string | undefined
  /** Also serve the conformance suite's fixture tools (2025-era HTTP sessions, for that suite only). */
  readonly conformanceFixtures?: boolean
  /**
   * The client's request rate (stdio: its one client's bucket, transports/rateLimit.ts): 0 when a
   * tools/call may run, else the milliseconds until one may; an over-rate call answers
   * rate_limited without running. Over HTTP the transport answers 429 before the server sees it.
   */
  readonly admitCall?: () => number
}

/**
 * The official conformance suite's `test_reconnection` (scenario server-sse-polling, SEP-1699):
 * closes the call's SSE stream before answering, so the answer reaches the client only through
 * resumption (GET with Last-Event-ID, replayed from the session's event store).
 */
const reconnectionFixture = {
  name: "test_reconnection",
  description: "Conformance fixture: closes this call's SSE stream, then answers; the client resumes with Last-Event-ID.",
  inputSchema: { type: "object" as const, properties: {} }
}

const reconnectionCall = async (ctx: ServerContext): Promise<CallToolResult> => {
  ctx.http?.closeSSE?.()
  // the answer is stored for replay once the stream is gone
  await new Promise((resolve) => setTimeout(resolve, 100))
  return { content: [{ type: "text", text: "answered after the stream was closed" }] }
}

/** Builds a fresh SDK Server for one serving unit: a session, a stdio connection or a 2026-07-28 request. */
export type ServerFactory = ((options: ServeOptions) => Server) & {
  /**
   * At shutdown: ends every wait on a client's model (the call then answers as the model had
   * declined: the agent's own error), and resolves once no call is in flight, or after `ms`.
   */
  readonly drain: (ms: number) => Promise<void>
}

/** The calls in flight across a factory's servers, and the signal that ends their waits on a client's model. */
const makeDrain = () => {
  const controller = new AbortController()
  let inFlight = 0
  let idle: (() => void) | undefined
  return {
    signal: controller.signal,
    enter: () => void inFlight++,
    leave: () => {
      // the answer is handed to the transport after this; give it a moment to be written
      if (--inFlight === 0 && idle) setTimeout(idle, 50)
    },
    drain: (ms: number) =>
      new Promise<void>((resolve) => {
        controller.abort(new Error("the server is shutting down"))
        if (inFlight === 0) return resolve()
        idle = resolve
        setTimeout(resolve, ms).unref()
      })
  }
}

/**
 * Runs a call (which never fails) in `context`. A call that finishes without waiting on I/O, as
 * nearly every call does, is answered from the fiber at once, without a promise round trip; one
 * that waits (a remote store, the client's model) is awaited, and interrupted when the request is
 * cancelled.
 */
const runCallWith =
  // biome-ignore lint/suspicious/noExplicitAny: the SDK callback cannot carry the tools' requirements; the context built for this server provides every one of them (ToolServices)
    (context: Context.Context<any>) =>
    // biome-ignore lint/suspicious/noExplicitAny: as above
    <A>(effect: Effect.Effect<A, never, any>, signal: AbortSignal): A | Promise<A> => {
      const fiber = Effect.runForkWith(context)(effect)
      const done = fiber.pollUnsafe()
      if (done) {
        if (Exit.isSuccess(done)) return done.value
        throw Cause.squash(done.cause)
      }
      return new Promise<A>((resolve, reject) => {
        const abort = () => fiber.interruptUnsafe()
        signal.addEventListener("abort", abort, { once: true })
        fiber.addObserver((exit) => {
          signal.removeEventListener("abort", abort)
          if (Exit.isSuccess(exit)) resolve(exit.value)
          else reject(Cause.squash(exit.cause))
        })
      })
    }

/** The answer to a call over the client's rate: it did not run, and may be sent again after the wait. */
const overRate = (waitMs: number) =>
  new RateLimited({
    message: `Over this client's rate limit (the server's --rate-limit): the call did not run; send it again in ${Math.ceil(waitMs / 100) / 10} s`,
    hints: [
      `Wait ${waitMs} ms (retry_after_ms) before the next call`,
      "Spread calls out, or combine work into fewer calls (compute takes several steps at once)"
    ],
    retryAfterMs: waitMs
  })

/**
 * A factory of SDK Servers serving `tools` with the services of the current context. Everything
 * that does not depend on the era or the session (tool listing, services) is built once here.
 */
export const makeServerFactory = <R>(tools: ReadonlyArray<AnyTool<R>>) =>
  Effect.gen(function* () {
    const base = yield* Effect.context<R>()
    const { policy, corrector } = yield* selfCorrectionServices
    const shared = Context.add(Context.add(base, RetryPolicy, policy), Corrector, corrector)
    // decided once: with telemetry off a call runs exactly as it did before there was any
    const telemetry = yield* Telemetry
    const observed = recording(telemetry)
    // --toolsets, --read-only (read by the composition root): what is not exposed is not listed, not callable, not mentioned
    const exposed = exposedTools(tools, yield* CurrentExposure)
    const byName = new Map(exposed.map((t) => [t.name, t]))
    const on: ReadonlySet<string> = new Set(byName.keys())
    const instructions = instructionsFor(on)
    // the worksheet view (issue 32) unless --no-ui, where a tool it lays out is on: named in their
    // _meta, served as a ui:// resource
    const view = (yield* WorksheetView) && exposed.some((t) => viewTools.has(t.name))
    // the JSON Schemas are generated on the first tools/list, not at start-up
    let listing: ReadonlyArray<ReturnType<typeof describeTool>> | undefined
    const listingOf = () => (listing ??= view ? exposed.map((t) => withView(describeTool(t))) : exposed.map(describeTool))
    const available = [...byName.keys()].join(", ")

    const drain = makeDrain()
    const factory = (options: ServeOptions): Server => {
      // 2026-07-28 has no session, so no default workspace: a call names its own
      const context =
        options.era === "modern"
          ? Context.add(shared, DefaultWorkspace, undefined)
          : options.defaultWorkspace !== undefined
            ? Context.add(shared, DefaultWorkspace, options.defaultWorkspace)
            : shared
      // biome-ignore lint/suspicious/noExplicitAny: the context provides every tool's requirements (ToolServices), which the SDK's callbacks cannot name
      const run = Effect.runPromiseWith(context as Context.Context<any>)
      // biome-ignore lint/suspicious/noExplicitAny: as above
      const runCall = runCallWith(context as Context.Context<any>)
      // logging: the SDK answers logging/setLevel and filters log messages by the level set per session
      const server = new Server(serverInfo, {
        capabilities: {
          tools: { listChanged: false },
          logging: {},
          resources: {},
          prompts: {},
          completions: {},
          ...(view ? { extensions: uiCapability } : {})
        },
        instructions
      })
      server.setRequestHandler("tools/list", async () => ({ tools: options.conformanceFixtures ? [...listingOf(), reconnectionFixture] : [...listingOf()] }))
      registerBrowsing(server, run, (tool, args) => runToolEffect(tool, args), on, view ? readWorksheet : undefined)
      server.setRequestHandler("tools/call", async (request, ctx: ServerContext) => {
        const tool = byName.get(request.params.name)
        if (!tool && options.conformanceFixtures && request.params.name === reconnectionFixture.name) return reconnectionCall(ctx)
        if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. Available: ${available}`)
        const waitMs = options.admitCall?.() ?? 0
        if (waitMs > 0) return failure(describeFailure(overRate(waitMs)))
        // the client's model: on 2026-07-28 asked through an input_required result (its answers come
        // back with the retried call), on the 2025 channel by a sampling request
        const round = options.era === "modern" ? inputRound(ctx, policy.settings.llmCorrection) : Option.none()
        const sampling = Option.isSome(round)
          ? Option.some(round.value.client)
          : options.era === "modern"
            ? Option.none()
            : pushSampling(server, ctx, drain.signal)
        // an authorized HTTP request names its principal (src/mcp/transports/http/auth.ts): workspaces are theirs
        const principal = ctx.http?.authInfo?.extra?.principal
        const args = request.params.arguments
        const call = observed
          ? observeToolCall(telemetry, { tool: tool.name, era: options.era, meta: request.params._meta, request: ctx.http?.req }, (observe) =>
              callOf(tool, args, sampling, principal, observe)
            )
          : callOf(tool, args, sampling, principal)
        drain.enter()
        let answer: Answer
        try {
          // a call answered from its fiber stays without a promise round trip (see runCallWith)
          const running = runCall(call, ctx.mcpReq.signal)
          answer = running instanceof Promise ? await running : running
        } finally {
          drain.leave()
        }
        const question = answer.errorType !== undefined && Option.isSome(round) ? round.value.question() : undefined
        if (question) return question
        // a defect also goes to the client's log (details stay in the server's stderr)
        if (answer.errorType === "internal_error")
          await ctx.mcpReq.log("error", `${tool.name} failed with an internal error`, "dimensional").catch(() => undefined)
        return answer.result
      })
      return server
    }
    return Object.assign(factory, { drain: drain.drain })
  })

/** One 2025-era SDK Server serving `tools` with the services (and default workspace) of the current context. */
export const makeServer = <R>(tools: ReadonlyArray<AnyTool<R>>) => Effect.map(makeServerFactory(tools), (factory) => factory({ era: "legacy" }))
