"""grammar/tatami.tmLanguage.json, token by token, with textmate-grammar-python.

`LanguageParser(grammar).parse_string(text).flatten()` gives (position, token, scopes); the
tests look tokens up by their line and text and check their scopes.
"""

import json
import logging
import re
import subprocess
import sys

import pytest
from textmate_grammar.parsers.base import LanguageParser

from conftest import EXAMPLES, ROOT

KIND = "keyword.other.kind.tatami"
MODIFIER = "support.function.modifier.tatami"
COMPONENT = "entity.name.type.component.tatami"
KEY = "entity.name.tag.tatami"
PARAM = "variable.parameter.tatami"
COLOR = "constant.other.color.tatami"
OPERATOR = "keyword.operator.expression.tatami"
NUMBER = "constant.numeric.tatami"
NAME = "variable.other.expression.tatami"
FUNCTION = "support.function.expression.tatami"
EXPRESSION = "meta.expression.tatami"
COMMENT = "comment.line.number-sign.tatami"
PLAIN = "string.unquoted.plain.tatami"
DOUBLE = "string.quoted.double.tatami"
SINGLE = "string.quoted.single.tatami"
INTEGER = "constant.numeric.integer.tatami"
FLOAT = "constant.numeric.float.tatami"


class Warnings(logging.Handler):
    """The parser's complaints: lines or parts of lines no rule matched."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


@pytest.fixture(scope="session")
def warnings():
    logger = logging.getLogger("textmate_grammar")
    for h in list(logger.handlers):
        logger.removeHandler(h)
    handler = Warnings()
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    logger.propagate = False
    return handler


@pytest.fixture(scope="session")
def parser(grammar, warnings):
    return LanguageParser(grammar)


class Tokens:
    def __init__(self, parser, text):
        self.text = text
        # A rule's name may hold several scopes separated by spaces, as in TextMate.
        self.list = [(pos, tok, [x for scope in scopes for x in scope.split()])
                     for pos, tok, scopes in parser.parse_string(text).flatten()]

    def find(self, token, line=None, nth=0):
        """The scopes of the `nth` token equal to `token` (on `line`, 0-based, when given)."""
        matches = [s for (ln, _), t, s in self.list if t == token and (line is None or ln == line)]
        assert len(matches) > nth, f"no token {token!r}" + (f" on line {line}" if line is not None else "") + \
            ":\n" + self.dump()
        return matches[nth]

    def dump(self):
        return "\n".join(f"  {pos} {tok!r} {' '.join(s[1:])}" for pos, tok, s in self.list if tok.strip())


def tokenize(parser, text):
    return Tokens(parser, text)


def assert_scope(tokens, token, scope, line=None, nth=0):
    scopes = tokens.find(token, line, nth)
    assert scope in scopes, f"{token!r} has {scopes[1:]}, not {scope}"


# MARK: The grammar and the schema table


def test_committed_grammar_is_what_the_generator_writes():
    result = subprocess.run([sys.executable, "scripts/generate-grammar.py", "--check"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def words_of(grammar, scope):
    """The words of the key-name rule with `scope`: its regular expression's alternation."""
    for rule in grammar["repository"]["key-name"]["patterns"]:
        if rule.get("name") == scope:
            m = re.fullmatch(r"\(\?<!\[\\w-\]\)\(\?:([\w|]+)\)\(\?!\[\\w-\]\)", rule["match"])
            assert m, rule["match"]
            return set(m.group(1).split("|"))
    raise AssertionError(f"no key-name rule for {scope}")


def schema_kinds(schema):
    return {b["$ref"].rsplit(".", 1)[-1] for b in schema["$defs"]["kinds"]["oneOf"] if "kind." in b["$ref"]}


def test_the_grammar_lists_the_kinds_and_modifiers_of_the_schema_table(grammar, schema):
    assert words_of(grammar, KIND) == schema_kinds(schema)
    assert words_of(grammar, MODIFIER) == set(schema["$defs"]["modifiers"]["properties"])
    color = grammar["repository"]["color-name"]["match"]
    names = set(re.search(r"\(\?:([\w|]+)\)", color).group(1).split("|"))
    assert names == set(schema["$defs"]["color"]["anyOf"][0]["enum"])


def test_every_kind_modifier_and_colour_of_the_table_gets_its_scope(parser, schema):
    for kind in sorted(schema_kinds(schema)):
        assert_scope(tokenize(parser, f"body:\n  {kind}: x\n"), kind, KIND)
    for modifier in schema["$defs"]["modifiers"]["properties"]:
        assert_scope(tokenize(parser, f"body:\n  text: a\n  {modifier}: 1\n"), modifier, MODIFIER)
    for color in schema["$defs"]["color"]["anyOf"][0]["enum"]:
        assert_scope(tokenize(parser, f"body:\n  color: {color}\n"), color, COLOR)
        assert_scope(tokenize(parser, f"body: {{color: {color}}}\n"), color, COLOR)


# MARK: Whole files


def check_whole(parser, warnings, text):
    warnings.messages.clear()
    tokens = tokenize(parser, text)
    # Tokens follow each other without gaps or overlaps and spell the text.
    lines = text.split("\n")
    rebuilt = {}
    for (line, column), token, _ in tokens.list:
        rebuilt.setdefault(line, []).append((column, token))
    for line, parts in rebuilt.items():
        column = 0
        for start, token in parts:
            assert start == column, f"line {line}: token {token!r} at {start}, expected {column}"
            column += len(token)
        assert "".join(t for _, t in parts) == lines[line], f"line {line} is spelt differently"
    # Every visible character is in some rule, beyond the file's own scope.
    bare = [(pos, t) for pos, t, s in tokens.list if t.strip() and len(s) < 2]
    assert bare == [], f"tokens no rule claimed: {bare}"
    unparsed = [m for m in warnings.messages if "not parsed" in m or "No patterns found" in m]
    assert unparsed == []
    assert not any("invalid.illegal" in " ".join(s) for _, _, s in tokens.list), tokens.dump()
    return tokens


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_example_tokenizes_whole(parser, warnings, path):
    check_whole(parser, warnings, path.read_text(encoding="utf-8"))


def test_avocado_toast(parser):
    t = tokenize(parser, (ROOT / "Examples/avocado-toast.tatami.yaml").read_text(encoding="utf-8"))
    assert_scope(t, "#", COMMENT, line=0)
    assert_scope(t, "tatami", KEY, line=3)
    assert_scope(t, "1", INTEGER, line=3)
    assert_scope(t, "hstack", KIND, line=9)
    assert_scope(t, "vstack", KIND, line=10)
    assert_scope(t, "★★★★★", PLAIN, line=11)
    assert_scope(t, "5 stars", PLAIN, line=13)
    assert_scope(t, "spacer", KIND, line=20)
    assert_scope(t, "[", "punctuation.definition.sequence.begin.tatami", line=22)
    assert_scope(t, "20", INTEGER, line=22)
    assert_scope(t, "tatami-ignore", "keyword.other.suppression.tatami", line=24)
    # `default` under `alignments:` and the values of `alignmentGuides` are expressions.
    assert_scope(t, "bottom", NAME, line=7)
    assert_scope(t, "bottom", NAME, line=12)
    assert_scope(t, "/", OPERATOR, line=12)
    assert_scope(t, "2", NUMBER, line=12)
    assert_scope(t, "midStarAndTitle", "entity.name.tag.guide.tatami", line=12)
    # `alignment: midStarAndTitle` is a plain word, not an expression.
    assert_scope(t, "midStarAndTitle", PLAIN, line=29)


def test_corner_badge(parser):
    t = tokenize(parser, (ROOT / "Examples/corner-badge.tatami.yaml").read_text(encoding="utf-8"))
    assert_scope(t, "canvas", KIND, line=7)
    assert_scope(t, "gray", COLOR, line=8)
    assert_scope(t, "frame", MODIFIER, line=11)
    assert_scope(t, "infinity", "constant.numeric.infinity.tatami", line=11)
    assert_scope(t, "background", MODIFIER, line=12)
    assert_scope(t, "red", COLOR, line=13)
    assert_scope(t, "portrait", NAME, line=15)
    # The line starts with the list item's `-`: the expression's minus is the second one.
    for token, scope, nth in [("width", NAME, 0), ("*", OPERATOR, 0), ("0.8", NUMBER, 0), ("-", OPERATOR, 1), ("10", NUMBER, 0)]:
        assert_scope(t, token, scope, line=15, nth=nth)
        assert_scope(t, token, EXPRESSION, line=15, nth=nth)
    # `y: 10` is a plain number, as YAML reads it (the second `10` of the line).
    assert_scope(t, "10", INTEGER, line=15, nth=1)
    assert_scope(t, "bottomTrailing", PLAIN, line=16)
    assert_scope(t, "-10", INTEGER, line=16)


def test_library_components(parser):
    t = tokenize(parser, (ROOT / "Examples/components/library.tatami.yaml").read_text(encoding="utf-8"))
    assert_scope(t, "Badge", COMPONENT, line=8)
    assert_scope(t, "$", "punctuation.definition.variable.tatami", line=13)
    assert_scope(t, "label", PARAM, line=13)
    assert_scope(t, "tint", PARAM, line=17)
    assert_scope(t, "~", "constant.language.null.tatami")
    assert_scope(t, "accessory", PARAM, line=45)
    assert_scope(t, "Row", COMPONENT, line=49)
    assert_scope(t, "Badge", COMPONENT, line=53)
    assert_scope(t, "Badge", PLAIN, line=53, nth=1)


# MARK: Snippets


def test_keys(parser):
    t = tokenize(parser, "body:\n  vstack:\n    - text: a\n      textual: b\n      Card: {}\n      'quoted key': c\n")
    assert_scope(t, "body", KEY)
    assert_scope(t, "vstack", KIND)
    assert_scope(t, "-", "punctuation.definition.block.sequence.item.tatami")
    assert_scope(t, "text", KIND)
    assert_scope(t, "textual", KEY)
    assert KIND not in t.find("textual")
    assert_scope(t, "Card", COMPONENT)
    assert_scope(t, ":", "punctuation.separator.key-value.mapping.tatami")
    assert_scope(t, "'quoted key'", KEY)


def test_scalars(parser):
    t = tokenize(parser, "\n".join([
        "a: 'single ''quoted'''", 'b: "double \\" quoted"', "c: plain words", "d: 42", "e: -1.5e3", "f: 0x1F",
        "g: true", "h: False", "i: null", "j: ~", "k: .inf", "l: yes", "m: 12:30", "n: a # comment", "",
    ]))
    assert_scope(t, "single ", SINGLE)
    assert_scope(t, "''", "constant.character.escape.single-quote.tatami")
    assert_scope(t, "'", "punctuation.definition.string.begin.tatami", nth=0)
    assert_scope(t, '\\"', "constant.character.escape.tatami")
    assert_scope(t, "plain words", PLAIN)
    assert_scope(t, "42", INTEGER)
    assert_scope(t, "-1.5e3", FLOAT)
    assert_scope(t, "0x1F", INTEGER)
    assert_scope(t, "true", "constant.language.boolean.tatami")
    assert_scope(t, "False", "constant.language.boolean.tatami")
    assert_scope(t, "null", "constant.language.null.tatami")
    assert_scope(t, "~", "constant.language.null.tatami")
    assert_scope(t, ".inf", FLOAT)
    # YAML 1.2's core schema: `yes` is a string, and so is `12:30`.
    assert_scope(t, "yes", PLAIN)
    assert_scope(t, "12:30", PLAIN)
    assert_scope(t, "a", PLAIN, line=13)
    assert_scope(t, "#", "punctuation.definition.comment.tatami", line=13)
    assert_scope(t, " comment", COMMENT, line=13)


def test_yaml_structure(parser, warnings):
    text = "\n".join([
        "%YAML 1.2", "---", "base: &card", "  text: Shared", "body:", "  vstack:", "    - *card",
        "    - !!str tagged", "    - [a, [b, c], {d: e}]", "    - {text: x, padding: {top: 1}}", "...", "",
    ])
    t = check_whole(parser, warnings, text)
    assert_scope(t, "%YAML 1.2", "meta.directive.tatami")
    assert_scope(t, "---", "entity.other.document.begin.tatami")
    assert_scope(t, "...", "entity.other.document.end.tatami")
    assert_scope(t, "&", "punctuation.definition.anchor.tatami")
    assert_scope(t, "card", "variable.other.anchor.tatami", line=2)
    assert_scope(t, "*", "punctuation.definition.alias.tatami")
    assert_scope(t, "card", "variable.other.alias.tatami", line=6)
    assert_scope(t, "!!str", "storage.type.tag.tatami")
    assert_scope(t, "[", "meta.flow-sequence.tatami", line=8, nth=1)
    assert_scope(t, "]", "punctuation.definition.sequence.end.tatami", line=8, nth=1)
    assert_scope(t, "d", KEY, line=8)
    assert_scope(t, "}", "punctuation.definition.mapping.end.tatami", line=8)
    # Nested flow mappings close where they should, and keys after them are still keys.
    assert_scope(t, "padding", MODIFIER, line=9)
    assert_scope(t, "}", "punctuation.definition.mapping.end.tatami", line=9, nth=0)
    assert_scope(t, "}", "punctuation.definition.mapping.end.tatami", line=9, nth=1)


def test_block_scalars_end_where_the_indentation_falls_back(parser, warnings):
    text = "\n".join([
        "body:", "  vstack:", "    - text: |", "        Hello ${name}, costs $$5", "        key: not a key",
        "", "      font: caption", "    - text: >-  # folded", "        folded", "    - color: red", "",
    ])
    t = check_whole(parser, warnings, text)
    assert_scope(t, "|", "keyword.control.flow.block-scalar.tatami")
    assert_scope(t, "text", KIND, line=2)
    assert_scope(t, "Hello ", "string.unquoted.block.tatami")
    assert_scope(t, "name", PARAM, line=3)
    assert_scope(t, "$$", "constant.character.escape.dollar.tatami")
    assert_scope(t, "key: not a key", "string.unquoted.block.tatami")
    assert_scope(t, "font", KEY, line=6)
    assert_scope(t, ">", "keyword.control.flow.block-scalar.tatami")
    assert_scope(t, "-", "punctuation.definition.block.sequence.item.tatami", line=7, nth=0)
    assert_scope(t, "-", "keyword.control.flow.block-scalar.indicator.tatami", line=7, nth=1)
    assert_scope(t, "# folded", COMMENT)
    assert_scope(t, "folded", "string.unquoted.block.tatami", line=8)
    assert_scope(t, "color", KIND, line=9)
    assert_scope(t, "red", COLOR, line=9)


def test_parameters_and_colours(parser):
    t = tokenize(parser, "\n".join([
        "components:", "  Tile:", "    params:", "      tint: {type: color, default: \"#FF8800\"}",
        "    body:", "      text: \"${title} costs $$5 or $cost\"", "      padding: $gap",
        "      background: {color: '$tint'}", "      border: {style: rounded}", "body:", "  Tile: {tint: blue}", "",
    ]))
    assert_scope(t, "Tile", COMPONENT, line=1)
    assert_scope(t, "#FF8800", "constant.other.color.rgb-value.tatami")
    assert_scope(t, "#FF8800", DOUBLE)
    assert_scope(t, "${", "punctuation.definition.interpolation.begin.tatami")
    assert_scope(t, "title", PARAM)
    assert_scope(t, "$$", "constant.character.escape.dollar.tatami")
    # Inside a longer string `$cost` is literal text (docs/format.md §8.1: only a whole `$name` refers).
    # (Neighbouring tokens with the same scopes come out as one.)
    assert t.find("5 or $cost")[1:] == [DOUBLE]
    assert_scope(t, "gap", PARAM, line=6)
    assert_scope(t, "$tint", PARAM, line=7)
    assert_scope(t, "rounded", PLAIN)
    assert_scope(t, "blue", COLOR, line=10)


def test_expression_tokens(parser):
    t = tokenize(parser, "\n".join([
        "body:",
        "  canvas:",
        "    - text: a",
        "      when: width >= 400 && !portrait || landscape",
        "      position:",
        "        - x: \"clamp(width * 0.5, 10, max(20, height)) - 1\"",
        "          y: 'height / 2'",
        "          width: round(width / 3)",
        "          height: 20",
        "      alignmentGuides:",
        "        top: height == 3 != (1 < 2)",
        "      overlay: {text: b, when: \"width > 300\", alignmentGuides: {bottom: -height}}",
        "",
    ]))
    for token, scope in [("width", NAME), (">=", OPERATOR), ("400", NUMBER), ("&&", OPERATOR), ("!", OPERATOR),
                         ("portrait", NAME), ("||", OPERATOR), ("landscape", NAME)]:
        assert_scope(t, token, scope, line=3)
        assert_scope(t, token, EXPRESSION, line=3)
    for token, scope in [("clamp", FUNCTION), ("(", "punctuation.section.parens.begin.expression.tatami"),
                         ("*", OPERATOR), ("0.5", NUMBER), (",", "punctuation.separator.arguments.expression.tatami"),
                         ("max", FUNCTION), ("height", NAME), ("))", "punctuation.section.parens.end.expression.tatami")]:
        assert_scope(t, token, scope, line=5)
    assert_scope(t, "clamp", DOUBLE, line=5)
    assert_scope(t, "/", OPERATOR, line=6)
    assert_scope(t, "height", SINGLE, line=6)
    assert_scope(t, "round", FUNCTION, line=7)
    assert_scope(t, ")", "punctuation.section.parens.end.expression.tatami", line=7)
    assert_scope(t, "20", INTEGER, line=8)
    assert_scope(t, "top", "entity.name.tag.guide.tatami", line=10)
    for token in ["==", "!=", "<"]:
        assert_scope(t, token, OPERATOR, line=10)
    assert_scope(t, "1", NUMBER, line=10)
    assert_scope(t, ">", OPERATOR, line=11)
    assert_scope(t, "300", NUMBER, line=11)
    assert_scope(t, "-", OPERATOR, line=11)
    assert_scope(t, "height", NAME, line=11)
    assert_scope(t, "overlay", MODIFIER, line=11)


def test_numbers_outside_expressions_stay_numbers(parser):
    t = tokenize(parser, "viewports:\n  phone:\n    width: 320\n    height: 480.5\nbody: {text: a, frame: {width: 3}}\n")
    assert_scope(t, "320", INTEGER)
    assert EXPRESSION not in t.find("320")
    assert_scope(t, "480.5", FLOAT)
    assert_scope(t, "3", INTEGER)
    assert EXPRESSION not in t.find("3")


def test_alignment_defaults_outside_alignments_are_not_expressions(parser):
    t = tokenize(parser, "alignments:\n  mid:\n    axis: vertical\n    default: bottom * 2\n"
                         "components:\n  C:\n    params:\n      p: {type: color, default: red}\n    body: {color: $p}\n"
                         "body: {C: {}}\n")
    assert_scope(t, "bottom", NAME, line=3)
    assert_scope(t, "*", OPERATOR, line=3)
    assert_scope(t, "vertical", PLAIN, line=2)
    assert_scope(t, "red", COLOR, line=7)
    assert_scope(t, "components", KEY, line=4)
