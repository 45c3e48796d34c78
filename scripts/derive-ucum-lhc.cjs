// Writes test/data/ucum-lhc-reference.json: conversions computed by @lhncbc/ucum-lhc (NLM's UCUM
// library, a devDependency) for units clinical systems send, as an independent reference for
// test/ucum.test.ts. Run: node scripts/derive-ucum-lhc.cjs
const { writeFileSync } = require("node:fs")
const ucum = require("@lhncbc/ucum-lhc").UcumLhcUtils.getInstance()
const pairs = [
  ["mg/dL", "g/L"],
  ["ug/dL", "mg/L"],
  ["ng/mL", "ug/L"],
  ["pg/mL", "ng/L"],
  ["g/dL", "g/L"],
  ["mmol/L", "umol/L"],
  ["mmol/L", "mol/m3"],
  ["10*3/uL", "10*9/L"],
  ["10*6/uL", "10*12/L"],
  ["/uL", "/L"],
  ["/mm3", "/uL"],
  ["10*9/L", "/nL"],
  ["mm[Hg]", "kPa"],
  ["cm[H2O]", "kPa"],
  ["[in_i'Hg]", "kPa"],
  ["[psi]", "kPa"],
  ["atm", "kPa"],
  ["bar", "kPa"],
  ["[lb_av]", "kg"],
  ["[oz_av]", "g"],
  ["[in_i]", "cm"],
  ["[ft_i]", "m"],
  ["[mi_i]", "km"],
  ["[yd_i]", "m"],
  ["[nmi_i]", "m"],
  ["[gal_us]", "L"],
  ["[qt_us]", "mL"],
  ["[pt_us]", "mL"],
  ["[foz_us]", "mL"],
  ["[tbs_us]", "mL"],
  ["[tsp_us]", "mL"],
  ["[cup_us]", "mL"],
  ["[gal_br]", "L"],
  ["[foz_br]", "mL"],
  ["[gr]", "mg"],
  ["[dr_av]", "g"],
  ["[lb_tr]", "kg"],
  ["[oz_tr]", "g"],
  ["kcal", "kJ"],
  ["cal", "J"],
  ["[Btu_IT]", "kJ"],
  ["kW.h", "MJ"],
  ["eV", "J"],
  ["mL/min", "L/h"],
  ["mL/h", "uL/min"],
  ["L/min", "mL/s"],
  ["ug/(kg.min)", "mg/(kg.h)"],
  ["mg/(kg.d)", "ug/(kg.h)"],
  ["h", "min"],
  ["d", "h"],
  ["wk", "d"],
  ["a", "d"],
  ["mo", "d"],
  ["a_j", "d"],
  ["a_g", "d"],
  ["Cel", "K"],
  ["[degF]", "K"],
  ["km/h", "m/s"],
  ["[kn_i]", "km/h"],
  ["m2", "[sft_i]"],
  ["[acr_us]", "m2"],
  ["ar", "m2"],
  ["mm2", "cm2"],
  ["cm3", "mL"],
  ["dm3", "L"],
  ["Gy", "rad"],
  ["Sv", "REM"],
  ["Bq", "Ci"],
  ["mCi", "MBq"],
  ["[ppm]", "%"],
  ["%", "[ppth]"],
  ["g.m/s2", "N"],
  ["kg.m2/s2", "J"],
  ["N.m", "J"],
  ["J/s", "W"],
  ["[HP]", "W"],
  ["dyn", "N"],
  ["erg", "J"],
  ["G", "T"],
  ["Ao", "nm"]
]
const rows = []
for (const [from, to] of pairs) {
  const r = ucum.convertUnitTo(from, 1, to)
  if (r.status !== "succeeded") {
    console.error(`${from} -> ${to}: ${r.status} ${r.msg}`)
    continue
  }
  rows.push({ from, to, value: 1, result: r.toVal })
}
writeFileSync(
  require("node:path").join(__dirname, "../test/data/ucum-lhc-reference.json"),
  JSON.stringify({ description: "1 unit converted by @lhncbc/ucum-lhc 7.1.9 (scripts/derive-ucum-lhc.cjs)", conversions: rows }, null, 1) + "\n"
)
console.error(`${rows.length} conversions`)
