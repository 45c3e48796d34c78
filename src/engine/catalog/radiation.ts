// Ionizing radiation beyond the SI (Bq, Gy, Sv are in si.ts): the curie (3.7e10 Bq), rutherford
// (1e6 Bq), roentgen (2.58e-4 C/kg), rad (0.01 Gy) and rem (0.01 Sv), all exact by definition
// (NIST SP 811 B.8; ICRU Report 85). The rad is written rad_dose: 'rad' is the radian.
import { decimal, ratio, unit } from "./define.ts"

const legacy = { system: "legacy radiation", source: "NIST SP 811 B.8" } as const

export const radiation = [
  unit("Ci", "curie", [decimal("3.7e10"), "Bq"], { ...legacy, prefixes: "si", kind: "activity", note: "activity, 3.7e10 Bq exactly; mCi, µCi accepted" }),
  unit("dpm", "disintegration per minute", [1, "Bq/60"], { ...legacy, plurals: ["disintegrations per minute"], kind: "activity", note: "activity, 1/60 Bq" }),
  unit("Rd", "rutherford", [1000000, "Bq"], { ...legacy, prefixes: "si", kind: "activity", note: "activity, 1e6 Bq; mRd, kRd accepted" }),
  unit("R_exp", "roentgen", [decimal("2.58e-4"), "C/kg"], {
    ...legacy,
    aliases: ["roentgen"],
    names: ["röntgen"],
    prefixes: "si",
    note: "exposure, 2.58e-4 C/kg; bare 'R' is not accepted (roentgen, rankine or gas constant?)"
  }),
  // survey meters read mR/h and µR/h: there the prefix settles which R is meant (no one writes a millirankine)
  unit("mR", "milliroentgen", [ratio(1, 1000), "R_exp"], { ...legacy, note: "exposure, 2.58e-7 C/kg; survey meters read mR/h" }),
  unit("µR", "microroentgen", [ratio(1, 1000000), "R_exp"], { ...legacy, aliases: ["uR"], note: "exposure, 2.58e-10 C/kg; survey meters read µR/h" }),
  unit("rad_dose", "radiation absorbed dose", [ratio(1, 100), "Gy"], {
    ...legacy,
    aliases: ["rad_absorbed"],
    kind: "absorbed dose",
    note: "absorbed dose, 0.01 Gy; 'rad' alone is the radian"
  }),
  unit("rem", "rem", [ratio(1, 100), "Sv"], {
    ...legacy,
    prefixes: "si",
    kind: "dose equivalent",
    names: ["roentgen equivalent man"],
    note: "dose equivalent, 0.01 Sv; mrem accepted"
  }),
  unit("WL", "working level", [decimal("1.3e5"), "MeV/L"], {
    system: "radon",
    source: "US EPA; ICRP Publication 65 (1.3e5 MeV of potential alpha energy per litre)",
    note: "radon-progeny potential alpha energy concentration, 2.08e-5 J/m³"
  }),
  unit("WLM", "working level month", [170, "WL*h"], { system: "radon", source: "ICRP Publication 65 (1 WL for 170 h)", note: "radon-progeny exposure" })
]
