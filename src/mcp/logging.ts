/** Logging for every transport: Effect's default logger writes to stdout, which is the protocol on stdio. */
import { Layer, Logger } from "effect"

export const LogToStderr = Layer.succeed(Logger.LogToStderr, true)
