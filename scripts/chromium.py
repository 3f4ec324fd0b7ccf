"""Headless Chromium driven over the DevTools protocol through a pipe (no network port), and a
small PNG decoder. Used by Tests/preview (the browser checks of `tatami preview --format html`)
and scripts/generate-screenshots.py (the README's images).

    with Browser() as browser:
        page = browser.new_page(width=1200, height=900)
        page.goto(pathlib.Path("page.html").as_uri())
        rects = page.evaluate("...")
        image = decode_png(page.screenshot(clip))

Chromium is Debian's `chromium` (or $CHROMIUM). Only the standard library is needed.
"""

import base64
import json
import os
import shutil
import struct
import subprocess
import tempfile
import time
import zlib


def chromium_binary():
    for name in [os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"]:
        if name and shutil.which(name):
            return shutil.which(name)
    return None


class BrowserError(Exception):
    pass


class Browser:
    """One headless Chromium whose DevTools protocol runs over fds 3 (commands in) and 4
    (answers and events out), as `--remote-debugging-pipe` sets up."""

    def __init__(self, binary=None, timeout=30.0, extra_args=()):
        self.binary = binary or chromium_binary()
        if self.binary is None:
            raise BrowserError("chromium is not installed (Debian: apt-get install chromium)")
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="tatami-chromium-")
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()

        def plumbing():
            # In the child: the command pipe becomes fd 3, the answer pipe fd 4 (moved out of the
            # way first, in case either already is 3 or 4).
            a, b = os.dup(to_child_r), os.dup(from_child_w)
            os.dup2(a, 3)
            os.dup2(b, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        args = [self.binary, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars",
                "--mute-audio", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-dev-shm-usage", "--force-color-profile=srgb",
                "--font-render-hinting=none", f"--user-data-dir={self.profile}", *extra_args, "about:blank"]
        self.process = subprocess.Popen(args, preexec_fn=plumbing, close_fds=False, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self._buffer = b""
        self._next_id = 0
        self.events = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._to_child, self._from_child):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def _read_message(self, deadline):
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise BrowserError("timed out waiting for chromium")
            import select
            ready, _, _ = select.select([self._from_child], [], [], max(0.0, min(0.5, deadline - time.monotonic())))
            if not ready:
                if self.process.poll() is not None:
                    raise BrowserError(f"chromium exited with status {self.process.returncode}")
                continue
            chunk = os.read(self._from_child, 1 << 20)
            if not chunk:
                raise BrowserError("chromium closed the pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None, timeout=None):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_child, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            answer = self._read_message(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_for_event(self, method, session=None, timeout=None, since=0):
        """The first event `method` (of `session`) recorded at index `since` or later."""
        deadline = time.monotonic() + (timeout or self.timeout)
        index = since
        while True:
            while index < len(self.events):
                event = self.events[index]
                index += 1
                if event.get("method") == method and (session is None or event.get("sessionId") == session):
                    return event
            self.events.append(self._read_message(deadline))

    def new_page(self, width=1280, height=900):
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session)
        page.send("Page.enable")
        page.send("Runtime.enable")
        page.send("Network.enable")
        page.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        return page


class Page:
    def __init__(self, browser, session):
        self.browser = browser
        self.session = session

    def send(self, method, params=None, timeout=None):
        return self.browser.send(method, params, session=self.session, timeout=timeout)

    def goto(self, url, timeout=None):
        mark = len(self.browser.events)
        self.send("Page.navigate", {"url": url})
        self.browser.wait_for_event("Page.loadEventFired", session=self.session, timeout=timeout, since=mark)

    def evaluate(self, expression, timeout=None):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                           timeout=timeout)
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def requested_urls(self):
        """Every URL this page asked the network stack for, in order."""
        return [e["params"]["request"]["url"] for e in self.browser.events
                if e.get("method") == "Network.requestWillBeSent" and e.get("sessionId") == self.session]

    def screenshot(self, clip=None):
        """PNG bytes of the page at scale 1; `clip` is {x, y, width, height} in CSS pixels."""
        params = {"format": "png", "captureBeyondViewport": True}
        if clip:
            params["clip"] = dict(clip, scale=1)
        return base64.b64decode(self.send("Page.captureScreenshot", params)["data"])

    def mouse_move(self, x, y):
        self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})


class Image:
    """Decoded 8-bit RGB(A) pixels: `pixel(x, y)` is an (r, g, b) tuple."""

    def __init__(self, width, height, channels, rows):
        self.width, self.height, self.channels, self.rows = width, height, channels, rows

    def pixel(self, x, y):
        row = self.rows[y]
        i = x * self.channels
        return tuple(row[i:i + 3])


def decode_png(data):
    """Non-interlaced 8-bit truecolour PNGs (with or without alpha), as Chromium writes them."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[at]
        line = bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + predictor) & 255
        rows.append(line)
        previous = line
    return Image(width, height, channels, rows)
