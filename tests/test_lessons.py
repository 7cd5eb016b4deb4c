"""Figures the lessons state in their prose, checked against the data they read.

A lesson lets an Effect's sentence (its cell's output) state a figure where it can; where the
prose itself says a number or a direction, a test here checks it. One function per claim, pure
Python and fast; each lesson's tests are grouped under its name.
"""


# ---------------------------------------------------------------------------------- indian
def _indian_games():
    """Indian's whole games, player -> {deal: row}."""
    from ft_widget.experiments import rows

    out: dict[str, dict[int, dict]] = {}
    for r in rows("indian", "games"):
        out.setdefault(r["player"], {})[r["deal"]] = r
    return out


def _indian_mean_change(games, change, measure="cards_home"):
    base = games["habit"]
    return sum(games[change][d][measure] - base[d][measure] for d in base) / len(base)


def _indian_fork(change):
    from ft_widget.experiments import rows
    from ft_widget.teaching import replayed

    row = next(r for r in rows("indian", "forks") if r["player"] == change)
    return row, replayed("indian", row["deal"], row["before"] or "")


def _indian_puzzle(theme):
    from ft_widget import puzzles

    return next(p for p in puzzles("indian") if p.theme == theme)


def test_indian_the_rules_as_told():
    """Ten columns of three, the bottom one face down, a 74-card stock; a card has six parents."""
    from ft_widget import VARIANTS, Game, parse_card, rules
    from ft_widget.teaching import cards

    game = Game("indian", deal=1)
    assert [len(c) for c in game.tableau] == [3] * 10 and game.face_down_counts == [1] * 10
    assert len(game.stock) == 74
    build = rules.get_build(VARIANTS["indian"].build)
    assert cards(rules.builders_table(build)[parse_card("10H")]) == "9♣ 9♦ 9♠"  # two decks: six parents


def test_indian_each_change_played_the_same_thousand_deals():
    games = _indian_games()
    assert all(set(g) == set(range(1, 1001)) for g in games.values())


def test_indian_the_habit_player_never_wins():
    assert not any(r["won"] for r in _indian_games()["habit"].values())


def test_indian_when_the_seven_of_hearts_is_safe_home():
    """Before 7♥ is safe: both 6♥ and both copies of the three other sixes home."""
    from ft_widget import VARIANTS, parse_card, rules

    build = rules.get_build(VARIANTS["indian"].build)
    seven = parse_card("7H")
    all_sixes = (6,) * 8  # per suit (♣ ♦ ♥ ♠) its two piles, the higher first
    assert rules.safe_home(all_sixes, seven, build)
    for suit in range(4):  # one six of any suit missing
        short = tuple(h - (k == 2 * suit + 1) for k, h in enumerate(all_sixes))
        assert not rules.safe_home(short, seven, build), suit


def test_indian_holding_back_is_the_costliest_change():
    games = _indian_games()
    changes = [c for c in games if c != "habit"]
    assert min(changes, key=lambda c: _indian_mean_change(games, c)) == "home only when safe"


def test_indian_home_fork_is_the_two_of_diamonds():
    from ft_widget.teaching import cards

    row, game = _indian_fork("home only when safe")
    assert row["deal"] == 1 and cards(game.waste[-1:]) == "2♦"
    assert (row["habit_move"], row["changed_move"]) == ("w>f", "s>w")


def test_indian_waste_fork_seven_moves_into_deal_one():
    """7♦ in the waste fits on column 4's 8♠; column 9 is empty; the habit lays it on the 8♠."""
    from ft_widget.teaching import cards

    for change in ("waste card into an empty column", "deal past the waste card"):
        row, game = _indian_fork(change)
        assert row["deal"] == 1 and len(game.history) == 7 and row["habit_move"] == "w>4"
        assert cards(game.waste[-1:]) == "7♦" and cards(game.tableau[3][-1:]) == "8♠"
        assert not game.tableau[8]
    assert _indian_fork("waste card into an empty column")[0]["changed_move"] == "w>9"
    assert _indian_fork("deal past the waste card")[0]["changed_move"] == "s>w"


def test_indian_the_waste_card_into_a_space_is_the_best_change_and_wins_a_few():
    games = _indian_games()
    changes = [c for c in games if c != "habit"]
    assert max(changes, key=lambda c: _indian_mean_change(games, c)) == "waste card into an empty column"
    wins = sum(r["won"] for r in games["waste card into an empty column"].values())
    assert 0 < wins <= 10  # "a few deals"


def test_indian_dig_fork_on_deal_one():
    """The habit turns up column 5's hidden card from under 10♣; the change moves 8♠ onto 9♥,
    baring the 6♥ over column 4's hidden card."""
    from ft_widget.teaching import cards, turns_up_card

    row, game = _indian_fork("dig farthest from a hidden card")
    assert row["deal"] == 1 and (row["habit_move"], row["changed_move"]) == ("5>8", "4>9")
    assert turns_up_card(game, "5>8") and cards(game.tableau[4][-1:]) == "10♣"
    assert cards(game.tableau[3][1:]) == "6♥ 8♠" and game.face_down_counts[3] == 1
    assert cards(game.tableau[8][-1:]) == "9♥"


def test_indian_smaller_choices_and_their_mirrors():
    """Away from hidden cards / suit furthest from home gain under a card; their mirrors lose;
    "dig nearest" plays the very same games."""
    games = _indian_games()
    for gain, loss in (("build away from hidden cards", "build onto hidden cards"),
                       ("build on the suit furthest from home", "build on the suit nearest home")):
        assert 0 < _indian_mean_change(games, gain) < 1 and -1 < _indian_mean_change(games, loss) < 0
    near, habit = games["dig nearest a hidden card"], games["habit"]
    assert all((near[d]["cards_home"], near[d]["moves"]) == (habit[d]["cards_home"], habit[d]["moves"])
               for d in habit)


def test_indian_every_puzzle_is_late_and_about_the_waste_card():
    """All the puzzles have at most five cards in the stock, and the habit plays the waste's card."""
    from ft_widget import puzzles

    shipped = puzzles("indian")
    assert shipped and all(len(p.game.stock) <= 5 and p.habit.startswith("w>") for p in shipped)


def test_indian_the_puzzles_the_lesson_describes():
    from ft_widget.teaching import cards

    home = _indian_puzzle("hold_back_from_home")  # the waste's 6♦ fits home and on a 7♣
    assert cards(home.game.waste[-1:]) == "6♦" and home.habit == "w>f"
    assert {str(m) for m in home.game.legal_moves()} >= {"w>f", *home.answers}
    assert all(cards(home.game.tableau[int(m[2:]) - 1][-1:]) == "7♣" for m in home.answers)
    deal_on = _indian_puzzle("deal_rather_than_place")  # the waste's 5♦ fits on a 6♣
    dst = int(deal_on.habit[2:]) - 1
    assert cards(deal_on.game.waste[-1:]) == "5♦" and cards(deal_on.game.tableau[dst][-1:]) == "6♣"
    space = _indian_puzzle("keep_an_empty_column")  # column 2 empty, the waste shows 9♦
    assert not space.game.tableau[1] and cards(space.game.waste[-1:]) == "9♦" and space.habit == "w>2"
    dig = _indian_puzzle("dig_out_a_card")  # the stock is out; a column card, not the waste's, into the space
    (answer,) = dig.answers
    assert not dig.game.stock and dig.habit[2:] == answer.split(">")[1] and answer[0] != "w"
    assert not dig.game.tableau[int(answer.split(">")[1]) - 1]


def test_indian_reviewed_game_lost_on_the_three_of_diamonds():
    """Deal 10: move 125 sends the waste's 3♦ home; column 10 holds A♠ under 4♣ 3♦ 2♠; w>2 lays the
    3♦ on a 4♠; after w>f the 2♠ cannot move, with no empty column and the stock nearly out."""
    from ft_widget import Game, parse_card, play_policy, rules
    from ft_widget.teaching import cards, replayed

    played = play_policy(Game("indian", deal=10), "foundations_first", rng=1)
    before = replayed("indian", 10, played.moves[:124])
    assert str(played.moves[124]) == "w>f" and cards(before.waste[-1:]) == "3♦"
    column = before.tableau[9]
    assert cards(column[-3:]) == "4♣ 3♦ 2♠" and parse_card("AS") in column
    assert rules.foundation_heights(before.foundations)[7] == 0  # the last A♠: a spade pile waits for it
    assert cards(before.tableau[1][-1:]) == "4♠"
    after = before.copy()
    after.play("w>f")
    assert not any(m.src == 9 for m in after.legal_moves() if m.between_columns)
    assert all(after.tableau) and len(after.stock) <= 5


# ---------------------------------------------------------------------------------- limited
def _limited_games():
    """Limited's whole games, player -> {deal: row}, and each changed player's base."""
    from ft_widget.experiments import rows

    out: dict[str, dict[int, dict]] = {}
    base: dict[str, str] = {}
    for r in rows("limited", "games"):
        out.setdefault(r["player"], {})[r["deal"]] = r
        base[r["player"]] = r["base"]
    return out, base


def _limited_change(change, measure="cards_home"):
    games, base = _limited_games()
    before = games[base[change]]
    return sum(games[change][d][measure] - before[d][measure] for d in before) / len(before)


def _limited_late(row):
    """Fewer than half the stock's 68 cards left at a fork (the lesson's ``late``)."""
    return 68 - (row["before"] or "").split().count("s>w") < 34


def _limited_fork(change, where=lambda row: True):
    from ft_widget.experiments import rows
    from ft_widget.teaching import replayed

    row = next(r for r in rows("limited", "forks") if r["player"] == change and where(r))
    return row, replayed("limited", row["deal"], row["before"] or "")


def test_limited_the_rules_as_told():
    from ft_widget import VARIANTS, Game

    game = Game("limited", deal=1)
    assert [len(c) for c in game.tableau] == [3] * 12 and len(game.stock) == 68
    assert VARIANTS["limited"].stock_cards // 2 == 34 and not VARIANTS["limited"].sequences


def test_limited_the_spender_is_the_largest_gain_and_wins_where_the_habit_never_does():
    games, base = _limited_games()
    assert not any(r["won"] for r in games["habit"].values())
    assert any(r["won"] for r in games["spender"].values())
    changes = [c for c in games if c != "habit"]
    assert max(changes, key=_limited_change) == "spender"
    for half in ("empty column to free a home card", "waste card into an empty column"):
        assert base[half] == "habit" and _limited_change(half) > 0
    assert all(base[c] == "spender" for c in changes if c not in (
        "spender", "empty column to free a home card", "waste card into an empty column"))


def test_limited_a_space_opens_on_deal_one_and_the_ace_goes_home():
    """After eight moves of deal 1, the spender lifts the 10♦ into the space; the A♠ under it fits home."""
    from ft_widget import rules
    from ft_widget.teaching import cards

    row, game = _limited_fork("spender")
    assert row["deal"] == 1 and len(game.history) == 8 and row["changed_move"] == "11>1"
    assert not game.tableau[0] and cards(game.tableau[10][-2:]) == "A♠ 10♦"
    assert rules.fits_home(rules.foundation_heights(game.foundations), game.tableau[10][-2])


def test_limited_parking_late_loses_wins_early_no_difference_and_a_ban_costs():
    from ft_widget.experiments import compare_choices, rows

    forks = rows("limited", "forks")
    waste = "waste card into an empty column"
    late = compare_choices(forks, waste, "base", "changed", where=_limited_late)
    early = compare_choices(forks, waste, "base", "changed", where=lambda r: not _limited_late(r))
    assert late.high < 0 and not early.clear
    assert _limited_change("no waste card into a space in the stock's second half", "won") < 0


def test_limited_deal_46_parking_the_six_of_clubs_loses():
    """Four cards in the stock; a win after the deal, none after 6♣ into the space."""
    from ft_widget.teaching import cards

    row, game = _limited_fork("waste card into an empty column", lambda r: _limited_late(r) and (
        r["base_verdict"], r["changed_verdict"]) == ("won", "lost"))
    assert row["deal"] == 46 and len(game.stock) == 4 and cards(game.waste[-1:]) == "6♣"
    assert (row["base_move"], row["changed_move"]) == ("s>w", "w>7") and not game.tableau[6]


def test_limited_every_puzzle_is_a_late_space_the_waste_card_fits_only():
    from ft_widget import puzzles

    shipped = puzzles("limited")
    for p in shipped:
        space = [i for i, c in enumerate(p.game.tableau) if not c]
        waste = [str(m) for m in p.game.legal_moves() if str(m).startswith("w>")]
        assert len(space) == 1 and waste == [f"w>{space[0] + 1}"] and len(p.game.stock) < 34


def test_limited_dealing_past_costs_most_and_the_ten_of_hearts_fits():
    from ft_widget.teaching import cards

    games, _ = _limited_games()
    changes = [c for c in games if c != "habit"]
    assert min(changes, key=_limited_change) == "deal past the waste card"
    assert _limited_change("deal past the waste card", "won") < 0
    row, game = _limited_fork("deal past the waste card")
    assert row["deal"] == 1 and (row["base_move"], row["changed_move"]) == ("w>10", "s>w")
    assert cards(game.waste[-1:]) == "10♥" and cards(game.tableau[9][-1:]) == "J♥"


def test_limited_runs_capped_cost_carried_gain():
    """Capping runs costs wins, carrying gains; deal 1's carry moves 9♦ 8♦ onto 10♦, emptying column 12."""
    from ft_widget.teaching import cards

    assert _limited_change("runs of at most three", "won") < 0 < _limited_change("carry built runs", "won")
    row, game = _limited_fork("carry built runs", lambda r: "x" in r["changed_move"])
    assert row["deal"] == 1 and row["changed_move"] == "12>11x2"
    assert cards(game.tableau[11]) == "9♦ 8♦" and cards(game.tableau[10][-1:]) == "10♦"
    assert any(not c for c in game.tableau)  # a space to carry through


def test_limited_which_column_to_clear():
    """Fewest or most cards: no measurable difference; where the card beneath goes home: a gain."""
    from ft_widget.experiments import compare_players, rows

    table = rows("limited", "games")

    def against(change):
        return compare_players(table, "spender", change, by="player")

    assert not against("dig the column with fewest cards").clear
    assert not against("dig the column with most cards").clear
    assert _limited_change("dig where the card beneath goes home") > 0


def test_limited_reviewed_game_parks_the_two_of_hearts_and_the_solver_carries_twice():
    from ft_widget import Game, play_policy
    from ft_widget.teaching import cards, replayed

    played = play_policy(Game("limited", deal=3), "foundations_first", rng=1)
    k = 137  # move 138, the one the review marks
    before = replayed("limited", 3, played.moves[:k])
    assert str(played.moves[k]) == "w>7" and cards(before.waste[-1:]) == "2♥" and len(before.stock) == 1
    assert [i for i, c in enumerate(before.tableau) if not c] == [6]  # the only space
    # the solver's line from there (the review shows it): two carries through column 7
    line = ["8>2", "s>w", "w>f", "12>7", "12>11", "7>11", "4>7", "4>2", "7>2", "4>8", "4>8", "4>f"]
    after = before.copy()
    for move in line:
        after.play(move)
    assert cards(after.tableau[10][-3:]) == "9♣ 8♣ 7♣"
    assert "2♣" not in cards([c for col in after.tableau for c in col])  # home
    after.play("12>f")
    assert sum(not c for c in after.tableau) == 3
