#!/usr/bin/env bash
# CI's short fuzzing run (docs/fuzzing.md): builds the four fuzzers, replays every input under
# Fuzz/regressions/ (the crashes found so far, which must stay fixed), then fuzzes each target
# for FUZZ_SECONDS seconds (default 30) on a copy of its seed corpus. Fails on any crash,
# broken invariant, timeout or out-of-memory.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${FUZZ_SECONDS:-30}"
targets=(fuzz-pipeline fuzz-server fuzz-invariants fuzz-fonts)

echo "== building the fuzzers"
# New source files in the root package go unnoticed by a planned build (see run.sh).
rm -f ../.build-fuzz/release.yaml
swift build -c release -Xswiftc -sanitize=fuzzer --scratch-path ../.build-fuzz

export SWIFT_BACKTRACE=enable=no
failed=()
for t in "${targets[@]}"; do
  inputs=(regressions/"$t"/*)
  if [[ -e "${inputs[0]}" ]]; then
    echo "== $t: replaying ${#inputs[@]} regression input(s)"
    if ! ../.build-fuzz/release/"$t" -timeout=10 -rss_limit_mb=4096 "${inputs[@]}" >/dev/null 2>../.build-fuzz/replay-"$t".log; then
      tail -n 30 ../.build-fuzz/replay-"$t".log
      failed+=("$t (regressions)")
    fi
  fi
done

for t in "${targets[@]}"; do
  ./run.sh "$t" "$seconds" || failed+=("$t")
done

if (( ${#failed[@]} )); then
  echo "fuzzing: failed: ${failed[*]}"
  exit 1
fi
echo "fuzzing: ${#targets[@]} targets, ${seconds}s each, nothing found"
