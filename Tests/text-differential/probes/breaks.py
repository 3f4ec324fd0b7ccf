"""Probe: does Chromium break between LEFT and RIGHT (box as wide as LEFT, pre-wrap)?"""
import json, sys
sys.path.insert(0, '.')
from lab import Lab, css_stack
from prototype_engine import Paragraph, ceil64
from uniseg.linebreak import line_break_boundaries

PAIRS = [("ABCD-", "1234"), ("1234-", "5678"), ("x-", "5"), ("a -", "5"), ("(-", "5"), ("2024-", "05"), ("é-", "5"),
         ("a-", "b"), ("and/", "or"), ("1/", "2"), ("km/", "h"), ("a/", "b"), ("x->", "y"), ("x-", ">y"),
         ("a ", ")"), ("a ", "."), ("a ", ","), ("a ", "!"), ("日本 ", "」"), ("日本 ", "、"), ("a ", "”"),
         ("日本", "ゃ"), ("日本", "ー"), ("日本", "ッ"), ("日本", "ァ"), ("日本", "、"), ("日本", "」"), ("日本", "（"),
         ("日本「", "本"), ("日本", "！"), ("日本", "・"), ("日本", "〜"), ("日本", "："), ("本", "ぁ"),
         ("a", "日"), ("日", "a"), ("日", "😀"), ("😀", "😀"), ("a", "😀"), ("😀", "a"), ("🇯🇵", "🇫🇷"), ("😀", "日"),
         ("a", "❤️"), ("❤️", "a"), ("a", "☕"), ("✨", "a"), ("12", "%"), ("$", "12"), ("#", "hash"), ("@", "user"),
         ("a", "&b"), ("a&", "b"), ("x_", "y"), ("foo.", "bar"), ("3.", "14"), ("1,", "000"), ("12:", "30"), ("—", "dash"),
         ("dash", "—"), ("en–", "dash"), ("“", "quoted"), ("quoted", "”"), ("a", "("), ("(", "a"), ("a)", "b"),
         ("it'", "s"), ("word", "!"), ("4x", "4"), ("v1.", "2"), ("+", "49"), ("99.9", "%")]
stack = ["inter", "noto-cjk-jp", "noto-emoji"]
size = 20
cases = []
for l, r in PAIRS:
    w = ceil64(sum(Paragraph(l, stack, size).advances(0, len(list(Paragraph(l, stack, size).graphemes))))) / 64 + 0.5
    cases.append((l, r, w))
lab = Lab()
body = "".join(f"<div class=b data-n={len(l.encode('utf-16-le'))//2} style=\"font-family:{css_stack(stack)};font-size:{size}px;width:{w}px;white-space:pre-wrap;overflow-wrap:normal;text-spacing-trim:space-all\">{l}{r}</div>" for l, r, w in cases)
lab.load(body)
h = lab.js("""[...document.querySelectorAll('div.b')].map(d=>{const t=d.firstChild; const a=document.createRange(); a.setStart(t,0); a.setEnd(t,1);
 const n=+d.dataset.n; a.setStart(t,n-1); a.setEnd(t,n); const b=document.createRange(); b.setStart(t,n); b.setEnd(t,n+1); return b.getClientRects()[0].top >= a.getClientRects()[0].bottom - 0.01 ? 2 : 1;})""")
lab.close()
one = 1
for (l, r, w), hh in zip(cases, h):
    uax = len(l) in line_break_boundaries(l + r)
    ch = hh > one * 1.5
    print(f"{l!r:10} | {r!r:8} chromium {'BREAK' if ch else 'no   '} uax14 {'BREAK' if uax else 'no   '} {'<-- differs' if ch != uax else ''}")
