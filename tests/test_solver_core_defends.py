"""The compiled core defends itself: malformed arguments, a re-entrant callback and failed
allocations give a clear Python exception, never a crash and never an unsound "lost".

Each case runs in its own process (``tests/core_abuse.py``): a core that writes past a buffer kills
the interpreter with a signal (SIGSEGV, SIGABRT), which the exit code shows.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ft_widget import VARIANTS, Game, solve
from ft_widget.solver import model as model_module
from ft_widget.solver.model import Model
from ft_widget.solver.search import COMPILED, search

needs_core = pytest.mark.skipif(not COMPILED, reason="the compiled core is not built here")
pytestmark = pytest.mark.slow  # a Python process a case: CI runs them, the quick loop does not
DRIVER = Path(__file__).with_name("core_abuse.py")


def drive(case: str) -> list[str]:
    done = subprocess.run([sys.executable, str(DRIVER), case], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{case}: exit code {done.returncode} (negative: a signal)\n{done.stderr}"
    lines = done.stdout.splitlines()
    assert lines[-1] == "ok", done.stdout + done.stderr
    return lines[:-1]


@needs_core
@pytest.mark.parametrize("case, refusal", [
    ("table_not_down_one_rank", "ValueError: onto row 0: a card goes on distinct cards one rank higher"),
    ("table_same_rank", "ValueError: onto row 0: a card goes on distinct cards one rank higher"),
    ("pile_ids_over_255", "ValueError: a pile number must be within 0..255"),
    ("pile_ids_equal", "ValueError: the waste, stock and foundation pile numbers must differ"),
    ("pile_id_is_a_column", "ValueError: pile numbers must not name a column"),
    ("thirteen_long_columns", "ValueError: card 0 appears 14 times (two decks: at most twice)"),
    ("weights_out_of_range", "ValueError: a weight must be within -64..64"),
    ("weights_huge", "ValueError: a weight must be within -64..64"),
    ("stock_deal_huge", "ValueError: stock_deal must be within 1..255"),
    ("dead_ends_not_a_flag", "ValueError: dead_ends must be within 0..1"),
    ("flags_one_short", "TypeError: flags: a tuple of 12 ints"),
    ("redeals_huge", "ValueError: redeals must be within 0..255"),
    ("down_counts_short", "ValueError: down: one count per column"),
    ("uninitialised", "RuntimeError: Search was not initialised"),
    ("init_twice", "RuntimeError: Search is initialised once"),
])
def test_malformed_arguments_are_refused_without_a_crash(case, refusal):
    [line] = drive(case)
    assert line.startswith("refused " + refusal), line


@needs_core
def test_a_callback_that_reenters_advance_is_refused_and_the_search_stops():
    """Before, the search reported "lost" after 3 states."""
    lines = drive("reentrant")
    assert lines == ["refused RuntimeError: Search.advance called again while it runs (from a callback)",
                     "refused RuntimeError: this search failed earlier and cannot go on"]


@needs_core
def test_a_failed_allocation_is_latched_and_never_followed_by_a_loss():
    lines = [line for line in drive("allocation_fails") if line != "advance: 0"]
    assert lines[0].startswith("refused MemoryError"), lines
    assert lines[1:] == ["refused RuntimeError: this search failed earlier and cannot go on"] * 3


@needs_core
def test_the_weights_model_accepts_are_the_cores():
    """Model and the core take the same range, and every weight at its ends (which made scores
    beyond the old queue's -2048..2047) gives the same search on both paths."""
    from ft_widget.solver import _core

    assert _core.MAX_WEIGHT == model_module.MAX_WEIGHT
    w = model_module.MAX_WEIGHT
    for bad in ((w + 1, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, -w - 1), (1.5, 0, 0, 0, 0, 0, 0),
                (True, 0, 0, 0, 0, 0, 0), (1, 2)):
        with pytest.raises(ValueError, match="weights"):
            Model(VARIANTS["maria"], weights=bad)
    game = Game("maria", deal=2)
    start = Model.from_game(game)
    for weights in ((w, -w, -w, w, -w, -w, w), (-w, w, w, -w, w, w, -w), (w,) * 7):
        model = Model(game.variant, run_moves=True, home_first=True, weights=weights)
        compiled = search([(model, 1)], start, 600.0, 3_000, core="compiled")
        assert compiled == search([(model, 1)], start, 600.0, 3_000, core="pure"), weights


def _unchecked(variant, **changes):
    """``variant`` with ``changes`` made past the Variant's own checks (as a hand-made object
    might come to the solver): what the model itself must refuse or make sense of."""
    made = object.__new__(type(variant))
    for name in type(variant).__dataclass_fields__:
        object.__setattr__(made, name, changes.get(name, getattr(variant, name)))
    return made


def test_an_impossible_stock_deal_is_a_value_error_and_a_huge_one_deals_the_whole_stock():
    """``Variant(stock_deal=2**40)`` made solve raise OverflowError in the core: the Variant now
    refuses it, and past the Variant's checks the model deals the whole stock (more cards than the
    game holds), the same on both paths, and refuses a deal that is no whole number above 0."""
    import dataclasses

    with pytest.raises(ValueError, match="stock_deal"):
        dataclasses.replace(VARIANTS["little_forty"], id="huge_deal", stock_deal=2**40)
    huge = _unchecked(VARIANTS["little_forty"], id="huge_deal", stock_deal=2**40)
    whole = dataclasses.replace(VARIANTS["little_forty"], id="whole_deal", stock_deal=104)
    assert Model(huge).stock_deal == 104
    answers = [(r.status, r.states, r.moves)
               for v in (huge, whole) for core in ("auto", "pure")
               for r in [solve(Game(v, deal=3), max_states=3_000, core=core)]]
    assert answers.count(answers[0]) == 4
    for deal in (0, -1, 1.0):
        with pytest.raises(ValueError, match="stock_deal"):
            Model(_unchecked(huge, stock_deal=deal))
