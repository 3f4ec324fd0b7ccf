#!/usr/bin/env bash
# The browser checks of `tatami preview --format svg|html` (Tests/preview/test_browser.py) in
# headless Chromium, driven over the DevTools protocol through a pipe (scripts/chromium.py).
# Needs `chromium` (Debian: apt-get install chromium; .ci/run installs it) or $CHROMIUM.
# Creates or reuses .venv-preview/ at the package root, builds the tatami binary (`swift build
# --product tatami`) unless $TATAMI names one, and runs pytest. Extra arguments go to pytest.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

source "$root/Tests/python-venv.sh"
python_venv preview "$here/requirements.txt"

if [[ -z "${TATAMI:-}" ]]; then
  echo "== swift build --product tatami"
  swift build --product tatami
  TATAMI="$(swift build --show-bin-path)/tatami"
fi
export TATAMI

echo "== pytest Tests/preview (tatami: $TATAMI, browser: $(command -v "${CHROMIUM:-chromium}" || echo none))"
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@" "$here"
