/**
 * The SamplingClient service over the SDK: `sampling/createMessage` sent as a request related to
 * the tool call being handled (so over Streamable HTTP it travels on that call's stream), and only
 * offered when the client declared the `sampling` capability at initialization.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js"
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js"
import { CreateMessageResultSchema, ErrorCode, McpError, type ServerNotification, type ServerRequest } from "@modelcontextprotocol/sdk/types.js"
import { Effect, Option } from "effect"
import { SamplingClient, SamplingFailure } from "./SamplingClient.ts"

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>

/** Time-outs and a dropped connection may pass; a refusal or a malformed reply will not. */
const isTransient = (error: unknown): boolean =>
  error instanceof McpError ? error.code === ErrorCode.RequestTimeout || error.code === ErrorCode.ConnectionClosed : !(error instanceof Error && error.name === "AbortError")

const textOf = (content: unknown): string | undefined => {
  const blocks = Array.isArray(content) ? content : [content]
  const texts = blocks.flatMap((b) => (typeof b === "object" && b !== null && (b as { type?: unknown }).type === "text" ? [String((b as { text?: unknown }).text ?? "")] : []))
  return texts.length > 0 ? texts.join("\n") : undefined
}

/** The client's model for the call `extra` belongs to, when the client offers sampling. */
export const samplingClientFor = (server: Server, extra: Extra): Option.Option<SamplingClient["Service"]> =>
  server.getClientCapabilities()?.sampling === undefined
    ? Option.none()
    : Option.some(
        SamplingClient.of({
          createMessage: (request) =>
            Effect.tryPromise({
              try: (signal) =>
                extra.sendRequest(
                  {
                    method: "sampling/createMessage",
                    params: {
                      messages: [{ role: "user", content: { type: "text", text: request.prompt } }],
                      systemPrompt: request.systemPrompt,
                      maxTokens: request.maxTokens,
                      includeContext: "none",
                      temperature: 0
                    }
                  },
                  CreateMessageResultSchema,
                  { signal }
                ),
              catch: (error) => new SamplingFailure({ message: error instanceof Error ? error.message : String(error), transient: isTransient(error) })
            }).pipe(
              Effect.flatMap((result) => {
                const text = textOf(result.content)
                return text === undefined ? Effect.fail(new SamplingFailure({ message: "the client's model replied without text", transient: false })) : Effect.succeed(text)
              })
            )
        })
      )
