"""The rules in French, Lithuanian, Slovak and Georgian (docs/rules.LANG.md) say what docs/rules.md
says: the same sections in the same order, in each section the same notation, code names and
figures, every game named by its id and by the name the glossary gives it, each game's table row
matching its parameters; and docs/glossary.md gives each language a word, and a reason, for each of
the eight terms the rules turn on, the words the board's catalogues use."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ft_widget.variants import VARIANTS

DOCS = Path(__file__).resolve().parents[1] / "docs"
LOCALE = DOCS.parent / "ft_widget" / "locale"
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


#: a board phrase that names each term, for the check that the board says the glossary's word
BOARD_PHRASE = {
    "foundation": "the foundations",
    "stock": "the stock",
    "waste": "the waste",
    "suit": "in {variant} you build down in the same suit",
    "redeal": "turn the waste over into the stock (a redeal)",
}


def catalogue(lang: str) -> dict[str, str]:
    with open(LOCALE / lang / "LC_MESSAGES" / "ft_widget.po", "rb") as f:
        return {m.id: m.string for m in read_po(f) if isinstance(m.id, str)}


def stem(cell: str) -> str:
    """A glossary word's first word without the last two letters (min. three), so that its case
    forms match: malka -> malkos, malką; bazė -> bazėse; მარაგი -> მარაგიდან."""
    word = re.split(r"[\s(;,]", cell.strip().replace("*", ""))[0].lower()
    return word[:max(3, len(word) - 2)]


def glossary_words(lang: str) -> dict[str, str]:
    return {row[0]: row[1] for row in table_rows(glossary()[LANGUAGES[lang]])[1:]}


def board_differences(lang: str, board: dict[str, str]) -> list[str]:
    """Where the board's phrases do not use the glossary's word, or give the stock the deck's word,
    or a redeal the New deal button's words."""
    words = glossary_words(lang)
    wrong = [f"{term}: {board[msgid]!r} lacks {stem(words[term])!r}"
             for term, msgid in BOARD_PHRASE.items() if stem(words[term]) not in board[msgid].lower()]
    deck = words["card, deck"].split(";")[1]
    deck = re.split(r"[\s(]", deck.strip())[0].lower()
    deck = deck[:-1] if len(deck) > 4 else deck  # kaladė -> kaladės; French "jeu" stays whole
    wrong += [f"stock: {board[m]!r} has the deck's {deck!r}"
              for m in ("Stock", "the stock", "from the stock", "to the stock") if deck in board[m].lower()]
    new_deal = board["New deal"].lower()
    for msgid in ("turn the waste over into the stock (a redeal)", "Turned the waste over: redeal"):
        if re.search(rf"(?<!\w){re.escape(new_deal)}(?!\w)", board[msgid].lower()):
            wrong.append(f"redeal: {board[msgid]!r} says New deal's {new_deal!r}")
    return wrong


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_uses_the_glossarys_words(lang):
    assert board_differences(lang, catalogue(lang)) == []


def test_the_board_words_check_can_fail():
    """The catalogues as they were before the words were settled: the Lithuanian stock said kaladė
    (the deck), the Slovak redeal nové rozdanie (the New deal button)."""
    lt = catalogue("lt") | {"the stock": "kaladė", "Stock": "Kaladė"}
    assert [w.split(":")[0] for w in board_differences("lt", lt)] == ["stock", "stock", "stock"]
    sk = catalogue("sk") | {"Turned the waste over: redeal": "Odkladisko otočené: nové rozdanie"}
    assert [w.split(":")[0] for w in board_differences("sk", sk)] == ["redeal"]


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
