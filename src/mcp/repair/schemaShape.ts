/**
 * Reading a tool's input Schema as the agent has to fill it in: the fields of an object, what a
 * path points at, a type's name in plain words, its constraints and its examples. Coercion, the
 * validation report and the generated valid example all walk the same encoded AST, so they agree
 * with what decoding accepts.
 */
import { Schema, SchemaAST } from "effect"

export type AST = SchemaAST.AST

export interface Field {
  readonly name: string
  readonly type: AST
  readonly optional: boolean
}

/** The AST that decoding reads: the encoded side of the schema. */
export const encodedAst = (schema: Schema.Top): AST => SchemaAST.toEncoded(schema.ast)

/** Suspensions forced; an optional field's `X | undefined` read as X. */
export const unwrap = (ast: AST): AST => {
  if (SchemaAST.isSuspend(ast)) return unwrap(ast.thunk())
  if (SchemaAST.isUnion(ast)) {
    const present = presentMembers(ast)
    if (present.length === 1 && present[0] !== undefined) return unwrap(present[0])
  }
  return ast
}

/** The members of a union a present value may take (undefined stands for an absent key). */
export const presentMembers = (ast: SchemaAST.Union): ReadonlyArray<AST> => ast.types.filter((t) => !SchemaAST.isUndefined(t))

/** The named fields of an object schema, in declaration order. */
export const fieldsOf = (ast: AST): ReadonlyArray<Field> => {
  const node = unwrap(ast)
  if (!SchemaAST.isObjects(node)) return []
  return node.propertySignatures
    .filter((p) => typeof p.name === "string")
    .map((p) => ({ name: p.name as string, type: p.type, optional: SchemaAST.isOptional(p.type) }))
}

/** What the schema expects one step below `ast`, or undefined when `segment` leads nowhere. */
export const childAt = (ast: AST, segment: PropertyKey): AST | undefined => {
  const node = unwrap(ast)
  if (SchemaAST.isObjects(node)) {
    const property = node.propertySignatures.find((p) => p.name === segment)
    if (property) return property.type
    return node.indexSignatures[0]?.type
  }
  if (SchemaAST.isArrays(node) && typeof segment === "number") return node.elements[segment] ?? node.rest[0]
  if (SchemaAST.isUnion(node)) {
    for (const member of presentMembers(node)) {
      const found = childAt(member, segment)
      if (found) return found
    }
  }
  return undefined
}

export const atPath = (ast: AST, segments: ReadonlyArray<PropertyKey>): AST | undefined =>
  segments.reduce<AST | undefined>((node, s) => (node === undefined ? undefined : childAt(node, s)), ast)

/** Whether `value` is accepted by `ast` as it stands. */
export const accepts = (ast: AST, value: unknown): boolean => Schema.is(Schema.make(ast))(value)

const checkIds = (ast: AST): ReadonlyArray<string> => (ast.checks ?? []).map((c) => (c.annotations?.representation as { id?: string } | undefined)?.id ?? "")

/** The description annotation, looked up through optional wrappers. */
export const descriptionOf = (ast: AST): string | undefined =>
  SchemaAST.resolveDescription(ast) ?? (ast === unwrap(ast) ? undefined : descriptionOf(unwrap(ast)))

/** The examples annotation, looked up through optional wrappers. */
export const examplesOf = (ast: AST): ReadonlyArray<unknown> => {
  const own = SchemaAST.resolve(ast)?.examples
  if (Array.isArray(own) && own.length > 0) return own
  return ast === unwrap(ast) ? [] : examplesOf(unwrap(ast))
}

/** The type in plain words: `number`, `integer`, `"a" | "b"`, `array of string`. */
export const typeName = (ast: AST): string => {
  const node = unwrap(ast)
  switch (node._tag) {
    case "Number":
      return checkIds(node).includes("effect/schema/isInt") ? "integer" : "number"
    case "String":
    case "Boolean":
    case "Null":
      return node._tag.toLowerCase()
    case "Literal":
      return JSON.stringify(node.literal)
    case "Arrays":
      return node.rest[0] ? `array of ${typeName(node.rest[0])}` : "array"
    case "Objects":
      return node.propertySignatures.length === 0 && node.indexSignatures[0] ? `object of ${typeName(node.indexSignatures[0].type)}` : "object"
    case "Union": {
      const names = [...new Set(presentMembers(node).map(typeName))]
      return names.join(" | ")
    }
    default:
      return "value"
  }
}

/** The allowed literal values, when the type is a choice among literals. */
export const choicesOf = (ast: AST): ReadonlyArray<SchemaAST.LiteralValue> | undefined => {
  const node = unwrap(ast)
  if (SchemaAST.isLiteral(node)) return [node.literal]
  if (!SchemaAST.isUnion(node)) return undefined
  const members = presentMembers(node).map(unwrap)
  return members.every(SchemaAST.isLiteral) ? members.map((m) => (m as SchemaAST.Literal).literal) : undefined
}

/** Human-readable constraints from the schema's checks: "a value with a length of at least 1". */
export const constraintsOf = (ast: AST): ReadonlyArray<string> => {
  const node = unwrap(ast)
  return (node.checks ?? []).map((c) => c.annotations?.expected).filter((e): e is string => typeof e === "string" && e !== "an integer")
}
