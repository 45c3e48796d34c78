/**
 * A complete, valid set of arguments generated from a tool's own input Schema, for an agent to
 * copy. A whole-call `examples` annotation on the input struct wins (tools whose valid calls need
 * optional fields set one); otherwise every required field gets its own `examples` annotation, or
 * a value driven by its type that passes its checks. The result is checked against the Schema.
 */
import { SchemaAST } from "effect"
import { type AST, accepts, examplesOf, fieldsOf, presentMembers, unwrap } from "./schemaShape.ts"

const firstAccepted = (ast: AST, candidates: ReadonlyArray<unknown>): unknown => candidates.find((c) => accepts(ast, c))

const numberCandidates = [1, 10, 0.5, 100, 1000, 0, -1]
const stringCandidates = ["example", "m", "x"]

/** A value `ast` accepts: its own example when it has one, else one built from its type. */
export const exampleValue = (ast: AST): unknown => {
  const annotated = firstAccepted(ast, examplesOf(ast))
  if (annotated !== undefined) return annotated
  const node = unwrap(ast)
  switch (node._tag) {
    case "Number":
      return firstAccepted(node, numberCandidates) ?? 1
    case "String":
      return firstAccepted(node, stringCandidates) ?? "example"
    case "Boolean":
      return false
    case "Literal":
      return node.literal
    case "Null":
      return null
    case "Union": {
      const members = presentMembers(node)
      const preferred = members.find((m) => !SchemaAST.isNull(m)) ?? members[0]
      return preferred ? exampleValue(preferred) : null
    }
    case "Arrays":
      return [...node.elements.map(exampleValue), ...(node.rest[0] ? [exampleValue(node.rest[0])] : [])]
    case "Objects":
      return exampleObject(node)
    default:
      return null
  }
}

const exampleObject = (ast: AST): Record<string, unknown> =>
  Object.fromEntries(
    fieldsOf(ast)
      .filter((f) => !f.optional)
      .map((f) => [f.name, exampleValue(f.type)])
  )

const cache = new WeakMap<AST, Record<string, unknown>>()

/** Arguments that decode with the tool's input Schema: its whole-call example or one composed field by field. */
export const validExample = (input: AST): Record<string, unknown> => {
  const cached = cache.get(input)
  if (cached) return cached
  const whole = examplesOf(input).find((e) => typeof e === "object" && e !== null && accepts(input, e)) as Record<string, unknown> | undefined
  const example = whole ?? exampleObject(input)
  cache.set(input, example)
  return example
}
