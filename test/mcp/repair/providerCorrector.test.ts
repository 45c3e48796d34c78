// A model the server asks itself: a loopback server speaking the OpenAI chat-completions wire format
// stands in for the provider. Its correction is applied and reported; garbage or a decline is ignored.
import { type Server, createServer } from "node:http"
import { Redacted } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connect } from "../../support/selfCorrection.ts"

let provider: Server
let baseUrl: string
const seen: Array<{ authorization: string | undefined; body: { model: string; messages: Array<{ role: string; content: string }> } }> = []

beforeAll(async () => {
  provider = createServer((req, res) => {
    let text = ""
    req.on("data", (chunk: Buffer) => (text += chunk.toString()))
    req.on("end", () => {
      const body = JSON.parse(text)
      seen.push({ authorization: req.headers.authorization, body })
      const user = body.messages.find((m: { role: string }) => m.role === "user").content as string
      // the "model": renames form_unit to from_unit; for anything else it answers garbage
      const content = user.includes('"form_unit"')
        ? JSON.stringify({ arguments: { value: 5, from_unit: "km", to_unit: "mi" } })
        : "I am not sure what you mean."
      res.writeHead(req.url === "/v1/chat/completions" ? 200 : 404, { "content-type": "application/json" })
      res.end(JSON.stringify({ id: "x", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] }))
    })
  })
  await new Promise<void>((done) => provider.listen(0, "127.0.0.1", done))
  const address = provider.address() as { port: number }
  baseUrl = `http://127.0.0.1:${address.port}/v1`
})
afterAll(() => new Promise<void>((done) => provider.close(() => done())))

describe("the provider corrector", () => {
  it("applies a configured provider's correction, reports it, and sends the configured model and key", async () => {
    const c = await connect({ settings: { provider: { baseUrl, model: "local-test", apiKey: Redacted.make("secret") }, retryableErrors: ["invalid_input"] } })
    // two unknown fields with the same closest field: the deterministic corrector declines, so the provider is asked
    const r = await c.call("convert", { value: 5, form_unit: "km", from_unt: "km", to_unit: "mi" })
    await c.close()
    expect(r.isError).toBe(false)
    expect(r.data.quantity).toBeCloseTo(3.10686, 5)
    expect(r.data.corrections.some((x: { source: string }) => x.source === "provider")).toBe(true)
    expect(seen.at(-1)!.body.model).toBe("local-test")
    expect(seen.at(-1)!.authorization).toBe("Bearer secret")
  })

  it("ignores a reply that is not JSON, keeping the agent's own error", async () => {
    const c = await connect({ settings: { provider: { baseUrl, model: "local-test", apiKey: undefined }, retryableErrors: ["invalid_input"] } })
    const r = await c.call("convert", { value: "five", from_unit: "km", to_unit: "mi" })
    await c.close()
    expect(r.isError).toBe(true)
    expect(r.data.error_type).toBe("invalid_input")
  })

  it("is off unless configured: no request reaches a provider", async () => {
    const before = seen.length
    const c = await connect({ settings: { retryableErrors: ["invalid_input"] } })
    await c.call("convert", { value: 5, form_unit: "km", from_unt: "km", to_unit: "mi" })
    await c.close()
    expect(seen.length).toBe(before)
  })
})
