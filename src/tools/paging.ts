/**
 * Paging for the list_* tools: `limit` and `cursor` in; `next_cursor` (null on the last page) and
 * `remaining` (entries on the pages after this one) out. A default page answers in under 2,000
 * tokens (test/e2e/listPaging.test.ts measures each). The cursor is the offset of the next page as
 * a string; the listing is sorted the same way on every call, so pages neither skip nor repeat
 * while nothing is defined in between. How paging works is said once, in the server's instructions.
 */
import { Effect, Schema } from "effect"
import { InvalidInput } from "../engine/errors.ts"

/** The input fields of a paged listing: `limit` (1 to max, default `defaultLimit`) and `cursor`. */
export const pageInput = (defaultLimit: number, maxLimit: number) => ({
  // its default is each tool's own and needs no saying: a default page is the one an agent should read first
  limit: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: maxLimit }))).annotate({ examples: [defaultLimit] }),
  cursor: Schema.optional(Schema.NonEmptyString).annotate({ examples: [String(defaultLimit)] })
})

/** The paging fields of a listing's answer. */
export const pageOutput = {
  next_cursor: Schema.NullOr(Schema.String),
  remaining: Schema.Int
}

export interface Page<A> {
  readonly result: ReadonlyArray<A>
  readonly next_cursor: string | null
  readonly remaining: number
}

/** One page of `items` (already filtered and sorted) from the call's `cursor` and `limit`. */
export const page = <A>(
  items: ReadonlyArray<A>,
  input: { readonly cursor?: string | undefined; readonly limit?: number | undefined },
  defaultLimit: number
): Effect.Effect<Page<A>, InvalidInput> => {
  const offset = input.cursor === undefined ? 0 : Number(input.cursor)
  if (!/^\d+$/.test(input.cursor ?? "0") || !Number.isSafeInteger(offset) || offset > items.length) {
    return Effect.fail(
      new InvalidInput({
        message: `Unknown cursor '${input.cursor}'`,
        parameter: "cursor",
        got: input.cursor,
        expected: "the next_cursor of a previous page",
        hints: ["Start again without a cursor"]
      })
    )
  }
  const end = offset + (input.limit ?? defaultLimit)
  return Effect.succeed({ result: items.slice(offset, end), next_cursor: end < items.length ? String(end) : null, remaining: Math.max(0, items.length - end) })
}
