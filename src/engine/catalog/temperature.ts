// Temperature scales (the kelvin is in si.ts). A scale is a point: kelvin = (x + offset) × factor
// (NIST SP 811 4.2.1.1 and B.9: t/°C = T/K − 273.15, t/°F = 1.8 t/°C + 32, T/°R = 1.8 T/K).
// Inside a compound unit (J/(kg·°C)) a degree is a difference and only the factor applies; the
// delta_ units say so explicitly when a difference stands alone.
import { affine, decimal, ratio, unit } from "./define.ts"

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
  // precision thermometry: a thousandth of a Celsius degree on the Celsius scale (QUDT MilliDEG_C:
  // multiplier 0.001, offset 273150); inside a compound it is a difference of 1 mK, like °C
  affine(
    "m°C",
    "millidegree Celsius",
    { factor: ratio(1, 1000), offset: decimal("273150") },
    {
      aliases: ["mdegC", "m℃"],
      names: ["milli degree Celsius"],
      system: "SI",
      source: "SI Brochure 2.3.1 (Celsius scale) with the SI prefix milli; QUDT MilliDEG_C",
      note: "a point on the Celsius scale in thousandths: 20000 m°C = 20 °C; a difference of 1 m°C is 1 mK"
    }
  ),
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
