#!/usr/bin/env python3
"""Writes the committed seed corpora under Fuzz/corpus/ (docs/fuzzing.md).

  fuzz-pipeline/    every Examples/**/*.tatami.yaml and the diagnostics and layout fixtures
  fuzz-server/      framed LSP sessions (well-formed and broken), and operation-mode seeds
  fuzz-invariants/  random bytes from a fixed seed

Run from anywhere: `python3 Fuzz/make-seeds.py`. It replaces the three directories, so run it
only to change the seeds on purpose, and review the diff.
"""
import json
import random
import shutil
from pathlib import Path

FUZZ = Path(__file__).resolve().parent
ROOT = FUZZ.parent
CORPUS = FUZZ / "corpus"


def reset(name):
    d = CORPUS / name
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    return d


def pipeline_seeds():
    d = reset("fuzz-pipeline")
    sources = [("example", ROOT / "Examples"), ("diagnostics", ROOT / "Tests/Fixtures/diagnostics"),
               ("layout", ROOT / "Tests/Fixtures/layout")]
    for prefix, base in sources:
        for f in sorted(base.rglob("*.tatami.yaml")):
            name = prefix + "-" + "-".join(f.relative_to(base).parts)
            shutil.copyfile(f, d / name)


def frame(message):
    body = message if isinstance(message, bytes) else json.dumps(message, ensure_ascii=False).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Session:
    def __init__(self):
        self.out = b""
        self.next_id = 1

    def request(self, method, params=None):
        m = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            m["params"] = params
        self.next_id += 1
        self.out += frame(m)
        return self

    def notify(self, method, params=None):
        m = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            m["params"] = params
        self.out += frame(m)
        return self

    def raw(self, data):
        self.out += data
        return self

    def start(self, utf8=False):
        caps = {"general": {"positionEncodings": ["utf-8", "utf-16"]}} if utf8 else {}
        caps["textDocument"] = {"completion": {"completionItem": {"snippetSupport": True}},
                                "documentSymbol": {"hierarchicalDocumentSymbolSupport": True}}
        self.request("initialize", {"processId": None, "capabilities": caps})
        return self.notify("initialized", {})

    def open(self, uri, text, version=1):
        return self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "tatami", "version": version, "text": text}})

    def end(self):
        return self.request("shutdown").notify("exit")


A = "file:///nonexistent-tatami-fuzz/a.tatami.yaml"
B = "file:///nonexistent-tatami-fuzz/lib/b.tatami.yaml"


def doc(uri):
    return {"textDocument": {"uri": uri}}


def at(uri, line, character, **extra):
    p = {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}
    p.update(extra)
    return p


def span(l1, c1, l2, c2):
    return {"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}}


def server_seeds():
    d = reset("fuzz-server")
    example = (ROOT / "Examples/avocado-toast.tatami.yaml").read_text()
    library = (ROOT / "Examples/components/library.tatami.yaml").read_text()
    profile = (ROOT / "Examples/profile.tatami.yaml").read_text().replace("components/library.tatami.yaml", "lib/b.tatami.yaml")

    # The session of the brief: initialize, open an example, hover, completion, shutdown, exit.
    s = Session().start().open(A, example)
    s.request("textDocument/hover", at(A, 18, 12)).request("textDocument/completion", at(A, 12, 4)).end()
    (d / "session-hover-completion").write_bytes(s.out)

    # Every request on an example, UTF-8 positions.
    s = Session().start(utf8=True).open(A, example)
    for m in ["textDocument/documentSymbol", "textDocument/semanticTokens/full", "textDocument/foldingRange",
              "textDocument/codeLens", "textDocument/diagnostic"]:
        s.request(m, doc(A))
    s.request("textDocument/inlayHint", {**doc(A), "range": span(0, 0, 40, 0)})
    s.request("textDocument/codeAction", {**doc(A), "range": span(0, 0, 40, 0), "context": {"diagnostics": []}})
    s.request("workspace/executeCommand", {"command": "tatami.preview", "arguments": [A, "phone"]})
    s.request("workspace/executeCommand", {"command": "tatami.frames", "arguments": [A]})
    s.end()
    (d / "session-every-request").write_bytes(s.out)

    # Components across two open documents: definition, references, rename.
    s = Session().start().open(B, library).open(A, profile)
    s.request("textDocument/definition", at(A, 12, 10)).request("textDocument/references", at(B, 8, 4, context={"includeDeclaration": True}))
    s.request("textDocument/prepareRename", at(B, 8, 4)).request("textDocument/rename", at(B, 8, 4, newName="Chip"))
    s.request("textDocument/hover", at(B, 14, 14)).end()
    (d / "session-components").write_bytes(s.out)

    # Edits: ranged changes, a full replacement, requests in between, close.
    s = Session().start().open(A, "body:\n  hstack:\n    - text: hi\n    - color: red\n")
    s.notify("textDocument/didChange", {"textDocument": {"uri": A, "version": 2}, "contentChanges": [
        {"range": span(2, 12, 2, 14), "text": "hello 😀"}, {"range": span(3, 0, 3, 0), "text": "    - spacer:\n"}]})
    s.request("textDocument/hover", at(A, 2, 8)).request("textDocument/completion", at(A, 3, 6))
    s.notify("textDocument/didChange", {"textDocument": {"uri": A, "version": 3}, "contentChanges": [{"text": "body: {vstack: [a, b]}\n"}]})
    s.notify("workspace/didChangeConfiguration", {"settings": {"tatami": {"defaultViewport": "phone"}}})
    s.request("textDocument/inlayHint", {**doc(A), "range": span(0, 0, 1, 0)})
    s.notify("textDocument/didClose", doc(A)).request("textDocument/hover", at(A, 0, 0)).end()
    (d / "session-edits").write_bytes(s.out)

    # Broken streams.
    (d / "broken-no-content-length").write_bytes(b"Content-Type: x\r\n\r\n{}" + frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}))
    (d / "broken-short-length").write_bytes(b"Content-Length: 10\r\n\r\n" + json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize"}).encode())
    (d / "broken-long-length").write_bytes(b"Content-Length: 4000\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}")
    (d / "broken-huge-length").write_bytes(b"Content-Length: 99999999999\r\n\r\n{}\r\n\r\nContent-Length: 2\r\n\r\n{}")
    (d / "broken-lf-only").write_bytes(b"content-length:2\n\n{}\nContent-Length: 3\n\n[1]")
    (d / "broken-bodies").write_bytes(b"".join(frame(b) for b in [
        b"", b"null", b"[]", b"{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"x\"}", b"{\"id\":{},\"method\":\"x\"}",
        b"[" * 300 + b"]" * 300, b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":[]}", b"\xff\xfe{", b"{\"a\":1e999}",
        b"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"textDocument/hover\",\"params\":{\"position\":{\"line\":-5,\"character\":1e300}}}",
    ]))
    s = Session().request("textDocument/hover", at(A, 0, 0)).start().start().end().request("textDocument/hover", at(A, 0, 0))
    (d / "broken-order").write_bytes(s.out)
    (d / "broken-header-noise").write_bytes(b"\r\n\r\nX\r\nContent-Length: -1\r\n\r\nContent-Length: 2 \r\ncontent-length: 3\r\n\r\n{}}" + b"A" * 100 + b":" + b"\r\n\r\n")

    # Operation mode (first byte 0x80 or more): random operations.
    rng = random.Random(20240611)
    for i in range(6):
        n = [64, 128, 256, 512, 1024, 2048][i]
        (d / f"ops-{i}").write_bytes(bytes([0x80 + rng.randrange(128)]) + rng.randbytes(n))


def invariants_seeds():
    d = reset("fuzz-invariants")
    rng = random.Random(19)
    for i, n in enumerate([16, 64, 128, 256, 512, 1024, 2048, 4096]):
        (d / f"random-{i}").write_bytes(rng.randbytes(n))


if __name__ == "__main__":
    pipeline_seeds()
    server_seeds()
    invariants_seeds()
    for d in sorted(CORPUS.iterdir()):
        files = list(d.iterdir())
        print(f"{d.relative_to(FUZZ)}: {len(files)} files, {sum(f.stat().st_size for f in files)} bytes")
