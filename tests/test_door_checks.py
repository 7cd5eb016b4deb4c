"""Checked at the door: what a caller hands in is refused before anything runs, in words naming
the function and the parameter (random generators here; records, notation and variant names too)."""

from __future__ import annotations

import random

import pytest

from ft_widget import Game, study
from ft_widget.bench import bench_engine
from ft_widget.limits import check_rng, shown
from ft_widget.studies import run_deal
from ft_widget.teaching import Paired

RNG_BAD = [[1], 1.5, "x", True, False, b"7", {"seed": 1}, object()]


def game() -> Game:
    return Game("lucas", deal=3)


RNG_ENTRIES = [
    ("run_deal", lambda v: run_deal("lucas", 3, max_states=2_000, rng=v)),
    ("run_deal", lambda v: run_deal("lucas", 3, policy="cautious", rng=v)),
    ("study", lambda v: study("lucas", [3], max_states=2_000, processes=1, progress=False, rng=v)),
    ("Paired", lambda v: Paired([1, 2], [2, 3], resamples=10, rng=v)),
    ("bench_engine", lambda v: bench_engine([], rng=v)),
]


@pytest.mark.parametrize("where, call, bad", [
    pytest.param(where, call, bad, id=f"{where}-{k}-{bad!r:.12}")
    for k, (where, call) in enumerate(RNG_ENTRIES) for bad in RNG_BAD])
def test_a_bad_rng_is_refused_naming_the_function(where, call, bad):
    with pytest.raises(ValueError, match=f"^{where}: rng must be None, a whole number") as error:
        call(bad)
    assert str(error.value).endswith(f", not {shown(bad)}")


def test_check_rng_returns_what_it_accepts():
    numpy = pytest.importorskip("numpy")
    r = random.Random(4)
    assert check_rng("f", None) is None and check_rng("f", r) is r and check_rng("f", -3) == -3
    assert type(check_rng("f", numpy.int64(7))) is int and check_rng("f", numpy.int64(7)) == 7
    assert check_rng("f", random.SystemRandom()) is not None
    with pytest.raises(ValueError, match=r"^f: rng must be None, a whole number \(a seed\) or a "
                                         r"random.Random, not 1.5$"):
        check_rng("f", 1.5)


def test_good_rngs_still_work():
    rows = [run_deal("lucas", 3, policy="cautious", rng=rng) for rng in (5, random.Random(5), None)]
    assert all(row["result"] in ("won", "lost") for row in rows)
    # a Random gives its seed: two equal generators, the same game
    same = [run_deal("lucas", 3, policy="random", rng=random.Random(9))["moves"] for _ in range(2)]
    assert same[0] == same[1]
    assert Paired([1, 2, 3], [2, 3, 5], resamples=50, rng=random.Random(1)).diff == pytest.approx(4 / 3)
    assert Paired([1, 2, 3], [2, 3, 5], resamples=50, rng=None).n == 3
    with pytest.raises(ValueError, match="^Paired: rng must be None, a whole number >= 0"):
        Paired([1, 2], [2, 3], rng=-1)
    assert bench_engine(["lucas"], seconds=0.05, depth=5, rng=random.Random(2))[0]["variant"] == "lucas"
