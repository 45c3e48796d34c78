// Logarithmic levels (ISO 80000-3 annex C; IEC 60027-3; NIST SP 811 8.7): linear = reference ×
// base^(x / divisor). The decibel and bel are power-ratio levels (10 dB per decade of power); the
// neper is a field level, so 1 Np is a power ratio of e² (= 20/ln 10 dB ≈ 8.686 dB). Field
// quantities (dBV, dB SPL) use divisor 20. pH is −log10 of the hydrogen-ion activity in mol/L
// (IUPAC), taken here as concentration. "Nines" of availability are 1 − 10^(−x).
import { logarithmic } from "./define.ts"

const iso = { system: "logarithmic", source: "ISO 80000-3 annex C; IEC 60027-3" } as const

export const levels = [
  logarithmic(
    "dB",
    "decibel",
    { reference: "1", base: 10, divisor: 10 },
    {
      ...iso,
      note: "power-ratio level: linear = 10^(x/10); for field ratios (voltage, pressure) use dBV or dBSPL"
    }
  ),
  logarithmic("bel", "bel", { reference: "1", base: 10, divisor: 1 }, { ...iso, note: "power-ratio level, 10 dB; 'B' is the byte" }),
  logarithmic(
    "Np",
    "neper",
    { reference: "1", base: Math.E, divisor: 0.5 },
    {
      ...iso,
      note: "field level: a field ratio of e per Np, so a power ratio of e² (1 Np ≈ 8.685889638 dB)"
    }
  ),
  logarithmic(
    "dBm",
    "decibel milliwatt",
    { reference: "mW", base: 10, divisor: 10 },
    { ...iso, aliases: ["dBmW"], note: "power level relative to 1 mW; 0 dBm = 1 mW" }
  ),
  logarithmic("dBW", "decibel watt", { reference: "W", base: 10, divisor: 10 }, { ...iso, note: "power level relative to 1 W" }),
  logarithmic(
    "dBV",
    "decibel volt",
    { reference: "V", base: 10, divisor: 20 },
    { ...iso, note: "voltage level relative to 1 V (field quantity, 20 dB per decade)" }
  ),
  logarithmic("dBmV", "decibel millivolt", { reference: "mV", base: 10, divisor: 20 }, { ...iso, note: "voltage level relative to 1 mV" }),
  logarithmic(
    "dBµV",
    "decibel microvolt",
    { reference: "µV", base: 10, divisor: 20 },
    { ...iso, aliases: ["dBuV", "dBμV"], note: "voltage level relative to 1 µV" }
  ),
  logarithmic(
    "dBSPL",
    "decibel sound pressure level",
    { reference: "20 µPa", base: 10, divisor: 20 },
    {
      ...iso,
      aliases: ["dB_SPL"],
      note: "sound pressure level relative to 20 µPa (ISO 1683); A-weighting is not a unit"
    }
  ),
  logarithmic(
    "pH",
    "pH",
    { reference: "mol/L", base: 10, divisor: -1 },
    {
      system: "logarithmic",
      source: "IUPAC Gold Book (pH = −log10 a(H+)); ISO 80000-9",
      plurals: false,
      note: "hydrogen-ion concentration level: 7 pH = 1e-7 mol/L (activity taken as concentration); 'pH' is never the picohenry"
    }
  ),
  logarithmic(
    "nines",
    "nines",
    { reference: "1", base: 10, divisor: 1, complement: true },
    {
      system: "logarithmic",
      source: "availability convention (3 nines = 99.9 %)",
      plurals: false,
      names: ["nines of availability"],
      note: "availability 1 − 10^(−x): 3 nines = 0.999"
    }
  ),
  logarithmic(
    "dBi",
    "decibel isotropic",
    { reference: "1", base: 10, divisor: 10, ratioOf: "power" },
    { ...iso, note: "antenna gain relative to an isotropic radiator (power ratio)" }
  ),
  logarithmic("dBc", "decibel carrier", { reference: "1", base: 10, divisor: 10, ratioOf: "power" }, { ...iso, note: "power relative to the carrier" }),
  logarithmic("dBk", "decibel kilowatt", { reference: "kW", base: 10, divisor: 10 }, { ...iso, note: "power level relative to 1 kW" }),
  logarithmic(
    "dBu",
    "decibel unloaded",
    { reference: "0.7745966692414834 V", base: 10, divisor: 20 },
    {
      ...iso,
      source: "IEC 60268-3 (0 dBu = √0.6 V, 1 mW into 600 Ω)",
      note: "audio voltage level relative to 0.7746 V; dBV is relative to 1 V"
    }
  ),
  logarithmic(
    "dBZ",
    "decibel reflectivity",
    { reference: "mm^6/m^3", base: 10, divisor: 10 },
    {
      ...iso,
      source: "WMO (radar reflectivity factor Z relative to 1 mm⁶/m³)",
      note: "weather radar reflectivity"
    }
  )
]
