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


# `tatami diff --format html` (docs/render.md, "The diff page"): a 200×120 viewport whose body
# stacks its children from the top left, 10 apart. Before: red 0,0 40×20, yellow 0,30 60×20.
# After: red 0,0 40×40 (20 taller), yellow 0,50 60×20 (20 lower), and a purple 30×10 added at
# 0,80. Outlines are 2 pixels wide, inside the frame: before, the changed views in orange at their
# old frames; after, in blue at their new frames, the added one in green.
DIFF_OLD = """tatami: 1
viewports:
  v: {width: 200, height: 120}
body:
  vstack:
    - color: red
      frame: {width: 40, height: 20}
    - color: yellow
      frame: {width: 60, height: 20}
  spacing: 10
  alignment: leading
  frame: {maxWidth: infinity, maxHeight: infinity, alignment: topLeading}
"""
DIFF_NEW = DIFF_OLD.replace("width: 40, height: 20", "width: 40, height: 40").replace(
    "  spacing: 10", "    - color: purple\n      frame: {width: 30, height: 10}\n  spacing: 10")
ORANGE, OUTLINE_BLUE, GREEN, PURPLE = (255, 149, 0), (0, 122, 255), (52, 199, 89), (175, 82, 222)


def test_diff_page_outlines_changed_views_at_their_frames(browser, tmp_path):
    old, new = tmp_path / "old.tatami.yaml", tmp_path / "new.tatami.yaml"
    old.write_text(DIFF_OLD)
    new.write_text(DIFF_NEW)
    out = tmp_path / "diff.html"
    result = subprocess.run([TATAMI, "diff", "--format", "html", "--output", out, old, new], cwd=tmp_path,
                            capture_output=True, text=True)
    assert result.returncode == 1, result.stderr  # a layout changed
    page = browser.new_page(width=1200, height=800)
    page.goto(out.as_uri())
    found = page.evaluate("""
      (() => [...document.querySelectorAll('div.viewport[data-side]')].map(v => {
        const o = v.getBoundingClientRect();
        return {side: v.dataset.side, x: o.x, y: o.y, width: o.width, height: o.height,
                changes: [...v.querySelectorAll('.change')].map(e => {
                  const r = e.getBoundingClientRect();
                  return {change: e.dataset.change, path: e.dataset.path, x: r.x - o.x, y: r.y - o.y,
                          width: r.width, height: r.height, title: e.title};
                })};
      }))()
    """)
    assert [v["side"] for v in found] == ["old", "new"]
    before, after = found
    assert all((v["width"], v["height"]) == (200, 120) for v in found)
    assert before["x"] + 200 <= after["x"], ("before stands left of after", found)
    got_before = sorted((c["path"], c["change"], c["x"], c["y"], c["width"], c["height"]) for c in before["changes"])
    assert got_before == [("/0", "resized", 0, 0, 40, 20), ("/1", "moved", 0, 30, 60, 20)], got_before
    got_after = sorted((c["path"], c["change"], c["x"], c["y"], c["width"], c["height"]) for c in after["changes"])
    assert got_after == [("/0", "resized", 0, 0, 40, 40), ("/1", "moved", 0, 50, 60, 20), ("/2", "added", 0, 80, 30, 10)], got_after
    assert any(c["title"] == "color /1 moved Δy +20" for c in after["changes"]), after["changes"]

    def shot(v):
        return decode_png(page.screenshot({"x": v["x"], "y": v["y"], "width": 200, "height": 120}))

    expected_before = [
        ((0, 10), ORANGE), ((1, 17), ORANGE), ((39, 17), ORANGE), ((20, 15), RED),   # red, outlined at 0,0 40×20
        ((1, 40), ORANGE), ((58, 40), ORANGE), ((30, 47), YELLOW), ((30, 31), ORANGE),  # yellow at 0,30 60×20
        ((20, 25), WHITE), ((100, 60), WHITE), ((62, 40), WHITE),
    ]
    expected_after = [
        ((0, 20), OUTLINE_BLUE), ((38, 20), OUTLINE_BLUE), ((20, 35), RED), ((20, 39), OUTLINE_BLUE),  # red 0,0 40×40
        ((1, 60), OUTLINE_BLUE), ((59, 60), OUTLINE_BLUE), ((30, 67), YELLOW), ((30, 69), OUTLINE_BLUE),  # yellow 0,50
        ((0, 85), GREEN), ((29, 85), GREEN), ((15, 80), GREEN), ((15, 89), GREEN),  # the added view's outline
        ((31, 85), WHITE), ((20, 45), WHITE), ((100, 60), WHITE),
    ]
    for v, expected in ((before, expected_before), (after, expected_after)):
        image = shot(v)
        wrong = [((x, y), c, image.pixel(x, y)) for (x, y), c in expected
                 if any(abs(a - b) > 2 for a, b in zip(image.pixel(x, y), c))]
        assert wrong == [], (v["side"], wrong)
    assert all(url.startswith("file://") for url in page.requested_urls()), page.requested_urls()
