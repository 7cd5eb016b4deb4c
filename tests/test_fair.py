"""The fair judge (issue 45, item 1): a position's moves over the same sampled worlds of the cards
a player cannot see, with a stated rule that no unsettled world can sway."""

from __future__ import annotations

import math
import pathlib
import random

import pytest

from ft_widget import Game, IllegalMove
from ft_widget.expert import player_view
from ft_widget.training.fair import (
    ANSWER,
    UNCLEAR,
    MoveShare,
    compare,
    decide,
    judge,
    margin,
    mcnemar,
    wilson,
)
from ft_widget.training.puzzles import shipped_puzzle

ROOT = pathlib.Path(__file__).resolve().parents[1]
W, L, U = "won", "lost", "unknown"


def share(move: str, results: str) -> MoveShare:
    return MoveShare(move, tuple({"w": W, "l": L, "u": U}[c] for c in results))


def test_mcnemar_is_the_exact_binomial_tail():
    assert mcnemar(5, 0) == 1 / 32 and mcnemar(3, 0) == 1 / 8 and mcnemar(0, 0) == 1.0
    assert mcnemar(6, 1) == pytest.approx(8 / 128)  # (C(7,6) + C(7,7)) / 2^7
    assert mcnemar(1, 6) == pytest.approx(1 - 1 / 128)


def test_the_margin_is_a_quarter_of_the_worlds_and_at_least_three():
    assert [margin(w) for w in (4, 8, 12, 13, 16, 40)] == [3, 3, 3, 4, 4, 10]


def test_a_clear_answer_beats_every_other_move_by_the_margin_and_the_test():
    verdict = decide([share("s>w", "wwwwwwwwwwwwllll"), share("w>5", "wlllllllllllllll"),
                      share("w>7", "llllllllllllllll")])
    assert verdict.decision == ANSWER and verdict.answer == "s>w" and set(verdict.losing) == {"w>5", "w>7"}
    assert verdict.lead == 11 and verdict.p == mcnemar(11, 0) and verdict.worlds == 16


def test_a_lead_under_the_margin_or_the_test_is_no_decision():
    # 13 vs 10 over 16 worlds: a lead of 3 < margin 4
    verdict = decide([share("a", "wwwwwwwwwwwwwlll"), share("b", "wwwwwwwwwwllllll")])
    assert verdict.decision == UNCLEAR and verdict.answer is None and verdict.losing == ()
    # 8 vs 3 but the worlds disagree both ways: lead 5 >= 4, McNemar 6 against 1 p = 0.0625 >= 0.05
    verdict = decide([share("a", "wwwwwwwwllllllll"), share("b", "lwwlllllwlllllll")])
    assert compare(verdict.moves[0], verdict.moves[1]) == (5, mcnemar(6, 1))
    assert verdict.decision == UNCLEAR


def test_unknown_worlds_count_against_the_answer():
    # settled, a would beat b 12 to 0; b's 12 unknown worlds might all be wins: no decision
    verdict = decide([share("a", "wwwwwwwwwwwwllll"), share("b", "uuuuuuuuuuuullll")])
    assert compare(verdict.moves[0], verdict.moves[1]) == (0, 1.0) and verdict.decision == UNCLEAR
    # the answer's own unknowns are not wins: 2 wins and 14 unknown do not make an answer
    verdict = decide([share("a", "wwuuuuuuuuuuuuuu"), share("b", "llllllllllllllll")])
    assert verdict.decision == UNCLEAR


def test_the_judge_sees_only_what_the_player_sees():
    """Two games a player cannot tell apart (their unseen cards dealt otherwise) get the same
    verdict: the judge reads the player's view, never the real stock."""
    game = shipped_puzzle("maria/2-152").game.copy()
    other = player_view(game).sample(random.Random(5))  # the same table, another stock order
    assert player_view(other) == player_view(game) and other.stock != game.stock
    before = game.position()
    a = judge(game, ["s>w", "w>5"], worlds=6, max_states=20_000, rng=3)
    b = judge(other, ["s>w", "w>5"], worlds=6, max_states=20_000, rng=3)
    assert a == b and game.position() == before  # and the game is left as it was
    assert [m.worlds for m in a.moves] == [6, 6] and a.max_states == 20_000


def test_a_mid_game_decision_the_real_stock_alone_could_not_show():
    """maria/2-152, 17 stock cards left: dealing keeps a win in most worlds, both waste moves in
    none of them (each proved lost in every world): a fair decision, paired and counted against
    the answer."""
    puzzle = shipped_puzzle("maria/2-152")
    verdict = judge(puzzle.game.copy(), [*puzzle.answers, *puzzle.losing], worlds=16, max_states=100_000,
                    rng=0)
    assert verdict.decision == ANSWER and verdict.answer == "s>w"
    dealing = verdict.share("s>w")
    assert dealing.wins >= margin(16) and dealing.wins + dealing.losses + dealing.unknown == 16
    low, high = dealing.interval
    assert low <= dealing.wins / 16 <= high and (low, high) == wilson(dealing.wins, 16)
    assert all(verdict.share(m).wins == 0 for m in verdict.losing)
    # docs/training.md shows this very verdict: its words are this run's
    page = (ROOT / "docs" / "training.md").read_text(encoding="utf-8").split("## Fair decisions", 1)[1]
    assert f">>> print(verdict.share(\"s>w\"))\n{dealing}\n" in page
    assert f"('{verdict.decision}', '{verdict.answer}')" in page


@pytest.mark.parametrize(("change", "says"), [
    ({"worlds": 0}, "worlds"), ({"worlds": math.nan}, "worlds"), ({"max_states": -1}, "max_states"),
    ({"moves": ["9>f"]}, "not a legal move"),
])
def test_bad_input_is_refused(change, says):
    game = Game("maria", deal=5)
    before = game.position()
    with pytest.raises((ValueError, IllegalMove), match=says):
        judge(game, **{"worlds": 2, "max_states": 100, **change})
    assert game.position() == before
