#!/usr/bin/env bash
# Times `tatami diff` on a git repository of N generated screens (BENCHMARKS.md, "Diffing a
# repository"): the files of scripts/bench-lint-dir.sh (a workspace file with two viewports,
# 2,000 screens in 40 folders, each importing one component library) committed in
# /tmp/tatami-diff-bench, then
#   1. `tatami lint` of the same files, for reference;
#   2. the shared component changed (its padding 8 → 12) in the working tree, which every screen
#      imports: `tatami diff --git HEAD`, as text and as JSON;
#   3. the component as committed, and 10 screens changed instead (a title each):
#      `tatami diff --git HEAD --verbose`, whose count of analyses says what was laid out.
# Each is run three times under /usr/bin/time (user + system CPU, wall, peak RSS).
# Usage: scripts/bench-diff.sh [N] [TATAMI]   (TATAMI defaults to .build/release/tatami)
# BENCH_DIFF_DIR=DIR puts the repository (and the scratch files DIR.time, DIR.out, ...) elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-2000}
tatami=$(realpath "${2:-.build/release/tatami}")
dir=${BENCH_DIFF_DIR:-/tmp/tatami-diff-bench}
[ -x "$tatami" ] || { echo "build it first: swift build -c release --product tatami" >&2; exit 2; }

scripts/generate-screens.sh "$dir" "$n"
cd "$dir"
git init -q
git -c user.email=bench@example.com -c user.name=bench add -A
git -c user.email=bench@example.com -c user.name=bench commit -q -m "screens"
echo "generated and committed $n files in $dir"

measure() {  # label, command...
  local label=$1; shift
  for run in 1 2 3; do
    /usr/bin/time -f "%e %U %S %M" -o "$dir".time "$@" > "$dir".out 2> "$dir".err || true
    read -r wall user sys rss < <(tail -1 "$dir".time)
    echo "$label, run $run: CPU $(echo "$user + $sys" | bc) s (user $user + system $sys), wall $wall s, peak RSS $((rss / 1024)) MB"
  done
}

measure "lint" "$tatami" lint .
sed -i 's/      padding: 8/      padding: 12/' components/rows.tatami.yaml
measure "diff, shared component changed (text)" "$tatami" diff --git HEAD
measure "diff, shared component changed (json)" "$tatami" diff --git HEAD --format json
"$tatami" diff --git HEAD --format json --verbose > "$dir".json 2> "$dir".err || true
echo "  $(cat "$dir".err)"
echo "  $(grep -c '"status": "affected"' "$dir".json) files affected through the component"
git checkout -q -- components/rows.tatami.yaml
for i in 0 201 402 603 804 1005 1206 1407 1608 1809; do
  f=$(ls screens/s*/screen-$i.tatami.yaml)
  sed -i "s/- text: Screen $i\$/- text: Screen number $i, changed/" "$f"
done
measure "diff, 10 screens changed" "$tatami" diff --git HEAD
"$tatami" diff --git HEAD --verbose > /dev/null 2> "$dir".err || true
echo "  $(cat "$dir".err)"
