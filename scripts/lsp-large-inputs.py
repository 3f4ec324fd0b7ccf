#!/usr/bin/env python3
"""`tatami lsp` on the large inputs of issue 13's quadratic corners: the time each request takes
end to end, over the server's pipes.

    swift build -c release && python3 scripts/lsp-large-inputs.py [--binary PATH] [--only NAME...] [--scale N]

Cases (each in a fresh server, UTF-16 positions unless said):
  one-line     a ~1.4 MB flow-style file on a single line, with accented letters, CJK and emoji
               in its texts: open → diagnostics, semanticTokens/full, semanticTokens/range (the
               middle third, then 4,000 columns: the tokens are kept per analysis), documentSymbol, foldingRange, inlayHint, codeLens, hover
  one-line-8   the same with UTF-8 positions
  json-keys    a request whose `params` object has 100,000 keys
  yaml-keys    a file whose component has 100,000 parameters (a YAML mapping of 100,000 keys):
               open → diagnostics, semanticTokens/full, documentSymbol
`--scale N` multiplies every size by N: times that grow N-fold are linear, N²-fold quadratic.
Prints milliseconds per request (one run each: these are seconds-or-not checks, not benchmarks).
"""

import argparse
import json
import pathlib
import subprocess
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))
from rawclient import RawServer  # noqa: E402

TIMEOUT = 300.0


def one_line_file(target_bytes: int = 1_400_000) -> str:
    """A screen of rows in flow style, all on one line."""
    rows = []
    i = 0
    size = 0
    while size < target_bytes:
        row = (f'{{hstack: [{{image: icon, size: [20, 20]}}, {{text: "Row {i} — café 漢字 😀", font: headline, '
               f'lineLimit: 1}}, spacer, {{text: "detail {i}"}}], padding: 8, id: row{i}}}')
        rows.append(row)
        size += len(row.encode()) + 2
        i += 1
    return ("{tatami: 1, viewports: {phone: {width: 390, height: 844}, tablet: {width: 1024, height: 1366}}, "
            "body: {vstack: [" + ", ".join(rows) + "], spacing: 0}}\n")


def yaml_keys_file(count: int = 100_000) -> str:
    params = "".join(f"      p{i}: {{type: string, default: x}}\n" for i in range(count))
    return "components:\n  Card:\n    params:\n" + params + "    body: {text: $p0}\nbody:\n  Card: {p1: hi}\n"


class Session:
    def __init__(self, binary, encodings):
        self.server = RawServer(binary)
        self.server.initialize(capabilities={"general": {"positionEncodings": encodings}})
        self.next_id = 100
        self.uri = "file:///tmp/tatami-large-inputs.tatami.yaml"

    def timed(self, label, method, params, results):
        self.next_id += 1
        start = time.perf_counter()
        r = self.server.request(self.next_id, method, params, timeout=TIMEOUT)
        ms = (time.perf_counter() - start) * 1000
        if "error" in r:
            detail = r["error"]
        elif isinstance(r.get("result"), dict) and "data" in r["result"]:
            detail = f"{len(r['result']['data']) // 5} tokens"
        elif isinstance(r.get("result"), list):
            detail = f"{len(r['result'])} items"
        else:
            detail = f"{len(json.dumps(r.get('result')))} bytes"
        results.append((label, ms, detail))
        return r

    def open(self, text, results):
        start = time.perf_counter()
        self.server.notify("textDocument/didOpen", {"textDocument": {"uri": self.uri, "languageId": "tatami", "version": 1, "text": text}})
        m = self.server.read_until(lambda m: m.get("method") == "textDocument/publishDiagnostics", timeout=TIMEOUT)
        results.append(("open → diagnostics", (time.perf_counter() - start) * 1000, f"{len(m['params']['diagnostics'])} diagnostics"))

    def close(self):
        try:
            self.server.request(99999, "shutdown", None, timeout=TIMEOUT)
            self.server.notify("exit")
            self.server.wait()
        finally:
            self.server.close()


SCALE = 1


def one_line(binary, encodings):
    text = one_line_file(1_400_000 * SCALE)
    doc = {"uri": "file:///tmp/tatami-large-inputs.tatami.yaml"}
    length16 = len(text.rstrip("\n").encode("utf-16-le")) // 2
    length8 = len(text.rstrip("\n").encode())
    length = length8 if encodings == ["utf-8"] else length16
    results = [("file", 0.0, f"{len(text.encode()):,} bytes on one line, {length:,} columns")]
    s = Session(binary, encodings)
    try:
        s.open(text, results)
        s.timed("semanticTokens/full", "textDocument/semanticTokens/full", {"textDocument": doc}, results)
        third = {"start": {"line": 0, "character": length // 3}, "end": {"line": 0, "character": 2 * length // 3}}
        s.timed("semanticTokens/range (a third)", "textDocument/semanticTokens/range", {"textDocument": doc, "range": third}, results)
        screen = {"start": {"line": 0, "character": length // 2}, "end": {"line": 0, "character": length // 2 + 4_000}}
        s.timed("semanticTokens/range (4,000 columns, as a scroll asks)", "textDocument/semanticTokens/range",
                {"textDocument": doc, "range": screen}, results)
        s.timed("documentSymbol", "textDocument/documentSymbol", {"textDocument": doc}, results)
        s.timed("foldingRange", "textDocument/foldingRange", {"textDocument": doc}, results)
        whole = {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}}
        s.timed("inlayHint (whole file)", "textDocument/inlayHint", {"textDocument": doc, "range": whole}, results)
        s.timed("codeLens", "textDocument/codeLens", {"textDocument": doc}, results)
        s.timed("hover (end of the line)", "textDocument/hover",
                {"textDocument": doc, "position": {"line": 0, "character": length - 40}}, results)
    finally:
        s.close()
    return results


def json_keys(binary):
    results = []
    s = Session(binary, ["utf-16"])
    try:
        params = {f"key{i}": i for i in range(100_000 * SCALE)}
        s.timed(f"request with {100_000 * SCALE:,} params keys", "tatami/unknown", params, results)
    finally:
        s.close()
    return results


def yaml_keys(binary):
    doc = {"uri": "file:///tmp/tatami-large-inputs.tatami.yaml"}
    text = yaml_keys_file(100_000 * SCALE)
    results = [("file", 0.0, f"{len(text.encode()):,} bytes, a mapping of {100_000 * SCALE:,} keys")]
    s = Session(binary, ["utf-16"])
    try:
        s.open(text, results)
        s.timed("semanticTokens/full", "textDocument/semanticTokens/full", {"textDocument": doc}, results)
        s.timed("documentSymbol", "textDocument/documentSymbol", {"textDocument": doc}, results)
    finally:
        s.close()
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=None, help="the tatami binary (default: the release build)")
    ap.add_argument("--only", nargs="*", default=None, help="cases to run (default: all)")
    ap.add_argument("--scale", type=int, default=1, help="multiply every size by this")
    args = ap.parse_args()
    global SCALE
    SCALE = args.scale
    binary = args.binary
    if binary is None:
        bin_dir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO,
                                 check=True, capture_output=True, text=True).stdout.strip()
        binary = str(pathlib.Path(bin_dir) / "tatami")
    cases = {
        "one-line": lambda: one_line(binary, ["utf-16"]),
        "one-line-8": lambda: one_line(binary, ["utf-8"]),
        "json-keys": lambda: json_keys(binary),
        "yaml-keys": lambda: yaml_keys(binary),
    }
    for name, run in cases.items():
        if args.only and name not in args.only:
            continue
        print(f"== {name}")
        for label, ms, detail in run():
            print(f"  {label:34} {ms:10.1f} ms  {detail}" if ms else f"  {label:34} {'':13}  {detail}")


if __name__ == "__main__":
    main()
