/**
 * Every setting of `dimensional mcp`, one row each: its flag, the environment variable (the Config
 * key) it sets, how the command line checks it, and its help. The one road from a flag to a
 * setting: `dimensional mcp` (src/cli/commands.ts) makes each row a typed flag of Effect's CLI
 * module (settingFlags), the values it parsed become config values keyed like the environment
 * (valuesOf), and src/cli/serve.ts layers them over the environment as one ConfigProvider, so the
 * module that uses a setting reads it with Config whichever way it came, and a refusal names both
 * (settingProblem). Adding a setting: a row here, its Config read where it is used, a row in docs/.
 *
 * Loaded by the command line only: the bare stdio start never parses flags (src/cli/run.ts).
 */
import { Option } from "effect"
import { Flag } from "effect/cli"
import { keyOnCommandLine, settingKeys } from "../mcp/repair/SelfCorrectionConfig.ts"
import { authEnv } from "../mcp/transports/http/authConfig.ts"
import { clientLimitsEnv } from "../mcp/transports/http/clientLimits.ts"
import { logFormatEnv } from "../mcp/transports/http/logFormat.ts"
import { metricsEnv, otlpEnv, traceSampleEnv } from "../mcp/transports/telemetryConfig.ts"
import { httpEnv } from "../mcp/transports/http/config.ts"
import { readOnlyEnv, toolsetsEnv } from "../mcp/toolsets.ts"
import { uiEnv } from "../mcp/apps/worksheet.ts"
import { toolsetNames } from "../tools/index.ts"
import { maxWorkspacesEnv, maxWorkspacesPerPrincipalEnv, storeEnv } from "../services/WorkspaceStore.ts"

export interface SettingSpec {
  /** The flag's name, without its dashes. */
  readonly flag: string
  /** The environment variable (and config key) it sets. */
  readonly key: string
  readonly description: string
  /** A string, an on/off switch (`--x` / `--no-x`), or a count the parser checks. */
  readonly kind: "value" | "toggle" | { readonly min: number; readonly max: number }
  readonly metavar?: string
  /** Accepted only to be refused with the reason (not listed in the help). */
  readonly hidden?: boolean
}

export const serverSettings: ReadonlyArray<SettingSpec> = [
  {
    flag: "toolsets",
    key: toolsetsEnv,
    kind: "value",
    metavar: "a,b",
    description: `The tools to expose: all (default), or named sets, comma-separated: ${toolsetNames.join(", ")}`
  },
  {
    flag: "read-only",
    key: readOnlyEnv,
    kind: "toggle",
    description: "Expose only the tools that change nothing: no define_*, reset_session, declare_computation or validate_result (default off)"
  },
  { flag: "retry", key: settingKeys.enabled, kind: "toggle", description: "Correct a failed call and dispatch it again; --no-retry never does (default on)" },
  { flag: "max-retries", key: settingKeys.maxRetries, kind: { min: 0, max: 5 }, description: "Corrected dispatches per call, 0-5 (default 1)" },
  { flag: "retry-errors", key: settingKeys.retryableErrors, kind: "value", metavar: "a,b", description: "Error types that may be corrected, comma-separated" },
  { flag: "llm-correction", key: settingKeys.llmCorrection, kind: "toggle", description: "Ask the client's model for a correction (sampling; default on)" },
  {
    flag: "correction-timeout",
    key: settingKeys.correctionTimeout,
    kind: "value",
    metavar: "DURATION",
    description: "How long a correction may take (default 10 seconds)"
  },
  { flag: "sampling-retries", key: settingKeys.samplingRetries, kind: { min: 0, max: 5 }, description: "Sampling requests per correction, 0-5 (default 1)" },
  {
    flag: "retry-backoff",
    key: settingKeys.backoff,
    kind: "value",
    metavar: "DURATION",
    description: "Pause before a corrected dispatch (default 200 millis)"
  },
  {
    flag: "server-unit-correction",
    key: settingKeys.serverUnitCorrection,
    kind: "toggle",
    description: "Apply an unknown unit's likely fix on the server (default off)"
  },
  {
    flag: "llm-base-url",
    key: settingKeys.providerBaseUrl,
    kind: "value",
    metavar: "URL",
    description: "Also ask a model at this OpenAI-compatible API (off unless set)"
  },
  { flag: "llm-model", key: settingKeys.providerModel, kind: "value", metavar: "NAME", description: "Its model (required with --llm-base-url)" },
  {
    flag: "llm-api-key-file",
    key: settingKeys.providerApiKeyFile,
    kind: "value",
    metavar: "PATH",
    description: "A file holding its bearer token (local servers need none); a key itself on the command line is refused, since ps shows it to every user"
  },
  { flag: "llm-api-key", key: keyOnCommandLine, kind: "value", metavar: "KEY", hidden: true, description: "Refused: use --llm-api-key-file" },
  {
    flag: "ui",
    key: uiEnv,
    kind: "toggle",
    description: "The worksheet view (MCP Apps) beside compute, convert and call_formula results in hosts that show it; --no-ui leaves it out (default on)"
  },
  {
    flag: "store",
    key: storeEnv,
    kind: "value",
    metavar: "STORE",
    description: "Where definitions live: memory (stdio default), file:<directory> (HTTP default) or redis://host:port"
  },
  {
    flag: "workspace-idle-timeout",
    key: "DIMENSIONAL_WORKSPACE_IDLE_TIMEOUT",
    kind: "value",
    metavar: "DURATION",
    description: "A workspace unused this long is deleted (default 7 days)"
  },
  {
    flag: "max-workspaces",
    key: maxWorkspacesEnv,
    kind: { min: 1, max: 10_000_000 },
    description: "Live workspaces per store; past it, creating one is refused (default 10000)"
  },
  {
    flag: "max-workspaces-per-principal",
    key: maxWorkspacesPerPrincipalEnv,
    kind: { min: 1, max: 10_000_000 },
    description: "Live workspaces one authorized client holds (default 1000, a tenth of the store's default); past it, quota_exceeded"
  },
  { flag: "port", key: httpEnv.port, kind: { min: 0, max: 65535 }, description: "With --http: the port, 0 for a free one (default 3000)" },
  { flag: "host", key: httpEnv.host, kind: "value", metavar: "ADDRESS", description: "With --http: the address to listen on (default 127.0.0.1)" },
  {
    flag: "allowed-hosts",
    key: httpEnv.allowedHosts,
    kind: "value",
    metavar: "a,b",
    description: "With --http: Host headers accepted (default: loopback names and the bound address; * = any)"
  },
  {
    flag: "allowed-origins",
    key: httpEnv.allowedOrigins,
    kind: "value",
    metavar: "a,b",
    description: "With --http: Origins accepted (default: the request's own origin, same host and port; * = any)"
  },
  { flag: "max-body", key: httpEnv.maxBody, kind: "value", metavar: "SIZE", description: "With --http: the largest request body (default 1 MiB)" },
  {
    flag: "idle-timeout",
    key: httpEnv.idleTimeout,
    kind: "value",
    metavar: "DURATION",
    description: "With --http: a session idle this long is closed (default 30 minutes)"
  },
  {
    flag: "max-sessions",
    key: httpEnv.maxSessions,
    kind: { min: 1, max: 1_000_000 },
    description: "With --http: sessions at once; the longest idle of the principal holding the most goes first (default 1000)"
  },
  {
    flag: "max-sessions-per-principal",
    key: httpEnv.maxSessionsPerPrincipal,
    kind: { min: 1, max: 1_000_000 },
    description: "With --http: sessions one authorized client holds; past it, its own longest-idle goes first (default a tenth of --max-sessions)"
  },
  {
    flag: "max-auth-failures-per-minute",
    key: httpEnv.maxAuthFailuresPerMinute,
    kind: { min: 1, max: 1_000_000 },
    description: "With --http and authorization: failed authentications a minute per address; past it, 429 with Retry-After (default 30)"
  },
  {
    flag: "max-creations-per-minute",
    key: httpEnv.maxCreationsPerMinute,
    kind: { min: 1, max: 1_000_000 },
    description: "With --http: new workspaces a minute per client: its principal, else its address (default 120)"
  },
  {
    flag: "auth-issuer",
    key: authEnv.issuer,
    kind: "value",
    metavar: "URL",
    description: "With --http: accept access tokens (JWT) from this OAuth/OpenID issuer; its metadata gives the keys"
  },
  {
    flag: "auth-audience",
    key: authEnv.audience,
    kind: "value",
    metavar: "URL",
    description: "With --http: this server's /mcp URL as clients reach it, the audience tokens must name (default: the listening URL)"
  },
  {
    flag: "auth-scopes",
    key: authEnv.scopes,
    kind: "value",
    metavar: "read=…,write=…",
    description: "With --http: the scope names (default read=units:read,write=units:write)"
  },
  {
    flag: "auth-introspection",
    key: authEnv.introspection,
    kind: "toggle",
    description: "With --http: also accept opaque tokens, asking the issuer's introspection endpoint (RFC 7662; default off)"
  },
  {
    flag: "auth-client-id",
    key: authEnv.clientId,
    kind: "value",
    metavar: "ID",
    description: "With --auth-introspection: this server's client at the issuer"
  },
  {
    flag: "auth-client-secret-file",
    key: authEnv.clientSecretFile,
    kind: "value",
    metavar: "PATH",
    description: "With --auth-introspection: a file holding that client's secret (never the secret itself on the command line)"
  },
  {
    flag: "auth-keys-max-age",
    key: authEnv.keysMaxAge,
    kind: "value",
    metavar: "DURATION",
    description: "With --auth-issuer: how long fetched keys are trusted; a key the issuer removed verifies no longer (default 1 minute)"
  },
  {
    flag: "api-keys-file",
    key: authEnv.apiKeysFile,
    kind: "value",
    metavar: "PATH",
    description: "With --http: static API keys, one 'NAME sha256:HEX [scopes]' per line"
  },
  {
    flag: "rate-limit",
    key: clientLimitsEnv.rate,
    kind: "value",
    metavar: "N/PERIOD",
    description:
      "Requests per client, e.g. 20/second (a burst of N; default: none). HTTP: per principal, over it 429 with Retry-After (shared through a Redis store); stdio: tools/call, over it a rate_limited error"
  },
  {
    flag: "client-concurrency",
    key: clientLimitsEnv.concurrency,
    kind: { min: 1, max: 100_000 },
    description: "With --http: requests of one client answered at once (default 32); over it, 429"
  },
  {
    flag: "log-format",
    key: logFormatEnv,
    kind: "value",
    metavar: "logfmt|json",
    description: "With --http: log lines as logfmt (default) or one JSON object each"
  },
  { flag: "metrics", key: metricsEnv, kind: "toggle", description: "With --http: serve Prometheus metrics at /metrics (default off)" },
  {
    flag: "otlp-endpoint",
    key: otlpEnv,
    kind: "value",
    metavar: "URL",
    description:
      "Export traces over OTLP/HTTP to URL/v1/traces: a span per HTTP request and per tool call, continuing a traceparent in _meta (stdio too; default: none)"
  },
  {
    flag: "trace-sample-ratio",
    key: traceSampleEnv,
    kind: "value",
    metavar: "R",
    description: "With --otlp-endpoint: record this share (0..1) of the traces that start here; a traceparent's sampled flag is followed (default 1)"
  },
  {
    flag: "allow-unauthenticated",
    key: authEnv.allowUnauthenticated,
    kind: "toggle",
    description: "With --http: listen beyond loopback without authorization (a proxy in front authorizes; default off)"
  }
]

/** Each setting's flag by its environment variable: how a refusal names it. `--log-level` is the CLI module's global flag. */
const flagOf = new Map<string, string>([[httpEnv.logLevel, "--log-level"], ...serverSettings.map((s) => [s.key, `--${s.flag}`] as const)])

/** Config's "SchemaError(Expected a valid Duration string at ["KEY"])" as "--flag (env KEY): expected a valid Duration string". */
export const settingProblem = (message: string): string => {
  const schema = /Expected ([^\n]*)\s+at \["(\w+)"\]/.exec(message)
  if (schema) return `${flagOf.get(schema[2]!) ?? schema[2]} (env ${schema[2]}): expected ${schema[1]}`
  // a setting read as text and checked by its module: "KEY: expected …, got '…'"
  const source = /^(?:SourceError: )?([A-Z][A-Z0-9_]*): ([\s\S]*)$/.exec(message)
  if (source && flagOf.has(source[1]!)) return `${flagOf.get(source[1]!)} (env ${source[1]}): ${source[2]}`
  return message.replace(/^SourceError: /, "")
}

/** A flag for a count between `min` and `max`, refused in the CLI's own words outside it. */
export const countFlag = (name: string, min: number, max: number) =>
  Flag.Int(name).pipe(
    Flag.filter(
      (n) => n >= min && n <= max,
      (n) => `--${name} must be between ${min} and ${max}, got ${n}`
    )
  )

/** A row as a flag of Effect's CLI module: when given, its config key and value. */
const settingFlag = (spec: SettingSpec) => {
  const description = `${spec.description} (env ${spec.key}${spec.kind === "toggle" ? "=true|false" : ""})`
  const flag =
    spec.kind === "toggle"
      ? Flag.Boolean(spec.flag).pipe(Flag.map(String))
      : spec.kind === "value"
        ? Flag.String(spec.flag).pipe(Flag.withMetavar(spec.metavar ?? "VALUE"))
        : countFlag(spec.flag, spec.kind.min, spec.kind.max).pipe(Flag.map(String))
  const described = flag.pipe(Flag.optional, Flag.withDescription(description), Flag.map(Option.map((v) => [spec.key, v] as const)))
  return spec.hidden ? Flag.withHidden(described) : described
}

/** Every row as a flag, by its name: the flags of `dimensional mcp`. */
export const settingFlags = Object.fromEntries(serverSettings.map((spec) => [spec.flag, settingFlag(spec)]))

/** What the flags parsed, as config values keyed like the environment (the flags that were not given leave the environment's). */
export const valuesOf = (parsed: Readonly<Record<string, Option.Option<readonly [string, string]>>>): Record<string, string> =>
  Object.fromEntries(Object.values(parsed).flatMap((given) => Option.toArray(given)))
