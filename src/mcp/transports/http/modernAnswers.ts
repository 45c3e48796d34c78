/**
 * The SDK's refusals of a 2026-07-28 request, bounded: its header/body cross-checks (SEP-2243,
 * `-32020`) quote both the header and the body value in the message and again in `data`, so a
 * 900 kB argument mirrored in a header that disagrees came back as a 1.8 MB error (issue 33,
 * item 15). One call never costs unbounded output: an error answer over `maxErrorBytes` keeps its
 * status, code and the start of its message, and each string of its data cut short.
 */
const maxErrorBytes = 4096
const keep = 200

const cut = (text: string) => (text.length > keep ? `${text.slice(0, keep)}… (${text.length} characters)` : text)

/** Every string in `value` cut short, and at most 20 entries of an object or array. */
const bounded = (value: unknown, depth = 0): unknown => {
  if (typeof value === "string") return cut(value)
  if (depth > 4 || typeof value !== "object" || value === null) return typeof value === "object" ? null : value
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => bounded(v, depth + 1))
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, 20)
      .map(([k, v]) => [cut(k), bounded(v, depth + 1)])
  )
}

/** `response`, or the same refusal cut to size when it is an oversized JSON error. */
export const boundedAnswer = async (response: Response): Promise<Response> => {
  const length = Number(response.headers.get("content-length") ?? Number.NaN)
  if (response.status < 400 || !(response.headers.get("content-type") ?? "").startsWith("application/json")) return response
  if (Number.isFinite(length) && length <= maxErrorBytes) return response
  const text = await response.text()
  const headers = new Headers(response.headers)
  headers.delete("content-length")
  if (text.length <= maxErrorBytes) return new Response(text, { status: response.status, headers })
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = { jsonrpc: "2.0", id: null, error: { code: -32600, message: cut(text) } }
  }
  return new Response(JSON.stringify(bounded(body)), { status: response.status, headers })
}
