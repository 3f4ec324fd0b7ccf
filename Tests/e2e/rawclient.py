"""A bare JSON-RPC client over the server's pipes, for what a well-behaved client never sends:
broken framing, broken JSON, requests out of order, exit without shutdown."""

import json
import os
import select
import subprocess
import threading
import time


class RawServer:
    def __init__(self, binary: str, *arguments: str):
        self.proc = subprocess.Popen([binary, "lsp", *arguments], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.buffer = bytearray()
        # Every publishDiagnostics notification read, whatever the reader was waiting for.
        self.pushed = []
        # The server's log, read as it comes, as an editor reads it: a pipe left unread fills
        # (64 KiB) and the server, blocked writing its `--verbose` log, answers nothing more.
        self._log = bytearray()
        self._log_reader = threading.Thread(target=self._drain_log, daemon=True)
        self._log_reader.start()

    def _drain_log(self):
        while True:
            chunk = os.read(self.proc.stderr.fileno(), 1 << 16)
            if not chunk:
                return
            self._log += chunk

    def log_text(self) -> str:
        """Everything the server wrote to standard error, once it has exited."""
        self.proc.wait()
        self._log_reader.join(timeout=10)
        return self._log.decode(errors="replace")

    def send_bytes(self, data: bytes):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message) -> None:
        body = (message if isinstance(message, str) else json.dumps(message)).encode()
        self.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, id_, method, params=None, timeout=10.0):
        self.send({"jsonrpc": "2.0", "id": id_, "method": method, "params": params if params is not None else {}})
        return self.read_until(lambda m: m.get("id") == id_ and "method" not in m, timeout=timeout)

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method, "params": params if params is not None else {}})

    def _read_some(self, deadline):
        timeout = max(0.0, deadline - time.time())
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            raise TimeoutError("no message from the server")
        chunk = os.read(self.proc.stdout.fileno(), 1 << 20)
        if not chunk:
            raise EOFError("the server closed its output")
        self.buffer += chunk

    def read(self, timeout=10.0):
        # `buffer` is a bytearray that grows at its end, so a message of many megabytes is read
        # in time linear in its size.
        deadline = time.time() + timeout
        while (end := self.buffer.find(b"\r\n\r\n")) < 0:
            self._read_some(deadline)
        length = None
        for line in bytes(self.buffer[:end]).split(b"\r\n"):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        assert length is not None, bytes(self.buffer[:end])
        start = end + 4
        while len(self.buffer) < start + length:
            self._read_some(deadline)
        body = bytes(self.buffer[start:start + length])
        del self.buffer[:start + length]
        message = json.loads(body)
        if message.get("method") == "textDocument/publishDiagnostics":
            self.pushed.append(message)
        return message

    def read_until(self, predicate, timeout=10.0):
        deadline = time.time() + timeout
        while True:
            m = self.read(timeout=max(0.1, deadline - time.time()))
            if predicate(m):
                return m

    def initialize(self, **params):
        p = {"processId": None, "capabilities": {}, **params}
        r = self.request(1, "initialize", p)
        self.notify("initialized")
        return r

    def wait(self, timeout=10.0):
        return self.proc.wait(timeout=timeout)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
