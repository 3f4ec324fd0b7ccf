#!/usr/bin/env python3
"""Compares an engine's answers with Chromium's (README.md has the schema and the thresholds).

    compare.py --cases cases.json --reference reference.json --engine engine.json [--max-shown N]

Prints the scores, every mismatch grouped by class, and exits 1 when a threshold fails (2 when
the files do not fit together)."""

import argparse
import collections
import json
import sys
import unicodedata

try:
    from uniseg.linebreak import line_break
except ImportError:  # classes are only labels: without uniseg they are coarser
    def line_break(ch):
        return unicodedata.category(ch)

THRESHOLDS = [
    # (metric, minimum share of samples)
    ("width_equal", 0.99),
    ("width_within_1", 0.999),
    ("breaks_equal", 0.995),
    ("height_equal", 0.99),
    ("baseline_equal", 0.99),
    ("truncation_equal", 0.99),
]


def script_class(text):
    kinds = set()
    for ch in text:
        o = ord(ch)
        if ch in " \n":
            continue
        if o >= 0x1F000 or 0x2600 <= o <= 0x27BF or o in (0x200D, 0xFE0F) or 0x1F1E6 <= o <= 0x1F1FF:
            kinds.add("emoji")
        elif 0x3000 <= o <= 0x9FFF or 0xFF00 <= o <= 0xFFEF:
            kinds.add("cjk")
        else:
            kinds.add("latin")
    return "+".join(sorted(kinds)) or "empty"


def context(text_bytes, at, span=12):
    before = text_bytes[max(0, at - span):at].decode(errors="replace")
    after = text_bytes[at:at + span].decode(errors="replace")
    return f"{before!r}|{after!r}"


def break_class(text_bytes, at):
    """The line-break classes either side of a byte offset, e.g. 'HY|NU'."""
    before = text_bytes[:at].decode(errors="replace")
    after = text_bytes[at:].decode(errors="replace")
    a = line_break(before[-1]) if before else "sot"
    b = line_break(after[0]) if after else "eot"
    return f"{a}|{b}"


def compare(cases, ref, eng):
    stats = collections.Counter()
    totals = collections.Counter()
    mismatches = collections.defaultdict(list)
    for cid, case in cases.items():
        r, e = ref.get(cid), eng.get(cid)
        if r is None:
            continue
        if e is None:
            mismatches["missing in engine"].append(f"{cid}")
            for m in ("width_equal", "width_within_1", "breaks_equal", "height_equal", "baseline_equal"):
                totals[m] += 1
            continue
        text = case["text"].encode()
        sc = script_class(case["text"])
        size_kind = "fractional size" if case["size"] != int(case["size"]) else "integer size"
        # widths: the unwrapped width and, where the line starts agree, every line's width
        widths = [("unwrapped", r["width64"], e["width64"])]
        rs, es = [l["start"] for l in r["lines"]], [l["start"] for l in e["lines"]]
        if rs == es:
            widths += [(f"line {i + 1}", a["width64"], b["width64"]) for i, (a, b) in enumerate(zip(r["lines"], e["lines"]))]
        for what, a, b in widths:
            totals["width_equal"] += 1
            totals["width_within_1"] += 1
            stats["width_equal"] += a == b
            stats["width_within_1"] += abs(a - b) <= 1
            if a != b:
                cls = f"width {'±1/64' if abs(a - b) <= 1 else 'off by more'} [{sc}, {case['fonts'][0]}, {size_kind}]"
                mismatches[cls].append(f"{cid} {what}: chromium {a / 64:g} engine {b / 64:g} (Δ {b - a:+d}/64) {case['text']!r} @{case['size']}px")
        totals["breaks_equal"] += 1
        stats["breaks_equal"] += rs == es
        if rs != es:
            i = next(i for i in range(min(len(rs), len(es)) + 1) if i >= len(rs) or i >= len(es) or rs[i] != es[i])
            at_r = rs[i] if i < len(rs) else None
            at_e = es[i] if i < len(es) else None
            if at_r is not None and (at_e is None or at_r < at_e):
                cls = f"break: chromium breaks, engine does not, at {break_class(text, at_r)}"
                where = context(text, at_r)
            else:
                cls = f"break: engine breaks, chromium does not, at {break_class(text, at_e)}"
                where = context(text, at_e)
            mismatches[cls + f" [{sc}]"].append(f"{cid} line {i + 1} at {where} width {case['width']} @{case['size']}px "
                                                f"{case['fonts'][0]}: chromium {rs} engine {es}")
        for m, key in (("height_equal", "height64"), ("baseline_equal", "baseline64")):
            totals[m] += 1
            stats[m] += r[key] == e[key]
            if r[key] != e[key]:
                same = "same breaks" if rs == es else "different breaks"
                mismatches[f"{key[:-2]} [{sc}, {same}]"].append(
                    f"{cid}: chromium {r[key] / 64:g} engine {e[key] / 64:g} {case['text'][:60]!r} @{case['size']}px")
        if r["truncation"] is not None or e["truncation"] is not None:
            totals["truncation_equal"] += 1
            ok = r["truncation"] == e["truncation"]
            stats["truncation_equal"] += ok
            if not ok:
                cls = "truncation [" + ("after different breaks" if rs != es else sc) + "]"
                mismatches[cls].append(f"{cid}: chromium {r['truncation']} engine {e['truncation']} "
                                       f"width {case['width']} {case['text'][:60]!r}")
    return stats, totals, mismatches


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", default="cases.json")
    ap.add_argument("--reference", default="reference.json")
    ap.add_argument("--engine", required=True)
    ap.add_argument("--max-shown", type=int, default=0, help="mismatches shown per class (0: all)")
    args = ap.parse_args()
    cases = {c["id"]: c for c in json.load(open(args.cases, encoding="utf-8"))["cases"]}
    ref = {c["id"]: c for c in json.load(open(args.reference, encoding="utf-8"))["cases"]}
    eng = {c["id"]: c for c in json.load(open(args.engine, encoding="utf-8"))["cases"]}
    if not set(ref) <= set(cases):
        print("compare: reference.json has cases that cases.json lacks (regenerate it)", file=sys.stderr)
        return 2
    stats, totals, mismatches = compare(cases, ref, eng)
    for cls in sorted(mismatches, key=lambda c: -len(mismatches[c])):
        items = mismatches[cls]
        print(f"== {cls}: {len(items)}")
        for line in items[:args.max_shown or None]:
            print("   " + line)
        if args.max_shown and len(items) > args.max_shown:
            print(f"   ... {len(items) - args.max_shown} more")
    failed = False
    print(f"== scores ({len(ref)} cases)")
    for metric, minimum in THRESHOLDS:
        n, ok = totals[metric], stats[metric]
        share = ok / n if n else 1.0
        verdict = "ok" if share >= minimum else "FAIL"
        failed |= share < minimum
        print(f"   {metric:18} {ok:6}/{n:<6} {100 * share:7.2f} %  (need {100 * minimum:g} %) {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
