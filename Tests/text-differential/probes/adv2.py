"""Probe 1a (2): font-size quantisation (26.6 truncation or rounding) and whole-run shaping."""
import math, random, html
import numpy as np, freetype, uharfbuzz as hb
from lab import Lab, FACES, css_stack
from adv import hbface, ftface

def lin(name, size64, gid):
    f = ftface(name); f.set_char_size(size64, 0, 72, 72)
    f.load_glyph(gid, freetype.FT_LOAD_NO_HINTING)
    return f.glyph.linearHoriAdvance

def shape(name, size64, hbscale, text):
    font = hb.Font(hbface(name)); font.scale = (hbscale, hbscale)
    sub = hb.Font(font); funcs = hb.FontFuncs()
    funcs.set_glyph_h_advance_func(lambda f, gid, d: lin(name, size64, gid), None)
    sub.funcs = funcs
    buf = hb.Buffer(); buf.add_str(text); buf.guess_segment_properties()
    hb.shape(sub, buf, {})
    return sum(p.x_advance for p in buf.glyph_positions)

def ceil64(v16): return math.ceil(v16 / 1024) / 64

rnd = random.Random(2)
latin = "AVTaWoyLTrfkiéñ.,'\"()-/0123456789 abcdefghijkmnopqrstuvwxyzATVWY  "
cases = []
for i in range(800):
    name = rnd.choice(["inter", "dejavu-serif", "dejavu-sans"])
    size = rnd.choice([13.01, 12.7, 17.9, 20.01, 14.99, 19.6, 23.45, 12.33])
    text = "".join(rnd.choice(latin) for _ in range(rnd.randint(3, 14)))
    cases.append((name, size, text))
body = "".join(f"<div style=\"font-family:{css_stack([n])};font-size:{s}px;white-space:pre\"><span>{html.escape(t)}</span></div>" for n, s, t in cases)
lab = Lab(); lab.load(body)
got = lab.js("[...document.querySelectorAll('body > div:not(#warm) span')].map(e=>e.getBoundingClientRect().width)")
lab.close()
variants = {
  "trunc26.6+trunc16.16": lambda s: (int(np.float32(s) * 64), int(np.float32(s) * np.float32(65536))),
  "round26.6+round16.16": lambda s: (round(s * 64), round(s * 65536)),
  "trunc26.6+round16.16": lambda s: (int(np.float32(s) * 64), round(s * 65536)),
  "round26.6+trunc16.16": lambda s: (round(s * 64), int(np.float32(s) * np.float32(65536))),
}
for vn, fn in variants.items():
    for split in ["whole", "words"]:
        bad = 0
        for (n, s, t), g in zip(cases, got):
            s64, s16 = fn(s)
            if split == "whole":
                w = shape(n, s64, s16, t)
            else:
                import re
                w = sum(shape(n, s64, s16, p) for p in re.findall(r" +|[^ ]+", t))
            if ceil64(w) != g: bad += 1
        print(vn, split, "mismatch", bad, "of", len(cases))
