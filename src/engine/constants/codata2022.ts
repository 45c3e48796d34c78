// Physical constants: the CODATA recommended values of the fundamental physical constants, 2022
// adjustment (P. J. Mohr, D. B. Newell, B. N. Taylor, E. Tiesinga, Rev. Mod. Phys. 97, 025002 (2025),
// arXiv:2409.03787), as NIST publishes them in "Fundamental Physical Constants — Complete Listing,
// 2022 CODATA adjustment" (https://physics.nist.gov/cuu/Constants/Table/allascii.txt, May 2024).
// `nist` on each entry is the quantity's row in that listing; values and standard uncertainties are
// copied digit for digit. The seven SI defining constants (SI Brochure, 9th ed., 2019) and the
// conventional gₙ and atm are exact. Everything CODATA marks "(exact)" that follows from them is
// computed here from the defining constants, so the set is consistent to the last bit.
import type { BuiltinConstant } from "./Constants.ts"

const source = "CODATA 2022"

const exact = (symbol: string, aliases: ReadonlyArray<string>, name: string, value: number, unit: string, nist: string): BuiltinConstant => ({
  symbol,
  aliases,
  name,
  value,
  unit,
  uncertainty: null,
  category: "exact",
  source,
  nist
})

const derived = (symbol: string, aliases: ReadonlyArray<string>, name: string, value: number, unit: string, nist: string): BuiltinConstant => ({
  symbol,
  aliases,
  name,
  value,
  unit,
  uncertainty: null,
  category: "derived",
  source,
  nist
})

const measured = (
  symbol: string,
  aliases: ReadonlyArray<string>,
  name: string,
  value: number,
  uncertainty: number,
  unit: string,
  nist: string | undefined
): BuiltinConstant => ({ symbol, aliases, name, value, unit, uncertainty, category: "measured", source, nist })

// SI defining constants (SI Brochure 2.2): exact by definition since 20 May 2019
const ΔνCs = 9192631770
const c = 299792458
const h = 6.62607015e-34
const e = 1.602176634e-19
const k = 1.380649e-23
const NA = 6.02214076e23
const Kcd = 683

/** The positive root of x = n·(1 − e^(−x)): where Planck's law peaks (n = 5 in wavelength, 3 in frequency). */
const planckPeak = (n: number): number => {
  let x = n
  for (let i = 0; i < 50; i++) {
    const step = (x - n * (1 - Math.exp(-x))) / (1 - n * Math.exp(-x))
    x -= step
    if (Math.abs(step) < 1e-16 * x) break
  }
  return x
}

const R = NA * k
const c2 = (h * c) / k
// conditions of the molar volume and the Loschmidt constant: 273.15 K and one standard atmosphere
const T0 = 273.15
const atm = 101325

// electric constant, kept for the Coulomb constant below
const ε0 = 8.8541878188e-12
const uε0 = 0.0000000014e-12
const ke = 1 / (4 * Math.PI * ε0)

/** A standard uncertainty rounded to two significant digits, as CODATA states them. */
const twoDigits = (u: number): number => Number(u.toPrecision(2))

export const codata2022: ReadonlyArray<BuiltinConstant> = [
  exact("ΔνCs", ["dnu_Cs", "delta_nu_Cs"], "hyperfine transition frequency of caesium-133", ΔνCs, "Hz", "hyperfine transition frequency of Cs-133"),
  exact("c", ["c0", "c_0"], "speed of light in vacuum", c, "m/s", "speed of light in vacuum"),
  exact("h", [], "Planck constant", h, "J*s", "Planck constant"),
  exact("e", [], "elementary charge", e, "C", "elementary charge"),
  exact("k", ["k_B", "kB"], "Boltzmann constant", k, "J/K", "Boltzmann constant"),
  exact("N_A", ["NA"], "Avogadro constant", NA, "1/mol", "Avogadro constant"),
  exact("K_cd", ["Kcd"], "luminous efficacy of 540 THz radiation", Kcd, "lm/W", "luminous efficacy"),
  // conventional values adopted by the CGPM (3rd CGPM 1901; 10th CGPM 1954), listed by CODATA as exact
  exact("gₙ", ["g_n", "g0", "gn"], "standard acceleration of gravity", 9.80665, "m/s^2", "standard acceleration of gravity"),
  exact("atm", ["p_atm"], "standard atmosphere", atm, "Pa", "standard atmosphere"),

  derived("ℏ", ["hbar", "h_bar"], "reduced Planck constant", h / (2 * Math.PI), "J*s", "reduced Planck constant"),
  derived("R", ["R_gas"], "molar gas constant", R, "J/(mol*K)", "molar gas constant"),
  derived("F", ["Faraday"], "Faraday constant", NA * e, "C/mol", "Faraday constant"),
  derived(
    "σ",
    ["sigma", "sigma_SB"],
    "Stefan-Boltzmann constant",
    (2 * Math.PI ** 5 * k ** 4) / (15 * h ** 3 * c ** 2),
    "W/(m^2*K^4)",
    "Stefan-Boltzmann constant"
  ),
  derived("K_J", ["KJ"], "Josephson constant", (2 * e) / h, "Hz/V", "Josephson constant"),
  derived("R_K", ["RK"], "von Klitzing constant", h / (e * e), "ohm", "von Klitzing constant"),
  derived("Φ₀", ["Phi_0", "Phi0"], "magnetic flux quantum", h / (2 * e), "Wb", "mag. flux quantum"),
  derived("G₀", ["G_0", "G0"], "conductance quantum", (2 * e * e) / h, "S", "conductance quantum"),
  derived("c₁", ["c_1", "c1"], "first radiation constant", 2 * Math.PI * h * c * c, "W*m^2", "first radiation constant"),
  derived(
    "c₁L",
    ["c_1L", "c1L"],
    "first radiation constant for spectral radiance",
    2 * h * c * c,
    "W*m^2/sr",
    "first radiation constant for spectral radiance"
  ),
  derived("c₂", ["c_2", "c2"], "second radiation constant", c2, "m*K", "second radiation constant"),
  derived("b", ["b_wien", "b_Wien"], "Wien wavelength displacement law constant", c2 / planckPeak(5), "m*K", "Wien wavelength displacement law constant"),
  derived("b′", ["b_prime", "b_freq"], "Wien frequency displacement law constant", (planckPeak(3) * k) / h, "Hz/K", "Wien frequency displacement law constant"),
  derived(
    "V_m",
    ["Vm", "V_m0"],
    "molar volume of ideal gas (273.15 K, 101.325 kPa)",
    (R * T0) / atm,
    "m^3/mol",
    "molar volume of ideal gas (273.15 K, 101.325 kPa)"
  ),
  derived("n₀", ["n_0", "n0"], "Loschmidt constant (273.15 K, 101.325 kPa)", atm / (k * T0), "1/m^3", "Loschmidt constant (273.15 K, 101.325 kPa)"),

  measured("G", ["G_N"], "Newtonian constant of gravitation", 6.6743e-11, 0.00015e-11, "m^3/(kg*s^2)", "Newtonian constant of gravitation"),
  measured("α", ["alpha"], "fine-structure constant", 7.2973525643e-3, 0.0000000011e-3, "1", "fine-structure constant"),
  measured("α⁻¹", ["alpha_inv", "inv_alpha"], "inverse fine-structure constant", 137.035999177, 0.000000021, "1", "inverse fine-structure constant"),
  measured("mₑ", ["m_e"], "electron mass", 9.1093837139e-31, 0.0000000028e-31, "kg", "electron mass"),
  measured("mₚ", ["m_p"], "proton mass", 1.67262192595e-27, 0.00000000052e-27, "kg", "proton mass"),
  measured("mₙ", ["m_n"], "neutron mass", 1.67492750056e-27, 0.00000000085e-27, "kg", "neutron mass"),
  measured("m_u", ["amu", "m_Da"], "atomic mass constant", 1.66053906892e-27, 0.00000000052e-27, "kg", "atomic mass constant"),
  measured("m_d", ["m_deuteron"], "deuteron mass", 3.3435837768e-27, 0.000000001e-27, "kg", "deuteron mass"),
  measured("m_α", ["m_alpha"], "alpha particle mass", 6.644657345e-27, 0.0000000021e-27, "kg", "alpha particle mass"),
  measured("m_μ", ["m_mu", "m_muon"], "muon mass", 1.883531627e-28, 0.000000042e-28, "kg", "muon mass"),
  measured("mₚ/mₑ", ["m_p/m_e", "mp_me"], "proton-electron mass ratio", 1836.152673426, 0.000000032, "1", "proton-electron mass ratio"),
  measured("M_u", [], "molar mass constant", 1.00000000105e-3, 0.00000000031e-3, "kg/mol", "molar mass constant"),
  measured("ε₀", ["epsilon_0", "eps0", "epsilon0"], "vacuum electric permittivity", ε0, uε0, "F/m", "vacuum electric permittivity"),
  measured("μ₀", ["mu_0", "mu0"], "vacuum magnetic permeability", 1.25663706127e-6, 0.0000000002e-6, "N/A^2", "vacuum mag. permeability"),
  measured("Z₀", ["Z_0", "Z0"], "characteristic impedance of vacuum", 376.730313412, 0.000000059, "ohm", "characteristic impedance of vacuum"),
  // not a row of the listing: 1/(4πε₀) from the ε₀ above, with ε₀'s relative uncertainty
  measured("k_e", ["ke", "k_C"], "Coulomb constant 1/(4πε₀)", ke, twoDigits((ke * uε0) / ε0), "N*m^2/C^2", undefined),
  measured("Eₕ", ["E_h", "Eh"], "Hartree energy", 4.359744722206e-18, 0.0000000000048e-18, "J", "Hartree energy"),
  measured("Ry", ["Ry_J"], "Rydberg energy", 2.179872361103e-18, 0.0000000000024e-18, "J", "Rydberg constant times hc in J"),
  measured("R∞", ["R_inf", "Rinf"], "Rydberg constant", 10973731.568157, 0.000012, "1/m", "Rydberg constant"),
  measured("a₀", ["a_0", "a0"], "Bohr radius", 5.29177210544e-11, 0.00000000082e-11, "m", "Bohr radius"),
  measured("ℏ/Eₕ", ["hbar/E_h", "t_au"], "atomic unit of time", 2.4188843265864e-17, 0.0000000000026e-17, "s", "atomic unit of time"),
  measured("mP", ["m_P"], "Planck mass", 2.176434e-8, 0.000024e-8, "kg", "Planck mass"),
  measured("lP", ["l_P"], "Planck length", 1.616255e-35, 0.000018e-35, "m", "Planck length"),
  measured("tP", ["t_P"], "Planck time", 5.391247e-44, 0.00006e-44, "s", "Planck time"),
  measured("TP", ["T_P"], "Planck temperature", 1.416784e32, 0.000016e32, "K", "Planck temperature"),
  measured("μ_B", ["mu_B", "muB"], "Bohr magneton", 9.2740100657e-24, 0.0000000029e-24, "J/T", "Bohr magneton"),
  measured("μ_N", ["mu_N", "muN"], "nuclear magneton", 5.0507837393e-27, 0.0000000016e-27, "J/T", "nuclear magneton"),
  measured("μₑ", ["mu_e"], "electron magnetic moment", -9.2847646917e-24, 0.0000000029e-24, "J/T", "electron mag. mom."),
  measured("μₚ", ["mu_p"], "proton magnetic moment", 1.41060679545e-26, 0.0000000006e-26, "J/T", "proton mag. mom."),
  measured("γₚ", ["gamma_p"], "proton gyromagnetic ratio", 2.6752218708e8, 0.0000000011e8, "1/(s*T)", "proton gyromag. ratio"),
  measured("gₑ", ["g_e"], "electron g factor", -2.00231930436092, 0.00000000000036, "1", "electron g factor"),
  measured("rₑ", ["r_e"], "classical electron radius", 2.8179403205e-15, 0.0000000013e-15, "m", "classical electron radius"),
  measured("λ_C", ["lambda_C"], "Compton wavelength", 2.42631023538e-12, 0.00000000076e-12, "m", "Compton wavelength"),
  measured("σₑ", ["sigma_e", "sigma_T"], "Thomson cross section", 6.6524587051e-29, 0.0000000062e-29, "m^2", "Thomson cross section"),
  measured("rₚ", ["r_p"], "proton rms charge radius", 8.4075e-16, 0.0064e-16, "m", "proton rms charge radius")
]
