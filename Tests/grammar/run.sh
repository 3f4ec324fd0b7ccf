#!/usr/bin/env bash
# The grammar, schema and editor checks: Tests/grammar (the JSON Schema against the examples and
# the invalid files, the TextMate grammar token by token), Tests/editors/check_vscode.py and
# Tests/editors/check_editors.py (the Sublime Text and Helix files).
# Creates or reuses the virtual environment .venv-grammar/ at the package root, installs
# requirements.txt into it, builds the tatami binary (`swift build`), and runs pytest against
# it ($TATAMI overrides the binary). Extra arguments go to pytest (-k, -x, -v…).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

source "$root/Tests/python-venv.sh"
python_venv grammar "$here/requirements.txt"

if [[ -z "${TATAMI:-}" ]]; then
  echo "== swift build --product tatami"
  swift build --product tatami
  TATAMI="$(swift build --show-bin-path)/tatami"
fi
export TATAMI

echo "== pytest Tests/grammar Tests/editors (tatami: $TATAMI)"
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@" "$here" "$root/Tests/editors/check_vscode.py" \
  "$root/Tests/editors/check_editors.py"
