// Pure ratios (the zero dimension): fraction, percent, per mille, per myriad, basis point, parts per
// million and billion (ISO 80000-1 annex; NIST SP 811 7.10.2 and 7.10.3). "ppt" is left out: it
// means parts per thousand in chemistry and parts per trillion in environmental work.
import { base, decimal, ratio, unit } from "./define.ts"

const iso = { system: "ratio", source: "ISO 80000-1; NIST SP 811 7.10" } as const

export const ratios = [
  base("frac", "fraction", undefined, {
    ...iso,
    aliases: ["fraction"],
    names: ["unitless", "dimensionless"],
    plurals: false,
    prefixes: "none",
    note: "a pure number; '1' also means a pure number in expressions"
  }),
  unit("%", "percent", [ratio(1, 100), "1"], { ...iso, aliases: ["pct"], names: ["per cent"], plurals: false }),
  // percent by weight or volume as pharmacopoeias define them (USP General Notices 8.140 "Percentage
  // Concentrations"): w/v is grams of solute in 100 mL of solution, a mass concentration (0.9 % w/v NaCl
  // is 9 g/L); w/w grams in 100 g and v/v millilitres in 100 mL, fractions that never convert into each other
  unit("% w/v", "percent weight per volume", [ratio(1, 100), "g/mL"], {
    system: "pharmacy",
    source: "USP General Notices 8.140",
    names: ["percent w/v", "percent weight in volume", "percent mass per volume", "weight per volume percent"],
    plurals: false,
    prefixes: "none",
    note: "1 % w/v is 1 g per 100 mL (10 g/L); also written %(w/v), % m/v, w/v %"
  }),
  unit("% w/w", "percent weight per weight", [ratio(1, 100), "1"], {
    system: "pharmacy",
    source: "USP General Notices 8.140",
    names: ["percent w/w", "percent by weight", "percent by mass", "mass percent", "weight percent", "wt%", "wt %"],
    plurals: false,
    prefixes: "none",
    kind: "mass fraction",
    note: "1 % w/w is 1 g in 100 g; never a volume fraction"
  }),
  unit("% v/v", "percent volume per volume", [ratio(1, 100), "1"], {
    system: "pharmacy",
    source: "USP General Notices 8.140",
    names: ["percent v/v", "percent by volume", "volume percent", "vol%", "vol %"],
    plurals: false,
    prefixes: "none",
    kind: "volume fraction",
    note: "1 % v/v is 1 mL in 100 mL (alcohol by volume is % v/v); never a mass fraction"
  }),
  unit("‰", "per mille", [ratio(1, 1000), "1"], { ...iso, names: ["permille", "per mil"], plurals: false }),
  unit("‱", "per myriad", [ratio(1, 10000), "1"], { ...iso, names: ["permyriad"], plurals: false, note: "1e-4, numerically one basis point" }),
  unit("bip", "basis point", [ratio(1, 10000), "1"], {
    ...iso,
    names: ["basis_point"],
    note: "finance, 0.01 %; bare 'bp' is refused (basis point, base pair or big point?); 'bps' is bits per second"
  }),
  unit("ppm", "part per million", [ratio(1, 1000000), "1"], { ...iso, plurals: ["parts per million"] }),
  unit("ppb", "part per billion", [ratio(1, 1000000000), "1"], { ...iso, plurals: ["parts per billion"], note: "1e-9 (short-scale billion)" }),
  // "ppt" stays refused (thousand or trillion); the quadrillion has one reading in use (trace analysis)
  unit("ppq", "part per quadrillion", [decimal("1e-15"), "1"], { ...iso, plurals: ["parts per quadrillion"], note: "1e-15 (short-scale quadrillion)" }),
  unit("pptr", "part per trillion", [decimal("1e-12"), "1"], {
    ...iso,
    plurals: ["parts per trillion"],
    source: "short-scale trillion, 1e-12 (US EPA method reporting; 'pptr' in SEMI and atmospheric chemistry to avoid ppt's two readings)",
    note: "1e-12; bare 'ppt' is refused (thousand or trillion)"
  }),
  unit("pptm", "part per ten million", [decimal("1e-7"), "1"], { ...iso, aliases: ["PPTM"], plurals: ["parts per ten million"], note: "1e-7" }),
  // relative humidity in percent, as hygrometers and data sheets write it: a ratio of vapour pressures
  unit("%RH", "percent relative humidity", [1, "%"], {
    ...iso,
    names: ["percent RH"],
    plurals: false,
    source: "WMO No. 8 (relative humidity in percent); QUDT PERCENT_RH",
    note: "relative humidity, 1 % of the saturation vapour pressure"
  }),
  unit("lakh", "lakh", [100000, "1"], { system: "ratio", source: "Indian numbering system (1 lakh = 100000)", names: ["lac"], note: "1e5" }),
  unit("crore", "crore", [10000000, "1"], { system: "ratio", source: "Indian numbering system (1 crore = 100 lakh)", note: "1e7" }),
  unit("okta", "okta", [ratio(1, 8), "1"], {
    system: "meteorology",
    source: "WMO Manual on Codes (cloud cover in eighths)",
    note: "cloud cover: 8 okta = overcast"
  }),
  // Telephone traffic intensity (ITU-T E.600 §2.3; IEC 60050-715): the mean number of simultaneously
  // busy circuits. Dimensionless, but 1 erlang is not the plain number 1 to convert into percent or
  // ppm, so it converts only to itself; ITU's symbol E is left out (one letter, read as exa elsewhere).
  unit("Erl", "erlang", [1, "1"], {
    system: "telecommunications",
    source: "ITU-T Recommendation E.600 (03/1993), 2.3 'traffic intensity'",
    standalone: "traffic intensity (mean number of busy circuits); dimensionless, but not a plain ratio, so it converts only to itself"
  })
]
