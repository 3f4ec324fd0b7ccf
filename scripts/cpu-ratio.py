#!/usr/bin/env python3
"""CPU time of `tatami lint` divided by libyaml's bare pull of the same file, measured as
interleaved pairs (a pull, then each binary's lint), so that a machine whose speed drifts
affects both sides of each ratio alike.

    swift build -c release && .build/release/tatami-bench --write-nested 5   # /tmp/tatami-bench/nested-5.tatami.yaml
    python3 scripts/cpu-ratio.py [--pairs 10] [--format] FILE BUILD_DIR [BUILD_DIR...]

The floor is a C program that only pulls libyaml's events (Benchmarks/yaml-pull.c, built by
scripts/build-yaml-pull.sh into .build/yaml-pull when it is missing): no Swift runtime start-up
on its side. `--swift-pull` uses the last BUILD_DIR's `tatami-bench --pull` instead (the same
pull from a Swift binary, which adds the Swift runtime's start-up), to compare with figures
measured that way.

Each BUILD_DIR holds a `tatami`. `--format` also runs `tatami format FILE` (the formatted text
to standard output, discarded) in each round, right after that build's lint, and prints
format ÷ lint. CPU time is user + system of each child process (from `wait4`); wall time is
spawn to reap. Prints medians and ranges. (Peak resident memory is not taken here: a child's
`ru_maxrss` starts from the forking Python's; use `/usr/bin/time -f %M`.)
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
C_PULL = os.path.join(ROOT, ".build", "yaml-pull")


def run(argv):
    """(CPU seconds, wall seconds) of one process."""
    start = time.monotonic()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, wall


def c_pull():
    """The C floor's path, built first when it is missing or older than its source."""
    source = os.path.join(ROOT, "Benchmarks", "yaml-pull.c")
    if not os.path.exists(C_PULL) or os.path.getmtime(C_PULL) < os.path.getmtime(source):
        subprocess.run([os.path.join(ROOT, "scripts", "build-yaml-pull.sh"), C_PULL], check=True, stdout=subprocess.DEVNULL)
    return C_PULL


def summary(xs, scale=1.0, unit=""):
    digits = 2 if unit == "×" else 1
    return (f"median {statistics.median(xs) * scale:.{digits}f}{unit} "
            f"(range {min(xs) * scale:.{digits}f}–{max(xs) * scale:.{digits}f}{unit})")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", type=int, default=10)
    ap.add_argument("--format", action="store_true", help="also time `tatami format FILE` and print format ÷ lint")
    ap.add_argument("--swift-pull", action="store_true", help="baseline: `tatami-bench --pull` of the last build")
    ap.add_argument("file")
    ap.add_argument("builds", nargs="+")
    args = ap.parse_args()
    pull_argv = [args.builds[-1] + "/tatami-bench", "--pull"] if args.swift_pull else [c_pull()]
    pulls = []
    lint = {b: [] for b in args.builds}
    fmt = {b: [] for b in args.builds}
    for _ in range(args.pairs):
        pulls.append(run(pull_argv + [args.file]))
        for b in args.builds:
            lint[b].append(run([b + "/tatami", "lint", args.file]))
            if args.format:
                fmt[b].append(run([b + "/tatami", "format", args.file]))
    pull_cpu = [p[0] for p in pulls]
    print(f"floor: {' '.join(pull_argv)} FILE ({args.pairs} runs)")
    print(f"  pull: CPU {summary(pull_cpu, 1000, ' ms')}, wall {summary([p[1] for p in pulls], 1000, ' ms')}")
    for b in args.builds:
        runs = lint[b]
        print(f"{b}:")
        print(f"  tatami lint: CPU {summary([r[0] for r in runs], 1000, ' ms')}, wall {summary([r[1] for r in runs], 1000, ' ms')}")
        print(f"  tatami lint / pull: {summary([r[0] / p for r, p in zip(runs, pull_cpu)], 1, '×')}")
        if args.format:
            f = fmt[b]
            print(f"  tatami format: CPU {summary([r[0] for r in f], 1000, ' ms')}, wall {summary([r[1] for r in f], 1000, ' ms')}")
            print(f"  tatami format / lint: {summary([x[0] / y[0] for x, y in zip(f, runs)], 1, '×')}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
