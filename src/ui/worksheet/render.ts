/**
 * The worksheet as DOM. Every text from a result goes in as text (textContent), never as markup.
 * Screen readers hear a fraction as "250 mL over 400 mg" and a struck unit as "mg, cancels"; the
 * work is a real table (caption, column and row headers).
 */
import type { Cell } from "./cancel.ts"
import { type Outcome, type Refused, type Row, type Worked, type Worksheet, inParts } from "./sheet.ts"
import { figure, plain, refusalHeading } from "./words.ts"

type Child = Node | string | false | undefined

export const h = (tag: string, attributes: Readonly<Record<string, string>> = {}, ...children: ReadonlyArray<Child>): HTMLElement => {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  for (const child of children) if (child !== false && child !== undefined) element.append(child)
  return element
}

/** A unit as written, with places to break a line after its operators (never inside a name or a number). */
const breakable = (unit: string): Array<Node | string> =>
  unit.split(/(?<=[/*\u00b7.])/u).flatMap((part, i) => (i === 0 ? [part] : [document.createElement("wbr"), part]))

/** Text only a screen reader hears. */
const spoken = (text: string) => h("span", { class: "sr-only" }, text)

/**
 * A number in the work: at most six significant digits, marked ≈ when that rounded it, and never
 * broken across lines; the value as the server gave it is its tooltip (and the result says it).
 */
const num = (x: number): HTMLElement => {
  const shown = figure(x)
  return h("span", { class: "num", ...(shown.rounded ? { title: plain(x) } : {}) }, `${shown.rounded ? "\u2248\u2009" : ""}${shown.text}`)
}

/** A written unit expression, its struck units struck; `value` is a number written before it. */
const expression = (cell: Cell, struck: ReadonlySet<number> | undefined, value?: number): HTMLElement =>
  h(
    "span",
    { class: "expr" },
    value !== undefined && num(value),
    value !== undefined && " ",
    ...cell.reading.pieces.flatMap((piece) => {
      if (piece.kind !== "unit") return breakable(piece.text)
      if (piece.atom !== undefined && struck?.has(piece.atom)) return h("span", { class: "cancelled" }, h("s", {}, piece.text), spoken(", cancels,"))
      return h("span", { class: "unit" }, piece.text)
    })
  )

const quantity = (q: { readonly quantity: number; readonly unit: string }) => [num(q.quantity), " ", ...breakable(q.unit)]

const factorCell = (sheet: Worked, row: Extract<Row, { kind: "factor" }>): HTMLElement => {
  const chain = sheet.chain!
  const { numerator, denominator } = chain.factors[row.index]!
  return h(
    "span",
    { class: "factor" },
    h("span", { class: "times", "aria-hidden": "true" }, "\u00d7"),
    spoken("times "),
    h(
      "span",
      { class: "fraction" },
      h("span", { class: "numerator" }, expression(numerator, chain.struck[1 + 2 * row.index], row.value)),
      spoken(" over "),
      h("span", { class: "denominator" }, expression(denominator, chain.struck[2 + 2 * row.index], row.below))
    )
  )
}

const startRow = (sheet: Worked): HTMLElement => {
  if ("formula" in sheet.start) return h("tr", {}, h("th", { scope: "row" }, "Formula"), h("td", { colspan: "2" }, sheet.start.formula))
  const start = sheet.start
  const written = sheet.chain
    ? expression(sheet.chain.start, sheet.chain.struck[0], start.value)
    : h("span", {}, ...(start.written === undefined ? [num(start.value), ` ${start.unit}`] : [start.written]))
  const gives = start.written === undefined ? quantity(start.read) : [start.written]
  return h("tr", {}, h("th", { scope: "row" }, "Start"), h("td", {}, written), h("td", { class: "gives" }, ...gives))
}

const tableRow = (sheet: Worked, row: Row, i: number): HTMLElement => {
  if (row.kind === "input") return h("tr", {}, h("th", { scope: "row" }, "Input"), h("td", { colspan: "2" }, row.text))
  const label = h("th", { scope: "row" }, String(i + 1))
  const what = row.kind === "factor" ? factorCell(sheet, row) : h("span", { class: "operation" }, row.text)
  return h("tr", {}, label, h("td", {}, what), h("td", { class: "gives" }, ...(row.after ? quantity(row.after) : [])))
}

const workTable = (sheet: Worked): HTMLElement =>
  h(
    "table",
    { class: "work" },
    h(
      "caption",
      {},
      sheet.tool === "call_formula" ? "The inputs, as the formula read them" : "The work: each line multiplies the one before it; struck units cancel"
    ),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, "Step"),
        h("th", { scope: "col" }, sheet.tool === "call_formula" ? "Value" : "Factor"),
        h("th", { scope: "col" }, sheet.tool === "call_formula" ? "" : "Gives")
      )
    ),
    h("tbody", {}, startRow(sheet), ...sheet.rows.map((row, i) => tableRow(sheet, row, i)))
  )

const list = (heading: string, items: ReadonlyArray<string>, kind: string): HTMLElement | false =>
  items.length > 0 && h("section", { class: kind, "aria-label": heading }, h("h2", {}, heading), h("ul", {}, ...items.map((item) => h("li", {}, item))))

/**
 * The result, large: its figure to six significant digits at most, and the value as computed when
 * that rounded it; in parts where a unit list was asked for (as the server gave them, the value as
 * computed beside them).
 */
export const result = (outcome: Outcome, copy: (text: string) => void): HTMLElement => {
  const shown = figure(outcome.quantity)
  const exact = `${plain(outcome.quantity)} ${outcome.unit}`
  const parts = outcome.parts === undefined ? undefined : inParts(outcome.parts, plain)
  const digits =
    parts !== undefined
      ? `As computed: ${exact}`
      : shown.rounded
        ? `Rounded to ${shown.digits} significant digits; as computed: ${exact}`
        : `${shown.digits} significant digit${shown.digits === 1 ? "" : "s"}, as computed`
  const copied = parts ?? exact
  const status = h("span", { class: "copied", role: "status" })
  const button = h("button", { type: "button", class: "copy" }, "Copy result")
  button.addEventListener("click", () => {
    copy(copied)
    status.textContent = `Copied ${copied}`
  })
  const figureText =
    parts !== undefined
      ? [h("span", { class: "number" }, parts)]
      : [h("span", { class: "number" }, `${shown.rounded ? "\u2248 " : ""}${shown.text}`), " ", h("span", { class: "unit" }, outcome.unit)]
  return h(
    "section",
    { class: "result", "aria-label": "Result" },
    h("p", { class: "figure" }, ...figureText),
    h("p", { class: "digits" }, digits),
    outcome.uncertainty !== null && h("p", { class: "digits" }, `Standard uncertainty \u00b1 ${plain(outcome.uncertainty)} ${outcome.unit}`),
    outcome.ucum !== null && outcome.ucum !== outcome.unit && h("p", { class: "digits" }, `UCUM code: ${outcome.ucum}`),
    h("p", { class: "actions" }, button, status)
  )
}

const headline = (sheet: Worked): string =>
  "formula" in sheet.start ? sheet.start.formula : `${sheet.start.written ?? `${plain(sheet.start.value)} ${sheet.start.unit}`} \u2192 ${sheet.target}`

const worked = (sheet: Worked, level: "h1" | "h2", copy: (text: string) => void): Array<HTMLElement | false> => {
  return [
    h(
      level,
      { class: "title" },
      h("span", { class: "kind" }, sheet.title),
      h("span", { class: "sr-only" }, ": "),
      h("span", { class: "question" }, headline(sheet))
    ),
    result(sheet.outcome, copy),
    list("Warnings", sheet.warnings, "warnings"),
    workTable(sheet),
    list("Stated relations", sheet.relations, "relations"),
    list("Notes", sheet.notes, "notes")
  ]
}

const readingsTable = (refused: Refused): HTMLElement =>
  h(
    "table",
    { class: "readings" },
    h("caption", {}, "The readings, side by side: what each meaning would give"),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, "Reading"),
        h("th", { scope: "col" }, refused.readingUnit ? `Value in ${refused.readingUnit}` : "Value"),
        h("th", { scope: "col" }, "Write it as")
      )
    ),
    h(
      "tbody",
      {},
      ...refused.readings.map((r) =>
        h(
          "tr",
          {},
          h("th", { scope: "row" }, r.meaning),
          h(
            "td",
            { class: "value" },
            r.value === null ? `none: not ${refused.readingUnit ? `a ${refused.readingUnit}` : "this"} quantity` : h("span", { class: "num" }, plain(r.value))
          ),
          h("td", {}, h("code", {}, r.unit))
        )
      )
    )
  )

const refusedSheet = (refused: Refused, level: "h1" | "h2"): Array<HTMLElement | false> => [
  h(level, { class: "title refused" }, refusalHeading(refused.type)),
  refused.asked !== undefined && h("p", { class: "asked" }, `Asked: ${refused.asked}`),
  h("p", { class: "error" }, refused.error),
  refused.step !== null && h("p", { class: "digits" }, `At factor ${refused.step + 1}${refused.parameter ? ` (${refused.parameter})` : ""}`),
  refused.readings.length > 0 && readingsTable(refused),
  refused.likelyFix !== null && h("p", { class: "fix" }, `Likely fix: ${refused.likelyFix}`),
  list("Hints", refused.hints, "hints")
]

/** The whole worksheet (level h1), or a conversion's below it (h2). */
export const render = (sheet: Worksheet, level: "h1" | "h2", copy: (text: string) => void): Array<HTMLElement | false> =>
  sheet.kind === "worked" ? worked(sheet, level, copy) : sheet.kind === "refused" ? refusedSheet(sheet, level) : [h("p", { class: "error" }, sheet.text)]
