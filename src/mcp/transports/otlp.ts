/**
 * Traces over OTLP/HTTP (JSON) with Effect's own tracer (effect/observability OtlpTracer), for
 * both transports: over HTTP every request is a server span (effect/http opens one per request,
 * continuing an incoming W3C `traceparent` header, with what the seam adds as attributes: tool,
 * principal, refusal, session; see http.ts `observed`) and each tool call a span under it; over
 * stdio each tool call is a span of its own, or continues the trace its request's `_meta` names
 * (src/mcp/toolTelemetry.ts). Off unless an endpoint is given.
 *
 *   --otlp-endpoint URL     OTEL_EXPORTER_OTLP_ENDPOINT (the OpenTelemetry variable): spans go to URL/v1/traces
 *
 * Batches go out through Node's own HTTP client on one kept-alive connection: `fetch`'s request
 * machinery cost a traced stdio call about a fifth of what tracing added to it (bench/telemetry.ts).
 */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import { Layer } from "effect"
import { OtlpSerialization, OtlpTracer } from "effect/observability"
import { serverInfo } from "../server.ts"

export const tracingLayer = (endpoint: string) =>
  OtlpTracer.layer({
    url: `${endpoint.replace(/\/+$/, "")}/v1/traces`,
    resource: { serviceName: serverInfo.name, serviceVersion: serverInfo.version },
    exportInterval: "1 second"
  }).pipe(Layer.provide(OtlpSerialization.layerJson), Layer.provide(NodeHttpClient.layerNodeHttpOptions({ keepAlive: true })))
