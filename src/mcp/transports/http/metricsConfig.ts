/**
 * Whether the HTTP server serves Prometheus metrics (metrics.ts): apart from that module so the
 * command line reads the setting without loading the metrics (and every tool's name with them).
 *
 *   --metrics                 DIMENSIONAL_HTTP_METRICS (default off)
 */
import { Config } from "effect"

export const metricsEnv = "DIMENSIONAL_HTTP_METRICS"

export const metricsEnabled: Config.Config<boolean> = Config.Boolean(metricsEnv).pipe(Config.withDefault(false))
