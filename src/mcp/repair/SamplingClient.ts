/**
 * The connected client's own language model, reached through MCP sampling
 * (`sampling/createMessage`). The MCP layer provides this service for a call only when the client
 * declared the `sampling` capability, so its absence means "no model to ask"; services never see
 * the SDK, only this seam.
 */
import { Context, type Effect, Layer, Schema } from "effect"

export interface SamplingRequest {
  readonly systemPrompt: string
  readonly prompt: string
  readonly maxTokens: number
}

/** The client could not answer. `transient` failures (time-out, transport) may be tried again. */
export class SamplingFailure extends Schema.TaggedError<SamplingFailure>()("SamplingFailure", {
  message: Schema.String,
  transient: Schema.Boolean
}) {}

export class SamplingClient extends Context.Service<
  SamplingClient,
  {
    /** The text of the model's reply. */
    readonly createMessage: (request: SamplingRequest) => Effect.Effect<string, SamplingFailure>
  }
>()("dimensional/SamplingClient") {
  /** A client that answers every request with `reply` (tests, embedding). */
  static readonly layerReplying = (reply: (request: SamplingRequest) => Effect.Effect<string, SamplingFailure>) =>
    Layer.succeed(SamplingClient, SamplingClient.of({ createMessage: reply }))
}
