"""Figures the lessons state in their prose, checked against the data they read.

A lesson lets an Effect's sentence (its cell's output) state a figure where it can; where the
prose itself says a number or a direction, a test here checks it. One function per claim, pure
Python and fast; each lesson's tests are grouped under its name.
"""

import random

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
