"""Figures the lessons state in their prose, checked against the data they read.

A lesson lets an Effect's sentence (its cell's output) state a figure where it can; where the
prose itself says a number or a direction, a test here checks it. One function per claim, pure
Python and fast; each lesson's tests are grouped under its name.
"""

from ft_widget import VARIANTS, Move, puzzles
from ft_widget.cards import card_symbol
from ft_widget.experiments import compare_choices, compare_players, lines, rows, runs
from ft_widget.teaching import into_empty_column, replayed, turns_up_card
from ft_widget.words import move_line


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


# ---------------------------------------------------------------------------------- streets
def _streets_fork(change, deal):
    r = next(r for r in rows("streets", "forks") if r["player"] == change and r["deal"] == deal)
    return r, replayed("streets", deal, r["before"])


def test_streets_the_deal_and_the_runs():
    streets = VARIANTS["streets"]
    assert (streets.columns, streets.cards_per_column, streets.stock_cards) == (10, 4, 64)
    command = runs("streets")["questions_run"]["command"]
    assert "--deals 1-1000" in command and "--fork-deals 1-200" in command
    assert not any(r["won"] for r in rows("streets", "games"))  # "none of its games is won"


def test_streets_positions_shown():
    r, g = _streets_fork("empty column to free a home card", 1)
    assert not g.tableau[4] and str(r["habit_move"]) == "s>w" and r["changed_move"] == "3>5"
    assert move_line(g, "3>5").startswith("3>5: move 4♦") and card_symbol(g.tableau[2][-2]) == "5♣"
    g.play("3>5")
    assert any(m.is_home and m.src == 2 for m in g.legal_moves())  # the 5♣ goes home
    r, g = _streets_fork("deal past the waste card", 8)
    assert r["habit_move"] == "w>5" and card_symbol(g.waste[-1]) == "Q♦"
    assert card_symbol(g.tableau[4][-1]) == "K♠"
    assert len(g.stock) > 50  # "early"
    r, g = _streets_fork("waste card into an empty column", 98)
    assert len(g.stock) == 6 and r["habit_verdict"] == "won" and r["changed_verdict"] == "lost"


def test_streets_rules():
    games, forks = rows("streets", "games"), rows("streets", "forks")
    changes = {r["player"] for r in games} - {"habit"}
    whole = {c: compare_players(games, "habit", c) for c in changes}
    assert max(whole, key=lambda c: whole[c].diff) == "empty column to free a home card"
    assert whole["empty column to free a home card"].low > 0 and whole["deal past the waste card"].high < 0
    assert whole["waste card into an empty column"].low > 0
    assert not whole["only a King into an empty column"].clear
    king = compare_choices(forks, "only a King into an empty column", "habit", "changed")
    assert king.high < 0  # "cost wins" where it decided a space
    others = [c for c in changes if c != "only a King into an empty column"]
    assert not any(compare_choices(forks, c, "habit", "changed").clear for c in others)  # "most changes"
    late = [r for r in forks if len(replayed("streets", r["deal"], r["before"]).stock) < 10]
    assert not compare_choices(late, "waste card into an empty column", "habit", "changed").clear


def test_streets_puzzles_named():
    shipped = puzzles("streets")
    assert len(shipped) == 6
    late_waste = [p for p in shipped if Move(p.habit).from_waste and into_empty_column(p.game, p.habit)
                  and len(p.game.stock) < 10]
    assert len(late_waste) == 3  # "in three of Streets' six"
    assert not any(p.theme == "place_before_dealing" for p in shipped)
    held = next(p for p in shipped if p.theme == "hold_back_from_home" and p.answers[0].startswith("w>"))
    assert Move(held.habit).is_home and Move(held.habit).from_waste
    dig = next(p for p in shipped if p.theme == "dig_out_a_card")
    assert into_empty_column(dig.game, dig.answers[0]) and not Move(dig.answers[0]).from_waste


# ---------------------------------------------------------------------------------- number_ten
def _number_ten_fork(change, deal):
    forks = rows("number_ten", "forks") + rows("number_ten", "dig_forks")
    r = next(r for r in forks if r["player"] == change and r["deal"] == deal)
    return r, replayed("number_ten", deal, r["before"])


def test_number_ten_the_deal_and_the_runs():
    ten = VARIANTS["number_ten"]
    assert (ten.columns, ten.cards_per_column, ten.face_down, ten.stock_cards) == (10, 4, 2, 64)
    for run in runs("number_ten").values():
        assert "--deals 1-1000" in run["command"] and "--fork-deals 1-200" in run["command"]
    assert not any(r["won"] for r in rows("number_ten", "games") + rows("number_ten", "dig_games"))


def test_number_ten_positions_shown():
    r, g = _number_ten_fork("move one card at a time", 118)
    assert len(r["before"].split()) == 5 and r["habit_move"] == "2>6x2" and r["changed_move"] == "s>w"
    r, g = _number_ten_fork("move runs whole", 32)
    assert Move(r["habit_move"]).count == 1 and Move(r["changed_move"]).count == 10
    assert into_empty_column(g, r["habit_move"]) and into_empty_column(g, r["changed_move"])
    r, g = _number_ten_fork("dig where most cards are face down", 39)
    assert turns_up_card(g, r["habit_move"]) and turns_up_card(g, r["changed_move"])
    hidden = g.face_down_counts
    assert hidden[Move(r["changed_move"]).src] > hidden[Move(r["habit_move"]).src]


def test_number_ten_rules():
    games, dig_games = rows("number_ten", "games"), rows("number_ten", "dig_games")
    forks = rows("number_ten", "forks") + rows("number_ten", "dig_forks")
    one = compare_players(games, "habit", "move one card at a time")
    assert one.high < 0 and compare_players(games, "habit", "move runs whole").low > 0
    most, fewest = "dig where most cards are face down", "dig where fewest cards are face down"
    assert all(one.diff < compare_players(games, "habit", c).diff for c in ("move runs whole",))  # "no other"
    assert all(one.diff < compare_players(dig_games, "habit", c).diff for c in (most, fewest))
    assert not any(compare_players(dig_games, "habit", c).clear for c in (most, fewest))
    head = compare_players(dig_games, fewest, most)
    assert head.low > 0 and f"{head.low:.1f}" == "0.0"  # above zero, rounds to 0.0
    for change in {r["player"] for r in forks}:
        assert not compare_choices(forks, change, "habit", "changed").clear  # "no change ... measurable"


def test_number_ten_puzzles_named():
    shipped = puzzles("number_ten")
    digging = [p for p in shipped if p.theme == "dig_out_a_card"]
    assert len(digging) == len(shipped) - 1
    assert all(any(Move(a).count > 1 for a in p.answers) for p in digging)  # the answer moves a run
    assert all(Move(p.habit).from_waste and into_empty_column(p.game, p.habit) for p in digging)
    other = next(p for p in shipped if p.theme == "deal_rather_than_place")
    assert Move(other.habit).from_waste and not into_empty_column(other.game, other.habit)
    assert other.answers == ("s>w",)


def test_number_ten_reviewed_position():
    """Before the losing move (move 142): the 10♦ on the waste, no other red ten on top of a column,
    column 8's one hidden card under a run headed by the 9♣."""
    from ft_widget import Game, play_policy
    from ft_widget.cards import is_red, rank_of

    played = play_policy(Game("number_ten", deal=40), "foundations_first", rng=1)
    before = replayed("number_ten", 40, list(played.moves)[:141])
    assert str(played.moves[141]) == "w>f" and card_symbol(before.waste[-1]) == "10♦"
    assert not any(rank_of(c[-1]) == 10 and is_red(c[-1]) for c in before.tableau if c)
    assert before.face_down_counts[7] == 1 and card_symbol(before.tableau[7][1]) == "9♣"
