/**
 * Proposes corrected arguments for a failed tool call. Two implementations, tried in order:
 * a deterministic one (misspelled field names; with server-side unit correction on, an unknown
 * unit's unambiguous `likelyFix`) and one that asks the client's own model through MCP sampling,
 * only when the client offers it, bounded by a time-out, ignoring replies that are not JSON or
 * that decline. Lossless type coercions need no corrector: decoding applies them on every attempt.
 */
import { Context, Duration, Effect, Layer, Option, Redacted } from "effect"
import { type EngineError, UnknownUnit } from "../../engine/errors.ts"
import * as ArgumentPath from "./ArgumentPath.ts"
import { RetryPolicy } from "./RetryPolicy.ts"
import { SamplingClient, SamplingFailure } from "./SamplingClient.ts"

/** coercion: a lossless type change; field_name: a misspelled key; likely_fix: a unit name; sampling: the client's model; provider: a model the server asks itself. */
export type CorrectionSource = "coercion" | "field_name" | "likely_fix" | "sampling" | "provider"

/** One change the server made to the arguments, always reported to the agent. */
export interface Correction {
  readonly parameter: string
  readonly from: unknown
  readonly to: unknown
  readonly source: CorrectionSource
  readonly note: string
}

/** A field-level problem of an invalid_input failure, as the validation report states it. */
export interface ArgumentIssue {
  readonly field: string
  readonly kind: "missing" | "unknown_field" | "type" | "constraint" | "choice" | "other"
  readonly problem: string
  /** For an unknown field: the real field it most likely meant. */
  readonly closestField?: string | undefined
  /** Other fields its fix touches, such as the unit field a quantity like "5 km" is split into. */
  readonly related?: ReadonlyArray<string> | undefined
}

export interface CorrectionRequest {
  readonly tool: { readonly name: string; readonly description: string; readonly inputSchema: unknown }
  /** The arguments of the failed attempt. */
  readonly arguments: Readonly<Record<string, unknown>>
  readonly failure: EngineError
  /** The structured error the agent would receive (what the client's model is shown). */
  readonly error: Readonly<Record<string, unknown>>
  readonly issues: ReadonlyArray<ArgumentIssue>
}

export interface Proposal {
  readonly arguments: Record<string, unknown>
  readonly corrections: ReadonlyArray<Correction>
}

/** `kilogram (kg)` → `kg`; a one-word likely fix as it is; a sentence is advice, not a replacement. */
const replacementOf = (likelyFix: string): string | undefined =>
  /\(([^()\s]+)\)\s*$/u.exec(likelyFix)?.[1] ?? (/^\S+$/u.test(likelyFix) ? likelyFix : undefined)

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")

const occurrences = (text: string, token: string): Array<number> =>
  [...text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(token)}(?![\\p{L}\\p{N}_])`, "gu"))].map((m) => m.index)

/**
 * The unknown name replaced by its likely fix in the arguments the failure points at: at the
 * UnknownUnit's own position when the argument is its expression, else where the name occurs
 * exactly once as a whole word among the string values under that argument.
 */
const nameFix = (request: CorrectionRequest): Option.Option<Proposal> => {
  const failure = request.failure
  const token = failure instanceof UnknownUnit ? failure.unit : failure.got
  const replacement = failure instanceof UnknownUnit ? failure.replacement : failure.likelyFix === undefined ? undefined : replacementOf(failure.likelyFix)
  const located = failure.parameter
  if (token === undefined || replacement === undefined || located === undefined) return Option.none()
  const leaves = ArgumentPath.stringLeaves(ArgumentPath.get(request.arguments, ArgumentPath.parse(located)), ArgumentPath.parse(located))
  const hits = leaves.flatMap((leaf) => occurrences(leaf.value, token).map((index) => ({ leaf, index })))
  const exact = failure instanceof UnknownUnit ? hits.find((h) => h.leaf.value === failure.expression && h.index === failure.position) : undefined
  const hit = exact ?? (hits.length === 1 ? hits[0] : undefined)
  if (hit === undefined) return Option.none()
  const fixed = hit.leaf.value.slice(0, hit.index) + replacement + hit.leaf.value.slice(hit.index + token.length)
  const parameter = ArgumentPath.format(hit.leaf.path)
  return Option.some({
    arguments: ArgumentPath.set(request.arguments, hit.leaf.path, fixed) as Record<string, unknown>,
    corrections: [
      {
        parameter,
        from: hit.leaf.value,
        to: fixed,
        source: "likely_fix",
        note: `${failure instanceof UnknownUnit ? "unknown unit" : "unknown name"} '${token}' read as ${failure.likelyFix}`
      }
    ]
  })
}

/** Unknown fields renamed to the real field they were closest to, when that field was not sent. */
const fieldNameFix = (request: CorrectionRequest): Option.Option<Proposal> => {
  const targets = request.issues.filter((i) => i.kind === "unknown_field" && i.closestField !== undefined && !i.field.includes("[") && !i.field.includes("."))
  let args: Record<string, unknown> = { ...request.arguments }
  const corrections: Array<Correction> = []
  for (const issue of targets) {
    const to = issue.closestField!
    // two unknown fields pointing at one real field is ambiguous; a real field already sent is not overwritten
    if (to in args || targets.filter((t) => t.closestField === to).length > 1) continue
    args = ArgumentPath.rename(args, issue.field, to)
    corrections.push({ parameter: to, from: issue.field, to, source: "field_name", note: `unknown field '${issue.field}' renamed to '${to}'` })
  }
  return corrections.length > 0 ? Option.some({ arguments: args, corrections }) : Option.none()
}

/** The deterministic proposal, if any. Unit names are changed only with server-side unit correction. */
export const deterministicProposal = (request: CorrectionRequest, serverUnitCorrection: boolean): Option.Option<Proposal> =>
  Option.orElse(fieldNameFix(request), () => (serverUnitCorrection ? nameFix(request) : Option.none()))

const systemPrompt =
  "You repair the arguments of a failed MCP tool call. Reply with one JSON object and nothing else: " +
  '{"arguments": {...the complete corrected arguments...}} or, when you cannot correct them with confidence, ' +
  '{"corrected": false, "reason": "..."}. Change only what the error names. Never change what a number or a unit means.'

const promptFor = (request: CorrectionRequest): string =>
  [
    `Tool: ${request.tool.name}`,
    `Description: ${request.tool.description}`,
    `Input JSON Schema: ${JSON.stringify(request.tool.inputSchema)}`,
    `Arguments sent: ${JSON.stringify(request.arguments)}`,
    `Error: ${JSON.stringify(request.error)}`
  ].join("\n")

/** The JSON object in a reply, tolerating a code fence or prose around it; undefined when there is none. */
export const parseReply = (reply: string): Record<string, unknown> | undefined => {
  const start = reply.indexOf("{")
  const end = reply.lastIndexOf("}")
  if (start < 0 || end <= start) return undefined
  try {
    const parsed: unknown = JSON.parse(reply.slice(start, end + 1))
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** A proposal from the client's model, or none when sampling is unavailable, fails, times out or declines. */
export const samplingProposal = (request: CorrectionRequest): Effect.Effect<Option.Option<Proposal>, never, RetryPolicy> =>
  Effect.gen(function* () {
    const policy = yield* RetryPolicy
    const client = yield* Effect.serviceOption(SamplingClient)
    if (!policy.settings.llmCorrection || Option.isNone(client)) return Option.none()
    const reply = yield* client.value.createMessage({ systemPrompt, prompt: promptFor(request), maxTokens: 1000 }).pipe(
      Effect.timeoutOrElse({
        duration: policy.settings.correctionTimeout,
        orElse: () => Effect.fail(new SamplingFailure({ message: "the client's model did not answer in time", transient: true }))
      }),
      Effect.retry({ schedule: policy.transient, while: (e) => e.transient }),
      Effect.tapError((e) => Effect.logWarning(`sampling correction for ${request.tool.name} failed: ${e.message}`)),
      Effect.option
    )
    return Option.flatMap(reply, (text) => proposalFrom(request, text, "sampling", "suggested by the client's model"))
  })

/** A model's reply as a proposal: its `arguments`, and every change they make listed; none for a decline or garbage. */
const proposalFrom = (request: CorrectionRequest, reply: string, source: CorrectionSource, note: string): Option.Option<Proposal> => {
  const parsed = parseReply(reply)
  const args =
    parsed && typeof parsed.arguments === "object" && parsed.arguments !== null && !Array.isArray(parsed.arguments)
      ? (parsed.arguments as Record<string, unknown>)
      : undefined
  if (!args) return Option.none()
  const corrections = ArgumentPath.diff(request.arguments, args).map((c): Correction => ({ parameter: c.path, from: c.from, to: c.to, source, note }))
  return corrections.length > 0 ? Option.some({ arguments: args, corrections }) : Option.none()
}

/**
 * A proposal from a model the server asks itself, at an OpenAI-compatible chat-completions
 * endpoint (the configured provider; a local model server works too): none when no provider is
 * configured, or it fails, times out or declines. The same prompt as sampling, the same bound.
 */
export const providerProposal = (request: CorrectionRequest): Effect.Effect<Option.Option<Proposal>, never, RetryPolicy> =>
  Effect.gen(function* () {
    const policy = yield* RetryPolicy
    const provider = policy.settings.provider
    if (!policy.settings.llmCorrection || provider === undefined) return Option.none()
    const reply = yield* Effect.tryPromise({
      try: async (signal) => {
        const response = await fetch(`${provider.baseUrl}/chat/completions`, {
          method: "POST",
          signal: AbortSignal.any([signal, AbortSignal.timeout(Duration.toMillis(policy.settings.correctionTimeout))]),
          headers: { "content-type": "application/json", ...(provider.apiKey ? { authorization: `Bearer ${Redacted.value(provider.apiKey)}` } : {}) },
          body: JSON.stringify({
            model: provider.model,
            temperature: 0,
            max_tokens: 1000,
            messages: [
              { role: "system", content: systemPrompt },
              { role: "user", content: promptFor(request) }
            ]
          })
        })
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> }
        const content = body.choices?.[0]?.message?.content
        if (typeof content !== "string") throw new Error("no message content in the reply")
        return content
      },
      catch: (e) => e
    }).pipe(
      Effect.tapError((e) => Effect.logWarning(`provider correction for ${request.tool.name} failed: ${String((e as Error).message ?? e)}`)),
      Effect.option
    )
    return Option.flatMap(reply, (text) => proposalFrom(request, text, "provider", `suggested by ${provider.model}`))
  })

export class Corrector extends Context.Service<
  Corrector,
  {
    /** Corrected arguments for the failed request, or none. Never fails. */
    readonly correct: (request: CorrectionRequest) => Effect.Effect<Option.Option<Proposal>>
  }
>()("dimensional/Corrector") {
  /** Deterministic first, then the client's model (when a SamplingClient is in the caller's context), then a configured provider. */
  static readonly make = (policy: RetryPolicy["Service"]) =>
    Corrector.of({
      correct: (request) => {
        const direct = deterministicProposal(request, policy.settings.serverUnitCorrection)
        if (Option.isSome(direct)) return Effect.succeed(direct)
        return samplingProposal(request).pipe(
          Effect.flatMap((sampled) => (Option.isSome(sampled) ? Effect.succeed(sampled) : providerProposal(request))),
          Effect.provideService(RetryPolicy, policy)
        )
      }
    })

  static readonly layer = Layer.effect(Corrector, Effect.map(RetryPolicy, Corrector.make))

  /** Only the deterministic corrections: no model is ever asked. */
  static readonly layerDeterministic = Layer.effect(
    Corrector,
    Effect.map(RetryPolicy, (policy) =>
      Corrector.of({ correct: (request) => Effect.succeed(deterministicProposal(request, policy.settings.serverUnitCorrection)) })
    )
  )
}
