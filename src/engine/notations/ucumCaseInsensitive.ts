/**
 * UCUM's case-insensitive form ("c/i", UCUM §4 and the CODE column of its table): what HL7 v2
 * messages and older lab systems send where only capitals travel, MG/DL for mg/dL, 10*3/UL for
 * 10*3/uL, CEL for Cel. Each atom and prefix has its own c/i code (pascal is PAL, milli M, mega MA),
 * so a c/i expression is read by translating every unit symbol into its case-sensitive code and
 * reading the result as UCUM; the grammar (operators, exponents, factors, {annotations}) is the same.
 * Letters are matched in any case, so mg/dl reads as MG/DL.
 *
 * A symbol with two readings that differ (prefix + atom against another atom) is refused with both,
 * never guessed; UCUM's table is built so that none does.
 */
import { AmbiguousInput, fieldsOf, type InvalidInput, UnknownUnit, type UnitError, isEngineError } from "../errors.ts"
import type { UnitExpression } from "../units/UnitExpression.ts"
import { resolveUcum, tooLong } from "./ucum.ts"
import { units } from "./ucumAtoms.ts"
import codes from "./ucumCaseInsensitive.json" with { type: "json" }

interface Tables {
  /** c/i prefix code → case-sensitive code, longest first (MA before M). */
  readonly prefixes: ReadonlyArray<readonly [string, string]>
  /** c/i atom code → case-sensitive code. */
  readonly atoms: ReadonlyMap<string, string>
  /** Case-sensitive atom codes that take prefixes. */
  readonly metric: ReadonlySet<string>
}

let tables: Tables | undefined

const pairs = (rows: ReadonlyArray<ReadonlyArray<unknown>>): ReadonlyArray<readonly [string, string]> =>
  // the file is data: a row that is not (c/i code, case-sensitive code) is skipped, never misread
  rows.flatMap((row) => (typeof row[0] === "string" && typeof row[1] === "string" ? [[row[0], row[1]] as const] : []))

const tablesOf = (): Tables => {
  if (tables) return tables
  const atoms = new Map<string, string>()
  // two case-sensitive codes share a c/i code only as spellings of one unit (l and L, [iU] and [IU]):
  // the one written as the c/i code is kept
  // (UCUM's table writes two c/i codes, [degR] and [degRe], in mixed case: every code is matched in capitals)
  for (const [ci, cs] of pairs(codes.atoms)) if (!atoms.has(ci.toUpperCase()) || cs === ci) atoms.set(ci.toUpperCase(), cs)
  const metric = new Set(["m", "s", "g", "rad", "K", "C", "cd", ...units.filter((u) => u.metric).map((u) => u.code)])
  tables = { prefixes: [...pairs(codes.prefixes)].sort((a, b) => b[0].length - a[0].length), atoms, metric }
  return tables
}

/** The case-sensitive codes one c/i symbol can mean: an atom, or a prefix and a metric atom. */
const readingsOf = (symbol: string): ReadonlyArray<string> => {
  const { prefixes, atoms, metric } = tablesOf()
  const upper = symbol.toUpperCase()
  const found = new Set<string>()
  const atom = atoms.get(upper)
  if (atom !== undefined) found.add(atom)
  for (const [ci, cs] of prefixes) {
    if (upper.length <= ci.length || !upper.startsWith(ci)) continue
    const rest = atoms.get(upper.slice(ci.length))
    if (rest !== undefined && metric.has(rest)) found.add(cs + rest)
  }
  return [...found]
}

/** A run of the input between operators: a factor, or a unit symbol with an exponent. */
const SIMPLE = /^(.*?)([+-]?\d+)?$/s

type Translation = { readonly text: string } | UnitError | InvalidInput

/** The expression with each c/i unit symbol replaced by its case-sensitive code. */
const translate = (input: string): Translation => {
  let out = ""
  let i = 0
  while (i < input.length) {
    const c = input[i]!
    if (c === "." || c === "/" || c === "(" || c === ")") {
      out += c
      i++
      continue
    }
    if (c === "{") {
      // an annotation is kept as written: it names what is counted, in whatever case
      const end = input.indexOf("}", i)
      const stop = end === -1 ? input.length : end + 1
      out += input.slice(i, stop)
      i = stop
      continue
    }
    const start = i
    while (i < input.length && !".()/{".includes(input[i]!)) {
      if (input[i] === "[") {
        const close = input.indexOf("]", i)
        i = close === -1 ? input.length : close + 1
      } else i++
    }
    const run = input.slice(start, i)
    if (/^\d+$/.test(run)) {
      out += run
      continue
    }
    const translated = translateSymbol(input, run, start)
    if (isEngineError(translated)) return translated
    out += translated
  }
  return { text: out }
}

const translateSymbol = (input: string, run: string, position: number): string | UnitError | InvalidInput => {
  const [, symbol = "", exponent = ""] = SIMPLE.exec(run)!
  // a symbol that ends in digits is read whole too (no c/i atom does today): every reading must agree
  const candidates = [...readingsOf(symbol).map((cs) => cs + exponent), ...(exponent !== "" ? readingsOf(run) : [])]
  const distinct = [...new Set(candidates)]
  if (distinct.length === 1) return distinct[0]!
  if (distinct.length > 1)
    return new AmbiguousInput({
      message: `'${run}' has ${distinct.length} readings in UCUM's case-insensitive form: ${distinct.join(", ")}`,
      readings: distinct.map((cs) => ({ meaning: `UCUM '${cs}'`, unit: cs })),
      expression: input,
      position,
      token: run,
      hints: ["Write the expression in UCUM's case-sensitive form, which has one reading for each"]
    })
  return new UnknownUnit({
    message: `Unknown UCUM unit in the case-insensitive form: '${run}'`,
    unit: run,
    expression: input,
    position,
    got: run,
    hints: ["UCUM's case-insensitive codes: MG, ML, [IN_I], [LB_AV], CEL, MM[HG], PAL (pascal), MA (mega-); see unitsofmeasure.org"]
  })
}

/** Resolves an expression in UCUM's case-insensitive form ("MG/DL", "10*3/UL", "CEL", "MM[HG]"). */
export const resolveUcumCaseInsensitive = (input: string): UnitExpression | UnitError | InvalidInput => {
  const refused = tooLong(input)
  if (refused) return refused
  const translated = translate(input)
  if (isEngineError(translated)) return translated
  const read = resolveUcum(translated.text)
  if (isEngineError(read)) {
    // the same error, saying what the case-sensitive reading was
    const Constructor = read.constructor as new (fields: object) => typeof read
    return new Constructor({ ...fieldsOf(read), hints: [...read.hints, `Read as UCUM's case-sensitive '${translated.text}'`] })
  }
  return { ...read, notes: [...read.notes, `'${input}' read in UCUM's case-insensitive form as '${translated.text}'`] }
}

/** The case-sensitive code of a c/i expression, when it reads as one. */
export const caseSensitiveOf = (input: string): string | undefined => {
  const translated = translate(input)
  return isEngineError(translated) ? undefined : translated.text
}
