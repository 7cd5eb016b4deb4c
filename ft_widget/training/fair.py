"""The fair judge: a position's moves compared over the worlds a player cannot tell apart.

A player at the table sees the cards face up and remembers the waste; the stock's order and the
face-down cards are unknown to them. :func:`judge` deals ``worlds`` worlds of those unseen cards
(:meth:`~ft_widget.expert.PlayerView.sample`: every card a player cannot see, dealt at random into
the places they cannot see), the *same* worlds for every move (paired, so the moves are compared
like with like), plays each move in each world and solves the world to a budget of ``max_states``
(the same answer on any machine). Each move gets its wins, its proved losses and its unknowns,
and a Wilson 95 % interval for its share of wins.

**The rule.** The moves, most wins first, split into *answers* (the first ``k``) and *losing*
moves (the rest) at the smallest ``k`` where every answer wins in at least :func:`margin` worlds
and, against every losing move,

- wins in at least :func:`margin` (``max(3, ⌈W / 4⌉)``) more worlds, and
- an exact one-sided McNemar test on the paired worlds rejects a tie at :data:`ALPHA` = 5 %,

both counted the way least favourable to the answer: a world left unknown counts as not won for
the answer and as won for the other move, so no world the budget could not settle can make the
decision. With no such split the position is "no clear decision". Mostly ``k`` is 1 (one move
beats every other); two moves that keep about as many wins, both far ahead of the rest, are two
answers. A losing move is losing in the sense a learner can use: it gives up wins each answer
keeps, over stock orders they cannot see.

Where the unseen cards can lie in only one way (no stock, or one card a player can work out by
elimination, and no face-down card), every world is the real position: the judge solves it once
and the verdict is certain (:attr:`FairVerdict.arrangements` is 1). Worlds dealt alike are solved
once (a memo), so a short stock costs only its few orders.
(lichess keeps a puzzle when its best move beats the second by a margin of win chances; this is
that margin in worlds, with a test so that a few lucky worlds do not make a puzzle.)

The exact verdict for the real stock (:func:`ft_widget.solve`, which sees every card) is a
second fact, never this one.

>>> from ft_widget import Game
>>> game = Game("lucas", deal=3)
>>> verdict = judge(game, ["s>w", "3>f"], worlds=4, max_states=2_000, rng=1)
>>> sorted((m.move, m.worlds) for m in verdict.moves)
[('3>f', 4), ('s>w', 4)]
>>> verdict.decision in ("answer", "no clear decision")
True
"""

from __future__ import annotations

import math
import random as _random
from collections import Counter
from dataclasses import dataclass

from ..expert import MAX_WORLDS, moves_to_judge, player_view
from ..game import Game, Move
from ..limits import check_count
from ..solver import solve

#: The one-sided level at which the paired test must reject a tie.
ALPHA = 0.05
ANSWER, UNCLEAR = "answer", "no clear decision"


def margin(worlds: int) -> int:
    """Worlds the answer must win more than every other move: ``max(3, ⌈worlds / 4⌉)``."""
    return max(3, math.ceil(worlds / 4))


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score 95 % interval for ``k`` successes in ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mcnemar(better: int, worse: int) -> float:
    """Exact one-sided McNemar p-value: of the paired worlds where two moves differ, ``better``
    favour the first and ``worse`` the second; the chance of ``better`` or more out of
    ``better + worse`` were each equally likely to go either way."""
    n = better + worse
    return sum(math.comb(n, k) for k in range(better, n + 1)) / 2 ** n if n else 1.0


@dataclass(frozen=True)
class MoveShare:
    """One move over the judge's worlds: ``results`` holds, per world in order, "won", "lost"
    (proved) or "unknown" (not settled within the budget)."""

    move: str
    results: tuple[str, ...]

    @property
    def worlds(self) -> int:
        return len(self.results)

    @property
    def wins(self) -> int:
        return self.results.count("won")

    @property
    def losses(self) -> int:
        return self.results.count("lost")

    @property
    def unknown(self) -> int:
        return self.results.count("unknown")

    @property
    def interval(self) -> tuple[float, float]:
        """Wilson 95 % interval of the share of worlds won."""
        return wilson(self.wins, self.worlds)

    def __str__(self) -> str:
        return (f"{self.move}: a win in {self.wins} of {self.worlds} worlds "
                f"({self.losses} lost, {self.unknown} unknown)")


@dataclass(frozen=True)
class FairVerdict:
    """The judge's word on a position: every move's :class:`MoveShare` (best first), the
    ``decision`` (:data:`ANSWER` or :data:`UNCLEAR`), the ``answers`` (none when unclear) and the
    moves they beat (``losing``); ``lead`` and ``p`` are the closest pair's (the smallest lead in
    worlds of an answer over a losing move, counted against the answer, and the largest McNemar
    p), or the best move's against the runner-up when unclear. ``arrangements`` is how many ways
    the unseen cards can lie, capped at :data:`MANY` (1: the verdict is certain)."""

    moves: tuple[MoveShare, ...]
    decision: str
    answers: tuple[str, ...]
    losing: tuple[str, ...]
    lead: int
    p: float
    max_states: int
    arrangements: int = 0

    @property
    def answer(self) -> str | None:
        """The best answer (most wins), or None when there is no clear decision."""
        return self.answers[0] if self.answers else None

    @property
    def worlds(self) -> int:
        return self.moves[0].worlds if self.moves else 0

    def share(self, move: Move | str) -> MoveShare:
        return next(m for m in self.moves if m.move == str(move))


def compare(best: MoveShare, other: MoveShare) -> tuple[int, float]:
    """``best``'s lead over ``other`` in worlds and McNemar's p, both counted against ``best``:
    an unknown world is not won for ``best`` and won for ``other``."""
    for_best = [r == "won" for r in best.results]
    for_other = [r != "lost" for r in other.results]
    better = sum(a and not b for a, b in zip(for_best, for_other, strict=True))
    worse = sum(b and not a for a, b in zip(for_best, for_other, strict=True))
    return better - worse, mcnemar(better, worse)


def decide(shares: list[MoveShare], max_states: int = 0, arrangements: int = 0) -> FairVerdict:
    """The rule of the module's docstring applied to ``shares`` (the same worlds, in order)."""
    ranked = sorted(shares, key=lambda m: (-m.wins, m.unknown, m.move))
    if not ranked:
        raise ValueError("decide: no moves to judge")
    need = margin(ranked[0].worlds)
    if len(ranked) == 1:
        clear = ranked[0].wins >= need
        return FairVerdict(tuple(ranked), ANSWER if clear else UNCLEAR, (ranked[0].move,) if clear else (),
                           (), ranked[0].worlds, 0.0, max_states, arrangements)
    for k in range(1, len(ranked)):
        answers, losing = ranked[:k], ranked[k:]
        if answers[-1].wins < need:
            break
        pairs = [compare(a, other) for a in answers for other in losing]
        if all(ahead >= need and p < ALPHA for ahead, p in pairs):
            return FairVerdict(tuple(ranked), ANSWER, tuple(m.move for m in answers),
                               tuple(m.move for m in losing), min(a for a, _ in pairs),
                               max(p for _, p in pairs), max_states, arrangements)
    lead, p = compare(ranked[0], ranked[1])
    return FairVerdict(tuple(ranked), UNCLEAR, (), (), lead, p, max_states, arrangements)


#: :attr:`FairVerdict.arrangements` counts up to this many ways the unseen cards can lie.
MANY = 1_000_000


def arrangements(game: Game) -> int:
    """How many different worlds a player of ``game`` cannot tell apart (twin cards alike), at
    most :data:`MANY`: 1 when every unseen card's place can be worked out."""
    unseen = Counter(player_view(game).unseen())
    ways = math.factorial(sum(unseen.values()))
    for n in unseen.values():
        ways //= math.factorial(n)
    return min(ways, MANY)


def decidable(shares: list[MoveShare], left: int) -> bool:
    """Could ``left`` more worlds still let :func:`decide` find an answer? Every decision has an
    answer ``a`` and a losing move ``b`` with ``a`` winning at least the margin and ahead of ``b``
    by the margin with McNemar's p under :data:`ALPHA`. The best the other worlds can do for a
    pair is to favour ``a`` in every one of them, so when no pair can get there even so, no split
    can: the decision is "no clear decision" whatever those worlds hold."""
    if not shares:
        return False
    need = margin(shares[0].worlds + left)
    if len(shares) == 1:
        return shares[0].wins + left >= need
    for a in shares:
        if a.wins + left < need:
            continue
        for b in shares:
            if b is a:
                continue
            won_a = [r == "won" for r in a.results]
            kept_b = [r != "lost" for r in b.results]  # counted against a, as compare() counts
            more = sum(x and not y for x, y in zip(won_a, kept_b, strict=True)) + left
            fewer = sum(y and not x for x, y in zip(won_a, kept_b, strict=True))
            if more - fewer >= need and mcnemar(more, fewer) < ALPHA:
                return True
    return False


def judge(game: Game, moves=None, worlds: int = 16, max_states: int = 300_000,
          rng: _random.Random | int | None = 0, give_up: bool = False) -> FairVerdict:
    """Judge ``moves`` (default: every legal move) of ``game`` fairly, over ``worlds`` worlds of
    the cards its player cannot see (at most :data:`~ft_widget.expert.MAX_WORLDS`), each solved to
    ``max_states`` states; ``rng`` (a ``random.Random`` or its seed) deals them. Reads only what
    the player sees: swapping unseen cards changes nothing. The game is left as it was.

    With ``give_up``, the judge stops as soon as the worlds left cannot make a clear decision
    (:func:`decidable`) and says "no clear decision" over the worlds it solved: the same decision,
    sooner (a search for puzzles rejects most positions, and needs only to know that)."""
    worlds = check_count("judge", "worlds", worlds, 1, MAX_WORLDS)
    max_states = check_count("judge", "max_states", max_states, 1)
    view = player_view(game)
    chosen = moves_to_judge(game, moves)
    if not isinstance(rng, _random.Random):
        rng = _random.Random(rng)
    results: dict[Move, list[str]] = {m: [] for m in chosen}
    solved: dict[tuple, list[str]] = {}  # a world dealt again is not solved again
    for _ in range(worlds):  # a world at a time, every move in it: the same worlds for all
        world = view.sample(rng)
        key = (tuple(world.stock), tuple(map(tuple, world.tableau)))
        if key not in solved:
            solved[key] = [_result(world, m, max_states) for m in chosen]
        for m, result in zip(chosen, solved[key], strict=True):
            results[m].append(result)
        left = worlds - len(results[chosen[0]])
        so_far = [MoveShare(str(m), tuple(r)) for m, r in results.items()]
        if give_up and left and not decidable(so_far, left):
            break
    return decide([MoveShare(str(m), tuple(r)) for m, r in results.items()], max_states, arrangements(game))


def _result(world: Game, move: Move, max_states: int) -> str:
    after = world.copy()
    after.play(move)
    if after.is_won:
        return "won"
    found = solve(after, time_limit=None, max_states=max_states, shorten_line=False)
    return found.status if found.status in ("won", "lost") else "unknown"


__all__ = ["ALPHA", "ANSWER", "MANY", "UNCLEAR", "FairVerdict", "MoveShare", "arrangements", "compare",
           "decidable", "decide", "judge", "margin", "mcnemar", "wilson"]
