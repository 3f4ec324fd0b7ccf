#!/usr/bin/env bash
# Times `tatami lint DIR` over many generated files (BENCHMARKS.md, "Linting a directory"):
# generates N files (default 2,000) below /tmp/tatami-lint-dir — a workspace file declaring two
# viewports and a font, 40 folders of screens importing one component library — and runs the
# release binary under /usr/bin/time -v, printing wall time, user + system CPU and peak RSS.
# Usage: scripts/bench-lint-dir.sh [N] [TATAMI]   (TATAMI defaults to .build/release/tatami)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-2000}
tatami=${2:-.build/release/tatami}
dir=/tmp/tatami-lint-dir
[ -x "$tatami" ] || { echo "build it first: swift build -c release --product tatami" >&2; exit 2; }

scripts/generate-screens.sh "$dir" "$n"
echo "generated $n files in $dir"

for run in 1 2 3; do
  /usr/bin/time -v "$tatami" lint "$dir" > /tmp/tatami-lint-dir.out 2> /tmp/tatami-lint-dir.time || true
  wall=$(grep "Elapsed (wall clock)" /tmp/tatami-lint-dir.time | awk '{print $NF}')
  user=$(grep "User time" /tmp/tatami-lint-dir.time | awk '{print $NF}')
  sys=$(grep "System time" /tmp/tatami-lint-dir.time | awk '{print $NF}')
  rss=$(grep "Maximum resident" /tmp/tatami-lint-dir.time | awk '{print $NF}')
  summary=$(grep -v ":" /tmp/tatami-lint-dir.time | head -1 || true)
  echo "run $run: wall $wall, user $user s + system $sys s, peak RSS $((rss / 1024)) MB; $(grep -E 'in [0-9]+ files' /tmp/tatami-lint-dir.time || true)"
done
# The same on one thread, for comparison.
/usr/bin/time -f "--jobs 1: wall %e s, user %U s + system %S s, peak RSS %M KB" "$tatami" lint --jobs 1 "$dir" 2>&1 > /dev/null | tail -1
