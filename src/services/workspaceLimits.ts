/**
 * A workspace's bounds, checked on every change before it is written: how many definitions of each
 * kind it holds, how large it is stored, and how long one name or text may be. Growth only: a
 * workspace at a cap can still shrink. Counted the same for units and kinds (a kind's aliases are
 * aliases), so no client can grow a workspace until every call on it slows down.
 */
import { InvalidInput, QuotaExceeded } from "../engine/errors.ts"
import { Action } from "../engine/actions.ts"
import { type WorkspaceData, storedBytes } from "./WorkspaceDocument.ts"

/**
 * What one workspace may hold: generous for real work (a few hundred custom units is a large
 * project), and a bound on the store's memory and on the cost of every call that reads it. Every
 * name counts, a kind's aliases as much as a unit's; `bytes` bounds the stored document whatever
 * it holds.
 */
export const WorkspaceQuota = { units: 500, aliases: 2000, edges: 1000, constants: 200, kinds: 200, bytes: 1024 * 1024 } as const

/** How long one name (unit, alias, kind, keyword, symbol) and one text (description, hint, source) may be. */
export const LengthLimits = { name: 100, text: 1000, keywordsPerKind: 50, hintsPerKind: 20 } as const

const sizes = (d: WorkspaceData) => ({
  units: d.units.length,
  aliases: d.units.reduce((n, u) => n + u.aliases.length, 0) + d.kinds.reduce((n, k) => n + k.aliases.length, 0),
  edges: d.edges.length,
  constants: d.constants.length,
  kinds: d.kinds.length
})

const tooLong = (what: string, got: string, limit: number) =>
  new InvalidInput({
    message: `${what} is ${got.length} characters long; at most ${limit} are kept`,
    got: `${got.slice(0, 40)}…`,
    expected: `at most ${limit} characters`,
    hints: ["Use a shorter name or text"]
  })

/** The first name or text of a new definition past its length limit. */
const overLength = (before: WorkspaceData, after: WorkspaceData): InvalidInput | undefined => {
  const known = new Set<object>([...before.units, ...before.kinds, ...before.constants, ...before.edges])
  const names = (what: string, list: ReadonlyArray<string>) => {
    const long = list.find((n) => n.length > LengthLimits.name)
    return long === undefined ? undefined : tooLong(what, long, LengthLimits.name)
  }
  const text = (what: string, t: string) => (t.length > LengthLimits.text ? tooLong(what, t, LengthLimits.text) : undefined)
  for (const u of after.units) {
    if (known.has(u)) continue
    const over = names("A unit name or alias", [u.name, ...u.aliases]) ?? (u.definition ? text("A unit's definition", u.definition.unit) : undefined)
    if (over) return over
  }
  for (const e of after.edges) {
    if (known.has(e)) continue
    const over = names("A conversion's unit", [e.src, e.dst])
    if (over) return over
  }
  for (const c of after.constants) {
    if (known.has(c)) continue
    const over =
      names("A constant's symbol", [c.symbol]) ??
      text("A constant's name", c.name) ??
      text("A constant's unit", c.unit) ??
      text("A constant's source", c.source)
    if (over) return over
  }
  for (const k of after.kinds) {
    if (known.has(k)) continue
    if (k.keywords.length > LengthLimits.keywordsPerKind) return tooManyOf("keywords", k.keywords.length, LengthLimits.keywordsPerKind)
    if (k.disambiguationHints.length > LengthLimits.hintsPerKind)
      return tooManyOf("disambiguation hints", k.disambiguationHints.length, LengthLimits.hintsPerKind)
    const over =
      names("A kind's name, alias or keyword", [k.name, ...k.aliases, ...k.keywords]) ??
      text("A kind's description", k.description) ??
      text("A kind's category", k.category) ??
      text("A kind's dimension", k.dimensionText) ??
      k.disambiguationHints.map((h) => text("A kind's disambiguation hint", h)).find((e) => e !== undefined)
    if (over) return over
  }
  return undefined
}

const tooManyOf = (what: string, got: number, limit: number) =>
  new InvalidInput({
    message: `A kind may have at most ${limit} ${what}; this one has ${got}`,
    got: String(got),
    expected: `at most ${limit} ${what}`,
    hints: [`Keep the ${limit} most telling ${what}`]
  })

/** The first quota a change passes, as the error for it; growth only, so a workspace at a cap can still shrink. */
export const overQuota = (before: WorkspaceData, after: WorkspaceData): QuotaExceeded | InvalidInput | undefined => {
  const was = sizes(before)
  const now = sizes(after)
  for (const key of Object.keys(was) as Array<keyof typeof was>) {
    if (now[key] > WorkspaceQuota[key] && now[key] > was[key]) {
      return new QuotaExceeded({
        message: `This workspace already holds ${was[key]} ${key}; at most ${WorkspaceQuota[key]} are kept per workspace`,
        got: String(now[key]),
        expected: `at most ${WorkspaceQuota[key]} ${key}`,
        hints: ["Define units inline for one call instead"],
        next: [Action.emptyWorkspace]
      })
    }
  }
  const long = overLength(before, after)
  if (long) return long
  const bytes = storedBytes(after)
  // the size before is computed only when the size after is past the quota (a change that shrinks is kept)
  if (bytes > WorkspaceQuota.bytes && bytes > storedBytes(before)) {
    return new QuotaExceeded({
      message: `This change would make the workspace ${bytes} bytes; at most ${WorkspaceQuota.bytes} bytes are kept per workspace`,
      got: String(bytes),
      expected: `at most ${WorkspaceQuota.bytes} bytes`,
      hints: ["Define units inline for one call instead"],
      next: [Action.emptyWorkspace]
    })
  }
  return undefined
}
