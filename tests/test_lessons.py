"""Figures the lessons state in their prose, checked against the data they read.

A lesson lets an Effect's sentence (its cell's output) state a figure where it can; where the
prose itself says a number or a direction, a test here checks it. One function per claim, pure
Python and fast; each lesson's tests are grouped under its name.
"""

import random
from functools import cache

from ft_widget import Game, Outcome, deals, hint, solve
from ft_widget.expert import player_view
from ft_widget.hints import FAIR_STATES_PER_SECOND, FAIR_WORLDS
from ft_widget.training.catalogue import catalogue

# ---------------------------------------------------------------------------------- 00_start_here
START = "forty_thieves"
#: the board's one-second hint, as positions (00_start_here uses the same budget)
BOARD_BUDGET = int(FAIR_STATES_PER_SECOND * 1.0)


def _start_deal():
    deal = deals(START, difficulty="easy")[0]
    return deal, next(row for row in catalogue(START) if row.deal == deal)


def test_start_here_few_deals_are_easy():
    """ "Few Forty Thieves deals are easy": under a quarter of the catalogue."""
    rows = catalogue(START)
    assert sum(row.grade == "easy" for row in rows) < len(rows) / 4


def test_start_here_the_easy_deal_was_won_every_time():
    """ "the expert ... won every time": the grade's own runs."""
    _, entry = _start_deal()
    assert entry.grade == "easy" and entry.expert_wins == entry.runs > 0


def test_start_here_opening_searches_mostly_run_out():
    """At the first move most of the hint's worlds end with the budget spent: not won, not lost."""
    deal, _ = _start_deal()
    view, rng = player_view(Game(START, deal=deal)), random.Random(0)
    verdicts = [solve(view.sample(rng), max_states=BOARD_BUDGET // FAIR_WORLDS).status
                for _ in range(FAIR_WORLDS)]
    assert verdicts.count(Outcome.UNKNOWN) > FAIR_WORLDS / 2
    assert Outcome.LOST not in verdicts


def test_start_here_hint_grows_surer_as_the_stock_thins():
    """The opening hint finds a win in few of its worlds; 104 moves into the solver's line, in all."""
    deal, entry = _start_deal()
    game, later = Game(START, deal=deal), Game(START, deal=deal)
    for move in entry.line[:104]:
        later.play(move)
    assert len(later.stock) == 17  # the lesson's comment says so
    opening, then = hint(game, max_states=BOARD_BUDGET), hint(later, max_states=BOARD_BUDGET)
    assert opening.worlds_won <= opening.worlds / 2
    assert then.worlds_won == then.worlds > opening.worlds_won


# ---------------------------------------------------------------------------------- forty_thieves
@cache
def _ft():
    """The Forty Thieves lesson's data and its `pays` test (the lesson's helper, said again here)."""
    from ft_widget import Move
    from ft_widget.experiments import lines, rows
    from ft_widget.teaching import replayed

    solver_lines = lines("forty_thieves")

    @cache
    def position(deal, ply):
        return replayed("forty_thieves", deal, solver_lines[deal][:ply])

    def pays_at(game, move):
        game, move = game.copy(), Move.parse(move)
        game.play(move)
        if move.from_waste:
            return any(m.dst == move.dst for m in game.legal_moves())
        return any(m.src == move.src and (m.is_home or bool(game.tableau[m.dst])) for m in game.legal_moves())

    def pays(row):
        return pays_at(position(row["deal"], row["ply"]), row["move"])

    return rows("forty_thieves", "questions"), rows("forty_thieves", "games"), pays, pays_at


@cache
def _ft_effects(unsettled):
    from ft_widget.experiments import compare_choices

    choices, _, pays, _ = _ft()

    def split(option, test):
        return lambda r: r["option"] != option or test(pays(r))

    def empty(option, where=None):
        return compare_choices(choices, "empty", "keep", option, where=where, unsettled=unsettled)

    return {
        "waste": empty("waste"), "waste, nothing onto it": empty("waste", split("waste", lambda p: not p)),
        "waste, a card onto it": empty("waste", split("waste", lambda p: p)),
        "lift": empty("card"), "lift, uncovered stuck": empty("card", split("card", lambda p: not p)),
        "lift, uncovered moves": empty("card", split("card", lambda p: p)),
        "onto rather than deal": compare_choices(choices, "waste", "deal", "onto", unsettled=unsettled),
        "home rather than hold": compare_choices(choices, "home", "hold", "home", unsettled=unsettled),
    }


def test_forty_thieves_rules_and_what_is_not_a_rule():
    """The rules' effects are clear; the cases the prose calls "no measurable difference" are not."""
    e = _ft_effects("left out")
    for name in ("waste", "waste, nothing onto it", "lift", "lift, uncovered stuck"):
        assert e[name].clear and e[name].diff < 0, name
    assert e["onto rather than deal"].clear and e["onto rather than deal"].diff > 0
    for name in ("waste, a card onto it", "lift, uncovered moves", "home rather than hold"):
        assert not e[name].clear, name


def test_forty_thieves_unsettled_as_lost_grows_every_difference_in_its_direction():
    """ "counted as lost instead, every difference below grows and none changes direction", and the
    unsettled verdicts counted as lost "tip it towards sending" a card home."""
    left, lost = _ft_effects("left out"), _ft_effects("as lost")
    for name in left:
        assert (left[name].diff < 0) == (lost[name].diff < 0), name
        assert abs(lost[name].diff) >= abs(left[name].diff), name
    assert lost["home rather than hold"].clear and lost["home rather than hold"].diff > 0


def test_forty_thieves_puzzles_agree_with_the_rules():
    """One voice: each keep-an-empty-column puzzle's losing habit fills the column with a card that
    does not pay; every answer that fills a column (dig, place before dealing) pays at once."""
    from ft_widget import Move, puzzles

    *_, pays_at = _ft()
    shown = {p.theme: p for p in reversed(puzzles("forty_thieves"))}  # the first of each theme
    assert {"keep_an_empty_column", "dig_out_a_card", "place_before_dealing", "which_twin_home"} <= set(shown)
    for p in puzzles("forty_thieves"):
        if p.theme == "keep_an_empty_column" and Move.parse(p.habit).from_waste:
            assert not pays_at(p.game, p.habit), p.title
        for answer in p.answers:
            move = Move.parse(answer)
            if not (move.is_deal or move.is_home) and not p.game.tableau[move.dst]:
                assert pays_at(p.game, answer), (p.title, answer)


def test_forty_thieves_the_whole_game_player_seldom_wins():
    """ "It seldom wins Forty Thieves" (the habits' effects are the lesson cell's own output)."""
    _, games, _, _ = _ft()
    assert sum(r["status"] == "won" for r in games) < 0.01 * len(games)


def test_forty_thieves_the_reviewed_game_loses_on_the_wrong_six_of_clubs():
    """The prose of the review: deal 2 is winnable; the losing move and the one that kept the win
    both send 6♣ home; the kept one lies on 7♣; the clubs piles stand at five and one."""
    from ft_widget import Move, parse_card, play_policy, rules

    assert 2 in deals("forty_thieves", winnable=True)
    played = play_policy(Game("forty_thieves", deal=2), "foundations_first", rng=1)
    before = Game("forty_thieves", deal=2)
    for move in played.moves[:136]:
        before.play(move)
    lost, kept = Move.parse(str(played.moves[136])), Move.parse("10>f")
    six, seven = parse_card("6C"), parse_card("7C")
    assert str(lost) == "3>f" and kept in before.legal_moves()
    assert before.tableau[lost.src][-1] == six == before.tableau[kept.src][-1]
    assert before.tableau[kept.src][-2] == seven
    suit = 2 * (six // 13)
    assert rules.foundation_heights(before.foundations)[suit:suit + 2] == (5, 1)


# ---------------------------------------------------------------------------------- 11_working_from_code
def test_working_from_code_review_thresholds():
    """ "a move that gives up a quarter of them is an inaccuracy, half a mistake"."""
    from ft_widget.training.review import INACCURACY, MISTAKE

    assert (INACCURACY, MISTAKE) == (0.25, 0.5)


def test_working_from_code_grades_cover_the_catalogue():
    """The grade table's columns add up to every deal of each game's catalogue."""
    from ft_widget import VARIANTS
    from ft_widget.training.catalogue import DIFFICULTIES

    for v in VARIANTS:
        graded = sum(len(deals(v, difficulty=d)) for d in DIFFICULTIES)
        assert graded + len(deals(v, winnable=False)) == len(catalogue(v)), v
