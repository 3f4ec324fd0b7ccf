#!/usr/bin/env python3
"""Generate Sources/TatamiLayout/Text/UnicodeWidthTable.swift from the Unicode Character Database.

Usage (from the package root):

    python3 scripts/generate-unicode-width.py [UCD_DIR]

UCD_DIR defaults to /usr/share/unicode (Debian/Ubuntu package `unicode-data`). It must hold:

    EastAsianWidth.txt
    emoji/emoji-data.txt
    extracted/DerivedGeneralCategory.txt
    DerivedCoreProperties.txt
    PropList.txt

Two sets of scalars are written as sorted, merged, inclusive ranges (docs/format.md §5.1):

* wide: East_Asian_Width W or F (including the blocks that default to W when unassigned, from the
  `# @missing` lines), or Emoji_Presentation=Yes.
* zero-width: General_Category Mn, Me or Cf, or Default_Ignorable_Code_Point=Yes, except the
  Prepended_Concatenation_Mark scalars (Arabic number signs and the like, which are visible).

The sets may overlap (e.g. U+3164 HANGUL FILLER is W and default-ignorable); CellWidth applies the
wide rule first.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ucd import data_lines, missing_lines, version_of  # noqa: E402

MAX = 0x10FFFF
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "TatamiLayout", "Text",
                   "UnicodeWidthTable.swift")

LONG_EAW = {"Neutral": "N", "Ambiguous": "A", "Halfwidth": "H", "Fullwidth": "F", "Narrow": "Na", "Wide": "W"}


def to_ranges(flags):
    ranges = []
    start = None
    for cp in range(MAX + 2):
        on = cp <= MAX and flags[cp]
        if on and start is None:
            start = cp
        elif not on and start is not None:
            ranges.append((start, cp - 1))
            start = None
    return ranges


def main():
    ucd = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"
    eaw_path = os.path.join(ucd, "EastAsianWidth.txt")
    derived_eaw_path = os.path.join(ucd, "extracted", "DerivedEastAsianWidth.txt")
    emoji_path = os.path.join(ucd, "emoji", "emoji-data.txt")
    gc_path = os.path.join(ucd, "extracted", "DerivedGeneralCategory.txt")
    dcp_path = os.path.join(ucd, "DerivedCoreProperties.txt")
    prop_path = os.path.join(ucd, "PropList.txt")

    # East_Asian_Width: defaults from @missing lines (general first, then the W blocks), then the
    # explicit assignments.
    eaw = ["N"] * (MAX + 1)
    for path in (eaw_path, derived_eaw_path):
        if not os.path.exists(path):
            continue
        for (lo, hi), value in missing_lines(path):
            value = LONG_EAW.get(value, value)
            for cp in range(lo, hi + 1):
                eaw[cp] = value
    for (lo, hi), fields in data_lines(eaw_path):
        for cp in range(lo, hi + 1):
            eaw[cp] = fields[0]

    wide = [v in ("W", "F") for v in eaw]
    for (lo, hi), fields in data_lines(emoji_path):
        if fields[0] == "Emoji_Presentation":
            for cp in range(lo, hi + 1):
                wide[cp] = True

    zero = [False] * (MAX + 1)
    for (lo, hi), fields in data_lines(gc_path):
        if fields[0] in ("Mn", "Me", "Cf"):
            for cp in range(lo, hi + 1):
                zero[cp] = True
    for (lo, hi), fields in data_lines(dcp_path):
        if fields[0] == "Default_Ignorable_Code_Point":
            for cp in range(lo, hi + 1):
                zero[cp] = True
    for (lo, hi), fields in data_lines(prop_path):
        if fields[0] == "Prepended_Concatenation_Mark":
            for cp in range(lo, hi + 1):
                zero[cp] = False

    wide_ranges = to_ranges(wide)
    zero_ranges = to_ranges(zero)
    version = version_of(eaw_path)

    def emit(name, doc, ranges):
        out = [f"    /// {doc}", f"    /// {len(ranges)} inclusive ranges, as flat `[lo, hi, lo, hi, …]` pairs sorted by `lo`.",
               f"    static let {name}: [UInt32] = ["]
        row = []
        for lo, hi in ranges:
            row.append(f"0x{lo:05X}, 0x{hi:05X},")
            if len(row) == 4:
                out.append("        " + " ".join(row))
                row = []
        if row:
            out.append("        " + " ".join(row))
        out.append("    ]")
        return "\n".join(out)

    text = f"""// GENERATED FILE — do not edit by hand.
// Unicode {version} (EastAsianWidth.txt, emoji-data.txt, DerivedGeneralCategory.txt,
// DerivedCoreProperties.txt, PropList.txt from Debian's `unicode-data` package).
// Regenerate with:
//     python3 scripts/generate-unicode-width.py /usr/share/unicode

/// Scalar width classes for `CellWidth` (docs/format.md §5.1).
enum UnicodeWidthTable {{
    /// The Unicode version the tables were generated from.
    static let unicodeVersion = "{version}"

{emit("wide", "East_Asian_Width W or F, or Emoji_Presentation=Yes.", wide_ranges)}

{emit("zeroWidth", "General_Category Mn/Me/Cf or Default_Ignorable_Code_Point, minus Prepended_Concatenation_Mark.", zero_ranges)}
}}
"""
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {os.path.normpath(OUT)}: Unicode {version}, {len(wide_ranges)} wide ranges, "
          f"{len(zero_ranges)} zero-width ranges")


if __name__ == "__main__":
    main()
