#!/usr/bin/env python3
"""CPU of `tatami lint` on the card file of scripts/lsp-latency.py with its fonts as cells and as
Inter's files (docs/format.md §5.1): the cost of shaping real text.

    swift build -c release && python3 scripts/bench-fonts.py [--binary PATH] [--cards 5000] [--runs 10]

Writes both files into a scratch folder (Inter copied under fonts/), then runs `tatami lint` on
them alternately, `--runs` times each, and prints each one's CPU time (user + system, from the
children's resource usage) as median and range, and the ratio of the medians.
"""

import argparse
import pathlib
import resource
import statistics
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))
import importlib.util  # noqa: E402

spec = importlib.util.spec_from_file_location("lsp_latency", REPO / "scripts" / "lsp-latency.py")
latency = importlib.util.module_from_spec(spec)
spec.loader.exec_module(latency)


def cpu_of(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", default=None)
    ap.add_argument("--cards", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=10)
    args = ap.parse_args()
    binary = args.binary or str(pathlib.Path(subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO, check=True, capture_output=True,
        text=True).stdout.strip()) / "tatami")
    folder = latency.scratch_with_fonts()
    cells, files = folder / "cells.tatami.yaml", folder / "files.tatami.yaml"
    cells.write_text(latency.generate(args.cards, False))
    files.write_text(latency.generate(args.cards, True))
    lines = files.read_text().count("\n")
    times = {"cells": [], "files": []}
    for _ in range(args.runs):
        for name, path in (("cells", cells), ("files", files)):
            times[name].append(cpu_of([binary, "lint", "--root", str(folder), str(path)]))
    print(f"tatami lint, {args.cards:,} cards ({lines:,} lines), {args.runs} runs each, alternating")
    for name, values in times.items():
        print(f"  {name:<6} CPU {statistics.median(values):.3f} s (median; {min(values):.3f}–{max(values):.3f})")
    print(f"  ratio files / cells: {statistics.median(times['files']) / statistics.median(times['cells']):.2f}×")


if __name__ == "__main__":
    main()
