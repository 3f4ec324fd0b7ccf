#!/usr/bin/env python3
"""A Python prototype of the text engine, written from the rules of docs/text-reference.md, to
show that the rules reproduce Chromium: it answers cases.json in the schema of README.md, as the
Swift engine will.

    prototype_engine.py [--cases cases.json] [--out engine.json]

FreeType (freetype-py, built against the system FreeType) gives the advances, HarfBuzz
(uharfbuzz) shapes, uniseg gives UAX #29 graphemes and UAX #14 break opportunities."""

import argparse
import json
import math
import time

import freetype
import numpy as np
import uharfbuzz as hb
from uniseg.graphemecluster import grapheme_clusters
from uniseg.linebreak import line_break, line_break_boundaries
from fontTools.ttLib import TTFont

from fonts import FACES

IGNORABLE = {0x200D, 0x200C, 0xFE0E, 0xFE0F, 0x200B, 0x2060}


class Face:
    """One font file face: FreeType for advances, HarfBuzz for shaping, the table metrics for
    line heights."""

    def __init__(self, name):
        path, index, _ = FACES[name]
        self.name = name
        self.ft = freetype.Face(path, index)
        self.hb_face = hb.Face(hb.Blob.from_file_path(path), index)
        self.hb_font = hb.Font(self.hb_face)
        self.bitmap = not self.ft.is_scalable
        self.strike_ppem = self.ft.available_sizes[0].y_ppem / 64 if self.bitmap else None
        tt = TTFont(path, fontNumber=index, lazy=True)
        upem, hhea, os2 = tt["head"].unitsPerEm, tt["hhea"], tt["OS/2"]
        if os2.fsSelection & (1 << 7):
            self.metrics = (os2.sTypoAscender, -os2.sTypoDescender, os2.sTypoLineGap, upem)
        else:
            self.metrics = (hhea.ascent, -hhea.descent, hhea.lineGap, upem)
        self.cmap = set(tt.getBestCmap().keys())
        self._adv = {}
        self._fonts = {}

    def covers(self, ch):
        return ord(ch) in self.cmap

    def advance(self, size, gid):
        """16.16 px: linearHoriAdvance at the 26.6-truncated size; a bitmap strike's advance
        scaled to the size."""
        key = (size, gid)
        if key not in self._adv:
            if self.bitmap:
                self.ft.select_size(0)
                self.ft.load_glyph(gid, freetype.FT_LOAD_COLOR)
                self._adv[key] = int(self.ft.glyph.advance.x / 64 * size / self.strike_ppem * 65536)
            else:
                self.ft.set_char_size(int(np.float32(size) * np.float32(64)), 0, 72, 72)
                self.ft.load_glyph(gid, freetype.FT_LOAD_NO_HINTING)
                self._adv[key] = self.ft.glyph.linearHoriAdvance
        return self._adv[key]

    def font(self, size):
        if size not in self._fonts:
            scale = int(np.float32(size) * np.float32(65536))
            base = hb.Font(self.hb_face)
            base.scale = (scale, scale)
            sub = hb.Font(base)
            funcs = hb.FontFuncs()
            funcs.set_glyph_h_advance_func(lambda f, gid, data: self.advance(size, gid), None)
            sub.funcs = funcs
            self._fonts[size] = (base, sub)
        return self._fonts[size][1]

    def line_metrics(self, size):
        """(A, D, G): whole pixels, each rounded separately (Float32, half up)."""
        a, d, g, upem = self.metrics
        s = np.float32(size)
        r = lambda v: math.floor(float(np.float32(v) / np.float32(upem) * s) + 0.5)
        return r(a), r(d), r(g)


_faces = {}


def face(name):
    if name not in _faces:
        _faces[name] = Face(name)
    return _faces[name]


def shape(face_, size, text):
    """Shaped advances: list of (cluster offset in text, 16.16 advance)."""
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(face_.font(size), buf, {})
    return [(i.cluster, p.x_advance) for i, p in zip(buf.glyph_infos, buf.glyph_positions)]


# Emoji_Presentation=Yes below U+1F000 (emoji-data.txt), and everything from U+1F000 on that the
# cases use.
EMOJI_PRESENTATION_BMP = set([0x231A, 0x231B, 0x23F0, 0x23F3, 0x25FD, 0x25FE, 0x2614, 0x2615, 0x267F, 0x2693,
                              0x26A1, 0x26AA, 0x26AB, 0x26BD, 0x26BE, 0x26C4, 0x26C5, 0x26CE, 0x26D4, 0x26EA,
                              0x26F2, 0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705, 0x270A, 0x270B, 0x2728, 0x274C,
                              0x274E, 0x2757, 0x27B0, 0x27BF, 0x2B1B, 0x2B1C, 0x2B50, 0x2B55]
                             + list(range(0x23E9, 0x23ED)) + list(range(0x2648, 0x2654))
                             + list(range(0x2753, 0x2756)) + list(range(0x2795, 0x2798)))


def emoji_presentation(g):
    if "\ufe0e" in g:
        return False
    return "\ufe0f" in g or any(ord(c) >= 0x1F000 or ord(c) in EMOJI_PRESENTATION_BMP for c in g)


_glyph_cache = {}


def shaped_glyphs(face_, size, text):
    key = (face_.name, text)
    if key not in _glyph_cache:
        buf = hb.Buffer()
        buf.add_str(text)
        buf.guess_segment_properties()
        hb.shape(face_.hb_font, buf, {})
        _glyph_cache[key] = [i.codepoint for i in buf.glyph_infos]
    return _glyph_cache[key]


def ceil64(v16):
    """16.16 -> integer 1/64 px, rounded up."""
    return -((-v16) // 1024)


class Paragraph:
    """A text without newlines, in a font stack: graphemes, their faces, their advances."""

    def __init__(self, text, stack, size):
        self.text, self.stack, self.size = text, stack, size
        self.graphemes = list(grapheme_clusters(text)) if text else []
        self.starts = []  # code point offset of each grapheme
        at = 0
        for g in self.graphemes:
            self.starts.append(at)
            at += len(g)
        self.faces = [self.pick(g) for g in self.graphemes]

    def pick(self, g):
        """The first face of the stack that shapes the grapheme without .notdef (HarfBuzz
        decomposes a precomposed letter the face lacks into base + mark); a grapheme with emoji
        presentation tries the colour faces first."""
        faces = [face(n) for n in self.stack]
        if emoji_presentation(g):
            faces = [f for f in faces if f.bitmap] + [f for f in faces if not f.bitmap]
        for f in faces:
            if all(gid != 0 for gid in shaped_glyphs(f, self.size, g)):
                return f
        return faces[0]

    def runs(self, lo, hi):
        """Runs of graphemes lo..hi (exclusive) with one face: (face, first, last+1)."""
        out = []
        i = lo
        while i < hi:
            j = i
            while j < hi and self.faces[j] is self.faces[i]:
                j += 1
            out.append((self.faces[i], i, j))
            i = j
        return out

    def advances(self, lo, hi):
        """16.16 advance of each grapheme lo..hi when that range is shaped alone."""
        adv = [0] * (hi - lo)
        for f, a, b in self.runs(lo, hi):
            base = self.starts[a]
            sub = "".join(self.graphemes[a:b])
            # grapheme index of each code point of the run
            owner, k = [], a
            for g in self.graphemes[a:b]:
                owner += [k] * len(g)
                k += 1
            for cluster, x in shape(f, self.size, sub):
                adv[owner[cluster] - lo] += x
        return adv

    def width64(self, lo, hi):
        return ceil64(self.sum16(lo, hi))

    def sum16(self, lo, hi):
        key = (lo, hi)
        if not hasattr(self, "_sums"):
            self._sums = {}
        if key not in self._sums:
            self._sums[key] = sum(self.advances(lo, hi))
        return self._sums[key]

    def fits(self, lo, hi, w64, adv):
        """Chromium's test, widths rounded to the nearest 1/64: the range fits both as positioned
        in the paragraph's shaping (`adv`) and shaped alone (a kern or contextual form across
        the break dropped)."""
        return (sum(adv[lo:hi]) + 512) // 1024 <= w64 and (self.sum16(lo, hi) + 512) // 1024 <= w64


def break_opportunities(text, graphemes, starts):
    """Grapheme indices before which a line may break (UAX #14 with Chromium's departures)."""
    allowed = set(line_break_boundaries(text)) if text else set()
    # Small kana and U+30FC break like ideographs (line-break: normal, CJ as ID)
    as_id = "".join("あ" if (line_break(c) == "CJ" or c == "ー") else c for c in text)
    allowed_id = set(line_break_boundaries(as_id)) if text else set()
    cps = text
    out = set()
    hyphen_digit = set()
    for gi in range(1, len(graphemes)):
        pos = starts[gi]
        prev, nxt = cps[pos - 1], cps[pos]
        ok = pos in allowed
        # Departures from UAX #14, as measured in Chromium:
        if prev == "-" and nxt in "0123456789":
            # after a hyphen before a digit when an ASCII letter or digit precedes the hyphen
            # on the same line (layout() checks the line)
            before = cps[pos - 2] if pos >= 2 else ""
            ok = before != "" and before.isascii() and before.isalnum()
            if ok:
                hyphen_digit.add(gi)
        if prev == "/":
            ok = False  # never after a slash
        if line_break(nxt) == "CJ" or nxt == "ー":
            ok = pos in allowed_id  # before small kana and the prolonged sound mark as before an ideograph
        if prev == " " and nxt != " ":
            ok = True  # after any space, even before ) . , ! ” 、 」
        if ok:
            out.add(gi)
    return out, hyphen_digit


def layout(case):
    size, stack, W64 = case["size"], case["fonts"], round(case["width"] * 64)
    text = case["text"]
    paragraphs = text.split("\n")
    primary = face(stack[0])
    lines = []  # (byte start, width64, set of faces)
    max_width = 0
    byte_at = 0
    for ptext in paragraphs:
        p = Paragraph(ptext, stack, size)
        n = len(p.graphemes)
        max_width = max(max_width, p.width64(0, n) if n else 0)
        adv = p.advances(0, n)
        breaks, hyphen_digit = break_opportunities(ptext, p.graphemes, p.starts)
        gb = [len(g.encode()) for g in p.graphemes]
        start = 0
        while True:
            # extend the line over break opportunities while it fits (trailing spaces hang)
            cand = None
            for gi in range(start + 1, n + 1):
                if gi == n or (gi in breaks and (gi not in hyphen_digit or gi - 2 >= start)):
                    k = gi  # the line start..gi, without its trailing spaces
                    while k > start and p.graphemes[k - 1] == " ":
                        k -= 1
                    if k == start or p.fits(start, k, W64, adv):
                        cand = gi
                    else:
                        break
            if n == 0:
                cand = 0
            elif cand is None or cand <= start:
                # Nothing fits: overflow-wrap: break-word breaks the line at the last grapheme
                # that fits (at least one), wherever the word's next opportunity is.
                word_end = next((gi for gi in range(start + 1, n) if p.graphemes[gi] == " "), n)
                k = start + 1
                while k < word_end and p.fits(start, k + 1, W64, adv):
                    k += 1
                cand = k
                while cand < n and p.graphemes[cand] == " ":  # spaces after it hang
                    cand += 1
            end = cand
            k = end
            while k > start and p.graphemes[k - 1] == " ":
                k -= 1
            used = {primary} | set(p.faces[start:end])
            lines.append((byte_at + sum(gb[:start]), p.width64(start, k) if k > start else 0, used))
            if end >= n:
                break
            start = end
        byte_at += len(ptext.encode()) + 1
    # heights: line-height normal with every face a line uses
    height = 0
    first_baseline = None
    for _, _, used in lines:
        ms = [f.line_metrics(size) for f in used]
        asc = max(m[0] + math.floor(m[2] / 2) for m in ms)
        desc = max(m[1] + m[2] - math.floor(m[2] / 2) for m in ms)
        if first_baseline is None:
            first_baseline = height + asc
        height += asc + desc
    result = {
        "id": case["id"],
        "width64": max_width,
        "lines": [{"start": s, "width64": w} for s, w, _ in lines],
        "height64": height * 64,
        "baseline64": first_baseline * 64,
        "truncation": None,
    }
    limit = case.get("lineLimit")
    if limit and len(lines) > limit:
        from_byte = lines[limit - 1][0]
        rest = text.encode()[from_byte:].decode().replace("\n", " ")
        p = Paragraph(rest, stack, size)
        n = len(p.graphemes)
        adv = p.advances(0, n)
        if ceil64(sum(adv)) <= W64:
            kept, ell = len(rest.encode()), False
        else:
            ef = next((face(nm) for nm in stack if face(nm).covers("…")), primary)
            e64 = ceil64(sum(x for _, x in shape(ef, size, "…")))
            k = 1  # the first grapheme stays, even when it and the ellipsis overflow
            while k < n and ceil64(sum(adv[:k + 1])) + e64 <= W64:
                k += 1
            kept, ell = len("".join(p.graphemes[:k]).encode()), True
        result["truncation"] = {"lastLineStart": from_byte, "kept": kept, "ellipsis": ell}
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", default="cases.json")
    ap.add_argument("--out", default="engine.json")
    args = ap.parse_args()
    doc = json.load(open(args.cases, encoding="utf-8"))
    start = time.monotonic()
    results = [layout(c) for c in doc["cases"]]
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump({"version": 1, "engine": "python-prototype", "cases": results}, f, separators=(",", ":"))
        f.write("\n")
    print(f"{args.out}: {len(results)} cases in {time.monotonic() - start:.1f} s")


if __name__ == "__main__":
    main()
