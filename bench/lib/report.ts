/**
 * One table for every benchmark: each row has our figure, the figures of whatever it is compared
 * with in the same run, and the ratio of each. A ratio is always ours ÷ theirs in cost (time,
 * memory, or 1/throughput), so below 1 means dimensional is cheaper.
 */

export type Unit = "ns" | "ms" | "MB" | "KB" | "calls/s"

export interface Measure {
  readonly value: number
  readonly unit: Unit
}

export interface Comparison {
  readonly name: Column
  readonly value: Measure
}

export interface Target {
  readonly text: string
  readonly met: boolean
}

export interface Row {
  readonly section: string
  readonly label: string
  readonly ours: Measure
  readonly others: ReadonlyArray<Comparison>
  readonly target?: Target
}

export const columns = ["mathjs", "js-quantities", "ucum-lhc", "bare SDK", "bare node"] as const
export type Column = (typeof columns)[number]

/** Cost of a measure: time and memory as they are, throughput inverted. */
const cost = (m: Measure): number => (m.unit === "calls/s" ? 1 / m.value : m.value)

/** ours ÷ theirs, in cost. */
export const ratio = (ours: Measure, theirs: Measure): number => cost(ours) / cost(theirs)

export const formatMeasure = (m: Measure): string => {
  switch (m.unit) {
    case "ns":
      return m.value < 1_000
        ? `${m.value.toFixed(m.value < 100 ? 1 : 0)} ns`
        : m.value < 1e6
          ? `${(m.value / 1e3).toFixed(2)} µs`
          : `${(m.value / 1e6).toFixed(2)} ms`
    case "ms":
      return `${m.value.toFixed(m.value < 10 ? 2 : 1)} ms`
    case "MB":
      return `${m.value.toFixed(m.value < 10 ? 2 : 1)} MB`
    case "KB":
      return `${m.value.toFixed(m.value < 10 ? 1 : 0)} KB`
    case "calls/s":
      return `${Math.round(m.value).toLocaleString("en-US")}/s`
  }
}

export const formatRatio = (r: number): string => (r < 0.01 ? `${r.toFixed(4)}×` : r < 0.1 ? `${r.toFixed(3)}×` : `${r.toFixed(2)}×`)

/** A markdown table (it reads as plain text in a terminal too). */
export const renderTable = (rows: ReadonlyArray<Row>): string => {
  const header = ["benchmark", "dimensional", ...columns, "target", "met"]
  const body = rows.map((row) => [
    `${row.section}: ${row.label}`,
    formatMeasure(row.ours),
    ...columns.map((c) => {
      const other = row.others.find((o) => o.name === c)
      return other ? `${formatMeasure(other.value)} (${formatRatio(ratio(row.ours, other.value))})` : ""
    }),
    row.target?.text ?? "",
    row.target ? (row.target.met ? "yes" : "NO") : ""
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)))
  const line = (cells: ReadonlyArray<string>) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...body.map(line)].join("\n")
}
