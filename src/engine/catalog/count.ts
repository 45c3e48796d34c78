// Counted items: the count pseudo-dimension (Dimension.ts). Counts never convert into pure ratios
// or into each other's absence: 15 gtt/mL is a drop factor, not 15/mL, and gtt/min is a count rate,
// not a frequency. All count units are one item each, so tablets and drops interconvert only as
// items; what a drop or a tablet contains is the caller's to state (mg/tab, mL/gtt).
import { base, unit } from "./define.ts"

const count = { system: "count" } as const

export const counts = [
  base("ea", "each", "#", {
    ...count,
    aliases: ["ct", "pcs"],
    names: ["item", "piece", "count"],
    plurals: false,
    prefixes: "none",
    note: "one counted item; 'ct' is a count here, the carat is ct_mass"
  }),
  unit("doz", "dozen", [12, "ea"], count),
  unit("pair", "pair", [2, "ea"], count),
  unit("gross", "gross", [144, "ea"], { ...count, plurals: false }),
  unit("gtt", "drop", [1, "ea"], {
    ...count,
    aliases: ["gtts"],
    names: ["gtt", "gutta"],
    plurals: ["guttae"],
    note: "a counted drop; its volume is a drop factor such as 15 gtt/mL, never built in"
  }),
  unit("tab", "tablet", [1, "ea"], { ...count, note: "a counted tablet; its strength is mg/tab" }),
  unit("capsule", "capsule", [1, "ea"], { ...count, note: "a counted capsule; 'cap' is not accepted" }),
  unit("cyc", "cycle", [1, "ea"], { ...count, note: "a counted cycle; an angle of one turn is rev, a frequency is Hz" }),
  unit("evt", "event", [1, "ea"], count),
  unit("FLOP", "floating point operation", [1, "ea"], {
    ...count,
    aliases: ["FLOPs"],
    names: ["floating-point operation"],
    prefixes: "large",
    note: "a count of operations (GFLOP, TFLOP); a rate is FLOP/s"
  }),
  unit("instr", "instruction", [1, "ea"], { ...count, prefixes: "large" }),
  unit("OP", "operation", [1, "ea"], { ...count, aliases: ["op"], prefixes: "large" }),
  unit("req", "request", [1, "ea"], { ...count, prefixes: "large" })
]
