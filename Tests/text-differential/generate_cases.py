#!/usr/bin/env python3
"""Writes cases.json: deterministic random text-measurement cases (README.md has the schema).

    generate_cases.py [--seed 1] [--count 2400] [--out cases.json]

The same seed gives the same file on every machine with the same font files. A text never holds
a character that no face of its stack can show (as itself or as base + marks): Chromium would
take that one from a system font."""

import argparse
import json
import random
import unicodedata

from fontTools.ttLib import TTFont

from fonts import FACES

LATIN_WORDS = [
    "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "Tatami", "layout", "text",
    "width", "AVATAR", "Toyota", "Wavy", "office", "affine", "fluffy", "coffee", "naïve", "café",
    "façade", "Ångström", "straße", "jalapeño", "Łódź", "źdźbło", "Crème", "brûlée", "résumé", "Zürich",
    "Øresund", "señor", "élan", "déjà", "vu", "Tšekki", "Œuvre", "Yvette", "LTA", "Type", "kerning",
    "quotes", "it's", "don't", "well-known", "state-of-the-art", "e-mail", "and/or", "km/h",
    "input/output", "x->y", "a-b", "Hello,", "world!", "Really?", "(paren)", "[bracket]", "{brace}",
    "“quoted”", "‘single’", "end.", "etc.", "semi;", "colon:", "—dash—", "en–dash", "50%", "$12.99",
    "#hash", "@user", "a&b", "x_y", "foo.bar", "https://example.com/a/b", "1/2", "3/4",
]
NUMBERS = ["0", "7", "42", "123", "2024", "3.14", "-5", "-12.5", "1,000", "2024-05-01", "10-20",
           "+49", "12:30", "99.9%", "1st", "2nd", "v1.2.3", "#1", "x2", "4x4"]
CJK_CHARS = ("日本語の文章です漢字仮名交じり文東京大阪今日天気明日学校先生会社電話新聞時間世界"
             "中文简体字汉语说话这是一个测试我们你好谢谢再见图书馆")
KANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"
KATAKANA = "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン"
SMALL_KANA = "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ"
CJK_PUNCT = ["、", "。", "「", "」", "『", "』", "（", "）", "！", "？", "・", "ー", "：", "；", "〜", "【", "】"]
EMOJI = ["😀", "🎉", "👍", "👍🏽", "🐱", "🚀", "❤️", "✨", "🔥", "🙂", "👨‍👩‍👧", "👩‍💻", "🏳️‍🌈",
         "🇯🇵", "🇫🇷", "🇺🇸", "🧑🏾‍🚀", "👋🏻", "😂", "🍣", "⭐", "☕"]
SPACES = [" ", " ", " ", " ", " ", "  ", "   ", "\n", " \n", "\n\n"]
SIZES_INT = list(range(12, 33))
SIZES_FRAC = [12.5, 13.3, 14.75, 15.5, 17.25, 18.6, 21.1, 23.4, 26.5, 30.2]
STACKS = [
    ["inter", "noto-cjk-jp", "noto-emoji"],
    ["dejavu-serif", "noto-cjk-jp", "noto-emoji"],
    ["noto-cjk-jp", "noto-emoji"],
    ["inter", "noto-emoji"],
]


def cjk_word(rnd):
    out = []
    for _ in range(rnd.randint(1, 8)):
        r = rnd.random()
        if r < 0.35:
            out.append(rnd.choice(CJK_CHARS))
        elif r < 0.6:
            out.append(rnd.choice(KANA))
        elif r < 0.75:
            out.append(rnd.choice(KATAKANA))
        elif r < 0.87:
            out.append(rnd.choice(SMALL_KANA))
        else:
            out.append(rnd.choice(CJK_PUNCT))
    return "".join(out)


def token(rnd, kind):
    if kind == "latin":
        r = rnd.random()
        return rnd.choice(NUMBERS) if r < 0.15 else rnd.choice(LATIN_WORDS)
    if kind == "cjk":
        return cjk_word(rnd)
    if kind == "emoji":
        return "".join(rnd.choice(EMOJI) for _ in range(rnd.randint(1, 3)))
    # mixed
    return token(rnd, rnd.choices(["latin", "cjk", "emoji"], [0.5, 0.3, 0.2])[0])


def text_of(rnd, kind, stack):
    if "noto-cjk-jp" not in stack and kind in ("cjk", "mixed"):
        kind = "latin" if kind == "cjk" else "mixed-no-cjk"
    n = rnd.randint(1, 14)
    parts = []
    for i in range(n):
        if kind == "mixed-no-cjk":
            parts.append(token(rnd, rnd.choice(["latin", "latin", "emoji"])))
        else:
            parts.append(token(rnd, kind))
        if i + 1 < n:
            if kind == "cjk" and rnd.random() < 0.6:
                continue  # CJK runs mostly without spaces
            parts.append(rnd.choice(SPACES))
    return "".join(parts)


_cmaps = {}


def cmap(name):
    if name not in _cmaps:
        path, index, _ = FACES[name]
        _cmaps[name] = set(TTFont(path, fontNumber=index, lazy=True).getBestCmap())
    return _cmaps[name]


def shown(text, stack):
    """Whether every character is in some face of the stack, whole or decomposed (NFD)."""
    for ch in set(text):
        if ch in " \n" or ord(ch) in (0x200D, 0xFE0F):
            continue
        if any(ord(ch) in cmap(n) for n in stack):
            continue
        parts = unicodedata.normalize("NFD", ch)
        if len(parts) > 1 and any(all(ord(c) in cmap(n) for c in parts) for n in stack):
            continue
        return False
    return True


def make_cases(seed, count):
    rnd = random.Random(seed)
    cases = []
    for i in range(count):
        stack = rnd.choice(STACKS)
        kind = rnd.choices(["latin", "cjk", "emoji", "mixed"], [0.4, 0.25, 0.1, 0.25])[0]
        # No newline at either end: where a trailing newline makes an empty last line is a
        # question of its own, not of these tests.
        text = text_of(rnd, kind, stack).strip("\n")
        while not shown(text, stack):
            text = text_of(rnd, kind, stack).strip("\n")
        size = rnd.choice(SIZES_FRAC) if rnd.random() < 0.25 else rnd.choice(SIZES_INT)
        width = rnd.choice([rnd.randint(30, 400), round(rnd.uniform(30, 400) * 4) / 4])
        line_limit = rnd.choice([None, None, 1, 2, 3])
        cases.append({
            "id": f"c{i:05d}",
            "text": text,
            "fonts": stack,
            "size": size,
            "width": width,
            "lineLimit": line_limit,
            "truncation": "tail" if line_limit is not None else None,
        })
    return cases


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=2400)
    ap.add_argument("--out", default="cases.json")
    args = ap.parse_args()
    faces = {name: {"path": path, "index": index} for name, (path, index, _) in FACES.items()}
    doc = {"version": 1, "seed": args.seed, "faces": faces, "cases": make_cases(args.seed, args.count)}
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=0)
        f.write("\n")
    print(f"{args.out}: {len(doc['cases'])} cases (seed {args.seed})")


if __name__ == "__main__":
    main()
