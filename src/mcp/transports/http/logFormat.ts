/**
 * The HTTP server's log lines on stderr: logfmt (the default, for a person reading a terminal) or
 * one JSON object per line (`--log-format json`, for a log pipeline). Each request's line carries
 * its request id, session, principal (the name, never the token) and, for a tool call, the tool;
 * never an argument's value (clinical values are personal data).
 *
 *   --log-format logfmt|json      DIMENSIONAL_LOG_FORMAT (default logfmt)
 */
import { Config, Logger } from "effect"

export const logFormatEnv = "DIMENSIONAL_LOG_FORMAT"

export type LogFormat = "logfmt" | "json"

export const logFormat: Config.Config<LogFormat> = Config.Literals(["logfmt", "json"], logFormatEnv).pipe(Config.withDefault<LogFormat>("logfmt"))

/** The logger writing one line per entry to stderr in `format`. */
export const stderrLogger = (format: LogFormat) =>
  Logger.map(format === "json" ? Logger.formatJson : Logger.formatLogFmt, (line) => void process.stderr.write(`${line}\n`))
