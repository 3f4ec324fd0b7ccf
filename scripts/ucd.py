"""Reading the Unicode Character Database's text files (Debian's `unicode-data`, /usr/share/unicode):
shared by the table generators (generate-unicode-width.py, generate-line-break.py)."""

import re


def parse_range(field):
    field = field.strip()
    if ".." in field:
        lo, hi = field.split("..")
        return int(lo, 16), int(hi, 16)
    v = int(field, 16)
    return v, v


def data_lines(path):
    """(range, fields) for each data line of a UCD file; fields are stripped, comment removed."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = [p.strip() for p in line.split(";")]
            yield parse_range(parts[0]), parts[1:]


def missing_lines(path):
    """(range, value) for each `# @missing:` line, in file order."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"#\s*@missing:\s*([0-9A-Fa-f.]+)\s*;\s*(\w+)", line)
            if m:
                yield parse_range(m.group(1)), m.group(2)


def version_of(path):
    with open(path, encoding="utf-8") as f:
        first = f.readline()
    m = re.search(r"-(\d+\.\d+\.\d+)\.txt", first)
    return m.group(1) if m else "unknown"
