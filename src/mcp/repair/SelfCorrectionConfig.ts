/**
 * How the server helps an agent recover from a bad call: whether failed calls are corrected and
 * dispatched again, how often, which error types qualify, whether the client's own model may be
 * asked (MCP sampling) and whether the server may correct unit names itself. Read from Effect
 * `Config`: environment variables, or command-line flags layered over them by the CLI.
 */
import { readFileSync } from "node:fs"
import { Config, ConfigProvider, Context, Duration, Effect, Layer, Option, Redacted, Schema } from "effect"
import { retryableByDefault } from "./failures.ts"

export interface SelfCorrectionSettings {
  /** Correct and dispatch again after a retryable failure. */
  readonly enabled: boolean
  /** Corrected dispatches after the first attempt. */
  readonly maxRetries: number
  /** The `error_type`s that may be corrected; types the policy never retries are ignored here. */
  readonly retryableErrors: ReadonlyArray<string>
  /** Ask the client's model for corrected arguments when the client declared `sampling`. */
  readonly llmCorrection: boolean
  /** Upper bound for one sampling request. */
  readonly correctionTimeout: Duration.Duration
  /** Further sampling requests after a transient failure (a time-out, a transport error). */
  readonly samplingRetries: number
  /** First delay of the exponential backoff between those requests. */
  readonly backoff: Duration.Duration
  /** Replace an unknown unit by its unambiguous likely fix on the server instead of returning it. */
  readonly serverUnitCorrection: boolean
  /** A model the server asks itself, at an OpenAI-compatible endpoint (a local model server works too); off unless set. */
  readonly provider: ProviderSettings | undefined
}

export interface ProviderSettings {
  /** The API's base URL, e.g. http://127.0.0.1:8080/v1 (POST {baseUrl}/chat/completions). */
  readonly baseUrl: string
  readonly model: string
  readonly apiKey: Redacted.Redacted<string> | undefined
}

/** Error types that a correction can plausibly fix without changing what the agent asked (failures.ts). */
export const defaultRetryableErrors: ReadonlyArray<string> = retryableByDefault

export const defaultSettings: SelfCorrectionSettings = {
  enabled: true,
  maxRetries: 1,
  retryableErrors: defaultRetryableErrors,
  llmCorrection: true,
  correctionTimeout: Duration.seconds(10),
  samplingRetries: 1,
  backoff: Duration.millis(200),
  serverUnitCorrection: false,
  provider: undefined
}

/** Environment variable (and config key) of each setting. */
export const settingKeys = {
  enabled: "DIMENSIONAL_RETRY_ENABLED",
  maxRetries: "DIMENSIONAL_RETRY_MAX",
  retryableErrors: "DIMENSIONAL_RETRY_ERRORS",
  llmCorrection: "DIMENSIONAL_LLM_CORRECTION",
  correctionTimeout: "DIMENSIONAL_CORRECTION_TIMEOUT",
  samplingRetries: "DIMENSIONAL_SAMPLING_RETRIES",
  backoff: "DIMENSIONAL_RETRY_BACKOFF",
  serverUnitCorrection: "DIMENSIONAL_SERVER_UNIT_CORRECTION",
  providerBaseUrl: "DIMENSIONAL_LLM_BASE_URL",
  providerModel: "DIMENSIONAL_LLM_MODEL",
  providerApiKey: "DIMENSIONAL_LLM_API_KEY",
  providerApiKeyFile: "DIMENSIONAL_LLM_API_KEY_FILE"
} as const satisfies Record<
  Exclude<keyof SelfCorrectionSettings, "provider"> | "providerBaseUrl" | "providerModel" | "providerApiKey" | "providerApiKeyFile",
  string
>

/**
 * Where `--llm-api-key` puts its value: nowhere the key is used. A key on the command line is
 * readable by every user of the machine (`ps`, /proc/<pid>/cmdline) for as long as the server runs,
 * so the flag stops the server with a message naming the safe ways (issue 20, finding 9).
 */
export const keyOnCommandLine = "DIMENSIONAL_LLM_API_KEY_ON_COMMAND_LINE"

/** The key from DIMENSIONAL_LLM_API_KEY, or read from the file DIMENSIONAL_LLM_API_KEY_FILE / --llm-api-key-file names. */
const apiKeyConfig: Config.Config<Redacted.Redacted<string> | undefined> = Config.all({
  direct: Config.option(Config.Redacted(settingKeys.providerApiKey)),
  file: Config.option(Config.String(settingKeys.providerApiKeyFile))
}).pipe(
  Config.flatMap(({ direct, file }) => {
    if (Option.isSome(direct) || Option.isNone(file)) return Config.succeed(Option.getOrUndefined(direct))
    try {
      const key = readFileSync(file.value, "utf8").trim()
      return key.length > 0
        ? Config.succeed(Redacted.make(key))
        : Config.fail(new ConfigProvider.SourceError({ message: `${settingKeys.providerApiKeyFile}/--llm-api-key-file: the file ${file.value} is empty` }))
    } catch (error) {
      return Config.fail(
        new ConfigProvider.SourceError({
          message: `${settingKeys.providerApiKeyFile}/--llm-api-key-file: cannot read ${file.value} (${error instanceof Error ? error.message : String(error)})`
        })
      )
    }
  })
)

/** The provider when a base URL is configured; then a model is required. */
const providerConfig: Config.Config<ProviderSettings | undefined> = Config.option(Config.String(settingKeys.providerBaseUrl)).pipe(
  Config.flatMap((baseUrl) =>
    Option.isNone(baseUrl)
      ? Config.succeed(undefined)
      : Config.all({ model: Config.String(settingKeys.providerModel), apiKey: apiKeyConfig }).pipe(
          Config.map(({ model, apiKey }) => ({ baseUrl: baseUrl.value.replace(/\/+$/, ""), model, apiKey }))
        )
  )
)

const count = (key: string, fallback: number, max: number) =>
  Config.schema(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: max })), key).pipe(Config.withDefault(fallback))

const errorList = Config.String(settingKeys.retryableErrors).pipe(
  Config.map((text) =>
    text
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s.length > 0)
  ),
  Config.withDefault(defaultRetryableErrors)
)

const noKeyOnCommandLine = Config.option(Config.String(keyOnCommandLine)).pipe(
  Config.flatMap((given) =>
    Option.isNone(given)
      ? Config.succeed(undefined)
      : Config.fail(
          new ConfigProvider.SourceError({
            message: `--llm-api-key is refused: a key on the command line is visible to every user of this machine (ps, /proc). Set ${settingKeys.providerApiKey} in the environment, or put the key in a file readable only by you and pass --llm-api-key-file PATH`
          })
        )
  )
)

/** The settings from configuration, each with its default. */
export const selfCorrectionConfig: Config.Config<SelfCorrectionSettings> = Config.all({
  noKeyOnCommandLine,
  enabled: Config.Boolean(settingKeys.enabled).pipe(Config.withDefault(defaultSettings.enabled)),
  maxRetries: count(settingKeys.maxRetries, defaultSettings.maxRetries, 5),
  retryableErrors: errorList,
  llmCorrection: Config.Boolean(settingKeys.llmCorrection).pipe(Config.withDefault(defaultSettings.llmCorrection)),
  correctionTimeout: Config.Duration(settingKeys.correctionTimeout).pipe(Config.withDefault(defaultSettings.correctionTimeout)),
  samplingRetries: count(settingKeys.samplingRetries, defaultSettings.samplingRetries, 5),
  backoff: Config.Duration(settingKeys.backoff).pipe(Config.withDefault(defaultSettings.backoff)),
  serverUnitCorrection: Config.Boolean(settingKeys.serverUnitCorrection).pipe(Config.withDefault(defaultSettings.serverUnitCorrection)),
  provider: providerConfig
}).pipe(Config.map(({ noKeyOnCommandLine: _, ...settings }) => settings))

export class SelfCorrectionConfig extends Context.Service<SelfCorrectionConfig, SelfCorrectionSettings>()("dimensional/SelfCorrectionConfig") {
  /** Settings read from the current ConfigProvider (the environment unless the CLI layered flags over it). */
  static readonly layer = Layer.effect(
    SelfCorrectionConfig,
    Effect.map(selfCorrectionConfig, (s) => SelfCorrectionConfig.of(s))
  )
  /** Fixed settings, defaults for anything not given (tests, embedding). */
  static readonly layerWith = (overrides: Partial<SelfCorrectionSettings>) =>
    Layer.succeed(SelfCorrectionConfig, SelfCorrectionConfig.of({ ...defaultSettings, ...overrides }))
}
