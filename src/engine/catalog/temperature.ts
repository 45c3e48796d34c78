// Temperature scales (the kelvin is in si.ts). A scale is a point: kelvin = (x + offset) × factor
// (NIST SP 811 4.2.1.1 and B.9: t/°C = T/K − 273.15, t/°F = 1.8 t/°C + 32, T/°R = 1.8 T/K).
// Inside a compound unit (J/(kg·°C)) a degree is a difference and only the factor applies; the
// delta_ units say so explicitly when a difference stands alone.
import * as Rational from "../Rational.ts"
import { affine, decimal, ratio, unit } from "./define.ts"

/**
 * The SI prefixes put on the degree Celsius here, each with its other spellings (u and Greek mu for
 * micro). Not deci and hecto: d°C and h°C read as well as a day or an hour beside a degree (degree-days,
 * degree-hours), so they stay unknown rather than read one way.
 */
const celsiusMultiples = [
  { prefix: "n", name: "nano", exponent: -9, spellings: [] },
  { prefix: "µ", name: "micro", exponent: -6, spellings: ["u", "μ"] },
  { prefix: "m", name: "milli", exponent: -3, spellings: [] },
  { prefix: "c", name: "centi", exponent: -2, spellings: [] },
  { prefix: "da", name: "deca", exponent: 1, spellings: [] },
  { prefix: "k", name: "kilo", exponent: 3, spellings: [] }
] as const

export const temperature = [
  affine(
    "°C",
    "degree Celsius",
    { factor: ratio(1), offset: decimal("273.15") },
    {
      // "25 deg C" as reports write it (read otherwise as degree × coulomb); º is the ordinal sign
      // Spanish and Portuguese keyboards put where ° belongs
      aliases: ["degC", "℃", "ºC"],
      names: ["degrees Celsius", "celsius", "centigrade", "degree centigrade", "degrees centigrade", "deg C", "degree C", "degrees C"],
      system: "SI",
      source: "SI Brochure table 4; NIST SP 811 4.2.1.1",
      note: "a point on the Celsius scale; a difference of 1 °C is delta_degC = 1 K"
    }
  ),
  affine(
    "°F",
    "degree Fahrenheit",
    { factor: ratio(5, 9), offset: decimal("459.67") },
    {
      aliases: ["degF", "℉", "ºF"],
      names: ["degrees Fahrenheit", "fahrenheit", "deg F", "degree F", "degrees F"],
      system: "US customary",
      source: "NIST SP 811 B.9",
      note: "a point on the Fahrenheit scale; a difference of 1 °F is delta_degF = 5/9 K"
    }
  ),
  unit("°R", "degree Rankine", [ratio(5, 9), "K"], {
    aliases: ["degR"],
    names: ["degrees Rankine", "rankine"],
    plurals: false,
    system: "US customary",
    source: "NIST SP 811 B.9 (T/°R = 1.8 T/K)",
    note: "absolute scale, so points and differences agree; bare 'R' is not accepted (rankine, roentgen or gas constant?)"
  }),
  affine(
    "°Ré",
    "degree Réaumur",
    { factor: ratio(5, 4), offset: decimal("218.52") },
    {
      aliases: ["degRe"],
      names: ["degrees Réaumur", "réaumur", "reaumur", "degree Reaumur"],
      system: "historical",
      source: "Réaumur scale: 0 °Ré = 0 °C, 80 °Ré = 100 °C",
      note: "a point on the Réaumur scale"
    }
  ),
  // Rømer's historical scale, fixed to Celsius at two points as the Réaumur is (kelvin = (x + offset) ×
  // factor through them). Not Newton's: its °N is written for degrees of latitude north.
  affine(
    "°Rø",
    "degree Rømer",
    { factor: ratio(40, 21), offset: decimal("135.90375") },
    {
      aliases: ["degRo", "°Ro"],
      names: ["degrees Rømer", "rømer", "roemer", "degree Roemer", "degrees Roemer"],
      system: "historical",
      source: "Rømer scale: 7.5 °Rø = 0 °C, 60 °Rø = 100 °C",
      note: "a point on the Rømer scale"
    }
  ),
  // The degree Celsius with SI prefixes (SI Brochure 2.3.4: prefixes may be used with the degree
  // Celsius, as with any SI unit with a special name): a point on the Celsius scale in that multiple,
  // kelvin = (x + 273.15/p) × p; inside a compound a difference of p kelvin, like °C. Precision
  // thermometry writes m°C (QUDT MilliDEG_C); rates such as k°C/s are UnitsNet's. One entry each,
  // not a prefix policy on °C, so the sign ° alone never takes a prefix.
  ...celsiusMultiples.map(({ prefix, name, exponent, spellings }) => {
    const factor = exponent < 0 ? ratio(1, 10 ** -exponent) : ratio(10 ** exponent)
    return affine(
      `${prefix}°C`,
      `${name}degree Celsius`,
      // the Celsius offset in this multiple, exactly: 273.15 K is 273150 m°C, 0.27315 k°C
      { factor, offset: Rational.divide(decimal("273.15"), factor) },
      {
        aliases: [`${prefix}degC`, `${prefix}℃`, ...spellings.flatMap((p) => [`${p}°C`, `${p}degC`])],
        names: [`${name} degree Celsius`, `${name}degrees Celsius`],
        system: "SI",
        source: `SI Brochure 2.3.1 (Celsius scale) and 2.3.4 (prefixes with the degree Celsius), the SI prefix ${name}${prefix === "m" ? "; QUDT MilliDEG_C" : ""}`,
        note: `a point on the Celsius scale in ${name}degrees: 1 ${prefix}°C is 1e${exponent} °C; a difference of 1 ${prefix}°C is 1e${exponent} K`
      }
    )
  }),
  unit("delta_degC", "degree Celsius difference", [1, "K"], {
    aliases: ["ΔdegC", "Δ°C", "∆degC", "∆°C"],
    names: ["Celsius degree", "delta degree Celsius"],
    system: "SI",
    source: "SI Brochure 2.3.1 (a Celsius interval equals a kelvin interval)",
    note: "a temperature difference: 1 delta_degC = 1 K, no offset",
    interval: true
  }),
  unit("delta_degF", "degree Fahrenheit difference", [ratio(5, 9), "K"], {
    aliases: ["ΔdegF", "Δ°F", "∆degF", "∆°F"],
    names: ["Fahrenheit degree", "delta degree Fahrenheit"],
    system: "US customary",
    source: "NIST SP 811 B.9",
    note: "a temperature difference: 1 delta_degF = 5/9 K, no offset",
    interval: true
  }),
  unit("delta_degRe", "degree Réaumur difference", [ratio(5, 4), "K"], {
    aliases: ["ΔdegRe", "Δ°Ré", "∆degRe", "∆°Ré"],
    names: ["Réaumur degree", "delta degree Réaumur"],
    system: "historical",
    source: "Réaumur scale: 80 °Ré between the freezing and boiling points of water, so 1 °Ré of difference = 5/4 K",
    note: "a temperature difference: 1 delta_degRe = 1.25 K, no offset",
    interval: true
  }),
  unit("delta_degRo", "degree Rømer difference", [ratio(40, 21), "K"], {
    aliases: ["ΔdegRo", "Δ°Rø", "∆degRo", "∆°Rø"],
    names: ["Rømer degree", "delta degree Rømer"],
    system: "historical",
    source: "Rømer scale: 52.5 °Rø between the freezing and boiling points of water, so 1 °Rø of difference = 40/21 K",
    note: "a temperature difference: 1 delta_degRo = 40/21 K, no offset",
    interval: true
  }),
  unit("delta_mdegC", "millidegree Celsius difference", [ratio(1, 1000), "delta_degC"], {
    aliases: ["Δm°C", "∆m°C", "ΔmdegC", "∆mdegC"],
    system: "SI",
    source: "SI Brochure 2.3.1 (a Celsius interval equals a kelvin interval) with the SI prefix milli",
    note: "a temperature difference: 1 delta_mdegC = 1 mK, no offset",
    interval: true
  }),
  // NIST SP 811 B.8 lists "degree Rankine (temperature interval)" apart from the scale (°R)
  unit("delta_degR", "degree Rankine difference", [1, "delta_degF"], {
    aliases: ["ΔdegR", "Δ°R", "∆degR", "∆°R"],
    names: ["Rankine degree", "delta degree Rankine"],
    system: "US customary",
    source: "NIST SP 811 B.8 (degree Rankine (temperature interval) = 5/9 K)",
    note: "a temperature difference: 1 delta_degR = 1 delta_degF = 5/9 K, no offset",
    interval: true
  })
]
