// HTTP settings: defaults, the environment, flags over the environment, clear errors for bad
// values, and the Host/Origin allow-lists behind the DNS-rebinding protection.
import { ConfigProvider, Duration, Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { type HttpSettings, allowListFor, hostAllowed, httpDefaults, httpSettings, originAllowed } from "../../../src/mcp/transports/http/config.ts"
import { flagValues } from "../../support/settings.ts"

/** The settings from `flags` (config values, as `dimensional mcp` parsed them) over `env`. */
const load = (env: Record<string, string>, flags: Record<string, string> = {}) => {
  const provider = ConfigProvider.orElse(ConfigProvider.fromUnknown(flags), ConfigProvider.fromEnv({ env }))
  return Effect.runSyncExit(httpSettings.parse(provider))
}

const settingsOf = (env: Record<string, string>, flags: Record<string, string> = {}): HttpSettings => {
  const exit = load(env, flags)
  if (Exit.isFailure(exit)) throw new Error(String(exit.cause))
  return exit.value
}

const errorOf = (env: Record<string, string>): string => {
  const exit = load(env)
  if (Exit.isSuccess(exit)) throw new Error("expected a configuration error")
  return String(exit.cause)
}

describe("HTTP settings", () => {
  it("default to 127.0.0.1:3000, 1 MiB bodies, 30 minutes idle, 1000 sessions", () => {
    const s = settingsOf({})
    expect(s).toMatchObject({ port: 3000, host: "127.0.0.1", allowedHosts: [], allowedOrigins: [], maxBodyBytes: 1048576, maxSessions: 1000, logLevel: "Info" })
    expect(Duration.toMillis(s.idleTimeout)).toBe(Duration.toMillis(httpDefaults.idleTimeout))
  })

  it("come from DIMENSIONAL_HTTP_* environment variables", () => {
    const s = settingsOf({
      DIMENSIONAL_HTTP_PORT: "8080",
      DIMENSIONAL_HTTP_HOST: "0.0.0.0",
      DIMENSIONAL_HTTP_ALLOWED_HOSTS: "mcp.internal, 10.0.0.5:8080",
      DIMENSIONAL_HTTP_ALLOWED_ORIGINS: "https://app.example.com",
      DIMENSIONAL_HTTP_MAX_BODY: "512 kB",
      DIMENSIONAL_HTTP_IDLE_TIMEOUT: "90 seconds",
      DIMENSIONAL_HTTP_MAX_SESSIONS: "25",
      DIMENSIONAL_LOG_LEVEL: "Warn"
    })
    expect(s).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      allowedHosts: ["mcp.internal", "10.0.0.5:8080"],
      allowedOrigins: ["https://app.example.com"],
      maxBodyBytes: 512_000,
      maxSessions: 25,
      logLevel: "Warn"
    })
    expect(Duration.toMillis(s.idleTimeout)).toBe(90_000)
  })

  it("take plain numbers: bytes for the body limit, seconds for the time-out", () => {
    const s = settingsOf({ DIMENSIONAL_HTTP_MAX_BODY: "2048", DIMENSIONAL_HTTP_IDLE_TIMEOUT: "1.5" })
    expect(s.maxBodyBytes).toBe(2048)
    expect(Duration.toMillis(s.idleTimeout)).toBe(1500)
  })

  it("let command-line flags win over the environment (--flag value and --flag=value)", async () => {
    const s = settingsOf(
      { DIMENSIONAL_HTTP_PORT: "8080", DIMENSIONAL_HTTP_IDLE_TIMEOUT: "1 hour" },
      await flagValues(["--port", "9090", "--idle-timeout=2 seconds", "--max-sessions", "3"])
    )
    expect(s.port).toBe(9090)
    expect(Duration.toMillis(s.idleTimeout)).toBe(2000)
    expect(s.maxSessions).toBe(3)
  })

  it("refuse bad values with the variable's name and the accepted forms", () => {
    expect(errorOf({ DIMENSIONAL_HTTP_PORT: "99999" })).toMatch(/DIMENSIONAL_HTTP_PORT/)
    expect(errorOf({ DIMENSIONAL_HTTP_PORT: "http" })).toMatch(/DIMENSIONAL_HTTP_PORT/)
    expect(errorOf({ DIMENSIONAL_HTTP_MAX_SESSIONS: "0" })).toMatch(/DIMENSIONAL_HTTP_MAX_SESSIONS/)
    expect(errorOf({ DIMENSIONAL_HTTP_MAX_BODY: "lots" })).toMatch(/DIMENSIONAL_HTTP_MAX_BODY: expected a number of bytes or a size such as "512 kB"/)
    expect(errorOf({ DIMENSIONAL_HTTP_IDLE_TIMEOUT: "soon" })).toMatch(/DIMENSIONAL_HTTP_IDLE_TIMEOUT: expected a number of seconds or a duration/)
    expect(errorOf({ DIMENSIONAL_HTTP_IDLE_TIMEOUT: "0" })).toMatch(/DIMENSIONAL_HTTP_IDLE_TIMEOUT/)
  })
})

describe("the HTTP flags of `dimensional mcp`", () => {
  it("set only the variables they name, and a flag without its value or out of range is refused", async () => {
    expect(await flagValues(["--host", "::1"])).toEqual({ DIMENSIONAL_HTTP_HOST: "::1" })
    await expect(flagValues(["--host", "::1", "--port"])).rejects.toThrow()
    await expect(flagValues(["--port", "70000"])).rejects.toThrow()
  })
})

describe("Host and Origin allow-lists", () => {
  const local = allowListFor(settingsOf({}))

  it("accept the loopback names on any port by default, and nothing else", () => {
    for (const host of ["localhost:3000", "127.0.0.1:49152", "[::1]:3000", "LOCALHOST:3000", "localhost"]) expect(hostAllowed(local, host), host).toBe(true)
    for (const host of [
      undefined,
      "",
      "evil.example.com",
      "evil.example.com:3000",
      "localhost.evil.com:3000",
      "127.0.0.1.nip.io:3000",
      "user@localhost:3000",
      "[::2]:3000"
    ]) {
      expect(hostAllowed(local, host), String(host)).toBe(false)
    }
  })

  it("accept no Origin (non-browser clients) and browser origins on an allowed host only", () => {
    expect(originAllowed(local, undefined)).toBe(true)
    expect(originAllowed(local, "http://localhost:5173")).toBe(true)
    expect(originAllowed(local, "https://127.0.0.1")).toBe(true)
    for (const origin of ["http://evil.example.com", "null", "file://", "chrome-extension://abc", "http://localhost.evil.com"])
      expect(originAllowed(local, origin), origin).toBe(false)
  })

  it("add the bound address, but not a wildcard one", () => {
    expect(hostAllowed(allowListFor(settingsOf({ DIMENSIONAL_HTTP_HOST: "192.168.1.20" })), "192.168.1.20:3000")).toBe(true)
    expect(hostAllowed(allowListFor(settingsOf({ DIMENSIONAL_HTTP_HOST: "0.0.0.0" })), "0.0.0.0:3000")).toBe(false)
    expect(hostAllowed(allowListFor(settingsOf({ DIMENSIONAL_HTTP_HOST: "::1" })), "[::1]:3000")).toBe(true)
  })

  it("use a configured list instead: a name on any port, name:port on that port only; * turns the check off", () => {
    const configured = allowListFor(settingsOf({ DIMENSIONAL_HTTP_ALLOWED_HOSTS: "mcp.internal,10.0.0.5:8080" }))
    expect(hostAllowed(configured, "mcp.internal:443")).toBe(true)
    expect(hostAllowed(configured, "10.0.0.5:8080")).toBe(true)
    expect(hostAllowed(configured, "10.0.0.5:9090")).toBe(false)
    expect(hostAllowed(configured, "localhost:3000")).toBe(false)
    const open = allowListFor(settingsOf({ DIMENSIONAL_HTTP_ALLOWED_HOSTS: "*" }))
    expect(hostAllowed(open, "anything.example:1")).toBe(true)
  })

  it("match configured origins exactly; * accepts every origin", () => {
    const configured = allowListFor(settingsOf({ DIMENSIONAL_HTTP_ALLOWED_ORIGINS: "https://app.example.com/" }))
    expect(originAllowed(configured, "https://app.example.com")).toBe(true)
    expect(originAllowed(configured, "http://localhost:3000")).toBe(false)
    expect(originAllowed(allowListFor(settingsOf({ DIMENSIONAL_HTTP_ALLOWED_ORIGINS: "*" })), "http://evil.example.com")).toBe(true)
  })
})
