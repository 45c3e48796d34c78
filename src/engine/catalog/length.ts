// Length: US customary and imperial lengths, exact since the 1959 international yard and pound
// agreement (1 in = 2.54 cm; NIST SP 811, 2008, appendix B.8; NIST Handbook 44, 2024, appendix C),
// the US survey foot (NIST SP 447; Federal Register 85 FR 62698, 2020), the nautical mile (1852 m,
// SI Brochure table 8 note) and typographic units (PostScript/DTP point, 1/72 in).
// Astronomical lengths are in astronomy.ts, atomic ones in atomic.ts.
import { decimal, ratio, unit } from "./define.ts"

const customary = { system: "US customary", source: "NIST SP 811 B.8; NIST HB 44 appendix C (international yard, 1959)" } as const

export const length = [
  unit("in", "inch", [ratio(254, 100), "cm"], { ...customary, names: ["international inch"] }),
  unit("ft", "foot", [12, "in"], { ...customary, names: ["international foot"], plurals: ["feet", "international feet"] }),
  unit("yd", "yard", [3, "ft"], customary),
  unit("mi", "mile", [5280, "ft"], { ...customary, names: ["statute mile", "international mile"] }),
  unit("mil", "mil", [ratio(1, 1000), "in"], {
    ...customary,
    aliases: ["thou"],
    names: ["thou"],
    note: "one thousandth of an inch (25.4 µm); not the angular mil and not the millilitre"
  }),
  unit("hh", "hand", [4, "in"], { ...customary, note: "used for the height of horses" }),
  unit("ftm", "fathom", [6, "ft"], { ...customary, note: "nautical depth, 6 international feet" }),
  unit("ftm_survey", "US survey fathom", [6, "ft_survey"], {
    system: "US survey",
    source: "NIST SP 811 B.8 (fathom, based on U.S. survey foot: 1.828 804 m); NIST SP 447"
  }),
  unit("shackle", "shackle", [15, "ftm"], {
    ...customary,
    source: "nautical anchor-cable length, 15 fathoms = 90 ft (GNU units 'shackle')",
    note: "anchor cable, 15 fathoms = 27.432 m"
  }),
  unit("kyd", "kiloyard", [1000, "yd"], { ...customary, note: "1000 yd (naval gunnery ranges)" }),
  unit("ch", "chain", [66, "ft"], { ...customary, names: ["Gunter's chain"], note: "Gunter's chain, 66 ft = 22 yd" }),
  unit("lk", "link", [ratio(1, 100), "ch"], customary),
  unit("rd", "rod", [ratio(33, 2), "ft"], { ...customary, names: ["perch", "pole"], note: "16.5 ft" }),
  unit("fur", "furlong", [10, "ch"], { ...customary, note: "660 ft = 1/8 mile" }),
  unit("lea", "league", [3, "mi"], { ...customary, note: "land league, 3 statute miles" }),
  unit("ft_survey", "US survey foot", [ratio(1200, 3937), "m"], {
    // ftUS: the spelling of state plane coordinate systems (EPSG unit 9003 "US survey foot")
    aliases: ["ftUS", "ft_US", "ft_us"],
    system: "US customary",
    names: ["survey foot"],
    plurals: ["US survey feet", "survey feet"],
    source: "NIST SP 447; 85 FR 62698 (deprecated after 2022)",
    note: "1200/3937 m, about 2 ppm longer than the international foot; used by older US land surveys"
  }),
  unit("mi_survey", "US survey mile", [5280, "ft_survey"], {
    system: "US customary",
    names: ["survey mile"],
    source: "NIST SP 447; 85 FR 62698"
  }),
  unit("ch_survey", "survey chain", [66, "ft_survey"], {
    system: "US customary",
    names: ["US survey chain"],
    source: "NIST SP 447 (Public Land Survey System)"
  }),
  unit("lk_survey", "survey link", [ratio(1, 100), "ch_survey"], { system: "US customary", names: ["US survey link"], source: "NIST SP 447" }),
  unit("rd_survey", "survey rod", [ratio(1, 4), "ch_survey"], { system: "US customary", names: ["US survey rod"], source: "NIST SP 447" }),
  unit("fur_survey", "survey furlong", [10, "ch_survey"], { system: "US customary", names: ["US survey furlong"], source: "NIST SP 447" }),
  unit("span", "span", [9, "in"], { ...customary, note: "9 in" }),
  unit("nmi", "nautical mile", [1852, "m"], {
    aliases: ["NM"],
    names: ["international nautical mile"],
    system: "nautical",
    source: "SI Brochure table 8 (non-SI unit, 1852 m exactly)"
  }),
  unit("cable", "cable", [ratio(1, 10), "nmi"], {
    system: "nautical",
    names: ["cable length"],
    source: "international cable, 1/10 nautical mile",
    note: "international cable = 185.2 m; the older US Navy cable is 720 ft"
  }),
  unit("lea_naut", "nautical league", [3, "nmi"], { system: "nautical", note: "3 nautical miles" }),
  unit("Å", "angstrom", [ratio(1, 10), "nm"], {
    aliases: ["\u212B"],
    names: ["ångström", "angström"],
    system: "SI accepted",
    source: "NIST SP 811 B.8 (1e-10 m exactly)"
  }),
  unit("micron", "micron", [1, "µm"], { system: "SI accepted", note: "obsolete name for the micrometre (µm)" }),
  unit("fermi", "fermi", [1, "fm"], { system: "SI accepted", note: "obsolete name for the femtometre (fm)" }),
  unit("pt_typo", "point", [ratio(1, 72), "in"], {
    names: ["typographic point", "PostScript point", "DTP point", "computer point"],
    system: "typographic",
    source: "Adobe PostScript / DTP point, 1/72 in",
    note: "the desktop-publishing point; 'pt' is the US pint"
  }),
  unit("pica", "pica", [12, "pt_typo"], { names: ["computer pica"], system: "typographic", source: "DTP pica, 1/6 in; NIST SP 811 B.8 (pica (computer))" }),
  unit("twip", "twip", [ratio(1, 20), "pt_typo"], { system: "typographic", note: "twentieth of a point, 1/1440 in" }),
  unit("µin", "microinch", [ratio(1, 1000000), "in"], {
    ...customary,
    aliases: ["uin", "μin"],
    names: ["micro-inch"],
    source: "NIST SP 811 B.8 (2.54e-8 m)",
    note: "surface roughness (Ra); 25.4 nm"
  }),
  unit("mil_scand", "Scandinavian mile", [10, "km"], {
    system: "metric",
    names: ["Swedish mile", "Norwegian mile"],
    source: "Swedish and Norwegian metric mile since 1889 (10 km)",
    note: "10 km; 'mil' alone is the thousandth of an inch, and the athletics 'metric mile' (1500 m) is not this"
  }),
  unit("shaku", "shaku", [ratio(10, 33), "m"], {
    system: "Japanese",
    names: ["Japanese foot"],
    plurals: false,
    source: "Japanese Measurement Law 1891 (1 shaku = 10/33 m)",
    note: "about 303.03 mm"
  }),
  unit("pt_tex", "TeX point", [ratio(100, 7227), "in"], {
    system: "typographic",
    source: "Knuth, The TeXbook (72.27 pt = 1 in)",
    note: "1/72.27 in; the DTP point is pt_typo (1/72 in)"
  }),
  unit("pt_printer", "printer's point", [decimal("0.013837"), "in"], {
    system: "typographic",
    names: ["American point", "Anglo-American point", "printer point"],
    source: "American Type Founders point system, 1886 (0.013837 in); NIST SP 811 B.8",
    note: "traditional printer's point, 0.013837 in (about 0.3515 mm)"
  }),
  unit("pica_printer", "printer's pica", [12, "pt_printer"], {
    system: "typographic",
    names: ["American pica", "printer pica"],
    source: "NIST SP 811 B.8 (pica (printer's), 12 points)"
  })
]
