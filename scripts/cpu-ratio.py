#!/usr/bin/env python3
"""CPU time of `tatami lint` divided by libyaml's bare pull of the same file, measured as
interleaved pairs (a pull, then each binary's lint), so that a machine whose speed drifts
affects both sides of each ratio alike.

    swift build -c release && .build/release/tatami-bench   # writes /tmp/tatami-bench/*.yaml
    python3 scripts/cpu-ratio.py [--pairs 10] FILE BUILD_DIR [BUILD_DIR...]

Each BUILD_DIR holds a `tatami` (and the last one a `tatami-bench`, whose `--pull` is the
baseline). CPU time is user + system of each child process. Prints the median ratio and its
range per build.
"""
import argparse
import resource
import statistics
import subprocess


def cpu_seconds(argv):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", type=int, default=10)
    ap.add_argument("file")
    ap.add_argument("builds", nargs="+")
    args = ap.parse_args()
    ratios = {b: [] for b in args.builds}
    pulls = []
    for _ in range(args.pairs):
        pull = cpu_seconds([args.builds[-1] + "/tatami-bench", "--pull", args.file])
        pulls.append(pull)
        for b in args.builds:
            ratios[b].append(cpu_seconds([b + "/tatami", "lint", args.file]) / pull)
    print(f"libyaml pull: CPU median {statistics.median(pulls) * 1000:.1f} ms ({args.pairs} runs)")
    for b in args.builds:
        r = ratios[b]
        print(f"{b}: tatami lint / pull, median {statistics.median(r):.2f}× (range {min(r):.2f}–{max(r):.2f})")


if __name__ == "__main__":
    main()
