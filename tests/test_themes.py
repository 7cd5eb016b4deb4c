"""Themes (ft_widget.training.themes): each is computed from a position, its answers and its losing
moves, tested on a known position (real deals, real moves), and every shipped puzzle's stored
theme and kind are what the functions say of its position."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from ft_widget import VARIANTS, Game, Move, puzzles
from ft_widget.cards import rank_of
from ft_widget.training.themes import KINDS, THEMES, kind_of, theme_idea, theme_name, theme_of

LF_REDEAL = ("1>3 9>2 2>9 3>2x2 2>9 7>9 9>2x2 3>4 9>4x2 2>8x4 4>9x4 s>w 8>9x2 w>8 9>4x2 9>1x5 3>8 8>3x5 8>f "
             "s>w s>w 3>1x2 6>f 1>8x5 6>9 4>9 4>3 3>4 4>3 9>4x2 s>w 4>6x2 8>1x5 1>3 s>w 3>4x2 6>3x2 3>9x2 "
             "s>w 4>1 9>4 4>9 3>8x3 9>8x2 8>4 1>3x5 8>9 s>w 9>6 6>8 3>1x5 4>8 8>3x5 3>8x5 s>w 8>9x2 1>8x2 "
             "9>4 w>3 8>1x2 8>3x2 9>6 s>w s>w 6>9 4>3x2 9>6 s>w 1>4x2 4>1x2 3>8x4 8>3x4 w>6 s>w 3>4x2 "
             "4>3x2 6>4x2 4>9x2 1>4x2 9>6x2 s>w 3>1x2 3>8x2 6>8x2 8>3x4 3>8x4 8>3x4 3>6x2 6>9x2 1>3x2 "
             "4>1x2 s>w s>w 9>4x2 s>w 4>6x2 3>4x2 6>3x2 3>9x2 1>3x2 3>8x4 9>6x2 8>3x4 3>8x4 8>1x2 6>8x2 "
             "8>9x2 s>w 9>6x2 4>8x2 6>4x2 4>9x2 9>4x2 s>w w>6 8>3x4 1>6 4>9x2 s>w 3>4x2 4>3x2 9>1 1>9 "
             "9>4x2 s>w 4>1 6>9x2 9>6x2 3>4 6>3 4>9x2 s>w 6>4 4>6 6>4 1>4 9>6x2 s>w")
LUCAS_TWINS = ("1>f 5>f 7>5 s>w 9>4 s>w s>w w>f w>10 s>w 9>10 s>w s>w s>w s>w s>w w>2 s>w s>w s>w s>w "
               "s>w s>w "
               "s>w s>w w>4 s>w w>10 s>w s>w w>f w>3 s>w s>w s>w s>w s>w s>w s>w s>w s>w w>f w>10 s>w s>w "
               "13>10 11>f 13>2")
LF_EMPTY = ("2>5 6>f s>w 2>8 3>5 8>3 3>9x2 2>9 9>8x2 1>10 s>w 3>f 8>9x2 1>10 5>1x3 10>f 5>6 9>5 s>w s>w w>2 "
            "2>3x2")

# (theme, variant, deal, moves to the position, answers, losing): real positions, the verdicts
# chosen to show each theme's rule
KNOWN = [
    ("when_to_redeal", "little_forty", 1, LF_REDEAL, ["w>f"], ["w>s"]),
    ("which_twin_home", "lucas", 2, LUCAS_TWINS, ["13>f"], ["w>f"]),
    ("hold_back_from_home", "forty_thieves", 3, "", ["s>w"], ["6>f"]),
    ("keep_an_empty_column", "little_forty", 3, LF_EMPTY, ["s>w"], ["1>2x4"]),
    ("deal_rather_than_place", "forty_thieves", 1, "", ["s>w"], ["8>4"]),
    ("place_before_dealing", "forty_thieves", 3, "", ["6>f"], ["s>w"]),
    ("where_the_waste_card_goes", "lucas", 1, "4>6 s>w", ["w>12"], ["1>4"]),
    ("dig_out_a_card", "forty_thieves", 2, "", ["2>1"], ["8>7"]),
    ("empty_a_column", "lucas", 4, "6>f 9>11 1>5 13>11 12>3 s>w 4>1 1>f 1>f", ["1>7"], ["1>9"]),
    ("split_a_run", "streets", 2, "", ["4>8"], ["2>5"]),
    ("send_home_now", "forty_thieves", 3, "", ["6>f"], ["8>9"]),
]


def _position(variant, deal, moves):
    game = Game(variant, deal=deal)
    for m in moves.split():
        game.play(m)
    return game


def test_every_theme_is_tested_and_said():
    assert sorted(t for t, *_ in KNOWN) == sorted(THEMES)
    for theme in THEMES:
        assert theme_name(theme) and theme_idea(theme).endswith(".")


@pytest.mark.parametrize(("theme", "variant", "deal", "moves", "answers", "losing"), KNOWN,
                         ids=[k[0] for k in KNOWN])
def test_each_theme_on_a_known_position(theme, variant, deal, moves, answers, losing):
    game = _position(variant, deal, moves)
    legal = {str(m) for m in game.legal_moves()}
    assert set(answers) | set(losing) <= legal
    assert theme_of(game, answers, losing) == theme
    lost = Move(losing[0])
    won = Move(answers[0])
    # the rule each theme names, seen on the table
    if theme == "when_to_redeal":
        assert lost.is_redeal
    elif theme == "which_twin_home":
        card = game.waste[-1] if lost.from_waste else game.tableau[lost.src][-1]
        assert won.is_home and lost.is_home and game.tableau[won.src][-1] == card
    elif theme in ("hold_back_from_home", "send_home_now"):
        assert (lost if theme == "hold_back_from_home" else won).is_home
    elif theme == "keep_an_empty_column":
        assert not game.tableau[lost.dst] and not won.between_columns
    elif theme in ("deal_rather_than_place", "place_before_dealing"):
        assert (won if theme == "deal_rather_than_place" else lost).is_deal
    elif theme == "where_the_waste_card_goes":
        assert won.from_waste
    elif theme == "empty_a_column":
        assert len(game.tableau[won.src]) == won.count
    elif theme == "split_a_run":
        column = game.tableau[won.src]
        assert won.between_columns and rank_of(column[-won.count - 1]) == rank_of(column[-won.count]) + 1
    else:
        assert won.between_columns and len(game.tableau[won.src]) > won.count


def test_kinds():
    game = _position("forty_thieves", 3, "")
    assert kind_of(game, "s>w") == "deal" and kind_of(game, "6>f") == "home"
    assert kind_of(game, "8>9") == "column"
    assert kind_of(_position("lucas", 1, "4>6 s>w"), "w>12") == "waste"
    assert kind_of(_position("little_forty", 1, LF_REDEAL), "w>s") == "redeal"
    assert set(KINDS) == {"deal", "home", "waste", "column", "redeal"}


def test_a_puzzle_needs_an_answer():
    with pytest.raises(ValueError, match="at least one answer"):
        theme_of(Game("forty_thieves", deal=1), [], ["s>w"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_shipped_themes_are_computed(variant):
    for p in puzzles(variant):
        game = p.game
        assert p.theme == theme_of(game, p.answers, p.losing), p.title
        assert p.kind == kind_of(game, p.answers[0]) and p.idea == THEMES[p.theme][1]
        assert p.stock_left == len(game.stock)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_files_themes_and_kinds_are_the_computed_ones(variant):
    """The puzzle files carry each puzzle's theme and kind for readers without the engine; they
    must be what the position gives, so the files cannot drift from the functions."""
    path = pathlib.Path(__file__).resolve().parents[1] / "ft_widget" / "data" / "puzzles" / f"{variant}.json"
    rows = json.loads(path.read_text(encoding="utf-8"))["puzzles"]
    computed = {(p.deal, len(p.moves)): (p.theme, p.kind) for p in puzzles(variant)}
    assert {(r["deal"], len(r["moves"])): (r["theme"], r["kind"]) for r in rows} == computed


def test_the_docs_themes_table_is_the_data():
    from ft_widget.training.puzzles import themes_markdown

    text = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "training.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- themes-table:.*?-->\n(.*?)\n<!-- /themes-table -->", text, re.S)
    assert m, "docs/training.md lost its themes-table markers"
    assert m.group(1).strip() == themes_markdown().strip()
