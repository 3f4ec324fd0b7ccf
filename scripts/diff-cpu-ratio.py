#!/usr/bin/env python3
"""CPU time of `tatami diff --git HEAD` divided by `tatami lint .` in the diff benchmark's
repository (issue 32's figure: a shared component changed, every screen importing it), measured
as interleaved pairs (a lint, then a diff, by each build given), so that a machine whose speed
drifts affects both sides of each ratio alike.

    BENCH_DIFF_DIR=/tmp/dbench scripts/bench-diff.sh 2000     # makes the repository (once)
    git -C /tmp/dbench checkout -q -- .                         # it ends with 10 screens changed
    sed -i 's/      padding: 8/      padding: 12/' /tmp/dbench/components/rows.tatami.yaml
    python3 scripts/diff-cpu-ratio.py [--pairs 20] REPOSITORY BUILD_DIR [BUILD_DIR...]

REPOSITORY is a git work tree whose working tree differs from HEAD: for the issue's figure, only
in the shared component, as above. Each BUILD_DIR holds a `tatami`. CPU
time is user + system of each child process and of its children (`git`), from `wait4`. Prints,
per build, the median ratio and its range, and the medians of both commands' CPU.
"""
import argparse
import os
import statistics
import subprocess
import sys


def cpu(argv, cwd):
    """CPU seconds of one run: user + system of the process and of the processes it started and
    waited for (the diff's `git`), which Linux's `wait4` counts in."""
    child = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"{' '.join(argv)}: exit status {code}")
    return usage.ru_utime + usage.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("repository")
    ap.add_argument("builds", nargs="+")
    args = ap.parse_args()
    repo = os.path.abspath(args.repository)
    changed = subprocess.run(["git", "status", "--porcelain"], cwd=repo, capture_output=True, text=True, check=True).stdout
    if not changed.strip():
        sys.exit(f"{repo}: the working tree is as committed; change the component first (see --help)")
    binaries = [os.path.join(os.path.abspath(b), "tatami") for b in args.builds]
    ratios = {b: [] for b in binaries}
    lints = {b: [] for b in binaries}
    diffs = {b: [] for b in binaries}
    for _ in range(args.pairs):
        for b in binaries:
            lint = cpu([b, "lint", "."], repo)
            diff = cpu([b, "diff", "--git", "HEAD"], repo)
            lints[b].append(lint)
            diffs[b].append(diff)
            ratios[b].append(diff / lint)
    for b in binaries:
        r = ratios[b]
        print(f"{b}: diff ÷ lint median {statistics.median(r):.3f}× (range {min(r):.3f}–{max(r):.3f}×, "
              f"mean {statistics.mean(r):.3f}×, {len(r)} pairs); lint {statistics.median(lints[b]) * 1000:.0f} ms, "
              f"diff {statistics.median(diffs[b]) * 1000:.0f} ms CPU (medians)")


if __name__ == "__main__":
    main()
