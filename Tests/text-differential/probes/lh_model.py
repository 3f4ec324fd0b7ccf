"""The line-height model fitted against /tmp/lineheight.json (written by lineheight.py)."""
import json, math, sys
import numpy as np
from fontTools.ttLib import TTFont
sys.path.insert(0, '.')
from fonts import FACES

def table_metrics(name):
    path, index, _ = FACES[name]
    f = TTFont(path, fontNumber=index)
    upem = f['head'].unitsPerEm; h = f['hhea']; o = f['OS/2']
    # A colour bitmap font (Noto Color Emoji) takes hhea too, not its strike's line metrics
    # (sizes 10.2, 14.3, 18.3, 22.4, 26.4, 30.6 px tell them apart).
    if o.fsSelection & (1 << 7):
        return ("typo", o.sTypoAscender, -o.sTypoDescender, o.sTypoLineGap, upem)
    return ("hhea", h.ascent, -h.descent, h.lineGap, upem)

def rnd(x):  # SkScalarRoundToScalar: floor(x + 0.5)
    return math.floor(x + 0.5)

def font_metrics(name, size):
    _, a, d, g, upem = table_metrics(name)
    s = np.float32(size)
    asc = float(np.float32(a) / np.float32(upem) * s)
    desc = float(np.float32(d) / np.float32(upem) * s)
    gap = float(np.float32(g) / np.float32(upem) * s)
    return rnd(asc), rnd(desc), rnd(gap)

def to_lu(x):  # LayoutUnit from float: truncation towards zero, 1/64
    return math.floor(x * 64) / 64

def model(name, size, lh, lines):
    A, D, G = font_metrics(name, size)
    if lh == "normal":
        L = A + D + G
    elif lh.endswith("px"):
        L = to_lu(float(lh[:-2]))
    else:
        L = to_lu(float(np.float32(size) * np.float32(float(lh))))
    # half-leading: ascent side gets floor((L - (A+D)) / 2) in LayoutUnit
    lead = L - (A + D)
    top = math.floor(lead / 2)  # whole pixels, towards -inf
    baseline = top + A
    return [L * lines, baseline]

if __name__ == "__main__":
    d = json.load(open("/tmp/lineheight.json"))
    bad = 0
    for name, size, lh, lines, h, b in d:
        m = model(name, size, lh, lines)
        if m[1] > m[0] / lines:  # the baseline probe itself lies below the first line box and stretches it
            m[0] += m[1] - m[0] / lines
        if m != [h, b]:
            bad += 1
            if bad < 25: print(name, size, lh, lines, "chromium", [h, b], "model", m, font_metrics(name, size))
    print("mismatch", bad, "of", len(d))
