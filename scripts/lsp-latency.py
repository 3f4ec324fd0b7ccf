#!/usr/bin/env python3
"""Latency, CPU and memory of `tatami lsp` as an editor drives it.

    swift build -c release && python3 scripts/lsp-latency.py [--binary PATH] [--sizes 500,5000]

For each size N it generates a screen of N cards, ten lines each (so 500 cards is a 5,000-line
file, 5,000 a 50,000-line one), every card an instance of a component, under two viewports, and
measures over the server's pipes, as a push-diagnostics client (no `textDocument.diagnostic`
capability):

- open → first diagnostics: from `didOpen` to the `publishDiagnostics` of version 1;
- edit → diagnostics: one character typed into a card's title, to the diagnostics of that version;
- hover and completion sent 30 ms after an edit: the time each takes to be answered (the
  diagnostics of the edit are awaited before the next round, so rounds are independent);
- a burst of typing: ten characters 35 ms apart (fast typing, or a held key), the time from
  the last one to its diagnostics, and how many analyses the server started for the burst;
- edits that produce an error and fix it again (a card's `tint: orange` made `tint: orangex`,
  an unknown colour, then put back), five times: the time to each one's diagnostics, and that
  the error is reported and gone again;
- the server's resident memory after opening, after the typing, and after the errors were
  produced and fixed, and the CPU time (user + system) it used in all;
- one analysis as the server timed it (its `--verbose` log): what the latencies above spend
  beside the debounce and the pipes, and the figure least moved by a busy machine's I/O.

`--library LINES`: the components come from a library of about LINES lines (`Card` and filler
components, `library.tatami.yaml` in a scratch folder) that the screen imports (issue 31's figure
"a file importing a 5,000-line component library"); the screen holds only the cards.

`--debounce MS` runs the server with that debounce (`TATAMI_LSP_DEBOUNCE_MS`) instead of its own.
`--file-fonts` maps the fonts the cards use (`headline`, `caption`, `body`) to Inter's files
(Examples/fonts, copied beside the document in a scratch folder): the same edits, texts shaped.

Prints the median and 90th percentile of each latency in milliseconds.
"""

import argparse
import re
import os
import pathlib
import statistics
import subprocess
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))
from rawclient import RawServer  # noqa: E402

HEADER = [
    "tatami: 1",
    "viewports:",
    # As tall as the page's content: the whole list is laid out, as a scroll view's content.
    "  phone: {width: 390, height: HEIGHT}",
    "  tablet: {width: 1024, height: HEIGHT}",
    "components:",
    "  Card:",
    "    params:",
    "      title: {type: string}",
    "      detail: {type: string}",
    "      count: {type: number, default: 0}",
    "      tint: {type: color, default: blue}",
    "      icon: {type: string, default: star}",
    "      badge: {type: string, default: \"\"}",
    "      caption: {type: string, default: \"\"}",
    "      footer: {type: string, default: \"\"}",
    "      wide: {type: bool, default: false}",
    "    body:",
    "      hstack:",
    "        - image: $icon",
    "          size: [24, 24]",
    "        - vstack:",
    "            - text: $title",
    "              font: headline",
    "              lineLimit: 1",
    "            - text: \"${detail}\"",
    "              font: caption",
    "          alignment: leading",
    "        - spacer",
    "        - text: $badge",
    "          padding: 4",
    "          background: {color: $tint}",
    "      padding: 8",
    "body:",
    "  vstack:",
]
CARD_LINES = 10


# `--file-fonts`: the cards' fonts as Inter's files (docs/format.md §5.1), beside the document.
FILE_FONTS = [
    "fonts:",
    "  headline: {file: fonts/Inter-Bold.otf, size: 15}",
    "  caption: {file: fonts/Inter-Regular.otf, size: 12}",
    "  body: {file: fonts/Inter-Regular.otf, size: 15}",
]


# `--library`: the screen's header when its components are imported.
LIBRARY_HEADER = HEADER[:4] + ["imports: [library.tatami.yaml]", "body:", "  vstack:"]
# A filler component of the library: 20 lines, a few views with parameters.
FILLER = [
    "  Filler{n}:",
    "    params:",
    "      label: {{type: string}}",
    "      value: {{type: number, default: {n}}}",
    "      tint: {{type: color, default: gray}}",
    "    body:",
    "      vstack:",
    "        - text: $label",
    "          font: headline",
    "        - hstack:",
    "            - text: \"${{value}}\"",
    "            - spacer",
    "            - image: star",
    "              size: [16, 16]",
    "          spacing: 4",
    "        - divider",
    "        - text: \"filler {n}\"",
    "          background: {{color: $tint}}",
    "      padding: {pad}",
    "      alignment: leading",
]


def generate_library(lines: int) -> str:
    """A component library of about `lines` lines: `Card`, then filler components."""
    out = ["tatami: 1", "body: {text: \"A component library\"}", "components:"] + HEADER[5:HEADER.index("body:")]
    n = 0
    while len(out) + len(FILLER) <= lines:
        out += [line.format(n=n, pad=4 + n % 8) for line in FILLER]
        n += 1
    return "\n".join(out) + "\n"


def generate(cards: int, file_fonts: bool = False, library: bool = False) -> str:
    header = HEADER[:4] + FILE_FONTS + HEADER[4:] if file_fonts else HEADER
    if library:
        header = LIBRARY_HEADER
    out = [line.replace("HEIGHT", str(cards * 60)) for line in header]
    for i in range(cards):
        out += [
            "    - Card:",
            f"        title: \"Card {i} title\"",
            f"        detail: \"Detail {i}\"",
            f"        count: {i}",
            "        tint: orange",
            "        icon: bell",
            f"        badge: \"{i % 100}\"",
            f"        caption: \"caption {i}\"",
            f"        footer: \"footer {i}\"",
            "        wide: true",
        ]
    out += ["  spacing: 0", ""]
    return "\n".join(out)


def title_line(card: int, file_fonts: bool = False, library: bool = False) -> int:
    """The 1-based line of a card's title."""
    if library:
        return len(LIBRARY_HEADER) + card * CARD_LINES + 1
    return len(HEADER) + (len(FILE_FONTS) if file_fonts else 0) + card * CARD_LINES + 1


def percentile(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def resident_mb(pid: int):
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def cpu_seconds(pid: int):
    """User + system CPU time of a process, from /proc (Linux)."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        ticks = int(fields[11]) + int(fields[12])
        return ticks / os_ticks()
    except OSError:
        return None


def os_ticks():
    import os
    return os.sysconf(os.sysconf_names["SC_CLK_TCK"])


def summary(name, values):
    return f"{name:<34} median {statistics.median(values):8.1f} ms   p90 {percentile(values, 90):8.1f} ms   (n={len(values)})"


def scratch_with_fonts() -> pathlib.Path:
    """A scratch folder holding a copy of Inter's files under fonts/."""
    import shutil
    import tempfile
    folder = pathlib.Path(tempfile.mkdtemp(prefix="tatami-latency-"))
    (folder / "fonts").mkdir()
    for name in ("Inter-Regular.otf", "Inter-Bold.otf"):
        shutil.copy(REPO / "Examples" / "fonts" / name, folder / "fonts" / name)
    return folder


def run(binary: str, cards: int, rounds: int, delay: float, debounce, file_fonts: bool = False, memory_edits: int = 0,
        library: int = 0):
    text = generate(cards, file_fonts, library > 0)
    lines = text.split("\n")
    folder = scratch_with_fonts() if file_fonts else pathlib.Path("/tmp")
    if library:
        import tempfile
        folder = pathlib.Path(tempfile.mkdtemp(prefix="tatami-latency-library-"))
        library_text = generate_library(library)
        (folder / "library.tatami.yaml").write_text(library_text)
    uri = (folder / f"tatami-latency-{cards}.tatami.yaml").as_uri()

    def title(card):
        return title_line(card, file_fonts, library > 0)
    if debounce is not None:
        os.environ["TATAMI_LSP_DEBOUNCE_MS"] = str(debounce)
    server = RawServer(binary, "--verbose")
    results = {}
    try:
        server.initialize(capabilities={"general": {"positionEncodings": ["utf-16"]}})
        reported = set()  # versions whose diagnostics arrived, whenever they did

        def note(m):
            if m.get("method") == "textDocument/publishDiagnostics":
                reported.add(m["params"].get("version"))
            return m

        def wait_report(v):
            if v in reported:
                return None
            return server.read_until(lambda m: note(m).get("method") == "textDocument/publishDiagnostics"
                                     and m["params"].get("version") == v, timeout=120)

        def ask(id_, method, params):
            server.send({"jsonrpc": "2.0", "id": id_, "method": method, "params": params})
            return server.read_until(lambda m: note(m).get("id") == id_ and "method" not in m, timeout=120)
        start = time.perf_counter()
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "tatami", "version": 1, "text": text}})
        first = wait_report(1)
        results["open"] = (time.perf_counter() - start) * 1000
        results["diagnostics"] = len(first["params"]["diagnostics"])
        results["rss_open"] = resident_mb(server.proc.pid)

        version = 1
        edit_ms, hover_ms, completion_ms = [], [], []
        next_id = 100

        def type_char(card):
            nonlocal version
            line = title(card)
            col = len(lines[line]) - 1  # before the closing quote
            version += 1
            server.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": {"line": line, "character": col},
                                              "end": {"line": line, "character": col}}, "text": "x"}],
            })
            lines[line] = lines[line][:col] + "x" + lines[line][col:]
            return version

        for k in range(rounds):
            card = (k * 37) % cards
            # 1. Edit → diagnostics.
            t0 = time.perf_counter()
            v = type_char(card)
            wait_report(v)
            edit_ms.append((time.perf_counter() - t0) * 1000)

            # 2. A hover 30 ms after an edit (over the `Card` kind key of another card).
            v = type_char((card + 11) % cards)
            time.sleep(delay)
            line = title((card + 101) % cards) - 1
            next_id += 1
            t0 = time.perf_counter()
            r = ask(next_id, "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line, "character": 8}})
            hover_ms.append((time.perf_counter() - t0) * 1000)
            if "error" in r or not r.get("result"):
                raise SystemExit(f"hover failed: {r}")
            wait_report(v)

            # 3. A completion 30 ms after an edit (a key in a card's arguments: an empty line
            # would change the file; the position after `tint: ` completes colours).
            v = type_char((card + 23) % cards)
            time.sleep(delay)
            line = title((card + 203) % cards) + 3
            next_id += 1
            t0 = time.perf_counter()
            r = ask(next_id, "textDocument/completion", {"textDocument": {"uri": uri}, "position": {"line": line, "character": len(lines[line])}})
            completion_ms.append((time.perf_counter() - t0) * 1000)
            if "error" in r or not r.get("result") or not r["result"]["items"]:
                raise SystemExit(f"completion failed: {r}")
            wait_report(v)

        results["edit"], results["hover"], results["completion"] = edit_ms, hover_ms, completion_ms

        # A burst of typing: ten characters 35 ms apart into one title.
        burst = []
        for k in range(3):
            card = (k * 71 + 5) % cards
            for _ in range(10):
                v = type_char(card)
                time.sleep(0.035)
            t0 = time.perf_counter() - 0.035
            wait_report(v)
            burst.append((time.perf_counter() - t0) * 1000)
        results["burst"] = burst
        results["rss_typing"] = resident_mb(server.proc.pid)

        # Edits that produce an error and fix it: `tint: orange` → `tint: orangex` and back.
        def tint_edit(card, insert):
            nonlocal version
            line = title(card) + 3
            col = len(lines[line])
            version += 1
            if insert:
                change = {"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col}}, "text": "x"}
                lines[line] = lines[line] + "x"
            else:
                change = {"range": {"start": {"line": line, "character": col - 1}, "end": {"line": line, "character": col}}, "text": ""}
                lines[line] = lines[line][:-1]
            server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
            return version

        def errors_in(report):
            return sum(1 for d in report["params"]["diagnostics"] if d.get("severity") == 1)

        error_ms = []
        for k in range(5):
            card = (k * 53 + 9) % cards
            t0 = time.perf_counter()
            broken = wait_report(tint_edit(card, True))
            error_ms.append((time.perf_counter() - t0) * 1000)
            if broken is None or errors_in(broken) == 0:
                raise SystemExit("the unknown colour was not reported")
            t0 = time.perf_counter()
            fixed = wait_report(tint_edit(card, False))
            error_ms.append((time.perf_counter() - t0) * 1000)
            if fixed is None or errors_in(fixed) != 0:
                raise SystemExit("the fixed colour was still reported")
        results["errors"] = error_ms
        results["rss_end"] = resident_mb(server.proc.pid)

        # `--memory-edits N`: N more edits that make and fix errors, resident memory after each.
        samples = []
        for k in range(memory_edits):
            card = (k // 2 * 29 + 3) % cards
            wait_report(tint_edit(card, k % 2 == 0))
            samples.append(resident_mb(server.proc.pid))
        results["rss_samples"] = samples
        results["cpu"] = cpu_seconds(server.proc.pid)
        server.request(99999, "shutdown", None)
        server.notify("exit")
        server.wait()
        log = server.log_text()
        if os.environ.get("TATAMI_LATENCY_LOG"):
            pathlib.Path(os.environ["TATAMI_LATENCY_LOG"]).write_text(log)
        results["analyses"] = sum(1 for line in log.splitlines() if "analysed " in line)
        # The server's own time per analysis (its `--verbose` log), which the figures above
        # include along with the debounce and the pipes.
        results["analysis_ms"] = [float(m) for m in re.findall(r"analysed .* in (\d+) ms", log)]
        results["rounds_edits"] = 1 + 3 * rounds + 30 + 10 + memory_edits
        results["library_lines"] = library_text.count("\n") if library else 0
    except EOFError:
        # The server stopped: what it wrote last says why.
        sys.stderr.write("the server stopped; the end of its log:\n" + server.log_text()[-4000:])
        raise
    finally:
        server.close()
    return len(lines), results


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=None, help="the tatami binary (default: the release build)")
    ap.add_argument("--sizes", default="500,5000", help="numbers of cards, comma-separated (ten lines each)")
    ap.add_argument("--rounds", type=int, default=20, help="edit/hover/completion rounds per size")
    ap.add_argument("--delay", type=float, default=0.030, help="seconds between an edit and the request that follows it")
    ap.add_argument("--debounce", type=float, default=None, help="the server's debounce in ms (default: its own)")
    ap.add_argument("--file-fonts", action="store_true", help="the cards' fonts as Inter's files (docs/format.md §5.1)")
    ap.add_argument("--memory-edits", type=int, default=0,
                    help="after the rest, this many edits that make and fix errors, resident memory after each")
    ap.add_argument("--library", type=int, default=0, metavar="LINES",
                    help="import the components from a library of about LINES lines")
    args = ap.parse_args()
    binary = args.binary
    if binary is None:
        bin_dir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO,
                                 check=True, capture_output=True, text=True).stdout.strip()
        binary = str(pathlib.Path(bin_dir) / "tatami")
    print(f"binary {binary}")
    for cards in [int(s) for s in args.sizes.split(",")]:
        n_lines, r = run(binary, cards, args.rounds, args.delay, args.debounce, args.file_fonts, args.memory_edits,
                          args.library)
        imported = f", importing a {r['library_lines']:,}-line library" if args.library else ""
        print(f"\n{n_lines:,} lines{imported}: {cards:,} component instances, 2 viewports, {r['diagnostics']} diagnostics")
        print(f"{'open → first diagnostics':<34} {r['open']:8.1f} ms")
        print(summary("edit → diagnostics", r["edit"]))
        print(summary(f"hover {args.delay * 1000:.0f} ms after an edit", r["hover"]))
        print(summary(f"completion {args.delay * 1000:.0f} ms after an edit", r["completion"]))
        print(summary("last of 10 keys 35 ms apart → diag.", r["burst"]))
        print(summary("an error made or fixed → diag.", r["errors"]))
        print(f"{'analyses finished':<34} {r['analyses']} for {r['rounds_edits']} texts (opening, edits, bursts, errors)")
        if r["analysis_ms"]:
            print(summary("one analysis (the server's log)", r["analysis_ms"]))
        if r["rss_open"] is not None:
            # MiB (VmRSS / 1024), to a tenth: a figure near a target must not round onto it.
            print(f"{'resident memory':<34} {r['rss_open']:.1f} MB after opening, {r['rss_typing']:.1f} MB after typing, "
                  f"{r['rss_end']:.1f} MB after errors made and fixed")
        if r.get("rss_samples"):
            m = r["rss_samples"]
            half = m[len(m) // 2:]
            print(f"{'resident memory, more edits':<34} {m[len(m) // 2 - 1]:.1f} MB after {len(m) // 2}, {m[-1]:.1f} MB after "
                  f"{len(m)}; over the last {len(half)}: {min(half):.1f}–{max(half):.1f} MB")
        if r["cpu"] is not None:
            print(f"{'server CPU time (user + system)':<34} {r['cpu']:.2f} s in all")


if __name__ == "__main__":
    main()
