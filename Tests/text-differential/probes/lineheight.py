"""Probe 1b: line-height normal / explicit, block heights and first baselines."""
import json, sys
from lab import Lab, FACES, css_stack

FONTS = {"inter": "Hxg", "dejavu-serif": "Hxg", "noto-cjk-jp": "日本", "noto-emoji": "😀"}
SIZES = [10, 12, 13, 16, 17, 20, 28, 32, 12.5, 13.3, 15.75, 21.1, 11, 14, 15, 18, 19, 22, 24, 26, 30]
LHS = ["normal", "14px", "15px", "17.5px", "20px", "23px", "31.3px", "40px", "1.5", "1.2"]
probe = "<span class=p style='display:inline-block;width:0;height:0'></span>"
cases, body = [], []
for name, text in FONTS.items():
    for s in SIZES:
        for lh in LHS:
            for lines in (1, 3):
                cases.append((name, s, lh, lines))
                t = "<br>".join([text] * lines)
                body.append(f"<div class=c style=\"font-family:{css_stack([name])};font-size:{s}px;line-height:{lh};white-space:pre\">{probe}{t}</div>")
lab = Lab(); lab.load("".join(body))
got = lab.js("""[...document.querySelectorAll('div.c')].map(d=>{const r=d.getBoundingClientRect();
  const p=d.querySelector('.p').getBoundingClientRect(); return [r.height, p.top-r.top];})""")
lab.close()
json.dump([[*c, *g] for c, g in zip(cases, got)], open("/tmp/lineheight.json", "w"))
for c, g in zip(cases, got):
    if c[2] == "normal" and c[3] == 1 and c[1] in (10, 12, 13, 16, 17, 20, 28, 32): print(c, g)
