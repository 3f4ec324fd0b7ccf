"""Shows Chromium's and the engine's lines of some cases: show.py DIR ID..."""
import json, sys
d = sys.argv[1]
cases = {c["id"]: c for c in json.load(open(f"{d}/cases.json"))["cases"]}
ref = {c["id"]: c for c in json.load(open(f"{d}/reference.json"))["cases"]}
eng = {c["id"]: c for c in json.load(open(f"{d}/engine.json"))["cases"]}
for cid in sys.argv[2:]:
    c = cases[cid]; t = c["text"].encode()
    print(cid, c["fonts"][0], c["size"], "width", c["width"], c.get("lineLimit"))
    for name, r in (("chromium", ref[cid]), ("engine", eng[cid])):
        st = [l["start"] for l in r["lines"]] + [len(t)]
        print(" ", name, "h", r["height64"] / 64, "b", r["baseline64"] / 64, "trunc", r["truncation"])
        for i, l in enumerate(r["lines"]):
            print(f"    {l['width64'] / 64:9.4f} {t[st[i]:st[i + 1]].decode()!r}")
