/**
 * Traces over OTLP/HTTP (JSON) with Effect's own tracer (effect/observability OtlpTracer): every
 * request is already a server span (effect/http opens one per request, continuing the trace of an
 * incoming W3C `traceparent` header); this exports them, with what the seam adds (tool, principal,
 * refusal, session: see http.ts `observed`) as attributes. Off unless an endpoint is given.
 *
 *   --otlp-endpoint URL     OTEL_EXPORTER_OTLP_ENDPOINT (the OpenTelemetry variable): spans go to URL/v1/traces
 */
import { Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import { OtlpSerialization, OtlpTracer } from "effect/observability"
import { serverInfo } from "../../server.ts"

export const tracingLayer = (endpoint: string) =>
  OtlpTracer.layer({
    url: `${endpoint.replace(/\/+$/, "")}/v1/traces`,
    resource: { serviceName: serverInfo.name, serviceVersion: serverInfo.version },
    exportInterval: "1 second"
  }).pipe(Layer.provide(OtlpSerialization.layerJson), Layer.provide(FetchHttpClient.layer))
