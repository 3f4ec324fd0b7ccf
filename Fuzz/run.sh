#!/usr/bin/env bash
# Builds one fuzzer and runs it on a copy of its seed corpus (docs/fuzzing.md).
#
#   Fuzz/run.sh [--asan] TARGET SECONDS [extra libFuzzer arguments...]
#
# TARGET: fuzz-pipeline, fuzz-server, fuzz-invariants or fuzz-fonts (or pipeline, server,
#         invariants, fonts).
# --asan: AddressSanitizer as well (`-sanitize=fuzzer,address`, built in ../.build-fuzz-asan;
#         leak detection off: LeakSanitizer misreads Swift's tagged references).
#
# The committed corpus (Fuzz/corpus/TARGET) is copied to a temporary directory, so a run never
# grows it; set FUZZ_WORK=DIR to fuzz in DIR instead and keep what it finds (DIR is seeded from
# the committed corpus when empty). Crash, timeout and out-of-memory inputs are written to
# <scratch>/artifacts/TARGET/, and the whole libFuzzer log to <scratch>/logs/TARGET.log.
# Exit status: libFuzzer's (0 when nothing was found).
set -euo pipefail
cd "$(dirname "$0")"

usage() {
  echo "usage: Fuzz/run.sh [--asan] fuzz-pipeline|fuzz-server|fuzz-invariants|fuzz-fonts SECONDS [libFuzzer args...]" >&2
  exit 2
}

sanitize=fuzzer
scratch=../.build-fuzz
if [[ "${1:-}" == "--asan" ]]; then
  sanitize=fuzzer,address
  scratch=../.build-fuzz-asan
  shift
fi
(( $# >= 2 )) || usage
target=$1
seconds=$2
shift 2
case "$target" in
  pipeline|server|invariants|fonts) target="fuzz-$target" ;;
  fuzz-pipeline|fuzz-server|fuzz-invariants|fuzz-fonts) ;;
  *) usage ;;
esac
[[ "$seconds" =~ ^[0-9]+$ ]] || usage

echo "== building $target (-sanitize=$sanitize, $scratch)"
# SwiftPM does not notice source files added to the root package (a path dependency here) once
# it has planned a build in this scratch path: drop the plan so it is made again (this
# recompiles nothing that has not changed).
rm -f "$scratch/release.yaml"
swift build -c release -Xswiftc "-sanitize=$sanitize" --scratch-path "$scratch" --product "$target"
scratch=$(cd "$scratch" && pwd)
binary="$scratch/release/$target"

artifacts="$scratch/artifacts/$target"
logs="$scratch/logs"
mkdir -p "$artifacts" "$logs"
log="$logs/$target.log"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [[ -n "${FUZZ_WORK:-}" ]]; then
  mkdir -p "$FUZZ_WORK"
  corpus=$(cd "$FUZZ_WORK" && pwd)
  if [[ -z "$(ls -A "$corpus")" ]]; then cp corpus/"$target"/* "$corpus"/; fi
else
  corpus="$tmp/corpus"
  mkdir "$corpus"
  cp corpus/"$target"/* "$corpus"/
fi
before=$(ls "$artifacts" | wc -l)

echo "== running $target for ${seconds}s on $(ls "$corpus" | wc -l) inputs"
# Swift's backtracer would keep crashing processes waiting; libFuzzer reports crashes itself.
export SWIFT_BACKTRACE=enable=no
# Keywords of the format and of LSP for the targets that read text, table tags for fuzz-fonts.
dict=()
if [[ -f "dict/$target.dict" ]]; then dict=(-dict="$PWD/dict/$target.dict"); fi
leaks=()
if [[ "$sanitize" == *address* ]]; then
  # LeakSanitizer cannot read Swift's references that carry enum tag bits, so it reports live
  # memory as leaked (no growth over 20,000 runs of such an input); growth is caught by
  # -rss_limit_mb instead.
  leaks=(-detect_leaks=0)
  export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
fi
status=0
(cd "$tmp" && "$binary" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 ${dict[@]+"${dict[@]}"} ${leaks[@]+"${leaks[@]}"} "$@") >"$log" 2>&1 || status=$?

# The log without the per-input lines.
grep -vE '^#[0-9]+[[:space:]]+(NEW|REDUCE|RELOAD)|NEW_FUNC|Uses: [0-9]+$|^(INFO|MS):|^stat::|^###### ' "$log" | tail -n 60 || true
last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
echo "== $target: $(sed -nE 's/^#([0-9]+).*cov: ([0-9]+) ft: ([0-9]+).*exec\/s: ([0-9]+).*/executions \1, cov \2, ft \3, exec\/s \4/p' <<<"$last")"
grep -E '^stat::' "$log" | sed 's/^/   /' || true
# libFuzzer names what it writes: crash-, timeout-, oom-, leak- and slow-unit- files.
written=$(grep -oE 'Test unit written to .*' "$log" | sed 's/Test unit written to //' || true)
crashes=$(grep -v '/slow-unit-' <<<"$written" || true)
slow=$(grep '/slow-unit-' <<<"$written" || true)
if [[ -n "$crashes" ]]; then
  echo "== crash input(s):"
  sed 's/^/   /' <<<"$crashes"
fi
if [[ -n "$slow" ]]; then
  echo "== slow input(s) (over -report_slow_units seconds, not failures):"
  sed 's/^/   /' <<<"$slow"
fi
echo "== exit status $status (full log: $log)"
exit "$status"
