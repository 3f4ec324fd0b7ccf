#!/usr/bin/env python3
"""Generate Sources/TatamiText/LineBreak/LineBreakTable.swift from the Unicode Character Database.

Usage (from the package root):

    python3 scripts/generate-line-break.py [UCD_DIR]

UCD_DIR defaults to /usr/share/unicode (Debian/Ubuntu package `unicode-data`). It must hold:

    LineBreak.txt                          the Line_Break property
    extracted/DerivedLineBreak.txt         only its `# @missing` lines: the defaults of unlisted
                                           code points (XX; ID for the CJK blocks, planes 2 and 3
                                           and the pictographic Plane 1 ranges; PR for U+20A0..20CF)
    PropertyValueAliases.txt               long → short Line_Break value names, for those lines
    extracted/DerivedGeneralCategory.txt   Mn/Mc for LB1's SA rule; Cn for LB30b
    EastAsianWidth.txt                     F/W/H for LB30's OP and CP
    emoji/emoji-data.txt                   Extended_Pictographic for LB30b

One class per scalar is written, already resolved as UAX #14's LB1 says (AI, SG, XX → AL; SA → CM
when General_Category is Mn or Mc, else AL) except for CJ, which stays CJ so that the breaker can
choose NS (UAX #14's default, CSS `line-break: strict`) or ID (CSS `normal`, Chromium's default)
at run time. Three classes are split so that the rules need no second lookup:

    OP with East_Asian_Width F, W or H   → opEastAsian   (not OP for LB30)
    CP with East_Asian_Width F, W or H   → cpEastAsian   (not CP for LB30)
    ID that is Extended_Pictographic and unassigned (Cn) → idPictographic (LB30b: × EM)

The table is two-stage: 128-scalar blocks, deduplicated. Stage 1 maps a block number (scalar >> 7)
to a block; stage 2 holds the blocks, one class per scalar. Block 0 is U+0000..U+007F, so ASCII is
a single load. Both stages are StaticString literals of printable ASCII (a class is `0x30 + class`,
a block number is two letters `A`..`P`, high nibble first), read through `utf8Start`: they cost
nothing to initialize and compile in a blink, where an array literal of 40 000 integers takes
seconds.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ucd import data_lines, missing_lines, version_of  # noqa: E402

MAX = 0x10FFFF
SHIFT = 7
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "TatamiText", "LineBreak",
                   "LineBreakTable.swift")

# The breaker's classes, in the order of `LineBreakClass`'s raw values (0, 1, 2, …).
CLASSES = [
    "AL", "BA", "BB", "B2", "BK", "CB", "CJ", "CL", "CM", "CP", "CR", "EB", "EM", "EX", "GL", "H2", "H3",
    "HL", "HY", "ID", "IN", "IS", "JL", "JT", "JV", "LF", "NL", "NS", "NU", "OP", "PO", "PR", "QU", "RI",
    "SP", "SY", "WJ", "ZW", "ZWJ", "OP_EA", "CP_EA", "ID_EP",
]
SWIFT_NAMES = {
    "OP_EA": "opEastAsian", "CP_EA": "cpEastAsian", "ID_EP": "idPictographic", "B2": "b2", "H2": "h2",
    "H3": "h3", "ZWJ": "zwj", "IN": "`in`", "IS": "`is`",
}


def main():
    ucd = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"
    lb_path = os.path.join(ucd, "LineBreak.txt")
    derived_lb_path = os.path.join(ucd, "extracted", "DerivedLineBreak.txt")
    aliases_path = os.path.join(ucd, "PropertyValueAliases.txt")
    gc_path = os.path.join(ucd, "extracted", "DerivedGeneralCategory.txt")
    eaw_path = os.path.join(ucd, "EastAsianWidth.txt")
    emoji_path = os.path.join(ucd, "emoji", "emoji-data.txt")

    long_to_short = {}
    with open(aliases_path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            parts = [p.strip() for p in line.split(";")]
            if len(parts) >= 3 and parts[0] == "lb":
                for name in parts[1:]:
                    long_to_short[name] = parts[1]

    # Line_Break: the @missing defaults (general first, then the ID and PR ranges), then the file.
    lb = ["XX"] * (MAX + 1)
    for (lo, hi), value in missing_lines(derived_lb_path):
        short = long_to_short[value]
        for cp in range(lo, hi + 1):
            lb[cp] = short
    for (lo, hi), fields in data_lines(lb_path):
        for cp in range(lo, hi + 1):
            lb[cp] = fields[0]

    gc = ["Cn"] * (MAX + 1)
    for (lo, hi), fields in data_lines(gc_path):
        for cp in range(lo, hi + 1):
            gc[cp] = fields[0]

    east_asian = [False] * (MAX + 1)
    for (lo, hi), fields in data_lines(eaw_path):
        if fields[0] in ("F", "W", "H"):
            for cp in range(lo, hi + 1):
                east_asian[cp] = True

    ext_pict = [False] * (MAX + 1)
    for (lo, hi), fields in data_lines(emoji_path):
        if fields[0] == "Extended_Pictographic":
            for cp in range(lo, hi + 1):
                ext_pict[cp] = True

    # LB1 and the splits.
    counts = {}
    resolved = [0] * (MAX + 1)
    index = {name: i for i, name in enumerate(CLASSES)}
    for cp in range(MAX + 1):
        v = lb[cp]
        if v in ("AI", "SG", "XX"):
            v = "AL"
        elif v == "SA":
            v = "CM" if gc[cp] in ("Mn", "Mc") else "AL"
        elif v == "OP" and east_asian[cp]:
            v = "OP_EA"
        elif v == "CP" and east_asian[cp]:
            v = "CP_EA"
        if ext_pict[cp] and gc[cp] == "Cn":
            # UAX #14 gives these ID by default (the Plane 1 @missing ranges); LB30b needs them apart.
            assert v == "ID", f"U+{cp:04X}: Extended_Pictographic and unassigned but {v}"
            v = "ID_EP"
        counts[v] = counts.get(v, 0) + 1
        resolved[cp] = index[v]
    assert len(CLASSES) <= 0x7E - 0x30 and 0x30 + len(CLASSES) <= ord("\\"), "classes must stay printable"

    block_size = 1 << SHIFT
    blocks = {}
    block_list = []
    stage1 = []
    for start in range(0, MAX + 1, block_size):
        block = tuple(resolved[start:start + block_size])
        if block not in blocks:
            blocks[block] = len(block_list)
            block_list.append(block)
        stage1.append(blocks[block])
    assert len(block_list) <= 256, "stage 1 holds one byte per block"
    assert stage1[0] == 0

    def nibbles(i):
        return chr(ord("A") + (i >> 4)) + chr(ord("A") + (i & 15))

    stage1_text = "".join(nibbles(i) for i in stage1)
    stage2_text = "".join(chr(0x30 + c) for block in block_list for c in block)

    def literal(text, width):
        rows = [text[i:i + width] for i in range(0, len(text), width)]
        body = "\\\n".join(rows)
        return '"""\n' + body + '\n"""'

    version = version_of(lb_path)
    cases = "\n".join(
        f"    case {SWIFT_NAMES.get(name, name.lower())} = {i}" for i, name in enumerate(CLASSES))
    text = f"""// GENERATED FILE — do not edit by hand.
// Unicode {version} (LineBreak.txt, extracted/DerivedLineBreak.txt's @missing defaults,
// PropertyValueAliases.txt, extracted/DerivedGeneralCategory.txt, EastAsianWidth.txt and
// emoji/emoji-data.txt from Debian's `unicode-data` package).
// Regenerate with:
//     python3 scripts/generate-line-break.py /usr/share/unicode

/// A scalar's Line_Break class as the breaker uses it (UAX #14, resolved by LB1 when generated:
/// AI, SG and XX are `al`; SA is `cm` for General_Category Mn/Mc, else `al`). CJ is kept (the
/// options choose NS or ID). `opEastAsian`/`cpEastAsian` are OP/CP with East_Asian_Width F, W
/// or H, which LB30 leaves out; `idPictographic` is ID that is Extended_Pictographic and
/// unassigned, which LB30b joins to a following EM.
enum LineBreakClass: UInt8, CaseIterable, Sendable {{
{cases}
}}

/// Two-stage lookup from scalar to `LineBreakClass` (see scripts/generate-line-break.py).
enum LineBreakTable {{
    /// The Unicode version the table was generated from.
    static let unicodeVersion = "{version}"

    /// Log2 of the block size.
    static let shift: UInt32 = {SHIFT}

    /// Stage 1: for each block of {block_size} scalars (scalar >> {SHIFT}), the number of its block in
    /// `stage2`, as two letters `A`..`P` (high nibble, low nibble). {len(stage1)} blocks.
    static let stage1: StaticString = {literal(stage1_text, 128)}

    /// Stage 2: {len(block_list)} distinct blocks of {block_size} classes, each `0x30 + rawValue`. Block 0 is ASCII.
    static let stage2: StaticString = {literal(stage2_text, 128)}
}}
"""
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    size = len(stage1) + len(block_list) * block_size
    print(f"wrote {os.path.normpath(OUT)}: Unicode {version}, {len(stage1)} stage-1 entries, "
          f"{len(block_list)} blocks, {size} bytes of table data")
    for name in CLASSES:
        if counts.get(name, 0) == 0:
            print(f"  note: class {name} has no scalar")


if __name__ == "__main__":
    main()
