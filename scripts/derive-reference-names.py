#!/usr/bin/python3
"""Derives test/data/reference-names.json: every unit name that GNU units and pint define, with its
value in SI base units and its dimension, as each of those tools computes it.

Run on a machine with both installed (Debian: `apt-get install units python3-pint`):
    /usr/bin/python3 scripts/derive-reference-names.py > test/data/reference-names.json

Only the derived values are committed; the tools themselves are not needed by the test suite.
Offset (temperature) units, logarithmic units, currencies and functions are left out: they are not
a single factor in SI, and the catalog test covers temperatures and levels separately.
"""
import json
import re
import subprocess
import sys

DEFINITIONS = "/usr/share/units/definitions.units"

# GNU units' and pint's base units, as the catalog's dimension keys (src/engine/Dimension.ts)
BASE = {"m": "L", "kg": "M", "s": "T", "A": "I", "K": "Θ", "mol": "N", "cd": "J", "bit": "B", "radian": "A", "sr": "Ω"}
PINT_DIMENSIONS = {"[length]": "L", "[mass]": "M", "[time]": "T", "[current]": "I", "[temperature]": "Θ",
                   "[substance]": "N", "[luminosity]": "J", "[information]": "B"}


def gnu_names():
    """Top-level unit names of the definitions file (no prefixes, functions, tables or commands)."""
    names = []
    with open(DEFINITIONS, encoding="utf-8") as f:
        for line in f:
            if not line or line[0] in " \t#!\n+":
                continue
            name = line.split()[0]
            if name.endswith("-") or "(" in name or "[" in name or name.startswith("$"):
                continue
            names.append(name)
    return sorted(set(names))


def parse_base(text):
    """'1055.0559 kg m^2 / s^2' -> (1055.0559, {'M': 1, 'L': 2, 'T': -2}); None when not SI-reducible."""
    text = text.strip()
    m = re.match(r"^([-+0-9.eE]+)\s*(.*)$", text)
    if not m:
        return None
    value = float(m.group(1))
    dims = {}
    sign = 1
    for token in m.group(2).split():
        if token == "/":
            sign = -1
            continue
        unit, _, exponent = token.partition("^")
        key = BASE.get(unit)
        if key is None:
            return None
        dims[key] = dims.get(key, 0) + sign * int(exponent or 1)
    return value, {k: v for k, v in dims.items() if v != 0}


def gnu_values(names):
    query = "".join(f"{n}\n\n" for n in names)
    out = subprocess.run(["units", "-t", "--digits", "15"], input=query, capture_output=True, text=True).stdout.splitlines()
    values = {}
    for name, line in zip(names, out):
        if line.startswith("Unknown") or "=" not in line and not re.match(r"^[-+0-9.]", line):
            continue
        parsed = parse_base(line.split("=")[-1])
        if parsed and parsed[0] > 0:
            values[name] = parsed
    return values


def pint_values():
    import pint
    ureg = pint.UnitRegistry()
    values = {}
    for name in list(ureg._units.keys()):
        try:
            definition = ureg._units[name]
            if getattr(definition, "is_base", False) is False and not definition.is_multiplicative:
                continue
            q = ureg.Quantity(1, name).to_base_units()
            dims = {}
            for dim, exponent in q.dimensionality.items():
                key = PINT_DIMENSIONS.get(dim)
                if key is None:
                    raise ValueError(dim)
                dims[key] = int(exponent) if float(exponent).is_integer() else exponent
            # pint counts radians and steradians as dimensionless; mark them so the test can tell
            units = str(ureg.Quantity(1, name).to_root_units().units)
            if "radian" in units or "steradian" in units:
                continue
            for spelled in {name, getattr(definition, "symbol", None), *getattr(definition, "aliases", ())}:
                if spelled and spelled != "_" and " " not in spelled:
                    values[spelled] = (float(q.magnitude), dims)
        except Exception:
            continue
    return values


def main():
    names = gnu_names()
    gnu = gnu_values(names)
    pint_ = pint_values()
    rows = []
    for name in sorted(set(gnu) | set(pint_)):
        row = {"name": name}
        if name in gnu:
            row["gnu"] = {"si": gnu[name][0], "dimension": gnu[name][1]}
        if name in pint_:
            row["pint"] = {"si": pint_[name][0], "dimension": pint_[name][1]}
        rows.append(row)
    json.dump({
        "description": "Unit names defined by GNU units 2.22 (/usr/share/units/definitions.units) and pint's default "
                       "registry, each with its value in SI base units and its dimension as that tool computes it. "
                       "Derived with scripts/derive-reference-names.py; offset, logarithmic and currency units left out.",
        "names": rows}, sys.stdout, ensure_ascii=False, indent=0)
    sys.stdout.write("\n")


main()
