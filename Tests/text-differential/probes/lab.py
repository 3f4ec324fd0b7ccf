"""Shared plumbing of the probes: a Chromium with file access and the test faces loaded."""
import json, os, pathlib, sys, tempfile
HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parents[2] / "scripts"))
from chromium import Browser  # noqa: E402
from fonts import FACES, font_face_css, css_stack  # noqa: E402

ARGS = ["--allow-file-access-from-files", "--font-render-hinting=none"]


class Lab:
    def __init__(self, extra_args=()):
        self.browser = Browser(extra_args=ARGS + list(extra_args), timeout=120)
        self.page = self.browser.new_page(1600, 1000)
        self.dir = tempfile.mkdtemp(prefix="tatami-textlab-")
        self.n = 0

    def load(self, body_html, css=""):
        self.n += 1
        path = pathlib.Path(self.dir) / f"p{self.n}.html"
        faces = "".join(f"<span style=\"font-family:'{f[2]}'\">a文😀</span>" for f in FACES.values())
        path.write_text(f"<!doctype html><meta charset=utf-8><style>{font_face_css()}\nbody{{margin:0}}\n{css}</style>"
                        f"<div id=warm style='position:absolute;top:-100px'>{faces}</div>{body_html}")
        self.page.goto(path.as_uri(), timeout=120)
        self.page.evaluate("document.fonts.ready.then(()=>document.fonts.size)")
        st = self.page.evaluate("[...document.fonts].map(f=>f.family+':'+f.status).join(' ')")
        assert "error" not in st and "unloaded" not in st, st

    def js(self, expr):
        return self.page.evaluate(expr, timeout=120)

    def close(self):
        self.browser.close()
