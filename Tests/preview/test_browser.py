"""`tatami preview --format svg|html` in a real browser: headless Chromium (Debian's `chromium`)
driven over the DevTools protocol through a pipe (scripts/chromium.py).

- every example as an HTML page: each viewport's element W×H CSS pixels, each shown view's
  element (`data-path`) on its frame from `tatami frames`, with its kind and frame in `title`;
- pixels at frames worked out by hand (Tests/preview/pixels.tatami.yaml), in the page and in the
  SVG opened on its own: colours, a heavy border drawn above its colour, an overlay, the shaded
  safe area;
- no request but the page's own file (and, for a live page, its stamp script);
- the pointer over a view outlines it and shows its frame line;
- `--watch --output`: an open page, or an SVG opened on its own, reloads itself when the file
  (or a file it imports) is saved.

Run by Tests/preview/run.sh.
"""

import json
import os
import pathlib
import subprocess
import sys
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from chromium import Browser, BrowserError, chromium_binary, decode_png  # noqa: E402

EXAMPLES = sorted((ROOT / "Examples").rglob("*.tatami.yaml"))
PIXELS = ROOT / "Tests" / "preview" / "pixels.tatami.yaml"
TATAMI = os.path.abspath(os.environ.get("TATAMI") or ROOT / ".build" / "debug" / "tatami")

if chromium_binary() is None:
    pytest.exit("chromium is not installed (Debian: apt-get install chromium); .ci/run installs it", returncode=2)


@pytest.fixture(scope="module")
def browser():
    with Browser() as b:
        yield b


def tatami(*args, check=True):
    result = subprocess.run([TATAMI, *map(str, args)], cwd=ROOT, capture_output=True, text=True)
    if check:
        assert result.returncode == 0, result.stderr
    return result


def frames(path, viewport):
    return json.loads(tatami("frames", "--format", "json", "--viewport", viewport, path).stdout)


def html(path, out):
    tatami("preview", "--format", "html", "--output", out, path)
    return out


GEOMETRY = """
(() => [...document.querySelectorAll('div[data-viewport]')].map(v => {
  const o = v.getBoundingClientRect();
  return {
    name: v.dataset.viewport, x: o.x, y: o.y, width: o.width, height: o.height,
    views: [...v.querySelectorAll('[data-path]')].map(e => {
      const r = e.getBoundingClientRect();
      return {path: e.dataset.path, kind: e.dataset.kind, id: e.dataset.id || null, title: e.title,
              x: r.x - o.x, y: r.y - o.y, width: r.width, height: r.height};
    }),
  };
}))()
"""


def near(a, b):
    return abs(a - b) <= 1 / 64  # Chromium's layout unit


@pytest.mark.parametrize("example", EXAMPLES, ids=[str(p.relative_to(ROOT / "Examples")) for p in EXAMPLES])
def test_every_view_of_every_example_has_its_element_at_its_frame(browser, tmp_path, example):
    page = browser.new_page(width=1800, height=1200)
    page.goto(html(example, tmp_path / "page.html").as_uri())
    viewports = page.evaluate(GEOMETRY)
    assert viewports, "no viewport element"
    assert len({v["name"] for v in viewports}) == len(viewports)
    for v in viewports:
        expected = frames(example, v["name"])
        assert (v["width"], v["height"]) == (expected["viewport"]["width"], expected["viewport"]["height"]), v["name"]
        shown = [f for f in expected["frames"] if not f["hidden"]]
        by_path = {e["path"]: e for e in v["views"]}
        assert len(by_path) == len(v["views"]), "paths are unique within a viewport"
        assert sorted(by_path) == sorted(f["path"] for f in shown), v["name"]
        for f in shown:
            e = by_path[f["path"]]
            assert e["kind"] == f["kind"] and e["id"] == f["id"], f
            assert all(near(e[k], f[k]) for k in ("x", "y", "width", "height")), (v["name"], f, e)
            head = f"{f['kind']}{'#' + f['id'] if f['id'] else ''} {f['path']} "
            assert e["title"].startswith(head), (e["title"], head)
    # The viewports stand side by side: none overlaps another.
    for a in viewports:
        for b in viewports:
            if a is not b:
                assert (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                        or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])
    # Nothing is fetched: the page itself, and the fonts it embeds as data: URLs.
    assert all(url.startswith(("file://", "data:font/")) for url in page.requested_urls()), page.requested_urls()


# Tests/preview/pixels.tatami.yaml, in a 200×120 viewport with a 20-point top safe area: the
# hstack (spacing 10) holds 40 + 30 + 50 + 16 ("Hi") + 3 × 10 = 166 by 60, centred in the 200×100
# below the safe area: x = (200 − 166) / 2 = 17, y = 20 + (100 − 60) / 2 = 40. Children are
# centred vertically: red 17,50 40×40; #336699 67,40 30×60 with a heavy (2-point) border; blue
# 107,60 50×20 with a yellow 10×10 overlay centred on it at 127,65; "Hi" 167,62 16×16.
RED, BLUE, YELLOW, STEEL, BLACK, WHITE = (255, 59, 48), (0, 122, 255), (255, 204, 0), (51, 102, 153), (0, 0, 0), (255, 255, 255)
# The safe area: gray (142, 142, 147) at 25 % over white.
SHADED = (round(255 * 0.75 + 142 * 0.25), round(255 * 0.75 + 142 * 0.25), round(255 * 0.75 + 147 * 0.25))
EXPECTED_PIXELS = [
    ((37, 70), RED), ((18, 51), RED), ((56, 89), RED),     # centre and inner corners of red
    ((16, 70), WHITE), ((57, 70), WHITE),                   # just outside it
    ((82, 70), STEEL), ((94, 70), STEEL),                   # inside the border
    ((67, 70), BLACK), ((68, 70), BLACK), ((96, 70), BLACK), ((82, 40), BLACK), ((82, 99), BLACK),  # the border
    ((110, 62), BLUE), ((156, 79), BLUE), ((132, 70), YELLOW), ((127, 65), YELLOW), ((136, 74), YELLOW),
    ((126, 70), BLUE), ((137, 70), BLUE),
    ((100, 10), SHADED), ((5, 0), SHADED), ((199, 19), SHADED), ((100, 20), WHITE), ((5, 110), WHITE),
]


def check_pixels(image):
    wrong = []
    for (x, y), colour in EXPECTED_PIXELS:
        got = image.pixel(x, y)
        if any(abs(a - b) > 2 for a, b in zip(got, colour)):
            wrong.append(((x, y), colour, got))
    assert wrong == []


def test_pixels_of_the_html_page_at_the_computed_frames(browser, tmp_path):
    page = browser.new_page()
    page.goto(html(PIXELS, tmp_path / "pixels.html").as_uri())
    (v,) = page.evaluate(GEOMETRY)
    assert (v["width"], v["height"]) == (200, 120)
    image = decode_png(page.screenshot({"x": v["x"], "y": v["y"], "width": 200, "height": 120}))
    assert (image.width, image.height) == (200, 120)
    check_pixels(image)
    # The text is drawn inside its frame (some dark pixel there), nothing of it outside.
    dark = [(x, y) for y in range(120) for x in range(200) if sum(image.pixel(x, y)) < 200 and not (67 <= x < 97 and 40 <= y < 100)]
    assert dark and all(167 <= x < 183 and 62 <= y < 78 for x, y in dark), dark[:10]


FONT_EXAMPLE = ROOT / "Examples" / "avocado-toast-inter.tatami.yaml"


def test_text_in_font_files_draws_its_ink_inside_its_text_frames(browser, tmp_path):
    """The example set in Inter (docs/format.md §5.1): the page embeds the font files and draws
    each line at its computed origin, so every text's ink falls inside that text's frame (within
    a pixel of antialiasing), every text frame holds ink, and no ink is anywhere else but in the
    image placeholder. A text drawn in another face, or stretched to a length, would leave its
    frame."""
    page = browser.new_page()
    page.goto(html(FONT_EXAMPLE, tmp_path / "inter.html").as_uri())
    (v,) = page.evaluate(GEOMETRY)
    w, h = int(v["width"]), int(v["height"])
    image = decode_png(page.screenshot({"x": v["x"], "y": v["y"], "width": w, "height": h}))
    laid = frames(FONT_EXAMPLE, "phone")["frames"]
    texts = [f["content"] for f in laid if f["kind"] == "text"]
    images = [f["content"] for f in laid if f["kind"] == "image"]
    assert len(texts) == 4

    def inside(x, y, r, pad=0):
        return r["x"] - pad <= x < r["x"] + r["width"] + pad and r["y"] - pad <= y < r["y"] + r["height"] + pad

    dark = [(x, y) for y in range(h) for x in range(w)
            if sum(image.pixel(x, y)[:3]) < 3 * 160 and not any(inside(x, y, r, pad=1) for r in images)]
    outside = [p for p in dark if not any(inside(*p, r, pad=1) for r in texts)]
    assert dark and outside == [], outside[:10]
    for r in texts:
        assert any(inside(x, y, r) for x, y in dark), r
    # The fonts are embedded (data: URLs), nothing is fetched.
    urls = page.requested_urls()
    assert any(url.startswith("data:font/") for url in urls)
    assert all(url.startswith(("file://", "data:font/")) for url in urls), urls


def test_pixels_of_the_svg_opened_on_its_own(browser, tmp_path):
    svg = tmp_path / "pixels.svg"
    tatami("preview", "--format", "svg", "--output", svg, PIXELS)
    page = browser.new_page()
    page.goto(svg.as_uri())
    assert page.evaluate("document.documentElement.getAttribute('viewBox')") == "0 0 200 120"
    check_pixels(decode_png(page.screenshot({"x": 0, "y": 0, "width": 200, "height": 120})))
    assert all(url.startswith("file://") for url in page.requested_urls())


def test_hovering_a_view_outlines_it_and_shows_its_frame(browser, tmp_path):
    page = browser.new_page()
    page.goto(html(PIXELS, tmp_path / "pixels.html").as_uri())
    (v,) = page.evaluate(GEOMETRY)
    idle = page.evaluate("document.querySelector('.info').textContent")
    page.mouse_move(v["x"] + 132, v["y"] + 70)  # the yellow overlay, drawn last there
    assert page.evaluate("document.querySelector('.info').textContent") == "color /2/overlay 127,65 10×10"
    assert page.evaluate("getComputedStyle(document.querySelector('[data-path=\"/2/overlay\"]')).outlineStyle") == "solid"
    assert page.evaluate("getComputedStyle(document.querySelector('[data-path=\"/0\"]')).outlineStyle") == "none"
    page.mouse_move(v["x"] + 37, v["y"] + 70)
    assert page.evaluate("document.querySelector('.info').textContent") == "color /0 17,50 40×40"
    page.mouse_move(v["x"] + 300, v["y"] + 300)  # outside the viewport
    assert page.evaluate("document.querySelector('.info').textContent") == idle


def wait_for(predicate, timeout=20.0, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = predicate()
        except BrowserError:
            value = None  # asked while the page was between two documents (reloading)
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def test_watch_rewrites_the_page_and_an_open_page_reloads_itself(browser, tmp_path):
    (tmp_path / "tatami.config.yaml").write_text("{}\n")
    library = tmp_path / "library.tatami.yaml"
    library.write_text("components:\n  Box:\n    body: {color: red, frame: {width: 40, height: 20}}\nbody: {Box: {}}\n")
    screen = tmp_path / "screen.tatami.yaml"
    screen.write_text("imports: [library.tatami.yaml]\nviewports:\n  v: {width: 100, height: 50}\nbody: {Box: {}}\n")
    out = tmp_path / "out" / "page.html"
    out.parent.mkdir()
    watch = subprocess.Popen([TATAMI, "preview", "--watch", "--format", "html", "--output", out, screen],
                             cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: out.exists() and (out.parent / "page.html.live.js").exists(), what="the first page")
        page = browser.new_page()
        page.goto(out.as_uri())
        width = "document.querySelector('[data-path=\"/0\"]').dataset.width"
        assert page.evaluate(width) == "40"
        page.evaluate("window.marker = 'old page'")
        # Save the imported file: the page is rewritten and the open page reloads.
        time.sleep(1.1)  # a new modification time on file systems with 1-second times
        library.write_text(library.read_text().replace("width: 40", "width: 60"))
        wait_for(lambda: page.evaluate(width) == "60", what="the reload after the import changed")
        assert page.evaluate("window.marker") is None, "the page was reloaded, not patched"
        # Save the file itself.
        time.sleep(1.1)
        screen.write_text(screen.read_text().replace("width: 100", "width: 120"))
        wait_for(lambda: page.evaluate("document.querySelector('[data-viewport]').dataset.width") == "120",
                 what="the reload after the file changed")
        # Unchanged, the page stays: no reload in a second.
        page.evaluate("window.marker = 'kept'")
        time.sleep(1.5)
        assert page.evaluate("window.marker") == "kept"
        urls = page.requested_urls()
        assert urls and all(u.startswith("file://") for u in urls), urls
        assert any("page.html.live.js" in u for u in urls)
    finally:
        watch.terminate()
        watch.wait(timeout=10)


def test_watch_rewrites_an_svg_and_the_open_svg_reloads_itself(browser, tmp_path):
    screen = tmp_path / "screen.tatami.yaml"
    screen.write_text("viewports:\n  v: {width: 100, height: 50}\nbody: {color: red, frame: {width: 40, height: 20}}\n")
    out = tmp_path / "screen.svg"
    watch = subprocess.Popen([TATAMI, "preview", "--watch", "--format", "svg", "--output", out, screen],
                             cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: out.exists() and (tmp_path / "screen.svg.live.js").exists(), what="the first SVG")
        page = browser.new_page()
        page.goto(out.as_uri())
        width = "document.querySelector('rect.color').getAttribute('width')"
        assert page.evaluate(width) == "40"
        time.sleep(1.1)
        screen.write_text(screen.read_text().replace("width: 40", "width: 70"))
        wait_for(lambda: page.evaluate(width) == "70", what="the SVG's reload")
        assert all(u.startswith("file://") for u in page.requested_urls())
    finally:
        watch.terminate()
        watch.wait(timeout=10)


def test_every_example_has_its_generated_screenshot(browser, tmp_path):
    """docs/images/<example>.png exists for every example (scripts/generate-screenshots.py), is a
    PNG at scale 1, and holds every viewport of the example's page as drawn now. (Whether it is
    up to date pixel for pixel depends on the fonts installed: run the script after a change.)"""
    page = browser.new_page(width=1400, height=900)
    for example in EXAMPLES:
        name = str(example.relative_to(ROOT / "Examples")).replace(".tatami.yaml", "").replace("/", "-")
        image = decode_png((ROOT / "docs" / "images" / f"{name}.png").read_bytes())
        page.goto(html(example, tmp_path / "page.html").as_uri())
        for v in page.evaluate(GEOMETRY):
            assert v["x"] + v["width"] <= image.width and v["y"] + v["height"] <= image.height, (name, v["name"])
