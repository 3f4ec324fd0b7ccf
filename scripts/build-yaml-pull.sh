#!/bin/sh
# Builds libyaml's bare event pull (Benchmarks/yaml-pull.c), the C floor `tatami lint` is measured
# against (BENCHMARKS.md; scripts/cpu-ratio.py builds it when it is missing), and prints its path.
#
#   scripts/build-yaml-pull.sh [OUTPUT]      # default: .build/yaml-pull (never committed)
#
# Links the same libyaml the Swift package does (pkg-config's yaml-0.1, as Package.swift's
# CLibYAML), with cc -O2.
set -eu
cd "$(dirname "$0")/.."
out=${1:-.build/yaml-pull}
mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2046
${CC:-cc} -O2 -o "$out" Benchmarks/yaml-pull.c $(pkg-config --cflags --libs yaml-0.1 2>/dev/null || echo -lyaml)
echo "$out"
