#!/usr/bin/env bash
# Yoga's layout pass against Tatami's (scripts/bench-yoga.py): makes .venv-yoga with poga,
# builds tatami-bench in release, runs the comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
source Tests/python-venv.sh
python_venv yoga scripts/bench-yoga-requirements.txt
swift build -c release --product tatami-bench >/dev/null
"$venv/bin/python" scripts/bench-yoga.py "$@"
