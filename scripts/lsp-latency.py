#!/usr/bin/env python3
"""Latency of `tatami lsp` on a 5,000-line file: the time from sending an edit to receiving its
diagnostics, and the time to answer a hover. Drives the server binary over its pipes.

    swift build -c release && python3 scripts/lsp-latency.py [--binary PATH] [--edits N] [--hovers N]

Prints the median and 90th percentile of each, in milliseconds, and the server's resident
memory (Linux) after the first analysis, after a tenth of the edits and after all of them: with
many edits, a growth between the last two would be memory kept per analysis.
"""

import argparse
import pathlib
import statistics
import subprocess
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))
from rawclient import RawServer  # noqa: E402


def generate(rows: int) -> str:
    """A screen of `rows` list rows, ten lines each, under two viewports."""
    out = [
        "tatami: 1",
        "viewports:",
        "  phone: {width: 390, height: 844, safeArea: {top: 47, bottom: 34}}",
        "  tablet: {width: 1024, height: 1366}",
        "body:",
        "  vstack:",
    ]
    for i in range(rows):
        out += [
            "    - hstack:",
            "        - image: icon",
            "          size: [20, 20]",
            f"        - text: \"Row {i} title\"",
            "          font: headline",
            "          lineLimit: 1",
            "        - spacer",
            f"        - text: \"detail {i}\"",
            "      padding: 8",
            f"      id: row{i}",
        ]
    out += ["  spacing: 0", ""]
    return "\n".join(out)


def percentile(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def resident_mb(pid: int):
    """VmRSS of a process in MB, or None off Linux."""
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=None, help="the tatami binary (default: the release build)")
    ap.add_argument("--edits", type=int, default=60)
    ap.add_argument("--hovers", type=int, default=200)
    args = ap.parse_args()
    binary = args.binary
    if binary is None:
        bin_dir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO,
                                 check=True, capture_output=True, text=True).stdout.strip()
        binary = str(pathlib.Path(bin_dir) / "tatami")

    text = generate(499)
    lines = text.split("\n")
    uri = "file:///tmp/tatami-latency.tatami.yaml"
    server = RawServer(binary)
    try:
        server.initialize(capabilities={"general": {"positionEncodings": ["utf-16"]}})
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "tatami", "version": 1, "text": text}})
        is_report = lambda v: (lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["version"] == v)
        server.read_until(is_report(1), timeout=60)
        memory = [resident_mb(server.proc.pid)]

        # Edits: type one character into a text's value, somewhere in the file, then wait
        # for the diagnostics of that version.
        edit_ms = []
        version = 1
        for k in range(args.edits):
            row = (k * 37) % 499
            line = 6 + row * 10 + 3  # the row's title line
            col = len(lines[line]) - 1  # before the closing quote
            version += 1
            start = time.perf_counter()
            server.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col}}, "text": "x"}],
            })
            server.read_until(is_report(version), timeout=60)
            edit_ms.append((time.perf_counter() - start) * 1000)
            lines[line] = lines[line][:col] + "x" + lines[line][col:]
            if k + 1 == max(1, args.edits // 10):
                memory.append(resident_mb(server.proc.pid))
        memory.append(resident_mb(server.proc.pid))

        # Hovers over views all over the file (the analysis of the last version is cached).
        hover_ms = []
        for k in range(args.hovers):
            row = (k * 53) % 499
            line = 6 + row * 10 + 3
            start = time.perf_counter()
            r = server.request(1000 + k, "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line, "character": 11}})
            hover_ms.append((time.perf_counter() - start) * 1000)
            if "error" in r:
                raise SystemExit(f"hover failed: {r['error']}")
        server.request(99999, "shutdown", None)
        server.notify("exit")
        server.wait()
    finally:
        server.close()

    print(f"file: {len(lines)} lines, {499 * 5 + 2} views, 2 viewports; binary {binary}")
    print(f"edit → diagnostics: median {statistics.median(edit_ms):.1f} ms, p90 {percentile(edit_ms, 90):.1f} ms over {len(edit_ms)} edits")
    print(f"hover:              median {statistics.median(hover_ms):.2f} ms, p90 {percentile(hover_ms, 90):.2f} ms over {len(hover_ms)} hovers")
    if None not in memory:
        print(f"server resident memory: {memory[0]:.1f} MB after opening, {memory[1]:.1f} MB after "
              f"{max(1, args.edits // 10)} edits, {memory[2]:.1f} MB after {args.edits}")


if __name__ == "__main__":
    main()
