#!/usr/bin/env python3
"""Writes docs/images/<example>.png: each example's HTML preview (`tatami preview --format html`,
every viewport side by side) as headless Chromium draws it at scale 1. The README shows one.

    scripts/generate-screenshots.py [--tatami PATH] [EXAMPLE...]

Without examples, every file under Examples/. Needs `chromium` (scripts/chromium.py) and a built
tatami (default: .build/debug/tatami, `swift build --product tatami`).
"""

import argparse
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from chromium import Browser  # noqa: E402

# The page's content: from the top left corner to the furthest figure, with the body's margin.
EXTENT = """
(() => {
  let right = 0, bottom = 0;
  for (const e of document.querySelectorAll('h1, figure')) {
    // The heading's text, not its block (as wide as the window).
    const range = document.createRange();
    range.selectNodeContents(e);
    const r = e.tagName === 'H1' ? range.getBoundingClientRect() : e.getBoundingClientRect();
    right = Math.max(right, r.right); bottom = Math.max(bottom, r.bottom);
  }
  return {x: 0, y: 0, width: Math.ceil(right) + 16, height: Math.ceil(bottom) + 16};
})()
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tatami", default=str(ROOT / ".build" / "debug" / "tatami"))
    parser.add_argument("--out", default=str(ROOT / "docs" / "images"))
    parser.add_argument("examples", nargs="*")
    args = parser.parse_args()
    examples = [pathlib.Path(e).resolve() for e in args.examples] or sorted((ROOT / "Examples").rglob("*.tatami.yaml"))
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch, Browser() as browser:
        page = browser.new_page(width=1400, height=900)
        for example in examples:
            relative = example.relative_to(ROOT)
            html = pathlib.Path(scratch) / "page.html"
            # The file's errors (exit 1) are drawn too; a usage error is not.
            result = subprocess.run([args.tatami, "preview", "--format", "html", "--output", str(html), str(relative)],
                                    cwd=ROOT, capture_output=True, text=True)
            if result.returncode not in (0, 1) or not html.exists():
                sys.exit(f"{relative}: {result.stderr}")
            page.goto(html.as_uri())
            png = page.screenshot(page.evaluate(EXTENT))
            name = str(example.relative_to(ROOT / "Examples")).replace(".tatami.yaml", "").replace("/", "-")
            target = out / f"{name}.png"
            target.write_bytes(png)
            print(f"{target.relative_to(ROOT)}: {len(png)} bytes")


if __name__ == "__main__":
    main()
