"""Limits are checked at the door: every public function that takes a time limit, a state budget
or a count refuses NaN, infinities, negatives, 0 where it means nothing, bools, text and floats
where a whole number is meant, with a ValueError naming the function and the argument, before
anything runs. (NaN compares false with everything: unchecked, it switched a search's limit off.)"""

from __future__ import annotations

import math

import pytest

from ft_widget import Board, Game, hint, play_policy, solve, study
from ft_widget.bench import (
    bench_candidates,
    bench_deal_and_play,
    bench_engine,
    bench_exhaust,
    bench_expert,
    bench_relay,
    bench_solver,
    bench_solver_speed,
)
from ft_widget.expert import MAX_WORLDS, Expert, estimate
from ft_widget.limits import check_count, check_time_limit, shown
from ft_widget.studies import run_deal
from ft_widget.teaching import Paired, find_turn_up, near_the_end
from ft_widget.training import review
from ft_widget.training.puzzles import Puzzle

NAN, INF = math.nan, math.inf
SECONDS_BAD = [NAN, INF, -INF, -1, 0, True, "5", None, [1]]
COUNT_BAD = [NAN, INF, -1, 2.5, 5.0, True, "5", [1]]


def game() -> Game:
    return Game("lucas", deal=3)  # won within 2,100 states: a call that got through ends soon


# (where, argument, call with that argument, bad values): each call returns at once when the
# value is refused; the few that would run long with a bad value run on nothing (variants=[]).
ENTRIES = [
    ("solve", "time_limit", lambda v: solve(game(), time_limit=v, max_states=3_000),
     [v for v in SECONDS_BAD if v is not None]),  # None: no clock
    ("solve", "max_states", lambda v: solve(game(), max_states=v), COUNT_BAD + [0]),
    ("hint", "time_limit", lambda v: hint(game(), time_limit=v, max_states=3_000), SECONDS_BAD),
    ("hint", "time_limit", lambda v: hint(game(), time_limit=v, peek=True), SECONDS_BAD),
    ("hint", "max_states", lambda v: hint(game(), max_states=v), COUNT_BAD + [0]),
    ("hint", "time_limit", lambda v: Board("lucas", 3).hint(time_limit=v), [NAN, INF, -1, 0, True, "5"]),
    ("play_policy", "max_moves", lambda v: play_policy(game(), "cautious", 1, max_moves=v), COUNT_BAD),
    ("run_deal", "time_limit", lambda v: run_deal("lucas", 3, time_limit=v, max_states=3_000), SECONDS_BAD),
    ("run_deal", "max_states", lambda v: run_deal("lucas", 3, max_states=v), COUNT_BAD + [0]),
    ("study", "time_limit",
     lambda v: study("lucas", [3], time_limit=v, max_states=3_000, processes=1, progress=False), SECONDS_BAD),
    ("study", "max_states",
     lambda v: study("lucas", [3], max_states=v, processes=1, progress=False), COUNT_BAD + [0]),
    ("study", "processes", lambda v: study("lucas", [3], max_states=3_000, processes=v, progress=False),
     [NAN, INF, -1, 2.5, True, "5"]),
    ("Expert", "worlds", lambda v: Expert(worlds=v), COUNT_BAD + [0, 1001, 10**400]),
    ("Expert", "max_states", lambda v: Expert(max_states=v), COUNT_BAD + [0]),
    ("Expert", "progress_worlds", lambda v: Expert(progress_worlds=v), COUNT_BAD + [0, 1001, 10**400]),
    ("Expert", "game_states", lambda v: Expert(game_states=v), COUNT_BAD),
    ("Expert", "plans", lambda v: Expert(plans=v), COUNT_BAD),
    ("Expert", "wait_reveals", lambda v: Expert(wait_reveals=v), COUNT_BAD),
    ("Expert", "give_up", lambda v: Expert(give_up=v), COUNT_BAD + [0]),
    ("Expert", "replan", lambda v: Expert(replan=v), COUNT_BAD + [0]),
    ("Expert", "time_limit", lambda v: Expert(time_limit=v), [NAN, INF, -1, 0, True, "5"]),
    ("estimate", "worlds", lambda v: estimate(game(), ["s>w"], worlds=v, max_states=2_000),
     COUNT_BAD + [0, 1001, 10**400]),
    ("estimate", "max_states", lambda v: estimate(game(), ["s>w"], worlds=1, max_states=v), COUNT_BAD + [0]),
    ("review", "worlds", lambda v: review(game(), worlds=v, progress=False), COUNT_BAD + [0, 1001, 10**400]),
    ("Puzzle", "max_states", lambda v: Puzzle(game(), max_states=v), COUNT_BAD + [0]),
    ("Puzzle", "max_states", lambda v: Board.puzzle(game(), max_states=v), COUNT_BAD + [0]),
    ("Paired", "resamples", lambda v: Paired([1, 2], [2, 3], resamples=v), COUNT_BAD + [0]),
    ("find_turn_up", "depth", lambda v: find_turn_up(game(), depth=v), COUNT_BAD),
    ("near_the_end", "moves_left", lambda v: near_the_end("lucas", 3, moves_left=v, data={"deals": []}),
     COUNT_BAD + [0]),
    ("bench_engine", "seconds", lambda v: bench_engine([], seconds=v), SECONDS_BAD),
    ("bench_engine", "depth", lambda v: bench_engine([], depth=v), COUNT_BAD + [0]),
    ("bench_solver_speed", "budget", lambda v: bench_solver_speed([], budget=v), COUNT_BAD + [0]),
    ("bench_solver_speed", "large", lambda v: bench_solver_speed([], large=v), COUNT_BAD + [0]),
    ("bench_candidates", "budget", lambda v: bench_candidates([], budget=v), COUNT_BAD + [0]),
    ("bench_solver", "time_limit", lambda v: bench_solver(["lucas"], [3], time_limit=v), SECONDS_BAD),
    ("bench_solver", "processes", lambda v: bench_solver([], [], time_limit=1, processes=v), COUNT_BAD + [0]),
    ("bench_deal_and_play", "budget", lambda v: bench_deal_and_play([], [], budget=v), COUNT_BAD + [0]),
    ("bench_relay", "budget", lambda v: bench_relay([], [], budget=v), COUNT_BAD + [0]),
    ("bench_relay", "processes", lambda v: bench_relay([], [], budget=1, processes=v), COUNT_BAD + [0]),
    ("bench_exhaust", "cap", lambda v: bench_exhaust("lucas", [], cap=v), COUNT_BAD + [0]),
    ("bench_expert", "hints", lambda v: bench_expert([], [], hints=v), COUNT_BAD),
]
CASES = [pytest.param(where, name, call, bad, id=f"{where}-{name}-{bad!r}")
         for where, name, call, bads in ENTRIES for bad in bads]


@pytest.mark.parametrize("where, name, call, bad", CASES)
def test_a_bad_limit_is_refused_naming_the_function_and_the_argument(where, name, call, bad):
    with pytest.raises(ValueError, match=f"^{where}: {name} must be a ") as error:
        call(bad)
    assert str(error.value).endswith(f", not {shown(bad)}")


def test_good_limits_still_work():
    assert solve(game(), time_limit=5, max_states=3_000).won  # an int time limit is fine
    assert hint(game(), time_limit=0.5, max_states=3_000) is not None
    assert play_policy(game(), "cautious", 1, max_moves=0).why == "no win within 0 moves"
    assert Expert(game_states=0, plans=0, wait_reveals=0, time_limit=None).max_states == 20_000


def test_the_checks_return_the_number_they_accept():
    numpy = pytest.importorskip("numpy")
    assert check_time_limit("f", "t", 2) == 2.0 and isinstance(check_time_limit("f", "t", 2), float)
    assert check_time_limit("f", "t", None, optional=True) is None
    assert check_count("f", "n", numpy.int64(7), 1) == 7
    assert type(check_count("f", "n", numpy.int64(7))) is int
    assert check_count("f", "n", None, optional=True) is None
    with pytest.raises(ValueError, match="^f: n must be a whole number from 1 to 3, not 4$"):
        check_count("f", "n", 4, 1, 3)
    with pytest.raises(ValueError, match=r"^f: t must be a finite number > 0, not <a whole number of "):
        check_time_limit("f", "t", 10**400)  # float() of it overflows


def test_an_unknown_policy_name_is_a_value_error():
    with pytest.raises(ValueError, match="unknown policy 'psychic': choose one of"):
        play_policy(game(), "psychic")


def test_quotes_of_bad_input_are_short_and_never_fail():
    deep: object = 1
    for _ in range(100_000):
        deep = [deep]

    class Hostile:
        def __repr__(self):
            raise RuntimeError("no repr")

    for value in (deep, "x" * 1_000_000, {"x" * 1_000_000: [1] * 1_000_000}, 10**5000, Hostile(),
                  b"x" * 1_000_000, ("a", ["b", {"c": None}])):
        assert len(shown(value)) <= 60
    assert shown("x" * 100).endswith("…") and shown("3>f") == "'3>f'" and shown(NAN) == "nan"
    assert shown(Hostile()) == "<Hostile>" and shown(deep) == "[[[[…]]]]"


def test_worlds_are_capped_with_the_bound_named():
    """``review(g, worlds=10**400)`` was accepted and dealt every world before solving one."""
    for call in (lambda: review(game(), worlds=10**400, progress=False),
                 lambda: estimate(game(), ["s>w"], worlds=10**400),
                 lambda: Expert(worlds=MAX_WORLDS + 1)):
        with pytest.raises(ValueError, match=f"worlds must be a whole number from 1 to {MAX_WORLDS}, not "):
            call()
    assert Expert(worlds=MAX_WORLDS).worlds == MAX_WORLDS
