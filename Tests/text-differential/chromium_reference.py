#!/usr/bin/env python3
"""Measures the cases of cases.json in headless Chromium and writes reference.json (the schema is
in README.md). One page holds the @font-face rules; each batch of cases is laid out in it by a
script, measured, and removed.

    chromium_reference.py [--cases cases.json] [--out reference.json] [--batch 300]

How each number is read (all CSS px, kept as integer 1/64 px):
- width64: a `white-space: pre` span of the text: its bounding box width (the widest hard line).
- lines: the text in a `white-space: pre-wrap; overflow-wrap: break-word` block `width` px wide.
  A line starts at a newline's next byte or where a grapheme's box lies wholly below the previous
  grapheme's box (graphemes by Intl.Segmenter, i.e. Chromium's ICU). A line's width64 is the width
  of its text (without its newline and without the spaces that hang at its end) set alone in a
  `white-space: pre` span.
- height64: that block's height; baseline64: its first baseline, read as the offset of a
  zero-size sibling aligned to it by `display: flex; align-items: baseline`.
- truncation (cases with a lineLimit whose text takes more lines): the text from the start of
  line lineLimit on, newlines replaced by spaces, in a `white-space: pre; overflow: hidden;
  text-overflow: ellipsis` box `width` px wide. Chromium gives every grapheme it keeps a second
  client rect (the ellipsized fragment's); the kept prefix is the run of such graphemes.
"""

import argparse
import hashlib
import json
import pathlib
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "scripts"))
from chromium import Browser, chromium_binary  # noqa: E402
from fonts import FACES, font_face_css, css_stack  # noqa: E402

ARGS = ["--allow-file-access-from-files", "--font-render-hinting=none"]

PAGE_SCRIPT = r"""
const seg = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
const enc = new TextEncoder();
const bytes = s => enc.encode(s).length;
const q64 = v => Math.round(v * 64);

function spanWidth(host, text) {
  const s = document.createElement('span');
  s.textContent = text;
  host.appendChild(s);
  return s;
}

function runBatch(cases) {
  const root = document.getElementById('root');
  root.textContent = '';
  const els = [];
  for (const c of cases) {
    const box = document.createElement('div');
    box.className = 'case';
    box.style.fontFamily = c.family;
    box.style.fontSize = c.size + 'px';
    const flex = document.createElement('div');
    flex.className = 'flex';
    const probe = document.createElement('div');
    probe.className = 'probe';
    const wrap = document.createElement('div');
    wrap.className = 'wrap';
    wrap.style.width = c.width + 'px';
    wrap.textContent = c.text;
    flex.append(probe, wrap);
    const pre = document.createElement('div');
    pre.className = 'pre';
    const preSpan = document.createElement('span');
    preSpan.textContent = c.text;
    pre.appendChild(preSpan);
    box.append(flex, pre);
    root.appendChild(box);
    els.push({c, box, probe, wrap, preSpan});
  }
  // Pass 1: line starts.
  for (const e of els) {
    const t = e.wrap.firstChild, text = e.c.text;
    const starts = [0];  // UTF-16 offsets
    let prev = null;
    for (const g of seg.segment(text)) {
      if (g.segment === '\n') { starts.push(g.index + 1); prev = null; continue; }
      const r = document.createRange();
      r.setStart(t, g.index); r.setEnd(t, g.index + g.segment.length);
      const rects = r.getClientRects();
      if (!rects.length) continue;
      const b = rects[0];
      if (prev && b.top >= prev.bottom - 0.01 && starts[starts.length - 1] !== g.index) starts.push(g.index);
      prev = b;
    }
    e.starts = starts;
    const wr = e.wrap.getBoundingClientRect();
    e.height = wr.height;
    e.baseline = e.probe.getBoundingClientRect().top - wr.top;
    e.width = e.preSpan.getBoundingClientRect().width;
  }
  // Pass 2: each line alone, and the truncation box.
  const lineHost = document.createElement('div');
  lineHost.className = 'lines';
  root.appendChild(lineHost);
  for (const e of els) {
    const text = e.c.text;
    e.lineSpans = [];
    for (let i = 0; i < e.starts.length; i++) {
      const end = i + 1 < e.starts.length ? e.starts[i + 1] : text.length;
      let line = text.slice(e.starts[i], end);
      line = line.replace(/\n$/, '').replace(/ +$/, '');
      const d = document.createElement('div');
      d.style.fontFamily = e.c.family; d.style.fontSize = e.c.size + 'px';
      const s = spanWidth(d, line);
      lineHost.appendChild(d);
      e.lineSpans.push(s);
    }
    e.trunc = null;
    if (e.c.lineLimit && e.starts.length > e.c.lineLimit) {
      const from = e.starts[e.c.lineLimit - 1];
      const rest = text.slice(from).replace(/\n/g, ' ');
      const d = document.createElement('div');
      d.className = 'ell';
      d.style.fontFamily = e.c.family; d.style.fontSize = e.c.size + 'px'; d.style.width = e.c.width + 'px';
      d.textContent = rest;
      const m = document.createElement('div');
      m.style.fontFamily = e.c.family; m.style.fontSize = e.c.size + 'px';
      const ms = spanWidth(m, rest);
      lineHost.append(d, m);
      e.trunc = {from, rest, d, ms};
    }
  }
  const out = [];
  for (const e of els) {
    const text = e.c.text;
    const res = {
      id: e.c.id,
      width64: q64(e.width),
      lines: e.starts.map((s, i) => ({start: bytes(text.slice(0, s)), width64: q64(e.lineSpans[i].getBoundingClientRect().width)})),
      height64: q64(e.height),
      baseline64: q64(e.baseline),
      truncation: null,
    };
    if (e.trunc) {
      const {from, rest, d, ms} = e.trunc;
      const restWidth = ms.getBoundingClientRect().width;
      let kept = rest.length, ellipsis = false;
      if (restWidth > e.c.width) {
        ellipsis = true;
        kept = 0;
        const t = d.firstChild;
        for (const g of seg.segment(rest)) {
          const r = document.createRange();
          r.setStart(t, g.index); r.setEnd(t, g.index + g.segment.length);
          if (r.getClientRects().length < 2) break;
          kept = g.index + g.segment.length;
        }
      }
      res.truncation = {lastLineStart: bytes(text.slice(0, from)), kept: bytes(rest.slice(0, kept)), ellipsis};
    }
    out.push(res);
  }
  root.textContent = '';
  return out;
}
"""

CSS = """
body { margin: 0; text-spacing-trim: space-all; }
.case { line-height: normal; }
.flex { display: flex; align-items: baseline; }
.probe { width: 0; height: 0; flex: none; }
.wrap { white-space: pre-wrap; overflow-wrap: break-word; flex: none; }
.pre, .lines div { white-space: pre; }
.pre span, .lines span { white-space: pre; }
.ell { white-space: pre; overflow: hidden; text-overflow: ellipsis; }
"""


def page_html():
    warm = "".join(f"<span style=\"font-family:'{family}'\">a文😀</span>" for _, _, family in FACES.values())
    return (f"<!doctype html><html><head><meta charset=utf-8><style>{font_face_css()}\n{CSS}</style></head>"
            f"<body><div id=warm style='position:absolute;top:-200px'>{warm}</div><div id=root></div>"
            f"<script>{PAGE_SCRIPT}</script></body></html>")


def measure(cases, batch=300, log=print):
    tmp = tempfile.mkdtemp(prefix="tatami-text-ref-")
    page_path = pathlib.Path(tmp) / "page.html"
    page_path.write_text(page_html(), encoding="utf-8")
    results = []
    with Browser(extra_args=ARGS, timeout=300) as browser:
        page = browser.new_page(1600, 1000)
        page.goto(page_path.as_uri(), timeout=300)
        page.evaluate("document.fonts.ready.then(() => 0)", timeout=300)
        status = page.evaluate("[...document.fonts].map(f => f.family + ':' + f.status).join(' ')")
        if "error" in status or "unloaded" in status:
            raise SystemExit(f"fonts did not load: {status}")
        for i in range(0, len(cases), batch):
            chunk = [dict(c, family=css_stack(c["fonts"])) for c in cases[i:i + batch]]
            results += page.evaluate(f"runBatch({json.dumps(chunk, ensure_ascii=False)})", timeout=300)
            log(f"  {min(i + batch, len(cases))}/{len(cases)}")
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", default="cases.json")
    ap.add_argument("--out", default="reference.json")
    ap.add_argument("--batch", type=int, default=300)
    args = ap.parse_args()
    raw = open(args.cases, "rb").read()
    doc = json.loads(raw)
    start = time.monotonic()
    results = measure(doc["cases"], args.batch)
    version = subprocess.run([chromium_binary(), "--version"], capture_output=True, text=True).stdout.strip()
    out = {"version": 1, "engine": "chromium", "chromium": version,
           "casesSha256": hashlib.sha256(raw).hexdigest(), "cases": results}
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(json.dumps({k: v for k, v in out.items() if k != "cases"})[:-1] + ', "cases": [\n')
        f.write(",\n".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in results))
        f.write("\n]}\n")
    print(f"{args.out}: {len(results)} cases in {time.monotonic() - start:.1f} s")


if __name__ == "__main__":
    main()
