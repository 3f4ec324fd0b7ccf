#!/usr/bin/env python3
"""Yoga's layout pass against Tatami's on the benchmark's nested stacks (BENCHMARKS.md).

    scripts/bench-yoga.sh [--depth 5] [--runs 5]

Builds, in Yoga (PyPI `poga`, Yoga's C API), the tree `tatami-bench` lays out as nested-DEPTH:
stacks nested DEPTH levels, ten children each, alternating column (vstack) and row (hstack), with
10×10 leaves, in a 100,000 × 100,000 root, nothing growing, shrinking or stretching across. Only
`YGNodeCalculateLayout` is timed, on a tree built beforehand (a fresh tree each run, so no run
reads another's cache), as CPU time of this process. Tatami's figure is the layout stage of
`tatami-bench --stages` on the same file (its own process: building the layout tree from the
model, measuring and placing, making the frames). Prints both medians.
"""
import argparse
import pathlib
import statistics
import subprocess
import time

from poga.libpoga_capi import (
    YGConfigNew, YGNodeNewWithConfig, YGNodeInsertChild, YGNodeStyleSetFlexDirection,
    YGNodeStyleSetWidth, YGNodeStyleSetHeight, YGNodeStyleSetFlexShrink, YGNodeCalculateLayout,
    YGNodeLayoutGetWidth, YGNodeLayoutGetHeight, YGNodeFreeRecursive, YGFlexDirection, YGDirection,
    YGNodeStyleSetAlignItems, YGAlign,
)

REPO = pathlib.Path(__file__).resolve().parents[1]


def build(config, depth):
    """The nested tree; returns (root, node count)."""
    count = 0

    def node(level):
        nonlocal count
        count += 1
        n = YGNodeNewWithConfig(config)
        YGNodeStyleSetFlexShrink(n, 0)
        if level == depth:
            YGNodeStyleSetWidth(n, 10)
            YGNodeStyleSetHeight(n, 10)
            return n
        YGNodeStyleSetFlexDirection(n, YGFlexDirection.Column if level % 2 == 0 else YGFlexDirection.Row)
        # Stacks size to their content, as SwiftUI's do: no stretching across.
        YGNodeStyleSetAlignItems(n, YGAlign.FlexStart)
        for i in range(10):
            YGNodeInsertChild(n, node(level + 1), i)
        return n

    stack = node(0)
    root = YGNodeNewWithConfig(config)
    YGNodeStyleSetWidth(root, 100000)
    YGNodeStyleSetHeight(root, 100000)
    YGNodeStyleSetAlignItems(root, YGAlign.FlexStart)
    YGNodeInsertChild(root, stack, 0)
    return root, stack, count


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--bench", default=str(REPO / ".build" / "release" / "tatami-bench"))
    args = ap.parse_args()

    config = YGConfigNew()
    yoga = []
    for _ in range(args.runs):
        root, stack, count = build(config, args.depth)
        start = time.process_time()
        YGNodeCalculateLayout(root, 100000, 100000, YGDirection.LTR)
        yoga.append(time.process_time() - start)
        size = (YGNodeLayoutGetWidth(stack), YGNodeLayoutGetHeight(stack))
        YGNodeFreeRecursive(root)
    # The outer stack is 10 rows of 10 × 10 … : 10^ceil(d/2)·10 by 10^floor(d/2)·10 points.
    print(f"Yoga: {count} nodes, stack {size[0]:g} × {size[1]:g}, calculateLayout CPU median "
          f"{statistics.median(yoga) * 1000:.1f} ms ({args.runs} runs)")

    # The same file as tatami-bench's nested-DEPTH (it writes them when run without arguments;
    # --write-nested writes just this one).
    path = pathlib.Path("/tmp/tatami-bench") / f"nested-{args.depth}.tatami.yaml"
    if not path.exists():
        subprocess.run([args.bench, "--write-nested", str(args.depth)], check=True, stdout=subprocess.DEVNULL)
    tatami = []
    for _ in range(args.runs):
        out = subprocess.run([args.bench, "--stages", str(path)], check=True, capture_output=True, text=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if parts and parts[0] == "layout":
                tatami.append(float(parts[2]))  # wall, CPU, resident
    print(f"Tatami: layout stage CPU median {statistics.median(tatami):.1f} ms ({args.runs} runs, {path.name})")
    print(f"Yoga / Tatami: {statistics.median(yoga) * 1000 / statistics.median(tatami):.2f}×")


if __name__ == "__main__":
    main()
