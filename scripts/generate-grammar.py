#!/usr/bin/env python3
"""Writes grammar/tatami.tmLanguage.json, the TextMate grammar of `*.tatami.yaml` files.

The kind keys, modifier keys and colour names come from grammar/tatami.schema.json (which
`tatami schema` generates from the schema table), so run scripts/generate-schema.sh after changing
the table: it regenerates both. Tests/grammar/test_grammar.py checks the committed grammar
against this script and against `tatami schema`.

The grammar tokenizes YAML (comments, keys, quoted and plain scalars, numbers, booleans, null,
anchors, aliases, tags, block scalars, flow collections, sequence items, document markers) and
gives Tatami's own words scopes of their own: kind keys, modifier keys, component names,
`$param` / `${param}`, colours, and the expressions of `when`, `alignmentGuides`, canvas
placements and alignment defaults.

TextMate grammars cannot count indentation, and back-references from `end` to `begin` are not
supported by every engine (textmate-grammar-python, which the tests use, lacks them), so the
two constructs that end where the indentation falls back (block scalars and a block-form
`alignmentGuides`) are written once per starting column, up to MAX_COLUMN.

Standard library only: `python3 scripts/generate-grammar.py [--check]`.
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "grammar" / "tatami.schema.json"
GRAMMAR = ROOT / "grammar" / "tatami.tmLanguage.json"

# Block scalars and block-form alignment guides are recognised when they start at most this
# many columns in; deeper ones fall back to a rule that ends only at a line this far in.
MAX_COLUMN = 40

# The expression language's functions (docs/format.md §10; TatamiModel/Expression/ExpressionFunction.swift).
FUNCTIONS = ["min", "max", "clamp", "round", "floor", "ceil", "abs"]

# Keys whose value is an expression wherever they are written: conditions, and the
# `{x, y, width, height}` canvas placement (elsewhere these keys hold plain numbers, which keep
# their number scopes).
EXPRESSION_KEYS = ["when", "x", "y", "width", "height"]


def table_words(schema):
    """Kind names, modifier keys and colour names, as the schema lists them."""
    defs = schema["$defs"]
    kinds = []
    for branch in defs["kinds"]["oneOf"]:
        name = branch["$ref"].rsplit("/", 1)[-1]
        if name.startswith("kind."):
            kinds.append(name[len("kind."):])
    modifiers = list(defs["modifiers"]["properties"])
    colors = list(defs["color"]["anyOf"][0]["enum"])
    return kinds, modifiers, colors


def alternation(words):
    # Longest first, so that no word is cut short by a prefix of it.
    return "(?:" + "|".join(sorted(words, key=lambda w: (-len(w), w))) + ")"


# Pieces of regular expressions.
INDENT = r"[ \t]*(?:-[ \t]+)*"  # indentation, and the dashes of sequence items before a key
PLAIN_KEY = r"[^\s#'\"\[\]{},:&*!|>%@`-][^:#\n]*?"
FLOW_KEY = r"[^\s#'\"\[\]{},:&*!|>%@`-][^:#,\[\]{}\n]*?"
QUOTED_KEY = r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\n]|'')*'"
KEY = f"(?:{QUOTED_KEY}|{PLAIN_KEY})"
COLON_BLOCK = r"[ \t]*(:)(?=[ \t]|$)"
COLON_FLOW = r"[ \t]*(:)(?=[ \t,\]}]|$)"
END_BLOCK = r"(?=[ \t]+#|[ \t]*$)"  # where a block scalar value ends: a comment or the line's end
END_FLOW = r"(?=[ \t]*[,\]}]|[ \t]+#|[ \t]*$)"
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
NUMBER_WORD = r"[-+]?(?:[0-9][0-9_]*(?:\.[0-9_]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
# A value that is a plain number, boolean or null (an expression key keeps these as YAML).
CONSTANT_WORD = (rf"(?:{NUMBER_WORD}|0x[0-9A-Fa-f]+|0o[0-7]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
                 r"|true|True|TRUE|false|False|FALSE|null|Null|NULL|~)")


def name(scope):
    return {"name": scope}


def captures(*scopes):
    """A captures object: each argument a scope name, a dict, or None."""
    result = {}
    for i, scope in enumerate(scopes, start=1):
        if scope is None:
            continue
        result[str(i)] = scope if isinstance(scope, dict) else name(scope)
    return result


PREFIX = {"patterns": [{"match": "-", "name": "punctuation.definition.block.sequence.item.tatami"}]}
KEY_NAME = {"patterns": [{"include": "#key-name"}]}
COLON = "punctuation.separator.key-value.mapping.tatami"


def scalar_values(end, plain_chars):
    """Whole-value constants and the plain scalar, ending at `end`."""
    return [
        {"match": rf"(?:null|Null|NULL|~){end}", "name": "constant.language.null.tatami"},
        {"match": rf"(?:true|True|TRUE|false|False|FALSE){end}", "name": "constant.language.boolean.tatami"},
        {"match": rf"(?:[-+]?[0-9][0-9_]*|0x[0-9A-Fa-f]+|0o[0-7]+){end}", "name": "constant.numeric.integer.tatami"},
        {"match": rf"(?:[-+]?(?:[0-9][0-9_]*\.[0-9_]*|\.[0-9]+|[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)){end}",
         "name": "constant.numeric.float.tatami"},
        {"match": rf"[-+]?infinity{end}", "name": "constant.numeric.infinity.tatami"},
        {"include": "#color-name"},
        {"match": rf"(\$)({IDENT}){end}", "name": "variable.parameter.tatami",
         "captures": captures("punctuation.definition.variable.tatami")},
        {"match": rf"([^\s#'\"\[\]{{}}{plain_chars}](?:[^#\n{plain_chars}]|(?<=\S)#)*?){end}",
         "name": "string.unquoted.plain.tatami",
         "captures": captures({"patterns": [{"include": "#interpolation"}]})},
    ]


def block_scalar(column):
    """A `|` or `>` block scalar whose key (or sequence item) starts at `column`; its content
    runs while lines are indented further."""
    start = rf"^(?=[ -]{{{column}}}[^ \t\-\n])" if column is not None else rf"^(?=[ -]{{{MAX_COLUMN},}}[^ \t\-\n])"
    end_column = column if column is not None else MAX_COLUMN
    return {
        "begin": start + rf"({INDENT})(?:({KEY}){COLON_BLOCK}[ \t]+)?([|>])([1-9][-+]?|[-+][1-9]?)?(?:[ \t]+(#.*))?$",
        "beginCaptures": captures(PREFIX, KEY_NAME, COLON, "keyword.control.flow.block-scalar.tatami",
                                  "keyword.control.flow.block-scalar.indicator.tatami",
                                  "comment.line.number-sign.tatami"),
        "end": rf"^(?=[ ]{{0,{end_column}}}[^ \t\r\n])",
        "patterns": [
            {"match": r"^[ \t]*(\S.*)$", "captures": captures(
                {"name": "string.unquoted.block.tatami", "patterns": [{"include": "#interpolation"}]})},
        ],
    }


def guides_block(column):
    """`alignmentGuides:` whose entries follow on deeper lines: each value is an expression."""
    start = rf"^(?=[ -]{{{column}}}alignmentGuides{COLON_BLOCK.replace('(:)', ':')}[ \t]*(?:#.*)?$)" if column is not None \
        else rf"^(?=[ -]{{{MAX_COLUMN},}}alignmentGuides[ \t]*:[ \t]*(?:#.*)?$)"
    end_column = column if column is not None else MAX_COLUMN
    return {
        "begin": start + rf"({INDENT})(alignmentGuides){COLON_BLOCK}",
        "beginCaptures": captures(PREFIX, KEY_NAME, COLON),
        "end": rf"^(?=[ ]{{0,{end_column}}}[^ \t\r\n#])",
        "patterns": [
            {"include": "#comment"},
            {"begin": rf"^[ \t]*({KEY}){COLON_BLOCK}",
             "beginCaptures": captures("entity.name.tag.guide.tatami", COLON),
             "end": END_BLOCK,
             "patterns": [{"include": "#expression-value-block"}]},
        ],
    }


def expression_key(keys, colon, end):
    """One of `keys` and its colon, when the value after it is not a plain number, boolean or null."""
    return rf"({alternation(keys)}){colon}(?=[ \t]+(?!{CONSTANT_WORD}{end})[^\s#])"


def expression_pair(keys, colon, end, value):
    """A key whose value is an expression (see `expression_key`)."""
    return {
        "begin": expression_key(keys, colon, end),
        "beginCaptures": captures(KEY_NAME, COLON),
        "end": end,
        "patterns": [{"include": value}],
    }


def flow_mapping(expression_keys, guides=False, values="#flow-value-0"):
    """A `{...}` mapping. Its keys in `expression_keys` hold expressions; with `guides`, every
    value is one (the inside of `alignmentGuides: {...}`)."""
    if guides:
        pairs = [{"begin": rf"({FLOW_KEY}|{QUOTED_KEY}){COLON_FLOW}",
                  "beginCaptures": captures("entity.name.tag.guide.tatami", COLON),
                  "end": r"(?=[ \t]*[,}])",
                  "patterns": [{"include": "#expression-value-flow"}]}]
    else:
        pairs = [expression_pair(expression_keys, COLON_FLOW, r"(?=[ \t]*[,\]}])", "#expression-value-flow"),
                 {"include": "#flow-guides"},
                 {"include": "#flow-key"}]
    return {
        "begin": r"\{",
        "beginCaptures": {"0": name("punctuation.definition.mapping.begin.tatami")},
        "end": r"\}",
        "endCaptures": {"0": name("punctuation.definition.mapping.end.tatami")},
        "name": "meta.flow-mapping.tatami",
        "patterns": [{"include": "#comment"}] + pairs + [
            {"match": ",", "name": "punctuation.separator.mapping.tatami"},
            {"include": values},
        ],
    }


def flow_sequence(values):
    return {
        "begin": r"\[",
        "beginCaptures": {"0": name("punctuation.definition.sequence.begin.tatami")},
        "end": r"\]",
        "endCaptures": {"0": name("punctuation.definition.sequence.end.tatami")},
        "name": "meta.flow-sequence.tatami",
        "patterns": [
            {"include": "#comment"},
            {"include": "#flow-key"},
            {"match": ",", "name": "punctuation.separator.sequence.tatami"},
            {"include": values},
        ],
    }


def flow_value(mapping, sequence):
    return {"patterns": [
        {"include": "#comment"},
        {"include": "#node-property"},
        {"include": mapping},
        {"include": sequence},
        {"include": "#double"},
        {"include": "#single"},
    ] + scalar_values(END_FLOW, r",\[\]{}")}


def quoted(quote, expression=False):
    """A quoted string; inside an expression value its text is tokenized as an expression."""
    double = quote == '"'
    escapes = ({"match": r"\\(?:[0abtnvfre \"/\\N_LP\t]|x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8})",
                "name": "constant.character.escape.tatami"} if double else
               {"match": "''", "name": "constant.character.escape.single-quote.tatami"})
    inner = [escapes]
    if expression:
        inner += [{"include": "#interpolation"}, {"include": "#expression"}]
    else:
        q = quote
        inner += [
            {"match": rf"(?<={q})#[0-9A-Fa-f]{{6}}(?={q})", "name": "constant.other.color.rgb-value.tatami"},
            {"match": rf"(?<={q})\$({IDENT})(?={q})", "name": "variable.parameter.tatami"},
            {"include": "#interpolation"},
        ]
    kind = "double" if double else "single"
    return {
        "begin": quote,
        "beginCaptures": {"0": name("punctuation.definition.string.begin.tatami")},
        "end": quote if double else "'(?!')",
        "endCaptures": {"0": name("punctuation.definition.string.end.tatami")},
        "name": f"string.quoted.{kind}.tatami" + (" meta.expression.tatami" if expression else ""),
        "patterns": inner,
    }


def build():
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    kinds, modifiers, colors = table_words(schema)

    repository = {
        "comment": {
            "match": r"(?:(?<=^)|(?<=[ \t]))(#)(?:[ \t]*(tatami-ignore(?:-file)?)(?=:))?.*$",
            "name": "comment.line.number-sign.tatami",
            "captures": captures("punctuation.definition.comment.tatami", "keyword.other.suppression.tatami"),
        },
        "document": {"patterns": [
            {"match": r"^(---)(?=[ \t]|$)", "captures": captures("entity.other.document.begin.tatami")},
            {"match": r"^(\.\.\.)(?=[ \t]|$)", "captures": captures("entity.other.document.end.tatami")},
            {"match": r"^%.*$", "name": "meta.directive.tatami"},
        ]},
        "key-name": {"patterns": [
            {"match": rf"(?<![\w-]){alternation(kinds)}(?![\w-])", "name": "keyword.other.kind.tatami"},
            {"match": rf"(?<![\w-]){alternation(modifiers)}(?![\w-])", "name": "support.function.modifier.tatami"},
            {"match": r"(?<![\w-])[A-Z][A-Za-z0-9_]*(?![\w-])", "name": "entity.name.type.component.tatami"},
            {"match": r"\"(?:[^\"\\]|\\.)*\"|'(?:[^']|'')*'", "name": "string.quoted.key.tatami entity.name.tag.tatami"},
            {"match": r".+", "name": "entity.name.tag.tatami"},
        ]},
        "node-property": {"patterns": [
            {"match": r"(&)([^\s,\[\]{}]+)", "name": "variable.other.anchor.tatami",
             "captures": captures("punctuation.definition.anchor.tatami")},
            {"match": r"(\*)([^\s,\[\]{}]+)", "name": "variable.other.alias.tatami",
             "captures": captures("punctuation.definition.alias.tatami")},
            {"match": r"!(?:<[^>]*>|[^\s,\[\]{}]*)", "name": "storage.type.tag.tatami"},
        ]},
        "interpolation": {"patterns": [
            {"match": r"\$\$", "name": "constant.character.escape.dollar.tatami"},
            {"match": rf"(\$\{{)({IDENT})(\}})", "name": "meta.interpolation.tatami",
             "captures": captures("punctuation.definition.interpolation.begin.tatami", "variable.parameter.tatami",
                                  "punctuation.definition.interpolation.end.tatami")},
        ]},
        "color-name": {
            "match": rf"(?<![\w-]){alternation(colors)}(?=[ \t]*(?:[,\]}}]|#|$))",
            "name": "constant.other.color.tatami",
        },
        "expression": {"patterns": [
            {"match": r"(?<![\w.])(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?", "name": "constant.numeric.tatami"},
            {"match": rf"{alternation(FUNCTIONS)}(?=[ \t]*\()", "name": "support.function.expression.tatami"},
            {"match": rf"{IDENT}(?=[ \t]*\()", "name": "variable.function.expression.tatami"},
            {"match": IDENT, "name": "variable.other.expression.tatami"},
            {"match": r"\|\||&&|<=|>=|==|!=|[-+*/<>!]", "name": "keyword.operator.expression.tatami"},
            {"match": r"\(", "name": "punctuation.section.parens.begin.expression.tatami"},
            {"match": r"\)", "name": "punctuation.section.parens.end.expression.tatami"},
            {"match": ",", "name": "punctuation.separator.arguments.expression.tatami"},
            {"match": r"[^\s\"']", "name": "invalid.illegal.expression.tatami"},
        ]},
        "expression-value-block": {"patterns": [
            {"include": "#comment"},
            {"include": "#expression-double"},
            {"include": "#expression-single"},
            {"match": rf"([^\s#'\"](?:[^#\n]|(?<=\S)#)*?){END_BLOCK}",
             "captures": captures({"name": "meta.expression.tatami",
                                   "patterns": [{"include": "#interpolation"}, {"include": "#expression"}]})},
        ]},
        "expression-value-flow": {"patterns": [
            {"include": "#comment"},
            {"include": "#expression-double"},
            {"include": "#expression-single"},
            {"match": rf"([^\s#'\"\[\]{{}},](?:[^#,\[\]{{}}\n]|(?<=\S)#)*?){END_FLOW}",
             "captures": captures({"name": "meta.expression.tatami",
                                   "patterns": [{"include": "#interpolation"}, {"include": "#expression"}]})},
        ]},
        "expression-double": quoted('"', expression=True),
        "expression-single": quoted("'", expression=True),
        "double": quoted('"'),
        "single": quoted("'"),
        "block-key": {
            "match": rf"^({INDENT})({KEY}){COLON_BLOCK}",
            "captures": captures(PREFIX, KEY_NAME, COLON),
        },
        "block-expression-pair": {
            "begin": rf"^({INDENT})" + expression_key(EXPRESSION_KEYS, COLON_BLOCK, END_BLOCK),
            "beginCaptures": captures(PREFIX, KEY_NAME, COLON),
            "end": END_BLOCK,
            "patterns": [{"include": "#expression-value-block"}],
        },
        "block-guides-flow": {
            "begin": rf"^({INDENT})(alignmentGuides){COLON_BLOCK}[ \t]*(?=\{{)",
            "beginCaptures": captures(PREFIX, KEY_NAME, COLON),
            "end": r"(?<=\})",
            "patterns": [{"include": "#guides-mapping"}],
        },
        "flow-guides": {
            "begin": rf"(alignmentGuides){COLON_FLOW}[ \t]*(?=\{{)",
            "beginCaptures": captures(KEY_NAME, COLON),
            "end": r"(?<=\})",
            "patterns": [{"include": "#guides-mapping"}],
        },
        "guides-mapping": flow_mapping([], guides=True),
        "block-scalars": {"patterns": [block_scalar(c) for c in range(MAX_COLUMN)] + [block_scalar(None)]},
        "block-guides": {"patterns": [guides_block(c) for c in range(MAX_COLUMN)] + [guides_block(None)]},
        "alignments": {
            "begin": rf"^(alignments){COLON_BLOCK}",
            "beginCaptures": captures(KEY_NAME, COLON),
            "end": r"^(?=[^\s#])",
            "patterns": [
                {"include": "#comment"},
                {"begin": rf"^({INDENT})" + expression_key(["default"], COLON_BLOCK, END_BLOCK),
                 "beginCaptures": captures(PREFIX, KEY_NAME, COLON),
                 "end": END_BLOCK,
                 "patterns": [{"include": "#expression-value-block"}]},
                {"include": "#alignment-mapping"},
                {"include": "#block"},
            ],
        },
        # A rule that contains itself directly is mishandled by textmate-grammar-python (it skips
        # a character after the inner match), so nested flow collections alternate between two
        # copies of each rule.
        "alignment-mapping": flow_mapping(EXPRESSION_KEYS + ["default"]),
        "flow-mapping-0": flow_mapping(EXPRESSION_KEYS, values="#flow-value-0"),
        "flow-mapping-1": flow_mapping(EXPRESSION_KEYS, values="#flow-value-1"),
        "flow-sequence-0": flow_sequence("#flow-value-2"),
        "flow-sequence-1": flow_sequence("#flow-value-3"),
        "flow-value-0": flow_value("#flow-mapping-1", "#flow-sequence-0"),
        "flow-value-1": flow_value("#flow-mapping-0", "#flow-sequence-0"),
        "flow-value-2": flow_value("#flow-mapping-0", "#flow-sequence-1"),
        "flow-value-3": flow_value("#flow-mapping-0", "#flow-sequence-0"),
        "flow-key": {
            "match": rf"({FLOW_KEY}|{QUOTED_KEY}){COLON_FLOW}",
            "captures": captures(KEY_NAME, COLON),
        },
        "block-value": {"patterns": [
            {"include": "#comment"},
            {"include": "#node-property"},
            {"include": "#flow-mapping-0"},
            {"include": "#flow-sequence-0"},
            {"include": "#double"},
            {"include": "#single"},
        ] + scalar_values(END_BLOCK, "")},
        "block": {"patterns": [
            {"include": "#comment"},
            {"include": "#document"},
            {"include": "#block-scalars"},
            {"include": "#block-guides"},
            {"include": "#block-guides-flow"},
            {"include": "#block-expression-pair"},
            {"include": "#block-key"},
            {"match": r"(?:(?<=^)|(?<=[ \t]))(-)(?=[ \t]|$)",
             "captures": captures("punctuation.definition.block.sequence.item.tatami")},
            {"match": r"(?:(?<=^)|(?<=[ \t]))([?:])(?=[ \t]|$)",
             "captures": captures("punctuation.definition.key-value.tatami")},
            {"include": "#block-value"},
        ]},
    }

    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "Tatami",
        "scopeName": "source.tatami",
        "fileTypes": ["tatami.yaml", "tatami.yml"],
        "comment": "Generated by scripts/generate-grammar.py from grammar/tatami.schema.json; do not edit by hand.",
        "patterns": [{"include": "#alignments"}, {"include": "#block"}],
        "repository": repository,
    }


def render():
    return json.dumps(build(), indent=2, ensure_ascii=False) + "\n"


def main(argv):
    text = render()
    if "--check" in argv:
        if GRAMMAR.read_text(encoding="utf-8") != text:
            print(f"{GRAMMAR.relative_to(ROOT)} is out of date: run python3 scripts/generate-grammar.py", file=sys.stderr)
            return 1
        return 0
    GRAMMAR.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
