"""`tatami format`'s quoting read back by other YAML readers (docs/format.md §15, "Quoting").

A file whose text values are every tricky string, each double-quoted, is formatted by the built
binary; its output is loaded with PyYAML (YAML 1.1) and ruamel.yaml (YAML 1.2, typ='safe' and
'rt', and told `%YAML 1.1`), and every value must read back as the same string: whatever the
formatter wrote plain, no reader takes for a boolean, a number, a date, null or a merge key.
"""

import itertools
import json
import warnings

import pytest
import yaml
from ruamel.yaml import YAML

# What YAML 1.1's resolvers (yaml.org/type/) or YAML 1.2's core schema read as something else,
# near misses that are strings, and what a reader could not see without quotes.
TRICKY = [
    # bool and null, YAML 1.1 and 1.2
    "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
    "true", "True", "TRUE", "false", "False", "FALSE", "null", "Null", "NULL", "~",
    "yES", "nO", "oN", "yess", "nil", "None",
    # int: underscores, binary, octal, hexadecimal, sexagesimal
    "0", "-0", "+1", "685230", "+685_230", "02472256", "0x_0A_74_AE", "0b1010_0111_0100_1010_1110", "190:20:30",
    "1_000", "1__", "0b101", "0b1_0", "-0b1", "012", "09", "0_7", "0_9", "+_1", "_1", "0x1F", "0xff", "0o7", "0o17",
    "1:20", "-1:20", "1:5:5", "1:05", "1:60", "0:30", "1:123", "10:00:00", "20011214", "0b", "0x", "0b2", "0xg",
    # float: underscores, exponents, infinity, not-a-number, sexagesimal
    "6.8523015e+5", "685.230_15e+03", "685_230.15", "190:20:30.15", "1_0.5", "1.", "0.", ".5", "+.5", "1.0e+3",
    "1.0e3", "1e3", "1E3", "1e+3", "+12e03", "1:20.5", "0:30.5", "1:7.", "1.2.3", "0.0.0", "1_000.0",
    ".inf", "-.inf", "+.inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN", "-.nan", "inf", "Inf", "nan", "NaN",
    "infinity", "Infinity", "1e", "e3", "1.5e3x", "v1.2", "v1.2.3-beta",
    # timestamps
    "2001-12-14", "2002-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5",
    "2001-12-15T02:59:43.1Z", "2001-12-15 2:59:43.10", "2001-1-1 1:00:00", "2001-12-14 21:59:43 +5:30",
    "2001-12-14\t21:59:43", "2001-1-1", "2001-12", "2001-12-14x", "2001-12-14T21:59",
    # value and merge
    "=", "<<", "<", "==", "x=1",
    # indicators and punctuation
    "a: b", "a:b", "a #b", "a#b", "- x", "-x", "? x", "?x", ":x", "x:", "[a]", "{a}", "a,b", "&a", "*a", "!a", "|a",
    ">a", "%a", "@a", "`a", "'a'", '"a"', "#fff", "a b", " a", "a ", "",
    # invisible characters
    "\u00a0x", "x\u00a0", "a\u00a0b", "\u3000x", "x\u200by", "\u200bx", "x\u200b", "\u200fab", "a\u202eb",
    "a\u2066b\u2069", "\u00adsoft", "\u2060x", "\u0301e", "e\u0301", "\u0915\u093f", "\ufeffx", "x\u2028y", "x\u0085y",
    "\u3164", "\u2800x", "x\u2800",
    # ordinary text
    "hello", "Avocado Toast", "12 apples", "1,000", "$1.50", "it's",
]

# Every string of one to three characters from the characters numbers, dates and booleans are
# made of: a search for a plain string some reader takes for something else.
GENERATED = ["".join(p) for alphabet in ("05_:.+-eEoxbT", "yYnNoOfF~<=") for n in (1, 2, 3)
             for p in itertools.product(alphabet, repeat=n)]


def readers():
    ruamel_11 = YAML(typ="safe", pure=True)
    ruamel_11.version = (1, 1)
    return {
        "PyYAML safe_load": yaml.safe_load,
        "ruamel.yaml typ='safe'": YAML(typ="safe", pure=True).load,
        "ruamel.yaml typ='rt'": YAML(typ="rt").load,
        "ruamel.yaml typ='safe', YAML 1.1": ruamel_11.load,
    }


def formatted(tatami, tmp_path, strings):
    source = "body:\n  vstack:\n" + "".join(f"    - text: {json.dumps(s, ensure_ascii=True)}\n" for s in strings)
    path = tmp_path / "quoting.tatami.yaml"
    path.write_text(source, encoding="utf-8")
    result = tatami("format", str(path))
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("name", ["tricky", "generated"])
def test_every_string_reads_back_as_the_same_string(tatami, tmp_path, name):
    strings = TRICKY if name == "tricky" else GENERATED
    output = formatted(tatami, tmp_path, strings)
    lines = output.splitlines()
    # Not vacuous: ordinary text lost its quotes, what YAML 1.1 reads as a boolean kept them.
    if name == "tricky":
        assert "    - text: hello" in lines
        assert '    - text: "yes"' in lines
        assert '    - text: "1:20"' in lines
    else:
        assert "    - text: b5" in lines
    for reader, load in readers().items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            data = load(output)
        values = [item["text"] for item in data["body"]["vstack"]]
        assert len(values) == len(strings), reader
        wrong = [(s, v, line) for s, v, line in zip(strings, values, lines[2:]) if not isinstance(v, str) or v != s]
        assert not wrong, f"{reader} reads {len(wrong)} values differently, e.g. {wrong[:5]}"
