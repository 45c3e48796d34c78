/**
 * The HTTP server's telemetry settings: Prometheus metrics (metrics.ts) and OTLP traces
 * (tracing.ts), apart from those modules so the command line reads the settings without loading
 * them.
 *
 *   --metrics                 DIMENSIONAL_HTTP_METRICS (default off)
 *   --otlp-endpoint URL       OTEL_EXPORTER_OTLP_ENDPOINT (default none: no traces exported)
 *   --trace-sample-ratio R    DIMENSIONAL_TRACE_SAMPLE_RATIO (default 1: every trace that starts here)
 */
import { Config, Schema } from "effect"

export const metricsEnv = "DIMENSIONAL_HTTP_METRICS"

export const metricsEnabled: Config.Config<boolean> = Config.Boolean(metricsEnv).pipe(Config.withDefault(false))

/** The OpenTelemetry variable, so an operator's usual setting works as is. */
export const otlpEnv = "OTEL_EXPORTER_OTLP_ENDPOINT"

export const otlpEndpoint: Config.Config<string | undefined> = Config.option(Config.NonEmptyString(otlpEnv)).pipe(
  Config.map((o) => (o._tag === "Some" ? o.value : undefined))
)

export const traceSampleEnv = "DIMENSIONAL_TRACE_SAMPLE_RATIO"

/**
 * The share of traces this server starts that it records (head sampling, parent-based as
 * OpenTelemetry's `parentbased_traceidratio` sampler: a request or call whose `traceparent` says
 * whether its trace is sampled follows that; only a trace that starts here is drawn). 1 records all.
 */
export const traceSampleRatio: Config.Config<number> = Config.schema(Schema.Finite.check(Schema.isBetween({ minimum: 0, maximum: 1 })), traceSampleEnv).pipe(
  Config.withDefault(1)
)
