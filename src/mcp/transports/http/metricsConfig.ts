/**
 * The HTTP server's telemetry settings: Prometheus metrics (metrics.ts) and OTLP traces
 * (tracing.ts), apart from those modules so the command line reads the settings without loading
 * them.
 *
 *   --metrics                 DIMENSIONAL_HTTP_METRICS (default off)
 *   --otlp-endpoint URL       OTEL_EXPORTER_OTLP_ENDPOINT (default none: no traces exported)
 */
import { Config } from "effect"

export const metricsEnv = "DIMENSIONAL_HTTP_METRICS"

export const metricsEnabled: Config.Config<boolean> = Config.Boolean(metricsEnv).pipe(Config.withDefault(false))

/** The OpenTelemetry variable, so an operator's usual setting works as is. */
export const otlpEnv = "OTEL_EXPORTER_OTLP_ENDPOINT"

export const otlpEndpoint: Config.Config<string | undefined> = Config.option(Config.NonEmptyString(otlpEnv)).pipe(
  Config.map((o) => (o._tag === "Some" ? o.value : undefined))
)
