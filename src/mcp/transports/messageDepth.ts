/**
 * How deeply a JSON text nests its arrays and objects, read from the raw text in one linear pass.
 * Checked before a message reaches the SDK, whose validation recurses into every value: a few
 * thousand nested brackets overflow the stack there and come back as -32603, a server fault. A
 * message nested past MAX_MESSAGE_DEPTH is refused as an invalid request instead (no MCP message
 * needs more than a dozen levels; tool arguments are bounded at 12 by repair/limits.ts).
 */
export const MAX_MESSAGE_DEPTH = 64

/** The deepest nesting in `text`, or MAX_MESSAGE_DEPTH + 1 as soon as it passes the limit. */
export const nestingDepth = (text: string): number => {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \ */) i++
      else if (c === 34 /* " */) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > deepest && (deepest = depth) > MAX_MESSAGE_DEPTH) return deepest
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--
  }
  return deepest
}

/** The request id of a raw message, when it can be read without parsing it, for the refusal. */
export const requestIdOf = (text: string): string | undefined => /"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,20})\s*[,}]/.exec(text.slice(0, 4096))?.[1]

export const tooDeep = (id: string | undefined): string =>
  `{"jsonrpc":"2.0","id":${id ?? "null"},"error":{"code":-32600,"message":"Invalid Request: the message nests arrays and objects more than ${MAX_MESSAGE_DEPTH} levels deep"}}`
