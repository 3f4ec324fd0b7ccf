"""The LSP lifecycle and JSON-RPC rules against the built binary."""

import json
import subprocess
import sys
import time

import pytest
from lsprotocol import types

from conftest import TATAMI, WORKSPACE, open_document, uri
from rawclient import RawServer


@pytest.fixture
def raw():
    s = RawServer(TATAMI)
    yield s
    s.close()


def test_initialize_reports_capabilities(raw):
    r = raw.initialize(capabilities={"general": {"positionEncodings": ["utf-16"]}})
    caps = r["result"]["capabilities"]
    assert caps["positionEncoding"] == "utf-16"
    assert caps["textDocumentSync"]["change"] == 2
    assert caps["executeCommandProvider"]["commands"] == ["tatami.preview", "tatami.previewSVG", "tatami.previewHTML", "tatami.frames", "tatami.diff"]
    assert r["result"]["serverInfo"]["name"] == "tatami"
    # initialize only once
    assert raw.request(2, "initialize", {"capabilities": {}})["error"]["code"] == -32600


def test_request_before_initialize_is_32002(raw):
    r = raw.request(5, "textDocument/hover", {"textDocument": {"uri": "file:///x"}, "position": {"line": 0, "character": 0}})
    assert r["error"]["code"] == -32002
    r = raw.initialize()
    assert "capabilities" in r["result"]


def test_shutdown_answers_null_does_not_exit_then_exit_is_0(raw):
    raw.initialize()
    r = raw.request(2, "shutdown", None)
    assert "result" in r and r["result"] is None
    time.sleep(0.2)
    assert raw.proc.poll() is None, "shutdown must not end the process"
    r = raw.request(3, "textDocument/documentSymbol", {"textDocument": {"uri": "file:///x"}})
    assert r["error"]["code"] == -32600
    raw.notify("exit")
    assert raw.wait() == 0


def test_exit_without_shutdown_is_1(raw):
    raw.initialize()
    raw.notify("exit")
    assert raw.wait() == 1


def test_end_of_input_ends_the_server(raw):
    raw.initialize()
    raw.proc.stdin.close()
    assert raw.wait() == 1


def test_end_of_input_after_shutdown_is_0(raw):
    raw.initialize()
    raw.request(2, "shutdown", None)
    raw.proc.stdin.close()
    assert raw.wait() == 0


def test_unknown_request_is_32601_and_unknown_notification_ignored(raw):
    raw.initialize()
    raw.notify("tatami/nothing", {"x": 1})
    r = raw.request(2, "tatami/nothing", {})
    assert r["error"]["code"] == -32601


def test_broken_json_gets_32700_with_null_id_and_the_server_goes_on(raw):
    raw.initialize()
    raw.send('{"jsonrpc": "2.0", "id": 9, "method": "shutdown"')
    m = raw.read()
    assert m["error"]["code"] == -32700 and m["id"] is None
    raw.send("\x00\xff garbage")
    m = raw.read()
    assert m["error"]["code"] == -32700 and m["id"] is None
    # Broken framing: a header block without Content-Length, junk lines, then a good message.
    raw.send_bytes(b"X-Nonsense: 1\r\n\r\nno colon here\r\n\r\n")
    r = raw.request(10, "tatami/unknown")
    assert r["error"]["code"] == -32601
    assert raw.proc.poll() is None


@pytest.mark.parametrize("header", [b"Content-Length: -5", b"Content-Length: abc", b"Content-Type: application/json",
                                    b"Content-Length: 100000"])
def test_a_bad_content_length_loses_only_its_own_message(raw, header):
    # Issue 13: the body after a bad header (no line break in it) was read as a header line that
    # swallowed the next message's header, and so on: the server stayed alive but deaf. The
    # last case claims more bytes than are sent: the body ends at the next header.
    raw.initialize()
    lost = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "tatami/unknown"}).encode()
    raw.send_bytes(header + b"\r\n\r\n" + lost)
    for id_ in (8, 9):
        r = raw.request(id_, "tatami/unknown", timeout=5)
        assert r["error"]["code"] == -32601 and r["id"] == id_
    raw.request(10, "shutdown", None)
    raw.notify("exit")
    assert raw.wait() == 0
    log = raw.log_text()
    assert "skipped" in log or "dropped a message body" in log, log


def test_cancelled_request_still_gets_an_answer(raw):
    raw.initialize()
    # Open a large document and queue a request behind it, cancelled before its turn.
    text = "body:\n  vstack:\n" + "".join(f"    - text: line {i}\n" for i in range(4000))
    raw.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///big.tatami.yaml", "languageId": "tatami", "version": 1, "text": text}})
    raw.send({"jsonrpc": "2.0", "id": 20, "method": "textDocument/diagnostic", "params": {"textDocument": {"uri": "file:///big.tatami.yaml"}}})
    raw.send({"jsonrpc": "2.0", "id": 21, "method": "textDocument/diagnostic", "params": {"textDocument": {"uri": "file:///big.tatami.yaml"}}})
    raw.notify("$/cancelRequest", {"id": 21})
    answers = {}
    while len(answers) < 2:
        m = raw.read()
        if "id" in m and "method" not in m:
            answers[m["id"]] = m
    assert "result" in answers[20]
    # Either cancelled (the usual case: it was still queued) or answered, but always answered.
    assert answers[21].get("error", {}).get("code", -32800) == -32800


def test_client_process_is_watched():
    # The "client" is a sleeping process whose pid the server is given; its input stays open
    # (this test holds the pipe), so only the watch can end the server once the client dies.
    import os
    client_proc = subprocess.Popen(["sleep", "60"])
    read_end, write_end = os.pipe()
    server = subprocess.Popen([TATAMI, "lsp"], stdin=read_end, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(read_end)
    try:
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                           "params": {"processId": client_proc.pid, "capabilities": {}}}).encode()
        os.write(write_end, b"Content-Length: %d\r\n\r\n" % len(body) + body)
        time.sleep(1.5)
        assert server.poll() is None, "the server ended while its client was alive"
        client_proc.kill()
        client_proc.wait()
        assert server.wait(timeout=10) == 1
    finally:
        os.close(write_end)
        if server.poll() is None:
            server.kill()
        if client_proc.poll() is None:
            client_proc.kill()


async def test_diagnostics_are_published_on_open(client):
    path = WORKSPACE / "broken.tatami.yaml"
    text = "body:\n  hstak:\n    - text: hi\n"
    path.write_text(text)
    await open_document(client, path, text)
    diags = client.diagnostics[uri(path)]
    assert [d.code for d in diags] == ["unknown-key"]
    assert diags[0].range.start.line == 1 and diags[0].range.start.character == 2
    assert "hstack" in diags[0].message


def _rows(n):
    lines = ["viewports:", "  phone: {width: 320, height: 40000}", "body:", "  vstack:"]
    for k in range(n):
        lines += ["    - hstack:", f"        - text: row {k}", "        - spacer", f"      id: row{k}"]
    return "\n".join(lines) + "\n"


def test_a_request_cancelled_while_it_is_answered_is_answered_cancelled(raw):
    """`$/cancelRequest` reaches a request the server is already computing: its large answer is
    not sent; the answer is the RequestCancelled error."""
    raw.initialize(capabilities={"textDocument": {"documentSymbol": {"hierarchicalDocumentSymbolSupport": True}}})
    u = "file:///tmp/tatami-cancel.tatami.yaml"
    raw.notify("textDocument/didOpen", {"textDocument": {"uri": u, "languageId": "tatami", "version": 1, "text": _rows(20000)}})
    raw.read_until(lambda m: m.get("method") == "textDocument/publishDiagnostics", timeout=120)
    # The cancellation follows 0.2 s after the request, while the server computes the outline
    # of 20,000 rows (seconds in the debug build the tests run).
    raw.send({"jsonrpc": "2.0", "id": 7, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": u}}})
    time.sleep(0.2)
    raw.notify("$/cancelRequest", {"id": 7})
    r = raw.read_until(lambda m: m.get("id") == 7, timeout=60)
    assert r.get("error", {}).get("code") == -32800, str(r)[:300]
    # The server goes on answering.
    r = raw.request(8, "textDocument/foldingRange", {"textDocument": {"uri": u}})
    assert len(r["result"]) > 20000


def test_a_pull_client_pulls_and_is_never_pushed_to(raw):
    r = raw.initialize(capabilities={"textDocument": {"diagnostic": {"dynamicRegistration": False}}})
    assert r["result"]["capabilities"]["diagnosticProvider"]["interFileDependencies"] is True
    u = "file:///tmp/tatami-pull.tatami.yaml"
    raw.notify("textDocument/didOpen", {"textDocument": {"uri": u, "languageId": "tatami", "version": 1, "text": "body:\n  hstak: []\n"}})
    r = raw.request(2, "textDocument/diagnostic", {"textDocument": {"uri": u}})
    assert r["result"]["kind"] == "full"
    assert [d["code"] for d in r["result"]["items"]] == ["unknown-key"]
    again = raw.request(3, "textDocument/diagnostic", {"textDocument": {"uri": u}, "previousResultId": r["result"]["resultId"]})
    assert again["result"] == {"kind": "unchanged", "resultId": r["result"]["resultId"]}
    # Nothing was pushed meanwhile (give the server time to do it if it were going to).
    raw.request(4, "textDocument/foldingRange", {"textDocument": {"uri": u}})
    time.sleep(0.3)
    raw.request(5, "textDocument/foldingRange", {"textDocument": {"uri": u}})
    assert raw.pushed == [], raw.pushed
