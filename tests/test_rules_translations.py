"""The rules in French, Lithuanian, Slovak and Georgian (docs/rules.LANG.md) say what docs/rules.md
says: the same sections in the same order, in each section the same notation, code names and
figures, every game named by its id and by the name the glossary gives it, each game's table row
matching its parameters; and docs/glossary.md gives each language a word, and a reason, for each of
the eight terms the rules turn on."""

import re
from pathlib import Path

import pytest

from ft_widget.variants import VARIANTS

DOCS = Path(__file__).resolve().parents[1] / "docs"
LANGUAGES = {"fr": "French", "lt": "Lithuanian", "sk": "Slovak", "ka": "Georgian"}
TERMS = ("foundation", "stock", "waste", "column", "build", "suit", "deal", "redeal")
#: the glossary's column header for each language (its table of game names uses them too)
OWN_NAME = {"fr": "français", "lt": "lietuvių", "sk": "slovenčina", "ka": "ქართული"}


def text(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def prose(markdown: str) -> str:
    """The page without its fenced code blocks (a '#' line in a code block is not a heading)."""
    return re.sub(r"^```.*?^```", "", markdown, flags=re.S | re.M)


def sections(markdown: str) -> list[tuple[int, str, str]]:
    """(level, heading, body) of each heading of the page, in order."""
    parts = re.split(r"^(#{1,6}) (.*)$", prose(markdown), flags=re.M)
    return [(len(parts[i]), parts[i + 1].strip(), parts[i + 2]) for i in range(1, len(parts), 3)]


def code_spans(body: str) -> set[str]:
    """The code spans, each with its line breaks and runs of spaces as single spaces (a long JSON
    example wraps where each page's lines happen to end)."""
    return {" ".join(span.split()) for span in re.findall(r"`([^`]+)`", body)}


def figures(body: str) -> set[str]:
    """The numbers a section states, outside its code spans and links (those are compared whole)."""
    body = re.sub(r"`[^`]+`|\]\([^)]*\)", " ", body)
    return set(re.findall(r"(?<![\w^])\d+(?![\d])", body))


def table_rows(body: str) -> list[list[str]]:
    return [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in body.splitlines() if line.startswith("|") and not set(line) <= set("|-: ")]


def glossary() -> dict[str, str]:
    """Each section of docs/glossary.md by its heading."""
    return {heading: body for level, heading, body in sections(text("glossary.md")) if level == 2}


ENGLISH = sections(text("rules.md"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translation_has_the_english_pages_sections_in_order(lang):
    translated = sections(text(f"rules.{lang}.md"))
    assert [level for level, _, _ in translated] == [level for level, _, _ in ENGLISH], (
        f"rules.{lang}.md has headings at levels {[t[0] for t in translated]}, rules.md at "
        f"{[e[0] for e in ENGLISH]}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_section_keeps_the_english_sections_notation_and_figures(lang):
    """A section that lost a point usually lost its code names (`Game.expand()`, `3>7x3`) or its
    figures (39 to the tableau, 57 in the stock): each must be in the matching section."""
    for (_, heading, english), (_, their_heading, translated) in zip(
            ENGLISH, sections(text(f"rules.{lang}.md")), strict=True):
        missing_code = code_spans(english) - code_spans(translated)
        assert not missing_code, f"rules.{lang}.md, '{their_heading}' (for '{heading}') lacks {missing_code}"
        missing_figures = figures(english) - figures(translated)
        assert not missing_figures, (
            f"rules.{lang}.md, '{their_heading}' (for '{heading}') states no {sorted(missing_figures)}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_is_named_and_its_row_matches_its_parameters(lang):
    page = text(f"rules.{lang}.md")
    header, *named = table_rows(glossary()["The games' names"])
    local = header.index(OWN_NAME[lang])
    names = {row[0].strip("`"): row for row in named}
    rows = {row[0].strip("`"): row for row in table_rows(page) if row[0].startswith("`")}
    assert set(rows) == set(VARIANTS), f"rules.{lang}.md's table has games {sorted(rows)}"
    for vid, variant in VARIANTS.items():
        name = names[vid][local]
        assert name and name in page, f"rules.{lang}.md never names {vid} as '{name}'"
        assert variant.name in page, f"rules.{lang}.md never gives {vid}'s English name"
        row = rows[vid]
        assert row[2].replace(" ", "") == f"{variant.columns}×{variant.cards_per_column}", (lang, vid, row)
        assert re.match(rf"{variant.face_down}\b", row[3]), (lang, vid, row)
        # cards a deal turns, then the redeals if any ("1-1", Georgian for "one at a time", is one 1)
        stock = re.findall(r"\d+", re.sub(r"\b(\d+)-\1\b", r"\1", row[6]))
        assert stock == [str(variant.stock_deal)] + ([str(variant.redeals)] if variant.redeals else []), (
            lang, vid, row)
    for alias in ("Big Forty", "Le Cadran", "PySolFC"):
        assert alias in page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_has_the_eight_terms_with_a_word_and_a_reason(lang):
    section = glossary()[LANGUAGES[lang]]
    header, *rows = table_rows(section)
    assert header == ["English", OWN_NAME[lang], "why"]
    words = {row[0]: row for row in rows}
    missing = [term for term in TERMS if term not in words]
    assert not missing, f"the {LANGUAGES[lang]} glossary lacks {missing}"
    for term in TERMS:
        _, word, why = words[term]
        assert word and len(why) > 10, f"{LANGUAGES[lang]} '{term}': word {word!r}, why {why!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pages_link_each_other(lang):
    page = text(f"rules.{lang}.md")
    assert f"(glossary.md#{LANGUAGES[lang].lower()})" in page
    assert "(rules.md)" in page
    assert f"(rules.{lang}.md)" in text("rules.md") and f"(rules.{lang}.md)" in text("glossary.md")
    assert f"rules.{lang}" in text("index.md")


def test_the_structure_check_can_fail():
    """The checks above on a page that dropped a section's last point and a heading."""
    english = text("rules.md")
    cut = english.replace("\n## Notation", "\n### Notation").replace("57 form the stock", "the rest")
    assert [s[0] for s in sections(cut)] != [s[0] for s in ENGLISH]
    lucas = dict((h, b) for _, h, b in sections(cut))["Points the seeds leave open, settled here"]
    assert "57" not in figures(lucas)
    assert "`3>7x3`" not in prose("```\n# x `3>7x3`\n```")
