// Counted items: the count pseudo-dimension (Dimension.ts). Counts never convert into pure ratios
// or into each other's absence: 15 gtt/mL is a drop factor, not 15/mL, and gtt/min is a count rate,
// not a frequency. All count units are one item each, so tablets and drops interconvert only as
// items; what a drop or a tablet contains is the caller's to state (mg/tab, mL/gtt).
import { base, unit } from "./define.ts"

const count = { system: "count" } as const

export const counts = [
  base("ea", "each", "#", {
    ...count,
    aliases: ["pcs"],
    names: ["item", "piece", "count", "counts"],
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
  unit("req", "request", [1, "ea"], { ...count, prefixes: "large" }),

  // dose forms: counted items whose content is the caller's to state (mg/puff, mL/vial)
  unit("puff", "puff", [1, "ea"], { ...count, names: ["actuation", "inhalation"], note: "an inhaler actuation; its dose is µg/puff" }),
  unit("spray", "spray", [1, "ea"], { ...count, note: "a nasal spray actuation; its dose is µg/spray" }),
  unit("dose", "dose", [1, "ea"], { ...count, note: "a counted dose; its amount is mg/dose" }),
  unit("pill", "pill", [1, "ea"], count),
  unit("patch", "patch", [1, "ea"], { ...count, note: "a transdermal patch; its rate is µg/h per patch" }),
  unit("supp", "suppository", [1, "ea"], { ...count, plurals: ["suppositories"] }),
  unit("lozenge", "lozenge", [1, "ea"], { ...count, names: ["troche"] }),
  unit("sachet", "sachet", [1, "ea"], count),
  unit("vial", "vial", [1, "ea"], { ...count, note: "a counted vial; its content is mg/vial or mL/vial" }),
  unit("ampoule", "ampoule", [1, "ea"], { ...count, names: ["ampule"], note: "a counted ampoule; 'amp' is the ampere" }),

  // physiology and biology
  unit("beat", "beat", [1, "ea"], { ...count, names: ["heartbeat"] }),
  unit("breath", "breath", [1, "ea"], count),
  unit("bpm", "beat per minute", [1, "beat/min"], { ...count, plurals: ["beats per minute"], note: "a count rate (heart rate); never converts to Hz" }),
  unit("cell", "cell", [1, "ea"], { ...count, note: "cell counts such as cell/µL" }),
  unit("CFU", "colony forming unit", [1, "ea"], { ...count, names: ["colony-forming unit"], source: "microbiology (CFU/mL)" }),
  unit("PFU", "plaque forming unit", [1, "ea"], { ...count, names: ["plaque-forming unit"], source: "virology (PFU/mL)" }),
  unit("FFU", "focus forming unit", [1, "ea"], { ...count, names: ["focus-forming unit"], source: "virology (FFU/mL)" }),
  unit("copy", "copy", [1, "ea"], { ...count, note: "nucleic-acid copies, as in a viral load in copies/mL" }),
  unit("particle", "particle", [1, "ea"], { ...count, note: "a counted particle; converting to mol needs the Avogadro constant explicitly" }),
  unit("molecule", "molecule", [1, "ea"], { ...count, note: "a counted molecule; mol is an amount, not a count" }),
  unit("atom", "atom", [1, "ea"], { ...count, note: "a counted atom; mol is an amount, not a count" }),
  unit("photon", "photon", [1, "ea"], { ...count, note: "a counted photon; a mole of photons is the einstein" }),
  unit("neutron", "neutron", [1, "ea"], { ...count, note: "a counted neutron (fluence per m², flux per m²·s); the neutron's mass is m_n" }),
  unit("ion", "ion", [1, "ea"], { ...count, note: "a counted ion (ions/cm³)" }),
  // a radiation detector's count rate (counts per minute); 'cps' is refused: counts or cycles per second, or the centipoise
  unit("cpm", "count per minute", [1, "ea/min"], { ...count, plurals: ["counts per minute"], note: "a detector's count rate, 1/60 counts/s" }),
  unit("person", "person", [1, "ea"], { ...count, plurals: ["people", "persons"], note: "per-capita rates: kg/person/yr" }),

  // everyday and computing counts
  unit("step", "step", [1, "ea"], count),
  unit("serving", "serving", [1, "ea"], { ...count, note: "a counted serving; its content is kcal/serving" }),
  unit("ream", "ream", [500, "ea"], { ...count, source: "ISO 216 paper trade (500 sheets)", note: "500 sheets (the old ream was 480)" }),
  unit("great_gross", "great gross", [1728, "ea"], { ...count, plurals: false, note: "12 gross" }),
  unit("frame", "frame", [1, "ea"], { ...count, note: "a video or animation frame; a rate is frame/s ('fps' is not accepted: feet per second?)" }),
  unit("char", "character", [1, "ea"], { ...count, note: "a text character; not a byte" }),
  unit("tok", "token", [1, "ea"], { ...count, prefixes: "large", note: "a language-model token (ktok, Mtok); a rate is tok/s" }),
  unit("Sa", "sample", [1, "ea"], { ...count, prefixes: "large", note: "a signal sample (kSa, MSa, GSa); a rate is Sa/s" }),
  unit("FLOPS", "FLOP per second", [1, "FLOP/s"], {
    ...count,
    names: ["floating point operation per second", "floating-point operation per second"],
    plurals: ["floating point operations per second", "FLOPs per second"],
    prefixes: "large",
    note: "a rate: GFLOPS, TFLOPS; the count is FLOP (or FLOPs)"
  }),
  unit("IOPS", "input output operation per second", [1, "OP/s"], {
    ...count,
    plurals: ["input output operations per second"],
    prefixes: "large",
    note: "storage I/O rate (kIOPS)"
  }),
  unit("MIPS", "million instructions per second", [1000000, "instr/s"], { ...count, plurals: false, note: "1e6 instr/s" })
]
