/**
 * The SamplingClient service over the SDK, one per protocol era.
 *
 * 2025 era: `sampling/createMessage` sent as a request related to the tool call being handled (so
 * over Streamable HTTP it travels on that call's stream), offered only when the client declared
 * the `sampling` capability at initialization.
 *
 * 2026-07-28: the server cannot send requests. A question for the client's model becomes an
 * `input_required` result embedding the same `createMessage` request; the client answers it and
 * calls the tool again with the answer. The call then runs again from the start, and the same
 * failure asks the same question, which is now answered (questions are keyed by a hash of their
 * text). Answers of earlier rounds travel in `requestState`, since each retry carries only its own
 * round's answers. Both are untrusted: an answer is only ever a proposal, which call repair checks
 * (it may change only what the failure names, and must then succeed) before using it.
 */
import { createHash } from "node:crypto"
import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type CreateMessageRequestParams,
  type InputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  type Server,
  type ServerContext,
  inputRequired,
  inputResponse
} from "@modelcontextprotocol/server"
import { Effect, Option } from "effect"
import { Telemetry, spanOptions } from "../../services/Telemetry.ts"
import { SamplingClient, SamplingFailure, type SamplingRequest } from "./SamplingClient.ts"

/** Time-outs and a dropped connection may pass; a refusal or a malformed reply will not. */
const isTransient = (error: unknown): boolean =>
  error instanceof SdkError
    ? error.code === SdkErrorCode.RequestTimeout || error.code === SdkErrorCode.ConnectionClosed
    : error instanceof ProtocolError
      ? error.code === ProtocolErrorCode.InternalError
      : !(error instanceof Error && error.name === "AbortError")

const textOf = (content: unknown): string | undefined => {
  const blocks = Array.isArray(content) ? content : [content]
  const texts = blocks.flatMap((b) =>
    typeof b === "object" && b !== null && (b as { type?: unknown }).type === "text" ? [String((b as { text?: unknown }).text ?? "")] : []
  )
  return texts.length > 0 ? texts.join("\n") : undefined
}

const paramsOf = (request: SamplingRequest, traceparent?: string): CreateMessageRequestParams => ({
  messages: [{ role: "user", content: { type: "text", text: request.prompt } }],
  systemPrompt: request.systemPrompt,
  maxTokens: request.maxTokens,
  includeContext: "none",
  temperature: 0,
  // the client may continue the trace of the question (the MCP `_meta` convention for trace context)
  ...(traceparent === undefined ? {} : { _meta: { traceparent } })
})

/**
 * One `sampling/createMessage` round trip as a span (a client span: the answer comes from the
 * client's model), its trace context passed on in the request's `_meta`.
 */
const tracedRoundTrip = Effect.fn(
  "sampling/createMessage",
  spanOptions({}, { kind: "client" })
)(function* (send: (traceparent: string | undefined) => Effect.Effect<string, SamplingFailure>): Effect.fn.Return<string, SamplingFailure> {
  const span = yield* Effect.option(Effect.currentSpan)
  return yield* send(Option.isSome(span) ? `00-${span.value.traceId}-${span.value.spanId}-${span.value.sampled ? "01" : "00"}` : undefined)
})

// made when needed, not when the module loads: constructing a Schema class's first instance compiles its
// constructor's checks, which cost every start (an MCP client spawns one per session) milliseconds
const noText = () => new SamplingFailure({ message: "the client's model replied without text", transient: false })

/** 2025 era: the client's model for the call `ctx` belongs to, when the client offers sampling. */
export const pushSampling = (server: Server, ctx: ServerContext, shutdown?: AbortSignal): Option.Option<SamplingClient["Service"]> =>
  server.getClientCapabilities()?.sampling === undefined
    ? Option.none()
    : Option.some(
        SamplingClient.of({
          createMessage: (request) => {
            const send = (traceparent?: string) =>
              Effect.tryPromise({
                // a shutdown ends the wait as a failure, so the call still answers (with the agent's own error)
                try: (signal) =>
                  ctx.mcpReq.requestSampling(paramsOf(request, traceparent), { signal: shutdown ? AbortSignal.any([signal, shutdown]) : signal }),
                catch: (error) => new SamplingFailure({ message: error instanceof Error ? error.message : String(error), transient: isTransient(error) })
              }).pipe(
                Effect.flatMap((result) =>
                  Option.match(Option.fromUndefinedOr(textOf(result.content)), { onNone: () => Effect.fail(noText()), onSome: Effect.succeed })
                )
              )
            // a question to the client's model comes after a failure: reading the setting here costs the successful path nothing
            return Effect.flatMap(Telemetry, (telemetry) => (telemetry.traced ? tracedRoundTrip(send) : send()))
          }
        })
      )

/** One 2026-07-28 call's way to the client's model: answers it brought, and the question to ask next. */
export interface InputRound {
  readonly client: SamplingClient["Service"]
  /** The `input_required` result asking the first unanswered question, if the call asked one. */
  readonly question: () => InputRequiredResult | undefined
}

/** Earlier rounds' answers, in `requestState`: bounded, since the client echoes it back every round. */
const MAX_STATE_CHARS = 32 * 1024

const keyOf = (request: SamplingRequest) =>
  `correction_${createHash("sha256").update(request.systemPrompt).update("\u0000").update(request.prompt).digest("base64url").slice(0, 22)}`

const decodeState = (state: unknown): Record<string, string> => {
  if (typeof state !== "string" || state.length > MAX_STATE_CHARS) return {}
  try {
    const parsed: unknown = JSON.parse(Buffer.from(state, "base64url").toString("utf8"))
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {}
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === "string"))
  } catch {
    return {}
  }
}

/** 2026-07-28: the client's model through `input_required`, when the request's envelope declares sampling. */
export const inputRound = (ctx: ServerContext, enabled: boolean): Option.Option<InputRound> => {
  const declared = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined
  if (!enabled || declared?.sampling === undefined) return Option.none()
  const answers = decodeState(ctx.mcpReq.requestState())
  let asked: { readonly key: string; readonly request: SamplingRequest } | undefined
  const client = SamplingClient.of({
    createMessage: (request) =>
      Effect.suspend(() => {
        const key = keyOf(request)
        const known = answers[key]
        if (known !== undefined) return Effect.succeed(known)
        const view = inputResponse(ctx.mcpReq.inputResponses, key)
        if (view.kind === "sampling") {
          const text = textOf(view.result.content)
          if (text === undefined) return Effect.fail(noText())
          answers[key] = text
          return Effect.succeed(text)
        }
        asked ??= { key, request }
        return Effect.fail(new SamplingFailure({ message: "asking the client's model (input_required)", transient: false }))
      })
  })
  const question = () => {
    if (!asked) return undefined
    const state = Buffer.from(JSON.stringify(answers)).toString("base64url")
    return inputRequired({
      inputRequests: { [asked.key]: inputRequired.createMessage(paramsOf(asked.request)) },
      ...(state.length <= MAX_STATE_CHARS ? { requestState: state } : {})
    })
  }
  return Option.some({ client, question })
}
