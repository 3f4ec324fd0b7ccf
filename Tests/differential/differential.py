#!/usr/bin/env python3
"""Differential tests: Tatami's flow, bricks and canvas against Taffy (through stretchable).

Random cases are generated from a fixed seed. Each case is written as a `.tatami.yaml`
document, laid out by the `tatami` binary (`tatami frames - --format json`), and laid out
again by Taffy with the CSS flexbox / absolute-positioning mapping described at each
generator below. The children's frames (for bricks and canvas: their cells, which docs/format.md
§7.4 reports as the child's frame) must be identical, and so must the container's size.

Only the standard library and stretchable are used. Nothing about the expected layout is
learned from Tatami: where the Taffy side needs to know which child is on which row (bricks
with an unfilled last row, flows with a centred or trailing alignment), it reads that from a
first Taffy pass.

Usage: differential.py [--tatami PATH] [--seed N] [--jobs N] [--only flow|bricks|canvas]
The binary is taken from --tatami, else $TATAMI, else .build/debug/tatami.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import functools
import json
import math
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from stretchable import Node
from stretchable.style.geometry.length import LengthBase
from stretchable.style import (
    AUTO,
    PCT,
    PT,
    AlignContent,
    AlignItems,
    Display,
    FlexWrap,
    JustifyContent,
    Position,
    Rect,
    Size,
    Style,
)

DEFAULT_SEED = 20250611
VIEW_HEIGHT = 600  # flows and bricks sit in a fixed frame this tall; they never use the height

ALIGNMENTS = {
    # name: (horizontal factor f, vertical factor g) of docs/format.md §7.3 step 4
    "topLeading": (0.0, 0.0), "top": (0.5, 0.0), "topTrailing": (1.0, 0.0),
    "leading": (0.0, 0.5), "center": (0.5, 0.5), "trailing": (1.0, 0.5),
    "bottomLeading": (0.0, 1.0), "bottom": (0.5, 1.0), "bottomTrailing": (1.0, 1.0),
}
JUSTIFY = {0.0: JustifyContent.FLEX_START, 0.5: JustifyContent.CENTER, 1.0: JustifyContent.FLEX_END}
ALIGN_ITEMS = {0.0: AlignItems.FLEX_START, 0.5: AlignItems.CENTER, 1.0: AlignItems.FLEX_END}


@dataclass
class Case:
    container: str          # "flow", "bricks" or "canvas"
    variant: str            # a short description, e.g. "justify justifyLastRow=false"
    index: int
    yaml: str
    # The reference: child rectangles (x, y, width, height) relative to the container's
    # origin, unrounded as Taffy computed them, and the container's own (width, height).
    expected: list[tuple[float, float, float, float]] = field(default_factory=list)
    expected_size: tuple[float, float] = (0.0, 0.0)


# ---------------------------------------------------------------------------------------
# Taffy helpers


# stretchable converts every length of a Style on construction, which costs milliseconds per
# node. Passing the default rectangles and sizes already converted (taken from one default
# Style) skips that for the properties a case does not set; the layout is the same.
_DEFAULT_STYLE = Style()
_PRECONVERTED = {name: getattr(_DEFAULT_STYLE, name)
                 for name in ("inset", "gap", "padding", "border", "margin",
                              "size", "min_size", "max_size")}


# The other cost is LengthBase._check_scale, a pure check that a scale is allowed for a length
# type, which lists the type's members with dir() on every call; its answer is memoised.
_check_scale = LengthBase._check_scale


@functools.cache
def _check_scale_once(kind, scale) -> None:
    _check_scale(kind, scale)


LengthBase._check_scale = staticmethod(_check_scale_once)


def node(**properties) -> Node:
    return Node(style=Style(**{**_PRECONVERTED, **properties}))


def box(taffy_node: Node) -> tuple[float, float, float, float]:
    b = taffy_node.border_box
    return (b.x, b.y, b.width, b.height)


def rows_of(children: list[Node]) -> list[list[int]]:
    """Groups child indices into flex lines by their y in a flex-start layout (Taffy's lines)."""
    rows: list[list[int]] = []
    last_y = None
    for i, child in enumerate(children):
        y = child.border_box.y
        if last_y is None or y != last_y:
            rows.append([])
            last_y = y
        rows[-1].append(i)
    return rows


def wrap_container(width: float, gap_x: float, gap_y: float,
                   justify=JustifyContent.FLEX_START, align=AlignItems.FLEX_START) -> Node:
    return node(
        display=Display.FLEX,
        flex_wrap=FlexWrap.WRAP,
        gap=Size(gap_x * PT, gap_y * PT),
        size=Size(width * PT, AUTO),
        align_content=AlignContent.FLEX_START,
        justify_content=justify,
        align_items=align,
    )


# ---------------------------------------------------------------------------------------
# flow (docs/format.md §7.3)
#
# Tatami: the body is the flow, inside `frame: {width: W, height: 600, alignment: topLeading}`
# so the flow's origin is the viewport's (0, 0) and it is proposed width W. Children are
# `color` views with fixed frames: their ideal size is the frame, whatever they are proposed.
#
# Taffy: `display: flex; flex-wrap: wrap; width: W; column-gap: spacing; row-gap: lineSpacing;
# align-content: flex-start; align-items: flex-start`, children `flex: 0 0 auto` with that
# width and height. Taffy breaks a line when the item plus the gap before it would pass W,
# the first item of a line always staying: docs/format.md's rule 2.
#
# Children wider than W: docs/format.md proposes them (W, unspecified), but a fixed frame reports its
# own width, so such a child stays wider than W and sits alone on its row. With
# `flex-shrink: 0` Taffy also keeps it at its width, alone on its line (it overflows the
# container). The topLeading cases include such children now and then.
#
# Other alignments: Tatami offsets each row by (boundsWidth - rowWidth) * f, where boundsWidth
# is the widest row, not W; CSS would centre lines inside the container's width. So a first
# Taffy pass (flex-start) gives the widest row, and a second pass with the container exactly
# that wide and `justify-content` / `align-items` set from the alignment gives the reference.
# That second pass only breaks lines the same way when no child is wider than W (every row
# then fits in the widest one, and a child that did not fit in W does not fit in less), so the
# aligned cases keep every child at most W wide.


def flow_case(rng: random.Random, index: int, alignment: str, allow_wide: bool) -> Case:
    W = rng.randint(30, 400)
    n = rng.randint(1, 14)
    spacing = None if rng.random() < 0.15 else rng.randint(0, 16)
    line_spacing = None if rng.random() < 0.3 else rng.randint(0, 16)
    s = 8 if spacing is None else spacing
    ls = s if line_spacing is None else line_spacing

    sizes = []
    used = None  # a rough running row width, only to make exact fits and near misses common
    for _ in range(n):
        r = rng.random()
        if allow_wide and r < 0.05:
            w = W + rng.randint(1, 60)
        elif used is not None and r < 0.3 and W - used - s >= 0:
            # exactly what is left of the row, or one more (just does not fit)
            w = max(0, W - used - s + (1 if rng.random() < 0.3 else 0))
        elif r < 0.35:
            w = 0
        else:
            w = rng.randint(1, max(1, min(W, rng.choice([W // 4, W // 2, W]))))
        w = min(w, W) if not allow_wide else w
        h = rng.choice([0, rng.randint(1, 12), rng.randint(1, 60)])
        sizes.append((w, h))
        if used is None or w > W or used + s + w > W:
            used = w
        else:
            used += s + w

    lines = ["viewports:", f"  v: {{width: {W}, height: {VIEW_HEIGHT}}}", "body:", "  flow:"]
    colors = ["red", "green", "blue", "orange", "purple"]
    for i, (w, h) in enumerate(sizes):
        lines.append(f"    - color: {colors[i % len(colors)]}")
        lines.append(f"      frame: {{width: {w}, height: {h}}}")
    if spacing is not None:
        lines.append(f"  spacing: {spacing}")
    if line_spacing is not None:
        lines.append(f"  lineSpacing: {line_spacing}")
    lines.append(f"  alignment: {alignment}")
    lines.append(f"  frame: {{width: {W}, height: {VIEW_HEIGHT}, alignment: topLeading}}")
    yaml = "\n".join(lines) + "\n"

    def build(width: float, f: float, g: float) -> Node:
        root = wrap_container(width, s, ls, JUSTIFY[f], ALIGN_ITEMS[g])
        for w, h in sizes:
            root.add(node(flex_grow=0, flex_shrink=0, flex_basis=AUTO, size=Size(w * PT, h * PT)))
        root.compute_layout((width, VIEW_HEIGHT))
        return root

    first = build(W, 0.0, 0.0)
    widest = max(c.border_box.x + c.border_box.width for c in first)
    height = first.border_box.height
    f, g = ALIGNMENTS[alignment]
    final = first if (f, g) == (0.0, 0.0) else build(widest, f, g)
    variant = alignment + (" wide" if allow_wide and any(w > W for w, _ in sizes) else "")
    return Case("flow", variant, index, yaml, [box(c) for c in final], (widest, height))


# ---------------------------------------------------------------------------------------
# bricks (docs/format.md §7.4)
#
# Tatami: the body is the bricks container inside `frame: {width: W, height: 600, alignment:
# topLeading}` (origin (0, 0), proposed width W), children `color` views with fixed frames,
# `rowHeight` always given.
#
# Taffy: `display: flex; flex-wrap: wrap; width: W; gap: spacing; align-content: flex-start`,
# each brick `flex-basis: <brick width>; flex-shrink: 0; height: rowHeight`. The brick width is
# docs/format.md's rule 1 done by hand: the child's fixed frame width clamped to [minWidth, maxWidth] and
# to W (plain arithmetic on the generated numbers; Taffy's `max-width` would also cap the
# growth, which docs/format.md does not). Line breaking is Taffy's own and matches rule 2.
#
# Filling (rule 3) is `flex-grow`: `justify` gives every brick of a filled row `flex-grow: 1`
# (equal shares of the leftover), `last` gives it only to the row's last brick, `none` to no
# brick. Whether a row is the last one, and which brick ends a row, is read from a first
# Taffy pass with no growth at all (growth does not change how flex lines break), never from
# Tatami.
#
# Justified shares are fractions (leftover / bricks in the row), so edges need not be
# integers; both sides are rounded by docs/format.md §3 (see `Comparison`).


def bricks_case(rng: random.Random, index: int, fill: str, justify_last: bool) -> Case:
    W = rng.randint(30, 400)
    n = rng.randint(1, 16)
    row_height = rng.randint(0, 40)
    spacing = None if rng.random() < 0.2 else rng.randint(0, 16)
    s = 0 if spacing is None else spacing
    min_width = max_width = None
    if rng.random() < 0.25:
        min_width = rng.randint(0, W // 2)
    if rng.random() < 0.25:
        max_width = rng.randint(min_width or 0, W + 40)

    widths = []
    for _ in range(n):
        r = rng.random()
        if r < 0.05:
            w = W + rng.randint(1, 60)
        elif r < 0.1:
            w = 0
        else:
            w = rng.randint(1, max(1, rng.choice([W // 5, W // 3, W // 2, W])))
        widths.append(w)
    heights = [rng.choice([rng.randint(0, 40), row_height]) for _ in range(n)]

    def brick_width(w: int) -> int:
        if min_width is not None:
            w = max(w, min_width)
        if max_width is not None:
            w = min(w, max_width)
        return min(w, W)

    basis = [brick_width(w) for w in widths]

    lines = ["viewports:", f"  v: {{width: {W}, height: {VIEW_HEIGHT}}}", "body:", "  bricks:"]
    colors = ["red", "green", "blue", "orange", "purple", "pink"]
    for i, (w, h) in enumerate(zip(widths, heights)):
        lines.append(f"    - color: {colors[i % len(colors)]}")
        lines.append(f"      frame: {{width: {w}, height: {h}}}")
    lines.append(f"  rowHeight: {row_height}")
    if spacing is not None:
        lines.append(f"  spacing: {spacing}")
    if fill != "justify" or rng.random() < 0.5:
        lines.append(f"  fill: {fill}")
    if justify_last or rng.random() < 0.5:
        lines.append(f"  justifyLastRow: {'true' if justify_last else 'false'}")
    if min_width is not None:
        lines.append(f"  minWidth: {min_width}")
    if max_width is not None:
        lines.append(f"  maxWidth: {max_width}")
    lines.append(f"  frame: {{width: {W}, height: {VIEW_HEIGHT}, alignment: topLeading}}")
    yaml = "\n".join(lines) + "\n"

    def build(grow: list[float], height: int) -> Node:
        root = wrap_container(W, s, s)
        for b, g in zip(basis, grow):
            root.add(node(flex_grow=g, flex_shrink=0, flex_basis=b * PT,
                          size=Size(AUTO, height * PT)))
        root.compute_layout((W, VIEW_HEIGHT))
        return root

    # Lines are read from y, so the first pass gives every row some height (rowHeight may be
    # 0); the cross size has no part in where flex lines break.
    first = build([0.0] * n, max(row_height, 1))
    rows = rows_of(list(first))
    grow = [0.0] * n
    for r, row in enumerate(rows):
        if r == len(rows) - 1 and not justify_last:
            continue
        if fill == "justify":
            for i in row:
                grow[i] = 1.0
        elif fill == "last":
            grow[row[-1]] = 1.0
    final = build(grow, row_height)
    variant = f"{fill} justifyLastRow={'true' if justify_last else 'false'}"
    return Case("bricks", variant, index, yaml, [box(c) for c in final],
                (W, final.border_box.height))


# ---------------------------------------------------------------------------------------
# canvas (docs/format.md §7.4)
#
# Tatami: the body is the canvas in a W x H viewport (W, H multiples of 8), so it is proposed
# and reports W x H at (0, 0). Children are `color` views with one placement each.
#
# Taffy: a W x H container, each child `position: absolute` with
#   absolute [x, y, w, h]      -> left: x; top: y; width: w; height: h (points)
#   relative [fx, fy, fw, fh]  -> the same in percentages (fractions are multiples of 1/8,
#                                 so every edge is an integer)
#   insets {top, leading, ...} -> top/left/bottom/right, width and height auto; an edge the
#                                 case leaves out has no inset (0 on both sides).


def canvas_case(rng: random.Random, index: int) -> Case:
    W = 8 * rng.randint(1, 50)
    H = 8 * rng.randint(1, 50)
    n = rng.randint(1, 8)
    children = []  # (yaml placement, taffy style kwargs)
    for _ in range(n):
        kind = rng.choice(["absolute", "relative", "insets"])
        if kind == "absolute":
            x, y = rng.randint(0, W), rng.randint(0, H)
            if rng.random() < 0.8:  # mostly inside the canvas, sometimes out of bounds
                w, h = rng.randint(0, W - x), rng.randint(0, H - y)
            else:
                w, h = rng.randint(0, W), rng.randint(0, H)
            placement = f"{{absolute: [{x}, {y}, {w}, {h}]}}"
            style = dict(inset=Rect(top=y * PT, right=AUTO, bottom=AUTO, left=x * PT),
                         size=Size(w * PT, h * PT))
        elif kind == "relative":
            fx, fy = rng.randint(0, 8), rng.randint(0, 8)
            if rng.random() < 0.8:
                fw, fh = rng.randint(0, 8 - fx), rng.randint(0, 8 - fy)
            else:
                fw, fh = rng.randint(0, 8), rng.randint(0, 8)

            def frac(k: int) -> str:
                return f"{k / 8:g}"

            placement = f"{{relative: [{frac(fx)}, {frac(fy)}, {frac(fw)}, {frac(fh)}]}}"
            style = dict(inset=Rect(top=(fy * 12.5) * PCT, right=AUTO, bottom=AUTO,
                                    left=(fx * 12.5) * PCT),
                         size=Size((fw * 12.5) * PCT, (fh * 12.5) * PCT))
        else:
            top = rng.randint(0, H)
            bottom = rng.randint(0, H - top)
            leading = rng.randint(0, W)
            trailing = rng.randint(0, W - leading)
            edges = {"top": top, "leading": leading, "bottom": bottom, "trailing": trailing}
            given = {k: v for k, v in edges.items() if rng.random() < 0.85}
            edges = {k: given.get(k, 0) for k in edges}
            inner = ", ".join(f"{k}: {v}" for k, v in given.items())
            placement = f"{{insets: {{{inner}}}}}"
            style = dict(inset=Rect(top=edges["top"] * PT, right=edges["trailing"] * PT,
                                    bottom=edges["bottom"] * PT, left=edges["leading"] * PT),
                         size=Size(AUTO, AUTO))
        children.append((placement, style))

    lines = ["viewports:", f"  v: {{width: {W}, height: {H}}}", "body:", "  canvas:"]
    colors = ["red", "green", "blue", "orange", "purple", "pink", "yellow", "gray"]
    for i, (placement, _) in enumerate(children):
        lines.append(f"    - color: {colors[i % len(colors)]}")
        lines.append(f"      position: {placement}")
    yaml = "\n".join(lines) + "\n"

    root = node(size=Size(W * PT, H * PT))
    for _, style in children:
        root.add(node(position=Position.ABSOLUTE, **style))
    root.compute_layout((W, H))
    kinds = sorted({p.split(":")[0].strip("{") for p, _ in children})
    return Case("canvas", "+".join(kinds), index, yaml, [box(c) for c in root], (W, H))


# ---------------------------------------------------------------------------------------
# Running Tatami


def run_tatami(tatami: str, yaml: str) -> tuple[dict | None, str]:
    proc = subprocess.run([tatami, "frames", "-", "--format", "json"], input=yaml,
                          capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        return None, f"tatami exited {proc.returncode}: {proc.stderr.strip()}"
    try:
        return json.loads(proc.stdout), ""
    except json.JSONDecodeError as error:
        return None, f"tatami printed invalid JSON ({error}): {proc.stdout[:500]}"


def tatami_frames(output: dict) -> tuple[tuple[float, float], list[tuple[float, float, float, float]]]:
    """The container's own size and its children's frames relative to its origin.

    The container is the body (path "/"); its `content` is the container itself, inside the
    body's `frame` modifier. Children are "/0", "/1", ... (their outer frames: for cell
    containers the cell).
    """
    frames = {f["path"]: f for f in output["frames"]}
    body = frames["/"]["content"]
    ox, oy = body["x"], body["y"]
    children = []
    i = 0
    while f"/{i}" in frames:
        f = frames[f"/{i}"]
        children.append((f["x"] - ox, f["y"] - oy, f["width"], f["height"]))
        i += 1
    return (body["width"], body["height"]), children


# ---------------------------------------------------------------------------------------
# Comparing
#
# docs/format.md §3 rounds every edge to floor(v + 0.5) at the end, and both references are placed
# at the viewport's origin, so Taffy's unrounded edges are rounded the same way here and must
# equal Tatami's.
#
# One allowance: when a case has values that are not short binary fractions (a justified
# share such as 5/6), both engines carry rounding noise (Taffy in 32-bit floats, Tatami in
# 64-bit, which docs/format.md allows: "layout runs in unrounded floating point"), and an edge whose
# exact value is a half (3 x 5/6 = 2.5) may land just below or above it on either side. In
# such a case only, an edge within 1e-3 of a half accepts both neighbours. When every Taffy
# value of a case is a multiple of 1/1024 (all flows, canvases, and bricks whose shares are
# whole or halves or quarters), both sides compute exactly and every edge must match exactly,
# halves included.

TIE = 1e-3


def is_short_binary(v: float) -> bool:
    return float(v * 1024).is_integer()


class Comparison:
    def __init__(self, expected: list[tuple], size: tuple):
        self.exact = all(is_short_binary(v) for r in expected for v in r) and \
            all(is_short_binary(v) for v in size)
        self.lenient = 0  # edges accepted at a floating-point half

    def edge(self, tatami_edge: float, taffy_edge: float) -> bool:
        below = math.floor(taffy_edge)
        if not self.exact and abs(taffy_edge - below - 0.5) < TIE:
            self.lenient += 1
            return tatami_edge in (below, below + 1)
        return tatami_edge == math.floor(taffy_edge + 0.5)

    def rect(self, t: tuple, r: tuple) -> bool:
        tx, ty, tw, th = t
        rx, ry, rw, rh = r
        results = [self.edge(tx, rx), self.edge(ty, ry),
                   self.edge(tx + tw, rx + rw), self.edge(ty + th, ry + rh)]
        return all(results)


def fmt(v: float) -> str:
    return f"{v:g}" if v == int(v) else f"{v:.4f}"


def fmt_rect(r: tuple) -> str:
    return "(" + ", ".join(fmt(v) for v in r) + ")"


def check(case: Case, output: dict | None, error: str) -> tuple[list[str], int]:
    """Returns the problems found (empty when the case passes) and the number of edges
    accepted either way at a floating-point half."""
    if output is None:
        return [error], 0
    size, children = tatami_frames(output)
    compare = Comparison(case.expected, case.expected_size)
    problems = []
    if len(children) != len(case.expected):
        problems.append(f"tatami has {len(children)} children, taffy {len(case.expected)}")
    for i, (t, r) in enumerate(zip(children, case.expected)):
        if not compare.rect(t, r):
            problems.append(f"child /{i}: tatami {fmt_rect(t)}, taffy {fmt_rect(r)}")
    ew, eh = case.expected_size
    if not (compare.edge(size[0], ew) and compare.edge(size[1], eh)):
        problems.append(f"{case.container} size: tatami {fmt(size[0])}x{fmt(size[1])}, "
                        f"taffy {fmt(ew)}x{fmt(eh)}")
    return problems, compare.lenient


def report(case: Case, output: dict | None, problems: list[str]) -> None:
    print(f"--- MISMATCH: {case.container} case {case.index} ({case.variant})")
    print("case:")
    print(case.yaml, end="")
    print("problems:")
    for p in problems:
        print(f"  {p}")
    if output is not None:
        size, children = tatami_frames(output)
        print(f"tatami frames (x, y, width, height relative to the {case.container}; "
              f"{case.container} {fmt(size[0])}x{fmt(size[1])}):")
        for i, t in enumerate(children):
            print(f"  /{i} {fmt_rect(t)}")
    ew, eh = case.expected_size
    print(f"taffy frames (unrounded; {case.container} {fmt(ew)}x{fmt(eh)}):")
    for i, r in enumerate(case.expected):
        print(f"  /{i} {fmt_rect(r)}")
    print()


# ---------------------------------------------------------------------------------------


def generate(seed: int, only: str | None):
    """Yields the cases. Each group draws from its own generator, seeded by the seed and the
    group's name, so `--only` reproduces the same cases as a full run."""

    def group(container: str, name: str, count: int, first: int, make):
        if only and only != container:
            return
        rng = random.Random(f"{seed}/{container}/{name}")
        for i in range(count):
            yield make(rng, first + i, i)

    # flow: 200 topLeading cases (every fourth may have children wider than W), and 100
    # cycling through the other eight alignments
    yield from group("flow", "topLeading", 200, 0,
                     lambda rng, n, i: flow_case(rng, n, "topLeading", allow_wide=i % 4 == 0))
    others = [a for a in ALIGNMENTS if a != "topLeading"]
    yield from group("flow", "aligned", 100, 200,
                     lambda rng, n, i: flow_case(rng, n, others[i % len(others)], False))
    # bricks: 200 justified with every row filled, 200 with the last row left alone,
    # 100 `fill: last` (half of them filling the last row too), 50 `fill: none`
    yield from group("bricks", "justify-all", 200, 0,
                     lambda rng, n, i: bricks_case(rng, n, "justify", True))
    yield from group("bricks", "justify", 200, 200,
                     lambda rng, n, i: bricks_case(rng, n, "justify", False))
    yield from group("bricks", "last", 100, 400,
                     lambda rng, n, i: bricks_case(rng, n, "last", i % 2 == 0))
    yield from group("bricks", "none", 50, 500,
                     lambda rng, n, i: bricks_case(rng, n, "none", i % 2 == 0))
    # canvas: 250 cases mixing absolute, relative and insets placements
    yield from group("canvas", "mixed", 250, 0, lambda rng, n, i: canvas_case(rng, n))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tatami", default=os.environ.get("TATAMI", ".build/debug/tatami"))
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--jobs", type=int, default=2, help="tatami processes at a time")
    parser.add_argument("--only", choices=["flow", "bricks", "canvas"])
    parser.add_argument("--show", type=int, default=5, help="mismatches to print in full")
    args = parser.parse_args()

    tatami = str(Path(args.tatami).resolve())
    if not os.access(tatami, os.X_OK):
        print(f"differential: tatami binary not found at {tatami}", file=sys.stderr)
        return 2

    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        # Tatami runs in the pool while Taffy (single-threaded, in this thread) computes the
        # references as the cases are generated.
        cases, futures = [], []
        for case in generate(args.seed, args.only):
            cases.append(case)
            futures.append(pool.submit(run_tatami, tatami, case.yaml))
        results = [f.result() for f in futures]

    passed: dict[str, int] = {}
    failed: dict[str, int] = {}
    lenient: dict[str, int] = {}
    shown = 0
    for case, (output, error) in zip(cases, results):
        problems, ties = check(case, output, error)
        lenient[case.container] = lenient.get(case.container, 0) + ties
        if problems:
            failed[case.container] = failed.get(case.container, 0) + 1
            if shown < args.show:
                report(case, output, problems)
                shown += 1
        else:
            passed[case.container] = passed.get(case.container, 0) + 1

    for container in ["flow", "bricks", "canvas"]:
        p, f = passed.get(container, 0), failed.get(container, 0)
        if p or f:
            ties = lenient.get(container, 0)
            print(f"{container}: {p + f} cases, " + ("all identical" if f == 0 else f"{f} differ")
                  + (f" ({ties} edges at a floating-point half accepted either way)" if ties else ""))
    total_passed, total_failed = sum(passed.values()), sum(failed.values())
    print(f"seed {args.seed}, {time.monotonic() - started:.1f} s")
    print(f"differential: {total_passed} passed, {total_failed} failed")
    return 0 if total_failed == 0 and total_passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
