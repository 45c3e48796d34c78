/**
 * Settings of the Streamable HTTP server. Each one is an environment variable read through Effect
 * Config (DIMENSIONAL_HTTP_*), and each has a command-line flag (a row of src/cli/settings.ts),
 * given as that variable would be: one ConfigProvider layered over the environment makes flags win.
 *
 * The allow-lists guard against DNS rebinding: a request whose Host (or Origin, when a browser sent
 * one) names anything else is refused before it reaches a session.
 */
import { ByteSize, Config, ConfigProvider, Duration, type LogLevel, Option, Schema } from "effect"

/** The environment variable behind each setting. */
export const httpEnv = {
  port: "DIMENSIONAL_HTTP_PORT",
  host: "DIMENSIONAL_HTTP_HOST",
  allowedHosts: "DIMENSIONAL_HTTP_ALLOWED_HOSTS",
  allowedOrigins: "DIMENSIONAL_HTTP_ALLOWED_ORIGINS",
  maxBody: "DIMENSIONAL_HTTP_MAX_BODY",
  idleTimeout: "DIMENSIONAL_HTTP_IDLE_TIMEOUT",
  maxSessions: "DIMENSIONAL_HTTP_MAX_SESSIONS",
  logLevel: "DIMENSIONAL_LOG_LEVEL",
  conformanceFixtures: "DIMENSIONAL_CONFORMANCE_FIXTURES",
  maxCreationsPerMinute: "DIMENSIONAL_HTTP_MAX_CREATIONS_PER_MINUTE"
} as const

export const httpDefaults = {
  port: 3000,
  host: "127.0.0.1",
  maxBodyBytes: 1024 * 1024,
  idleTimeout: Duration.minutes(30),
  maxSessions: 1000,
  logLevel: "Info",
  maxCreationsPerMinute: 120
} as const

export interface HttpSettings {
  /** 0 asks the system for a free port (what the tests use). */
  readonly port: number
  readonly host: string
  /** Host names (optionally `name:port`) a request's Host header may name; empty: the loopback names and the bound address. `*` turns the check off. */
  readonly allowedHosts: ReadonlyArray<string>
  /** Origins (`scheme://host[:port]`) a browser request may come from; empty: any origin whose host is allowed. `*` accepts every origin. */
  readonly allowedOrigins: ReadonlyArray<string>
  readonly maxBodyBytes: number
  /** A session with no request for this long is closed; its id then gets 404. */
  readonly idleTimeout: Duration.Duration
  /** Live sessions at most; at the cap a new session evicts the one idle the longest. */
  readonly maxSessions: number
  readonly logLevel: LogLevel.LogLevel
  /**
   * Serve the fixture tools the official conformance suite calls (`test_reconnection`), for running
   * that suite only: off by default, never advertised otherwise.
   */
  readonly conformanceFixtures: boolean
  /**
   * New workspaces one client (connection's peer address) may create per minute with 2026-07-28
   * define_* calls that name no workspace (a burst of as many, then paced); 120 when absent.
   */
  readonly maxCreationsPerMinute?: number
}

const list = (name: string) =>
  Config.String(name).pipe(
    Config.map((text) =>
      text
        .split(",")
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0)
    ),
    Config.withDefault<ReadonlyArray<string>>([])
  )

/** A setting read as text and parsed here, so a bad value gets a message naming the forms accepted. */
const parsed = <A>(name: string, expected: string, parse: (text: string) => A | undefined) =>
  Config.String(name).pipe(
    Config.flatMap((text) => {
      const value = parse(text.trim())
      return value === undefined
        ? Config.fail(new ConfigProvider.SourceError({ message: `${name}: expected ${expected}, got '${text}'` }))
        : Config.succeed(value)
    })
  )

const plainNumber = (text: string): number | undefined => (/^\d+(\.\d+)?$/.test(text) ? Number(text) : undefined)

/** "1 MiB", "512 kB" or a plain number of bytes. */
const byteCount = (name: string) =>
  parsed(name, 'a number of bytes or a size such as "512 kB" or "1 MiB"', (text) => {
    const bytes = plainNumber(text) ?? Option.match(ByteSize.fromString(text), { onNone: () => undefined, onSome: (size) => Number(ByteSize.toBigInt(size)) })
    return bytes !== undefined && Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined
  })

/** "30 minutes", "1500 millis" or a plain number of seconds. */
const duration = (name: string) =>
  parsed(name, 'a number of seconds or a duration such as "90 seconds" or "30 minutes"', (text) => {
    const seconds = plainNumber(text)
    const value = seconds !== undefined ? Duration.seconds(seconds) : Option.getOrUndefined(Duration.fromInput(text as Duration.Input))
    return value !== undefined && Duration.toMillis(value) > 0 && Duration.isFinite(value) ? value : undefined
  })

export const httpSettings: Config.Config<HttpSettings> = Config.all({
  port: Config.schema(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 65535 })), httpEnv.port).pipe(Config.withDefault(httpDefaults.port)),
  host: Config.NonEmptyString(httpEnv.host).pipe(Config.withDefault(httpDefaults.host)),
  allowedHosts: list(httpEnv.allowedHosts),
  allowedOrigins: list(httpEnv.allowedOrigins),
  maxBodyBytes: byteCount(httpEnv.maxBody).pipe(Config.withDefault(httpDefaults.maxBodyBytes)),
  idleTimeout: duration(httpEnv.idleTimeout).pipe(Config.withDefault(httpDefaults.idleTimeout)),
  maxSessions: Config.schema(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1_000_000 })), httpEnv.maxSessions).pipe(
    Config.withDefault(httpDefaults.maxSessions)
  ),
  logLevel: Config.LogLevel(httpEnv.logLevel).pipe(Config.withDefault<LogLevel.LogLevel>(httpDefaults.logLevel)),
  conformanceFixtures: Config.Boolean(httpEnv.conformanceFixtures).pipe(Config.withDefault(false)),
  maxCreationsPerMinute: Config.schema(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1_000_000 })), httpEnv.maxCreationsPerMinute).pipe(
    Config.withDefault<number>(httpDefaults.maxCreationsPerMinute)
  )
})

const loopbackNames = ["localhost", "127.0.0.1", "[::1]"]

const wildcardAddresses = new Set(["0.0.0.0", "::", "[::]"])

/** The host part of an address as it appears in a Host header (IPv6 in brackets). */
export const hostForUrl = (host: string): string => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host)

export const isWildcard = (host: string): boolean => wildcardAddresses.has(host)

/** What the Host and Origin checks accept, once the server knows its port. */
export interface AllowList {
  /** undefined: any host. */
  readonly hosts: ReadonlyArray<string> | undefined
  /** undefined: any origin. */
  readonly origins: ReadonlyArray<string> | undefined
}

export const allowListFor = (settings: HttpSettings): AllowList => {
  const configuredHosts = settings.allowedHosts.map((h) => h.toLowerCase())
  const hosts = configuredHosts.includes("*")
    ? undefined
    : configuredHosts.length > 0
      ? configuredHosts
      : [...new Set([...loopbackNames, ...(isWildcard(settings.host) ? [] : [hostForUrl(settings.host).toLowerCase()])])]
  const configuredOrigins = settings.allowedOrigins.map((o) => o.toLowerCase().replace(/\/+$/, ""))
  const origins = configuredOrigins.includes("*") ? undefined : configuredOrigins.length > 0 ? configuredOrigins : []
  return { hosts, origins }
}

/** Splits a Host header value into lower-case host name and port ("" when absent). */
const splitHost = (value: string): { readonly name: string; readonly port: string } | undefined => {
  const v = value.trim().toLowerCase()
  if (v.length === 0) return undefined
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]/\s@]+)(?::(\d{1,5}))?$/.exec(v)
  return m ? { name: m[1]!, port: m[2] ?? "" } : undefined
}

/** An entry without a port allows that name on any port; `name:port` only that port. */
export const hostAllowed = (allow: AllowList, hostHeader: string | undefined): boolean => {
  if (allow.hosts === undefined) return true
  if (hostHeader === undefined) return false
  const host = splitHost(hostHeader)
  if (!host) return false
  return allow.hosts.some((entry) => {
    const e = splitHost(entry)
    return e !== undefined && e.name === host.name && (e.port === "" || e.port === host.port)
  })
}

/**
 * No Origin header (every non-browser client): allowed. Otherwise the origin must be listed, or,
 * with no list configured, be an http(s) origin on an allowed host.
 */
export const originAllowed = (allow: AllowList, origin: string | undefined): boolean => {
  if (origin === undefined || allow.origins === undefined) return true
  const normalized = origin.trim().toLowerCase()
  if (allow.origins.length > 0) return allow.origins.includes(normalized)
  let url: URL
  try {
    url = new URL(normalized)
  } catch {
    return false
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false
  return hostAllowed(allow, url.host)
}
