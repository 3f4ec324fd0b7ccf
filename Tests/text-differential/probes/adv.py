"""Probe 1a: which advance computation gives Chromium's span widths."""
import math, random, sys, json
import freetype, uharfbuzz as hb
from lab import Lab, FACES, css_stack

_ft, _blob = {}, {}
def ftface(name):
    if name not in _ft:
        path, index, _ = FACES[name]
        _ft[name] = freetype.Face(path, index)
    return _ft[name]

def hbface(name):
    if name not in _blob:
        path, index, _ = FACES[name]
        _blob[name] = hb.Face(hb.Blob.from_file_path(path), index)
    return _blob[name]

import numpy as np
def ft_adv(name, size, gid, mode):
    f = ftface(name)
    if name == "noto-emoji":
        f.select_size(0)
        f.load_glyph(gid, freetype.FT_LOAD_COLOR)
        a = f.glyph.advance.x / 64
        if mode == "adv":  # float32 scale, truncate to 16.16
            return int(np.float32(np.float32(a) * np.float32(np.float32(size) / np.float32(109))) * np.float32(65536))
        if mode == "linear":  # double, round
            return round(a * size / 109 * 65536)
        if mode == "hinted":
            return int(a * size / 109 * 65536)
        return int(np.float32(np.float32(a) * np.float32(size)/ np.float32(109)) * np.float32(65536))
    f.set_char_size(int(round(size * 64)), 0, 72, 72)
    if mode == "adv":
        f.load_glyph(gid, freetype.FT_LOAD_NO_HINTING)
        return f.glyph.advance.x * 1024  # 26.6 -> 16.16
    if mode == "linear":
        f.load_glyph(gid, freetype.FT_LOAD_NO_HINTING)
        return f.glyph.linearHoriAdvance
    if mode == "hinted":
        f.load_glyph(gid, freetype.FT_LOAD_DEFAULT)
        return f.glyph.advance.x * 1024

def shape(name, size, text, mode):
    font = hb.Font(hbface(name))
    font.scale = (int(round(size * 65536)), int(round(size * 65536)))
    if mode != "hbot":
        sub = hb.Font(font)
        funcs = hb.FontFuncs.create()
        funcs.set_glyph_h_advance_func(lambda f, gid, data: ft_adv(name, size, gid, mode), None)
        sub.funcs = funcs
        font = sub
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(font, buf, {})
    return buf

def width(name, size, text, mode, rounding="ceil"):
    buf = shape(name, size, text, mode)
    total = sum(p.x_advance for p in buf.glyph_positions) / 65536
    if rounding == "ceil":
        return math.ceil(total * 64 - 1e-9) / 64
    if rounding == "round":
        return round(total * 64) / 64
    return total

if __name__ == "__main__":
    rnd = random.Random(1)
    latin = "AVTaWoyLTrfkiéèñüßÅ.,;:!?'\"()-–—/0123456789 abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    cases = []
    for i in range(600):
        name = rnd.choice(["inter", "dejavu-serif", "dejavu-sans", "inter-bold"])
        size = rnd.choice([10, 12, 13, 16, 17, 20, 28, 32, 12.5, 13.3, 15.75, 21.1])
        text = "".join(rnd.choice(latin) for _ in range(rnd.randint(1, 12))).strip() or "A"
        cases.append((name, size, text))
    for i in range(150):
        size = rnd.choice([10, 12, 13, 16, 17, 20, 28, 32, 12.5, 13.3, 15.75, 21.1])
        text = "".join(rnd.choice("日本語の文章です。漢字かなカナ") for _ in range(rnd.randint(1, 8)))
        cases.append(("noto-cjk-jp", size, text))
        text = "".join(rnd.choice("😀🎉👍🏽🐱🚀") for _ in range(rnd.randint(1, 4)))
        cases.append(("noto-emoji", size, text))
    import html
    body = "".join(f"<div style=\"font-family:{css_stack([n])};font-size:{s}px;white-space:pre\"><span>{html.escape(t)}</span></div>" for n, s, t in cases)
    lab = Lab()
    lab.load(body)
    got = lab.js("[...document.querySelectorAll('body > div:not(#warm) span')].map(e=>e.getBoundingClientRect().width)")
    lab.close()
    for mode in ["adv", "linear", "hbot", "hinted"]:
        for rounding in ["ceil", "round"]:
            bad = [(c, g, width(*c, mode, rounding)) for c, g in zip(cases, got) if width(*c, mode, rounding) != g]
            byfont = {}
            for c, g, w in bad: byfont[c[0]] = byfont.get(c[0], 0) + 1
            print(mode, rounding, "mismatch", len(bad), "of", len(cases), byfont)
            if rounding == "ceil":
                for b in [b for b in bad if b[0][0] in ("noto-cjk-jp","noto-emoji")][:6]: print("   ", b)
