// Atomic and particle physics. The electronvolt is exact since the 2019 SI (e = 1.602176634e-19 C).
// Measured values are CODATA 2022 (Mohr et al., Rev. Mod. Phys. 97, 025002 (2025);
// physics.nist.gov/constants) and marked exact: false: the dalton, electron, proton and neutron
// masses, the Hartree energy (the Rydberg energy is exactly half of it), the Bohr radius, the atomic
// unit of time and the Planck units.
import { decimal, ratio, unit } from "./define.ts"

const codata = { system: "atomic", exact: false, source: "CODATA 2022" } as const
const planck = { system: "Planck", exact: false, source: "CODATA 2022" } as const

export const atomic = [
  unit("eV", "electronvolt", [decimal("1.602176634e-19"), "J"], {
    names: ["electron volt"],
    prefixes: "si",
    system: "SI accepted",
    source: "SI Brochure table 8 (e exact since 2019)",
    note: "meV, keV, MeV, GeV, TeV accepted"
  }),
  unit("Da", "dalton", [decimal("1.66053906892e-27"), "kg"], { ...codata, prefixes: "si", system: "SI accepted", note: "kDa accepted; 'u' is the same mass" }),
  unit("u", "unified atomic mass unit", [1, "Da"], {
    ...codata,
    aliases: ["amu"],
    names: ["atomic mass unit"],
    system: "SI accepted",
    note: "equal to the dalton; takes no prefixes (write kDa)"
  }),
  unit("m_e", "electron mass", [decimal("9.1093837139e-31"), "kg"], { ...codata, plurals: ["electron masses"] }),
  unit("m_p", "proton mass", [decimal("1.67262192595e-27"), "kg"], { ...codata, plurals: ["proton masses"] }),
  unit("m_n", "neutron mass", [decimal("1.67492750056e-27"), "kg"], { ...codata, plurals: ["neutron masses"] }),
  unit("Eh", "hartree", [decimal("4.3597447222060e-18"), "J"], {
    ...codata,
    aliases: ["E_h"],
    names: ["Hartree energy"],
    note: "atomic unit of energy, about 27.211 eV"
  }),
  unit("Ry", "rydberg", [ratio(1, 2), "Eh"], { ...codata, names: ["Rydberg energy"], note: "half a hartree, about 13.606 eV" }),
  unit("a0", "bohr", [decimal("5.29177210544e-11"), "m"], { ...codata, aliases: ["a_0"], names: ["Bohr radius"], note: "atomic unit of length" }),
  unit("t_au", "atomic unit of time", [decimal("2.4188843265864e-17"), "s"], { ...codata, plurals: ["atomic units of time"], note: "ħ/Eh" }),

  // Planck units (CODATA 2022)
  unit("l_P", "Planck length", [decimal("1.616255e-35"), "m"], planck),
  unit("t_P", "Planck time", [decimal("5.391247e-44"), "s"], planck),
  unit("m_P", "Planck mass", [decimal("2.176434e-8"), "kg"], { ...planck, plurals: ["Planck masses"] }),
  unit("T_P", "Planck temperature", [decimal("1.416784e32"), "K"], planck),
  unit("E_P", "Planck energy", [299792458 * 299792458, "m_P*m^2/s^2"], { ...planck, note: "m_P c² ≈ 1.9561e9 J" }),

  // Hartree atomic units derived from e (exact), a0, Eh and t_au = ħ/Eh (CODATA 2022)
  unit("q_au", "atomic unit of charge", [decimal("1.602176634e-19"), "C"], {
    system: "atomic",
    source: "SI Brochure (e exact since 2019)",
    plurals: ["atomic units of charge"],
    note: "the elementary charge e"
  }),
  unit("I_au", "atomic unit of current", [1, "q_au/t_au"], { ...codata, plurals: ["atomic units of current"], note: "e Eh/ħ ≈ 6.6236e-3 A" }),
  unit("phi_au", "atomic unit of electric potential", [1, "Eh/q_au"], { ...codata, plurals: ["atomic units of electric potential"], note: "Eh/e ≈ 27.2114 V" }),
  unit("Efield_au", "atomic unit of electric field", [1, "Eh/(q_au*a0)"], {
    ...codata,
    plurals: ["atomic units of electric field"],
    note: "Eh/(e a0) ≈ 5.1422e11 V/m"
  }),
  unit("force_au", "atomic unit of force", [1, "Eh/a0"], { ...codata, plurals: ["atomic units of force"], note: "Eh/a0 ≈ 8.2387e-8 N" }),
  unit("v_au", "atomic unit of velocity", [1, "a0/t_au"], { ...codata, plurals: ["atomic units of velocity"], note: "a0 Eh/ħ = α c ≈ 2.18769e6 m/s" }),
  unit("p_au", "atomic unit of momentum", [1, "Eh*t_au/a0"], { ...codata, plurals: ["atomic units of momentum"], note: "ħ/a0 ≈ 1.99285e-24 kg·m/s" }),
  unit("dipole_au", "atomic unit of electric dipole moment", [1, "q_au*a0"], {
    ...codata,
    plurals: ["atomic units of electric dipole moment"],
    note: "e a0 ≈ 8.47835e-30 C·m (about 2.5417 D)"
  }),
  unit("B_au", "atomic unit of magnetic flux density", [1, "Eh*t_au/(q_au*a0^2)"], {
    ...codata,
    plurals: ["atomic units of magnetic flux density"],
    note: "ħ/(e a0²) ≈ 2.35052e5 T"
  })
]
