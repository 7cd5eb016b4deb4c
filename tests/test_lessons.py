"""Figures the lessons state in their prose, checked against the data they read.

A lesson lets an Effect's sentence (its cell's output) state a figure where it can; where the
prose itself says a number or a direction, a test here checks it. One function per claim, pure
Python and fast; each lesson's tests are grouped under its name.
"""

from ft_widget import VARIANTS, Move, puzzles
from ft_widget.experiments import compare_choices, compare_players, lines, rows, runs
from ft_widget.teaching import replayed


# ---------------------------------------------------------------------------------- maria
def _maria_stock(deal, ply):
    return len(replayed("maria", deal, lines("maria")[deal][:ply]).stock)


def test_maria_the_deal_and_the_runs():
    maria = VARIANTS["maria"]
    assert (maria.columns, maria.cards_per_column, maria.stock_cards) == (9, 4, 68)  # "nine columns of four"
    assert len(lines("maria")) == 90 and "--deals 1-200" in runs("maria")["questions"]["command"]
    games = rows("maria", "games")
    assert {sum(r["policy"] == p for r in games) for p in {r["policy"] for r in games}} == {1000}


def test_maria_positions_shown():
    assert _maria_stock(110, 144) == 5 and _maria_stock(9, 126) == 5 and _maria_stock(3, 429) == 1
    at = {(r["question"], r["deal"], r["ply"], r["option"]): r["verdict"] for r in rows("maria", "questions")}
    assert at["waste", 110, 144, "deal"] == "lost" and at["waste", 110, 144, "onto"] == "won"
    assert at["empty", 9, 126, "waste"] == "lost" and at["empty", 9, 126, "keep"] == "won"
    assert at["home", 3, 429, "home"] == "lost" and at["home", 3, 429, "hold"] == "won"


def test_maria_rules_hold_both_ways():
    """Rules 1 and 2 rest on position comparisons clear of zero however unsettled verdicts count."""
    choices = rows("maria", "questions")
    late = [r for r in choices if r["stock"] < 10]
    for unsettled in ("left out", "as lost"):
        assert compare_choices(choices, "waste", "deal", "onto", unsettled=unsettled).low > 0
        for table, option in ((choices, "waste"), (late, "waste"), (choices, "card")):
            assert compare_choices(table, "empty", "keep", option, unsettled=unsettled).high < 0
        assert compare_choices(choices, "home", "hold", "home", unsettled=unsettled).high > 0  # never holding
    waste_all = compare_choices(choices, "empty", "keep", "waste")
    assert compare_choices(late, "empty", "keep", "waste").diff < waste_all.diff  # "most in the last stretch"
    assert not compare_choices(choices, "empty", "keep", "run").clear
    games = rows("maria", "games")
    assert compare_players(games, "cautious", "waste into an empty column").low > 0  # the idle player's gain
    assert compare_players(games, "cautious", "no unsafe home move").high < 0


def test_maria_the_place_of_the_waste_card_decided_nothing():
    seats = {}
    for r in rows("maria", "questions"):
        if r["question"] == "waste" and r["option"] == "onto" and r["verdict"] != "unknown":
            seats.setdefault((r["deal"], r["ply"]), []).append(r["verdict"])
    several = [v for v in seats.values() if len(v) >= 2]
    assert len(several) > 100 and all(len(set(v)) == 1 for v in several)


def test_maria_puzzles_named():
    shipped = puzzles("maria")
    placed = next(p for p in shipped if p.theme == "place_before_dealing")
    assert len(placed.game.stock) == 15 and placed.answers[0].startswith("w>")
    kept = next(p for p in shipped if p.theme == "keep_an_empty_column" and p.answers == ("s>w",))
    assert len(kept.game.stock) == 8
    home = next(p for p in shipped if Move(p.answers[0]).is_home)
    assert home.theme == "keep_an_empty_column" and not any(p.theme == "hold_back_from_home" for p in shipped)
    assert sum(p.theme == "dig_out_a_card" for p in shipped) == 2
