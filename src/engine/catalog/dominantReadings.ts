// Names taken in one reading though others are in use: the reading dominates, and every result says
// which it took and names the others (`dominant`); and spelled names whose words mean another unit
// than their parts (`wordNotes`). The names refused with every reading are in readings.ts.
// Sources: NIST HB 44 appendix C, NIST SP 811 B.8, ISMP's list of error-prone abbreviations.

/** A name taken in its dominant reading: the note every result carries, and the other readings in use. */
export interface DominantName {
  readonly note: string
  /** The other readings, as expressions of this catalog: each resolves and means something else. */
  readonly others: ReadonlyArray<string>
}

/**
 * Units taken in their dominant reading, by catalog symbol (so every spelling of the unit, "tsp",
 * "teaspoon", "teaspoons", carries the note); the result's notes name the reading and the others.
 * Sources: NIST HB 44 appendix C, NIST SP 811 B.8.
 */
export const dominant: Readonly<Record<string, DominantName>> = {
  gal: { note: "gallon read as the US liquid gallon (3.785411784 L); the imperial gallon is imp_gal (4.54609 L)", others: ["imp_gal"] },
  qt: { note: "quart read as the US liquid quart (946.352946 mL); the imperial quart is imp_qt", others: ["imp_qt"] },
  pt: {
    note: "pint read as the US liquid pint (473.176473 mL), as GNU units and pint read pt; the imperial pint is imp_pt (568.26125 mL), the typographic point 'point'",
    others: ["imp_pt", "point"]
  },
  pc: { note: "pc read as the parsec (3.0857e16 m), as GNU units and pint read it; a count of pieces is ea", others: ["ea"] },
  cup: { note: "cup read as the US customary cup (236.5882365 mL); the imperial cup is imp_cup, the metric cup 250 mL", others: ["imp_cup", "250 mL"] },
  floz: { note: "fluid ounce read as the US fluid ounce (29.5735295625 mL); the imperial one is imp_floz", others: ["imp_floz"] },
  tbsp: { note: "tablespoon read as the US tablespoon (14.78676478125 mL); the metric one is tbsp_metric (15 mL)", others: ["tbsp_metric"] },
  tsp: { note: "teaspoon read as the US teaspoon (4.92892159375 mL); the metric one is tsp_metric (5 mL)", others: ["tsp_metric"] },
  gi: { note: "gill read as the US gill (118.29411825 mL); the imperial gill is imp_gi (142.0653125 mL)", others: ["imp_gi"] },
  fldr: { note: "fluid dram read as the US fluid dram (3.6966911953125 mL); the imperial fluid drachm is imp_fldr", others: ["imp_fldr"] },
  pk: { note: "peck read as the US peck (8.80976754172 L); the imperial peck is imp_pk (9.09218 L)", others: ["imp_pk"] },
  bu: { note: "bushel read as the US (Winchester) bushel (35.23907016688 L); the imperial bushel is imp_bu (36.36872 L)", others: ["imp_bu"] },
  mpg: { note: "mpg read as miles per US gallon; miles per imperial gallon is mpg_imp (1.2 times as many)", others: ["mpg_imp"] },
  oz: { note: "ounce read as the avoirdupois ounce (28.349523125 g); the troy ounce is ozt, the fluid ounce floz", others: ["ozt", "floz"] },
  dr: {
    note: "dram read as the avoirdupois dram (1.7718451953125 g); the apothecary dram is dram_ap (3.8879346 g), the fluid dram fldr",
    others: ["dram_ap", "fldr"]
  },
  hp: {
    note: "horsepower read as mechanical horsepower (550 ft·lbf/s = 745.6998715822702 W); metric horsepower is PS (735.49875 W), electrical hp_e (746 W), boiler hp_boiler",
    others: ["PS", "hp_e", "hp_boiler"]
  },
  BTU: {
    note: "Btu read as the International Table Btu (1055.05585262 J); the thermochemical one is BTU_th (1054.35 J), the 59 °F one BTU_59F",
    others: ["BTU_th", "BTU_59F"]
  },
  ...Object.fromEntries(
    ["Mcal_th", "Gcal_th"].map((k) => [
      k,
      {
        note: `${k.replace("_th", "")} read with the thermochemical calorie (4.184 J); with the International Table one it is ${k.replace("_th", "_IT")}`,
        others: [k.replace("_th", "_IT")]
      }
    ])
  ),
  kcal_th: {
    note: "kcal read as the thermochemical kilocalorie (4184 J), the food Calorie; the International Table one is kcal_IT (4186.8 J)",
    others: ["kcal_IT"]
  },
  mil: { note: "mil read as a thousandth of an inch (25.4 µm), not the angular mil", others: ["0.001 rad"] },
  thm: { note: "therm read as the US therm (105.4804 MJ); the EC therm is thm_EC (105.506 MJ)", others: ["thm_EC"] },
  bbl: { note: "barrel read as the oil barrel (42 US gal = 158.987 L); other barrels: bbl_fluid, bbl_beer", others: ["bbl_fluid", "bbl_beer"] },
  pt_typo: { note: "point read as the DTP (PostScript) point, 1/72 in; the traditional printer's point is pt_printer (0.013837 in)", others: ["pt_printer"] },
  pica: { note: "pica read as the DTP pica (1/6 in); the traditional printer's pica is slightly smaller", others: ["pica_printer"] },
  fsw: {
    note: "fsw read as the US Navy's foot of seawater (33 fsw = 1 atm, 3070.45 Pa); a foot of EN 13319's msw (0.1 bar), as GNU units reads fsw, is 3048 Pa",
    others: ["0.3048 msw"]
  },
  rayl: {
    note: "rayl read as the MKS rayl (1 Pa·s/m, the rayl of MRayl in ultrasound); the CGS rayl (1 dyn·s/cm³, GNU units' rayl) is 10 Pa·s/m",
    others: ["10 Pa*s/m"]
  },
  lea: {
    note: "lea read as the league (3 statute miles); in textiles a lea is a length of yarn (300 yd of linen, as GNU units reads lea)",
    others: ["300 yd"]
  },
  // ISMP lists "gr" among error-prone abbreviations: the grain mistaken for the gram, 15 times more
  gr: {
    note: "gr read as the grain (64.79891 mg), as apothecary doses and ammunition write it; Spanish, Italian and Portuguese write gr for the gram, which is g here",
    others: ["g"]
  },
  Gbit: { note: "Gb read as the gigabit; the gilbert (UCUM's Gb) is spelled 'gilbert'", others: ["gilbert"] },
  Tbit: { note: "Tb read as the terabit, not a tablespoon", others: ["tbsp"] },
  aA: { note: "aA read as the attoampere (SI prefix); the abampere (10 A), which CGS texts and GNU units also write aA, is abA", others: ["abA"] },
  yr: { note: "year read as the Julian year (365.25 d, IAU); the Gregorian year is yr_greg, the tropical yr_trop", others: ["yr_greg", "yr_trop"] },
  // the units of insulin and heparin are substance-specific, like IU: "U" for them is on ISMP's
  // do-not-use list, and read as the enzyme unit they agree only where U cancels or only time changes
  U: {
    note: "U read as the enzyme unit (1 µmol/min), not the rack unit; a drug's own units (insulin, heparin) are written 'units'",
    others: ["1.75 in"]
  },
  N_m: { note: "Nm read as the newton metre (torque), not nm (the nanometre) or the metric yarn count (km/kg)", others: ["nm", "km/kg"] },
  N_s: { note: "Ns read as the newton second (impulse), not ns (the nanosecond)", others: ["ns"] }
}

/**
 * Spelled names whose words commonly mean another unit than their parts: "pounds per square inch"
 * is a pressure (psi, pound-force), although "pound" alone is a mass. Read as the catalog unit they
 * name, with this note, whatever the target is: the name has one meaning.
 */
export const wordNotes: Readonly<Record<string, string>> = {
  "pound per square inch": "'pound per square inch' read as pound-force per square inch (psi, a pressure); a mass per area is lb/in^2",
  "pounds per square inch": "'pounds per square inch' read as pound-force per square inch (psi, a pressure); a mass per area is lb/in^2",
  "pound per square foot": "'pound per square foot' read as pound-force per square foot (psf, a pressure); a mass per area is lb/ft^2",
  "pounds per square foot": "'pounds per square foot' read as pound-force per square foot (psf, a pressure); a mass per area is lb/ft^2",
  "kilopound per square inch": "'kilopound per square inch' read as kilopound-force per square inch (ksi, a pressure)",
  "kilopounds per square inch": "'kilopounds per square inch' read as kilopound-force per square inch (ksi, a pressure)"
}
