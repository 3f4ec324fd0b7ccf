#!/usr/bin/env python3
"""Writes the committed seed corpus of fuzz-fonts under Fuzz/corpus/fuzz-fonts/ (docs/fuzzing.md).

An input of fuzz-fonts is one selector byte (the face index is that byte mod 3) followed by the
bytes of a font file. The seeds are tiny fonts built here with fontTools' FontBuilder, so the
committed corpus stays a few kilobytes while covering what the loader and the shaper branch on:

  ttf-*       TrueType outlines (glyf), cmap, hmtx, OS/2 with USE_TYPO_METRICS, a GPOS kern pair
              (A V) and a GSUB ligature (f i → fi)
  otf-*       the same glyphs as CFF outlines, hhea metrics only (USE_TYPO_METRICS not set)
  ttc-*       a collection of the two, read at index 0, 1 and 2 (no such face)
  nocmap-*    a TrueType font without a cmap (FreeType opens it; Tatami refuses it)
  inter-head  the first 4 KiB of Examples/fonts/Inter-Regular.otf (a truncated font)
  yaml        a Tatami file, not a font

Needs fontTools (`python3 -m venv /tmp/ft && /tmp/ft/bin/pip install fonttools`). Run from
anywhere: `/tmp/ft/bin/python Fuzz/make-font-seeds.py`. It replaces the directory; the output
is deterministic (fixed timestamps), so a rerun changes nothing unless this script changes.
"""
import io
import shutil
from pathlib import Path

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont

FUZZ = Path(__file__).resolve().parent
ROOT = FUZZ.parent
OUT = FUZZ / "corpus" / "fuzz-fonts"

UPEM = 1000
# name → (character, advance, box as (x0, y0, x1, y1) or None for an empty glyph)
GLYPHS = [
    (".notdef", None, 500, (50, 0, 450, 700)),
    ("space", 0x20, 250, None),
    ("period", 0x2E, 250, (80, 0, 170, 90)),
    ("A", 0x41, 620, (10, 0, 610, 700)),
    ("V", 0x56, 600, (10, 0, 590, 700)),
    ("f", 0x66, 320, (40, 0, 300, 720)),
    ("i", 0x69, 250, (60, 0, 190, 700)),
    ("fi", None, 560, (40, 0, 520, 720)),
    ("ellipsis", 0x2026, 750, (80, 0, 670, 90)),
]
FEATURES = """
languagesystem DFLT dflt;
languagesystem latn dflt;
feature kern { pos A V -80; } kern;
feature liga { sub f i by fi; } liga;
"""


def box(pen, b):
    x0, y0, x1, y1 = b
    pen.moveTo((x0, y0))
    pen.lineTo((x0, y1))
    pen.lineTo((x1, y1))
    pen.lineTo((x1, y0))
    pen.closePath()


def common(fb, family, typo_metrics):
    names = [g[0] for g in GLYPHS]
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({cp: name for name, cp, _, _ in GLYPHS if cp is not None})
    fb.setupHorizontalMetrics({name: (adv, (b[0] if b else 0)) for name, _, adv, b in GLYPHS})
    fb.setupHorizontalHeader(ascent=800, descent=-200, lineGap=0)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2(version=4, sTypoAscender=760, sTypoDescender=-240, sTypoLineGap=90, usWinAscent=800, usWinDescent=200,
                fsSelection=0x40 | (0x80 if typo_metrics else 0))
    fb.setupPost()


def ttf(family="Seed TT", with_cmap=True):
    fb = FontBuilder(UPEM, isTTF=True)
    glyphs = {}
    for name, _, _, b in GLYPHS:
        pen = TTGlyphPen(None)
        if b:
            box(pen, b)
        glyphs[name] = pen.glyph()
    fb.setupGlyphOrder([g[0] for g in GLYPHS])
    fb.setupGlyf(glyphs)
    common(fb, family, typo_metrics=True)
    addOpenTypeFeaturesFromString(fb.font, FEATURES)
    if not with_cmap:
        del fb.font["cmap"]
    return fb.font


def otf(family="Seed CFF"):
    fb = FontBuilder(UPEM, isTTF=False)
    charstrings = {}
    for name, _, adv, b in GLYPHS:
        pen = T2CharStringPen(adv, None)
        if b:
            box(pen, b)
        charstrings[name] = pen.getCharString()
    fb.setupGlyphOrder([g[0] for g in GLYPHS])
    fb.setupCFF(family.replace(" ", ""), {"FullName": family}, charstrings, {})
    common(fb, family, typo_metrics=False)
    addOpenTypeFeaturesFromString(fb.font, FEATURES)
    return fb.font


def data(font):
    # Fixed timestamps: the same bytes on every run.
    font["head"].created = font["head"].modified = 0
    font.recalcTimestamp = False
    b = io.BytesIO()
    font.save(b)
    return b.getvalue()


def main():
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)

    def write(name, selector, payload):
        (OUT / name).write_bytes(bytes([selector]) + payload)

    tt, cff = ttf(), otf()
    tt_bytes, cff_bytes = data(tt), data(cff)
    write("ttf-0", 0, tt_bytes)
    write("ttf-index-1", 1, tt_bytes)
    write("otf-0", 0, cff_bytes)

    collection = TTCollection()
    collection.fonts = [TTFont(io.BytesIO(tt_bytes)), TTFont(io.BytesIO(cff_bytes))]
    for f in collection.fonts:
        f.recalcTimestamp = False
    b = io.BytesIO()
    collection.save(b)
    ttc_bytes = b.getvalue()
    for i in range(3):
        write(f"ttc-{i}", i, ttc_bytes)

    write("nocmap-0", 0, data(ttf("Seed No Cmap", with_cmap=False)))
    write("inter-head", 0, (ROOT / "Examples/fonts/Inter-Regular.otf").read_bytes()[:4096])
    write("yaml", 0, b"fonts:\n  body: {file: Inter-Regular.otf, size: 17}\nbody:\n  text: Hello\n")


if __name__ == "__main__":
    main()
