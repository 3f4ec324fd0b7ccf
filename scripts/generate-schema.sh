#!/usr/bin/env bash
# Regenerates grammar/tatami.schema.json (and the workspace file's, tatami.config.schema.json) from the schema table (`tatami schema`), then the
# TextMate grammar, whose kind and modifier lists come from that schema
# (scripts/generate-grammar.py). Review the diff and commit both.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product tatami
"$(swift build --show-bin-path)/tatami" schema > grammar/tatami.schema.json
"$(swift build --show-bin-path)/tatami" schema --workspace > grammar/tatami.config.schema.json
python3 scripts/generate-grammar.py
echo "wrote grammar/tatami.schema.json, grammar/tatami.config.schema.json and grammar/tatami.tmLanguage.json"
