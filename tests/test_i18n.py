"""The player's words in French, Lithuanian, Slovak and Georgian: the catalogues (complete, compiled,
in step with the source), the plural forms, the choice of language, and the board's published
words in each language."""

from __future__ import annotations

import io
import re
import warnings
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import ft_widget
from ft_widget import VARIANTS, Board, Game, Move, i18n, words
from ft_widget.board.ui_words import PLURAL_TABLE, ui_words

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "ft_widget" / "locale"
LANGS = ("fr", "lt", "sk", "ka")
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def catalogue(lang: str):
    with open(LOCALE / lang / "LC_MESSAGES" / "ft_widget.po", "rb") as f:
        return read_po(f, locale=lang)


def template():
    with open(LOCALE / "ft_widget.pot", "rb") as f:
        return read_po(f)


def key(message) -> tuple:
    return message.context, message.id if isinstance(message.id, str) else tuple(message.id)


@pytest.fixture(autouse=True)
def session_language():
    """Each test starts and ends with no session language chosen."""
    i18n.set_language(None)
    yield
    i18n.set_language(None)


# ---------------------------------------------------------------------------------- the catalogues
@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(lang):
    missing = []
    for m in catalogue(lang):
        if not m.id:
            continue
        forms = (m.string,) if isinstance(m.string, str) else m.string
        if m.fuzzy or not all(forms):
            missing.append(m.id)
    assert not missing, f"{len(missing)} messages of {lang} are not translated: {missing}"


def test_the_catalogues_hold_what_the_package_says():
    """The template is what ``pybabel extract`` (babel.cfg) finds now, and every catalogue is up to
    date with it: no message missing, none left over."""
    method_map = [("**.py", "python")]
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
                "npgettext": ((1, "c"), 2, 3), "N_": None, "Nn_": (1, 2)}
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            ROOT / "ft_widget", method_map, keywords=keywords):
        found.add((context, message if isinstance(message, str) else tuple(message)))
    held = {key(m) for m in template() if m.id}
    assert found == held, (f"run pybabel extract (babel.cfg): new {sorted(map(str, found - held))[:5]}, "
                           f"gone {sorted(map(str, held - found))[:5]}")
    for lang in LANGS:
        have = {key(m) for m in catalogue(lang) if m.id}
        assert have == held, f"run pybabel update for {lang}: {sorted(map(str, held ^ have))[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_each_compiled_catalogue_is_its_po_compiled(lang):
    """The shipped .mo is exactly what compiling the committed .po gives: they cannot drift."""
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(lang))
    shipped = (LOCALE / lang / "LC_MESSAGES" / "ft_widget.mo").read_bytes()
    assert shipped == compiled.getvalue(), f"run: pybabel compile -d ft_widget/locale -D ft_widget ({lang})"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_the_placeholders(lang):
    """A translation fills the same named slots as its English (a plural form may leave out {n})."""
    for m in catalogue(lang):
        if not m.id:
            continue
        ids = (m.id,) if isinstance(m.id, str) else m.id
        wanted = set().union(*(PLACEHOLDER.findall(i) for i in ids))
        for form in (m.string,) if isinstance(m.string, str) else m.string:
            got = set(PLACEHOLDER.findall(form))
            assert got <= wanted and wanted - {"n"} <= got, (lang, m.id, form)


def test_card_names_are_whole_names_in_each_language():
    names = {"fr": "dame de cœur", "lt": "širdžių dama", "sk": "srdcová dáma", "ka": "გულის ქალი"}
    queen_of_hearts = ft_widget.parse_card("QH")
    for lang, name in names.items():
        with i18n.using(lang):
            assert ft_widget.card_name(queen_of_hearts) == name
    # Slovak adjectives agree with the rank's gender: the ace is neuter, the king masculine
    with i18n.using("sk"):
        assert ft_widget.card_name(ft_widget.parse_card("AH")) == "srdcové eso"
        assert ft_widget.card_name(ft_widget.parse_card("KS")) == "pikový kráľ"
    assert ft_widget.card_name(queen_of_hearts) == "Queen of Hearts"


# ---------------------------------------------------------------------------------- plural forms
#: The plural form (index into msgstr[]) each count takes: gettext's rule in each header.
FORMS = {
    "en": {0: 1, 1: 0, 2: 1, 5: 1, 11: 1, 21: 1},
    "fr": {0: 0, 1: 0, 2: 1, 5: 1, 11: 1, 21: 1},  # 0 and 1 alike
    "lt": {0: 2, 1: 0, 2: 1, 5: 1, 11: 2, 21: 0},
    "sk": {0: 2, 1: 0, 2: 1, 5: 2, 11: 2, 21: 2},
    "ka": {0: 0, 1: 0, 2: 0, 5: 0, 11: 0, 21: 0},  # one form: nouns stay singular after a numeral
}
#: And the words they give: count(n, "move").
MOVES = {
    "en": ["0 moves", "1 move", "2 moves", "5 moves", "11 moves", "21 moves"],
    "fr": ["0 coup", "1 coup", "2 coups", "5 coups", "11 coups", "21 coups"],
    "lt": ["0 ėjimų", "1 ėjimas", "2 ėjimai", "5 ėjimai", "11 ėjimų", "21 ėjimas"],
    "sk": ["0 ťahov", "1 ťah", "2 ťahy", "5 ťahov", "11 ťahov", "21 ťahov"],
    "ka": ["0 სვლა", "1 სვლა", "2 სვლა", "5 სვლა", "11 სვლა", "21 სვლა"],
}
NPLURALS = {"fr": 2, "lt": 3, "sk": 3, "ka": 1}


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_plural_forms_for_0_1_2_5_11_21(lang):
    counts = [0, 1, 2, 5, 11, 21]
    with i18n.using(lang):
        table = ui_words()["plural"]
        assert [table[n] for n in counts] == [FORMS[lang][n] for n in counts]
        assert [words.count(n, "move") for n in counts] == MOVES[lang]
    if lang != "en":
        assert catalogue(lang).num_plurals == NPLURALS[lang]


def counts_checked(rule) -> list[int]:
    """1, 2, 5 and 21, and 0 where the language's rule gives 0 a form none of those takes
    (Lithuanian: 0 ėjimų, like 10 and 11)."""
    counts = [1, 2, 5, 21]
    return counts if rule(0) in {rule(n) for n in counts} else [0, *counts]


@pytest.mark.parametrize("lang", LANGS)
def test_every_plural_message_keeps_its_count_at_1_2_5_21(lang):
    """Every counted message of the catalogue, said for 1, 2, 5 and 21 (and 0 where that is a form
    of its own), fills its placeholders and says the number: a form may leave out "{n}" only when
    1 is the one count of these that takes it ("The answer: …"), never a form that also says 21
    (Lithuanian's first form is 1, 21, 31 …). The Plural-Forms header has the language's number of
    forms, and every message gives that many."""
    cat = catalogue(lang)
    rule = i18n.catalogue(lang).plural
    assert cat.num_plurals == NPLURALS[lang]  # the header's nplurals, and its rule uses each form
    assert {rule(n) for n in range(1000)} == set(range(NPLURALS[lang]))
    counts = counts_checked(rule)
    lost = []
    for m in cat:
        if not m.id or isinstance(m.id, str):
            continue
        assert len(m.string) == cat.num_plurals, (lang, m.id)
        names = set(PLACEHOLDER.findall(m.id[0] + m.id[1])) - {"", "n"}
        for n in counts:
            said = i18n.catalogue(lang).ngettext(m.id[0], m.id[1], n)
            text = said.format(**{name: f"<{name}>" for name in names}, n=n)
            only_one = [k for k in counts if rule(k) == rule(n)] == [1]
            if "{n}" in m.id[1] and str(n) not in text and not only_one:
                lost.append((n, said))
    assert not lost, f"{lang}: forms that lose the count: {lost[:5]}"


def test_the_count_check_can_fail():
    """Lithuanian's first form is said for 21 too, so it may not leave out the number; Slovak's
    is said for 1 alone, so it may."""
    lt, sk = i18n.catalogue("lt").plural, i18n.catalogue("sk").plural
    assert counts_checked(lt) == [0, 1, 2, 5, 21] and counts_checked(sk) == [1, 2, 5, 21]
    assert [k for k in counts_checked(lt) if lt(k) == lt(1)] == [1, 21]
    assert [k for k in counts_checked(sk) if sk(k) == sk(1)] == [1]


def test_plural_forms_past_the_table_follow_the_last_two_digits():
    """The browser picks the form of 100 + n % 100 past PLURAL_TABLE: true of every rule here."""
    for lang in ("en", *LANGS):
        rule = getattr(i18n.catalogue(lang), "plural", None) or (lambda n: int(n != 1))
        for n in range(PLURAL_TABLE, 2000):
            assert rule(n) == rule(100 + n % 100), (lang, n)


def test_a_counted_sentence_in_lithuanian_and_slovak():
    game = Game("maria", deal=5)
    for move in game.legal_moves()[:1]:
        game.play(move)
    with i18n.using("lt"):
        assert words.status_line(game) == "Marija · dalijimas Nr. 5 · 1 ėjimas · 0/104 bazėse"
        assert words.change_words(21, 21) == "sužaistas 21 ėjimas"
        assert words.change_words(11, 11) == "sužaista 11 ėjimų"
    with i18n.using("sk"):
        assert words.change_words(3, 3) == "zahrané 3 ťahy"
        assert words.change_words(5, 5) == "zahraných 5 ťahov"


# ---------------------------------------------------------------------------------- choosing
def test_set_language_chooses_the_words_python_returns():
    game = Game("maria", deal=5)
    english = words.status_line(game)
    assert ft_widget.set_language("fr-CA") == "fr"
    assert words.status_line(game) == "Maria · donne 5 · 0 coup · 0/104 aux fondations"
    assert repr(game).startswith("<Game") and "coup" not in repr(game)  # reprs stay English
    assert ft_widget.set_language(None) == "en"
    assert words.status_line(game) == english


def test_a_board_speaks_its_own_language_over_the_sessions():
    ft_widget.set_language("sk")
    mine = Board("maria", deal=5, language="lt")
    theirs = Board("maria", deal=5)
    assert (mine.language, theirs.language) == ("lt", "sk")
    assert mine.state["status_text"].startswith("Marija · dalijimas Nr. 5")
    assert theirs.state["status_text"].startswith("Mária · rozdanie 5")
    assert "<Board maria, deal 5: 0 moves" in repr(mine)
    mine.language = "ka"
    assert mine.ui["language"] == "ka" and mine.ui["undo"] == "გაუქმება"


def test_an_unknown_language_falls_back_to_english_with_one_warning():
    with pytest.warns(UserWarning, match="no words in 'xx-test'"):
        assert ft_widget.set_language("xx-test") == "en"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a second time: no warning
        assert ft_widget.set_language("xx-test") == "en"
        board = Board("maria", deal=5, language="xx-test")
    assert board.language == "en" and board.ui["undo"] == "Undo"


def test_a_language_that_is_not_a_string_is_a_clear_error_and_changes_nothing():
    ft_widget.set_language("fr")
    with pytest.raises(TypeError, match="a language is a tag like 'lt'"):
        ft_widget.set_language(5)
    assert i18n.language() == "fr"
    with pytest.raises(TypeError, match="a language is a tag"):
        Board("maria", deal=5, language=["lt"])


def send(board, request: dict, k: list = [100]) -> dict:  # noqa: B006 (the ids grow across tests)
    k[0] += 1
    board.set_state({"request": {"id": k[0], **request}})
    return board.state


def test_a_board_given_no_language_follows_the_browsers():
    board = Board("maria", deal=5)
    send(board, {"action": "language", "languages": ["de-DE", "lt-LT", "en"]})
    assert board.ui["language"] == "lt"
    assert board.state["status_text"].startswith("Marija · dalijimas Nr. 5")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a browser speaking none of ours is no mistake: no warning
        send(board, {"action": "language", "languages": ["de-DE"]})
        assert board.ui["language"] == "en"
    chosen = Board("maria", deal=5, language="fr")
    send(chosen, {"action": "language", "languages": ["lt"]})
    assert chosen.ui["language"] == "fr"


@pytest.mark.parametrize("languages", ["lt", [], ["lt"] * 17, [5], ["x" * 65], [""], None])
def test_the_browsers_languages_are_checked_at_the_door(languages):
    board = Board("maria", deal=5)
    before = board.language
    state = send(board, {"action": "language", "languages": languages})
    assert state["message_kind"] == "error" and "'languages' must be a list" in state["message"]
    assert board.language == before


# ---------------------------------------------------------------------------------- the board's words
HINT = {"fr": "Conseil", "lt": "Patarimas", "sk": "Rada", "ka": "მინიშნება"}
STATUS = {"fr": "Maria · donne 5 · 0 coup · 0/104 aux fondations",
          "lt": "Marija · dalijimas Nr. 5 · 0 ėjimų · 0/104 bazėse",
          "sk": "Mária · rozdanie 5 · 0 ťahov · 0/104 na základniach",
          "ka": "მარია · დარიგება 5 · 0 სვლა · 0/104 ბაზებზე"}


@pytest.mark.parametrize("lang", LANGS)
def test_status_refusal_and_hint_in_each_language_through_the_published_state(lang):
    board = Board("maria", deal=5, language=lang)
    assert board.state["status_text"] == STATUS[lang]
    # a refusal: the engine's reason, in the board's language
    refused = send(board, {"action": "move", "move": "1>2"})
    with i18n.using(lang):
        reason = Game("maria", deal=5)._why_illegal(Move.parse("1>2"))
        assert refused["message"] == reason and refused["message_kind"] == "error"
        assert refused["words"]["foundation"] == words.refusal_words(board.game)["foundation"]
    with i18n.using("en"):
        assert reason != Game("maria", deal=5)._why_illegal(Move.parse("1>2"))
    # a hint: its label and the move in words
    board.hint(time_limit=0.2)
    said = board.state["message"]
    assert said.startswith(HINT[lang]) and "Hint" not in said, said
    # the browser's words: a table in the language, the 52 card names, no English label left
    ui = board.ui
    assert "ui" not in board.state  # a trait of its own: not sent again with every move
    with i18n.using("en"):
        en_words = ui_words()
    assert ui["language"] == lang and len(ui["cards"]) == 52
    shared = {"auto", "language", "expert"}  # "Auto", and Slovak's "Expert:" is the English word
    same = [k for k, v in en_words.items() if isinstance(v, str) and v == ui[k] and re.search(r"[a-z]{3}", v)
            and k not in shared]
    assert not same, f"{lang} still says in English: {same}"


def test_the_published_words_follow_the_language_of_each_board():
    """Two boards of one game, in two languages: each publishes its own words."""
    game = Game("maria", deal=5)
    fr, lt = Board(game, language="fr"), Board(game, language="lt")
    fr.play("8>2")
    assert fr.state["last_move_text"] != lt.state["last_move_text"]
    assert "colonne" in fr.state["last_move_text"] and "stulpel" in lt.state["last_move_text"]


def test_a_puzzle_on_a_board_speaks_the_boards_language():
    """The prompt, a clue and the verdict on a losing move, in Lithuanian on a Lithuanian board."""
    shipped = ft_widget.puzzles("maria")[0]
    puzzle = Board.puzzle(shipped)
    board = puzzle.board
    board.language = "lt"
    assert board.state["puzzle"]["prompt"].startswith("Marija, dalijimas Nr.")
    assert board.state["puzzle"]["title"].startswith("Marija, galvosūkis")
    board.clue()
    assert board.state["puzzle"]["clue"] and "the" not in board.state["puzzle"]["clue"].split()
    board.play(shipped.losing[0])
    assert "prarandama pergalė" in board.state["message"], board.state["message"]
    assert "Atšaukite (U) ir bandykite dar kartą." in board.state["message"]


def test_a_review_summary_in_slovak():
    game = Game("maria", deal=5)
    for move in ("8>2", "s>w"):
        game.play(move)
    with i18n.using("sk"):
        found = ft_widget.review(game, rng=0, worlds=4, time_budget=5, progress=False)
        assert found.summary.startswith("Rozobraté 2 ťahy: podľa odhadov férového experta (predvolená sila) "
                                        "0 chýb a 0 nepresností."), found.summary


# ---------------------------------------------------------------------------------- the browser's code
JS = ROOT / "js"
#: Capitalised words the JS may hold: key names (KeyboardEvent.key) and the cards' notation.
JS_NAMES = {"ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "End", "Home", "Escape", "Enter", "Tab",
            "A23456789TJQK", "CDHS"}


def english(literal: str) -> bool:
    """Is a JS string literal words for a reader (not an identifier, class list, selector, CSS)?"""
    bare = re.sub(r"\$\{[^}]*\}", "", literal).strip()
    tokens = bare.split()
    if not re.search(r"[A-Za-z]{2,}", bare) or "[" in bare or re.match(r"^\(?(translate|prefers-)", bare):
        return False
    if all(t.startswith(("ft-", "face-down")) for t in tokens):  # a class list
        return False
    if len([t for t in tokens if re.search(r"[A-Za-z]{2,}", t)]) >= 2:  # two words or more
        return True
    return bare[:1].isupper() and bare not in JS_NAMES  # a label: "Undo"


def js_literals(text: str) -> list[str]:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"(?m)(^|[^:\"'`\\])//.*$", r"\1", text)  # comments (not "http://…" in a string)
    found = re.findall(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\]|\\.)*)`', text)
    return [next(g for g in groups if g) for groups in found if any(groups)]


def test_the_browsers_code_holds_no_english_sentence():
    """Every word the board shows comes from the kernel (state.ui, state.*_text): the JS sources
    hold identifiers, classes, selectors and symbols only."""
    offending = []
    for path in sorted(JS.glob("*.js")):
        for literal in js_literals(path.read_text()):
            if english(literal):
                offending.append(f"{path.name}: {literal!r}")
    assert not offending, "English words in the JS (put them in ft_widget/board/ui_words.py):\n" + \
        "\n".join(offending)


def test_the_scan_finds_an_english_sentence():
    """The check above can fail: it catches a label and a sentence written into JS."""
    for source in ('h("button", {}, ["Undo"])', "say: `Picked up ${what}`", "const t = 'Next move';"):
        assert any(map(english, js_literals(source))), source
    assert not any(map(english, js_literals('h("div", { class: "ft-card face-down" }); k === "Escape"')))


# ------------------------------------------------------------------- the expert's reasons and numbers
def test_numbers_are_written_as_each_language_writes_them():
    assert i18n.number(2000) == "2,000" and i18n.number(13.25, 1) == "13.2" and i18n.number(7) == "7"
    with i18n.using("fr"):
        assert i18n.number(2000) == "2\u202f000" and i18n.number(24.25, 1) == "24,2"
        assert words.count(12_345, "move") == "12\u202f345 coups"
    for lang in ("lt", "sk", "ka"):
        with i18n.using(lang):
            assert i18n.number(1_234_567) == "1\u00a0234\u00a0567" and i18n.number(0.5, 1) == "0,5"


def test_listed_clauses_are_joined_as_the_catalogue_says(monkeypatch):
    """The separator between clauses listed in one sentence (an explanation's facts, a puzzle's
    answers) is the catalogue's, so French can put its narrow no-break space before the semicolon."""
    import gettext

    from babel.messages.catalog import Catalog

    from ft_widget.training.puzzles import puzzles

    listed = next(p for v in VARIANTS for p in puzzles(v) if "; " in p.explanation and "; " in p.answer_text)
    joiner = Catalog(locale="fr")
    joiner.add("; ", "\u202f; ", context="between clauses")  # French's separator, as a translator gives it
    compiled = io.BytesIO()
    write_mo(compiled, joiner)
    compiled.seek(0)
    french = gettext.GNUTranslations(compiled)
    french.add_fallback(i18n.catalogue("fr"))  # every other message as the shipped catalogue says it
    monkeypatch.setitem(i18n._catalogues, "fr", french)
    with i18n.using("fr"):
        said = listed.explanation, listed.answer_text, words.clauses(["a", "b"])
    assert all("\u202f; " in text for text in said), said
    assert words.clauses(["a", "b", "c"]) == "a; b; c"  # English keeps its own


@pytest.fixture(scope="module")
def maria_after_two_moves():
    game = Game("maria", deal=5)  # where the fair hint's reason has every kind of figure (issue 35)
    for _ in range(2):
        game.play(ft_widget.hint(game, max_states=120_000).move)
    return game


@pytest.mark.parametrize("lang", LANGS)
def test_the_fair_experts_reason_in_each_language(lang, maria_after_two_moves):
    english = ft_widget.hint(maria_after_two_moves, max_states=120_000)
    with i18n.using(lang):
        said = ft_widget.hint(maria_after_two_moves, max_states=120_000)
        grouped = i18n.number(english.progress_states)
    assert said.move == english.move  # the words change, never the choice
    assert "sampled" not in said.reason and "fair:" not in said.reason, said.reason
    assert grouped in said.reason and grouped != f"{english.progress_states:,}", said.reason
    assert i18n.catalogue(lang).gettext("{reason} (fair: from the cards you can see)").split("}")[-1] \
        in said.reason


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_lessons_tables_and_sentences_in_each_language(lang):
    # what 00_start_here prints: the catalogue's sentence, the rules table, a theme's name
    from ft_widget.teaching import rules_table
    from ft_widget.training.catalogue import summary
    from ft_widget.training.themes import theme_name

    english = (summary("forty_thieves"), VARIANTS["little_forty"].rules_row(), rules_table().caption,
               theme_name("keep_an_empty_column"))
    with i18n.using(lang):
        said = (summary("forty_thieves"), VARIANTS["little_forty"].rules_row(), rules_table().caption,
                theme_name("keep_an_empty_column"))
    assert said[0] != english[0] and "deals" not in said[0] and "winnable" not in said[0]
    assert said[0].count("15") == english[0].count("15")  # the same figures
    row = said[1]
    assert list(row.values()) != list(english[1].values()) and list(row) != list(english[1])
    assert not {"redeals", "at a time", "any suit but its own", "sequences, in part or whole"} & {
        part.strip() for value in row.values() for part in str(value).replace(";", ",").split(",")}
    assert said[2] != english[2] and said[3] != english[3]


def test_french_keeps_its_spaces_before_punctuation():
    """French puts a no-break space before ":" (and inside guillemets) and a narrow one before ";",
    "?" and "!", so a line never breaks before the mark; a plain space there is a translator's slip."""
    slips = []
    for message in catalogue("fr"):
        if not message.id:
            continue
        for text in [message.string] if isinstance(message.string, str) else message.string:
            if re.search(r" [:;?!»]|« ", text):
                slips.append(text)
    assert not slips, slips[:5]
    assert i18n.catalogue("fr").pgettext("between clauses", "; ") == "\u202f; "


@pytest.mark.parametrize("path", ["docs/rules.fr.md", "notebooks/fr/00_start_here.py"])
def test_french_pages_keep_their_spaces_before_punctuation(path):
    """The same typography in the French rules page and the French lesson's prose (code spans and
    code cells are code: ``"a" : 1`` there is not French)."""
    file = Path(__file__).parents[1] / path
    if path.endswith(".py"):  # the lesson's markdown cells, as jupytext reads them
        import jupytext

        text = "\n".join(c.source for c in jupytext.read(file).cells if c.cell_type == "markdown")
    else:
        text = file.read_text(encoding="utf-8")
    prose = re.sub(r"`[^`]*`", "", text)
    slips = [line for line in prose.splitlines() if re.search(r" [:;?!»]|« ", line)]
    assert not slips, slips[:5]


def french_prose(text: str) -> str:
    """A French message without what is code in it: placeholders (``{card}``), a key in brackets
    ("(?)"), notation and identifiers in backquotes."""
    return re.sub(r"\{\w*\}|\(\?\)|`[^`]*`", "", text)


def test_french_writes_the_typographic_apostrophe_and_a_no_break_space_before_its_marks():
    """French messages write the apostrophe ’ (U+2019), never the typewriter's ', and put a no-break
    space (U+00A0 before ":", narrow U+202F before ";", "?" and "!") before the two-part marks,
    also where the mark follows a word or a placeholder directly."""
    straight, unspaced = [], []
    for message in catalogue("fr"):
        if not message.id:
            continue
        for text in [message.string] if isinstance(message.string, str) else message.string:
            prose = french_prose(text)
            if "'" in prose:
                straight.append(text)
            if re.search(r"[^\u00a0\u202f][:;?!]", re.sub(r"\{\w*\}(?=[:;?!])", "x", text)
                         .replace("(?)", "")):
                unspaced.append(text)
    assert not straight, f"{len(straight)} French messages with a straight apostrophe: {straight[:5]}"
    assert not unspaced, f"{len(unspaced)} French messages with no space before a mark: {unspaced[:5]}"


def test_the_french_typography_check_can_fail():
    assert "'" in french_prose("Fermer l'analyse") and "'" not in french_prose("{card} `'x'`")
    assert re.search(r"[^\u00a0\u202f][:;?!]", "Conseil: {move}")


#: Words the glossary (docs/glossary.md) sets aside, by language: the columns together are the
#: French *tableau* and the Slovak *tablo*, never "table"/"stôl" (a board, the widget, is the French
#: *plateau* and the Slovak *hracia plocha*).
NOT_THE_GLOSSARYS = {"fr": r"\btables?\b", "sk": r"\bst[oô]l(a|e|u|y|om|ov)?\b"}


@pytest.mark.parametrize("lang", NOT_THE_GLOSSARYS)
def test_the_catalogues_use_the_glossarys_words(lang):
    slips = [text for message in catalogue(lang) if message.id
             for text in ([message.string] if isinstance(message.string, str) else message.string)
             if re.search(NOT_THE_GLOSSARYS[lang], text, re.I)]
    assert not slips, slips[:5]


#: Moves of each kind in Maria deal 5 after "8>2": onto a card, home, into an empty column, a deal.
PLAYED = {"fr": "5♦ de la colonne 8 sur 6♠",
          "lt": "5♦ iš 8 stulpelio į stulpelį, kurio viršuje buvo 6♠",
          "sk": "5♦ zo stĺpca 8 na stĺpec, ktorého vrchná karta bola 6♠",
          "ka": "5♦ მე-8 სვეტიდან სვეტზე, რომლის ზედა კარტი იყო 6♠"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_played_move_is_a_fact_not_advice(lang):
    """The review's "Played: …" says what was played, in no language in the advice's imperative
    ("Sužaista: perkelkite …"): its messages share no word of the advice's verbs."""
    game = Game("maria", deal=5)
    kinds = [game.copy()]
    for move in ("8>2", "s>w"):
        game.play(move)
        kinds.append(game.copy())
    with i18n.using(lang):
        assert words.played_move_words(kinds[0], "8>2") == PLAYED[lang]
        said = [(words.played_move_words(g, m), words.move_words(g, m))
                for g in kinds for m in g.legal_moves()]
        assert len({advice.split()[0] for _, advice in said}) >= 2
        verbs = {advice.split()[0] for _, advice in said}
        for fact, advice in said:
            assert fact != advice and not verbs & set(fact.split()), (fact, advice)


@pytest.mark.parametrize("lang", LANGS)
def test_a_run_of_cards_is_named_in_the_language_as_object_and_subject(lang):
    """"5♦ and the 2 cards on it" in a move's advice and in what was played (it was English in every
    language: its message context was a variable, which extraction cannot read)."""
    five = ft_widget.parse_card("5D")
    with i18n.using(lang):
        said = {role: words._cards_words(five, 3, role=role) for role in ("object", "subject")}
    assert all("cards on it" not in s and "2" in s and "5♦" in s for s in said.values()), said


def test_the_lithuanian_and_slovak_screen_reader_names_cards_in_the_nominative():
    """Card names read from symbols (:func:`ft_widget.words.spoken`) are in the nominative: the
    sentences that hold them put a card where the nominative is right ("…, kurio viršuje buvo
    vynų šešetas", not "ant vynų šešetas")."""
    game = Game("maria", deal=5)
    with i18n.using("lt"):
        assert words.spoken(words.played_move_words(game, "8>2")) == \
            "būgnų penketas iš 8 stulpelio į stulpelį, kurio viršuje buvo vynų šešetas"
        assert words.spoken(game._why_illegal(Move.parse("1>2"))).split(":")[0] == (
            "kryžių karalius netinka į stulpelį, kurio viršuje vynų šešetas")
        assert ui_words()["cards_from"][1] == "{n} kortos, pirmoji: {card}"
    with i18n.using("sk"):
        assert words.spoken(words.played_move_words(game, "8>2")) == \
            "kárová päťka zo stĺpca 8 na stĺpec, ktorého vrchná karta bola piková šestka"
        assert ui_words()["cards_from"][1] == "{n} karty, prvá: {card}"


def glossary_rows(heading: str) -> list[list[str]]:
    """The rows of the table under ``heading`` in docs/glossary.md, as cells."""
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").split(f"## {heading}\n", 1)[1]
    text = text.split("\n## ", 1)[0]
    return [[c.strip() for c in line.strip("|").split("|")] for line in text.splitlines()
            if line.startswith("|") and not line.startswith("|---")][1:]


@pytest.mark.parametrize("lang", LANGS)
def test_the_games_are_named_as_the_glossary_names_them(lang):
    """The menu, the board's label and the status line name each game in the board's language, as
    the glossary's table does; the code's name (``Variant.name``, reprs) stays English."""
    column = 2 + LANGS.index(lang)
    names = {row[0].strip("`"): row[column] for row in glossary_rows("The games' names")}
    assert set(names) == set(VARIANTS)
    board = Board("forty_thieves", deal=5, language=lang)
    assert {v["id"]: v["name"] for v in board.state["variants"]} == names
    assert board.state["variant_name"] == names["forty_thieves"]
    assert board.state["status_text"].startswith(names["forty_thieves"] + " · ")
    with i18n.using(lang):
        assert {vid: v.display_name for vid, v in VARIANTS.items()} == names
        row = VARIANTS["little_forty"].rules_row()
        assert row[i18n.pgettext("rules table", "name")] == names["little_forty"]
    assert VARIANTS["forty_thieves"].name == "Forty Thieves"
    assert repr(board).startswith("<Board forty_thieves,")


def test_a_game_made_outside_the_nine_keeps_its_own_name():
    from dataclasses import replace

    mine = replace(VARIANTS["lucas"], id="pysol_lucas", name="Lucas (PySolFC)")
    same_id = replace(VARIANTS["maria"], name="Maria")  # one of the nine, as it is: translated
    with i18n.using("lt"):
        assert mine.display_name == "Lucas (PySolFC)" and same_id.display_name == "Marija"
        assert replace(VARIANTS["maria"], name="Lucas").display_name == "Lucas"


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_letters_are_the_glossarys(lang):
    """The letters the board draws in a card's corner (state.ui.ranks, Ace to King): the glossary's
    "card letters" where it gives them (French A, V, D, R), else A, J, Q, K."""
    heading = {"fr": "French", "lt": "Lithuanian", "sk": "Slovak", "ka": "Georgian"}[lang]
    row = next((r for r in glossary_rows(heading) if r[0] == "card letters"), None)
    ace, jack, queen, king = re.findall(r"\b[^\W\d_]\b", row[1]) if row else ("A", "J", "Q", "K")
    board = Board("maria", deal=5, language=lang)
    assert board.ui["ranks"] == [ace, *map(str, range(2, 11)), jack, queen, king]
    assert (lang == "fr") == (board.ui["ranks"][10:] == ["V", "D", "R"])
    assert board.state["legal"] and all(re.fullmatch(r"[wsf1-9]\d?>[wsf1-9]\d?(x\d+)?", m)
                                        for m in board.state["legal"])  # the notation stays English
