#!/usr/bin/env bash
# Regenerates grammar/tatami.schema.json from the schema table (`tatami schema`), then the
# TextMate grammar, whose kind and modifier lists come from that schema
# (scripts/generate-grammar.py). Review the diff and commit both.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product tatami
"$(swift build --show-bin-path)/tatami" schema > grammar/tatami.schema.json
python3 scripts/generate-grammar.py
echo "wrote grammar/tatami.schema.json and grammar/tatami.tmLanguage.json"
