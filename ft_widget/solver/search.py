"""Best-first search over whole states, exhaustive when it runs to the end.

The search is a greedy best-first search: it always expands the most promising state seen so far
(more cards home, fewer cards out of sequence, more empty columns), remembering every state it has
met in a transposition table so that no state is expanded twice. That order finds wins quickly,
and because the table stops nothing but repeats, a search whose queue runs dry has visited every
state reachable under the pruning rules of :mod:`.rules`: the deal is then proved lost.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass, field

from ..game import Game, Move
from .rules import Model

WON, LOST, UNKNOWN = "won", "lost", "unknown"


@dataclass
class SolveResult:
    """What :func:`solve` found.

    ``status`` is ``"won"`` (``moves`` is a winning line, replayed through the engine before it was
    returned), ``"lost"`` (every reachable state was searched: no win exists) or ``"unknown"`` (the
    time or state limit ran out first). ``moves`` are RULES.md move strings, ``states`` the distinct
    states the search met, ``seconds`` the time it took.
    """

    status: str
    moves: list[str] = field(default_factory=list)
    states: int = 0
    seconds: float = 0.0

    @property
    def won(self) -> bool:
        return self.status == WON

    @property
    def settled(self) -> bool:
        """Won or proved lost."""
        return self.status != UNKNOWN

    def __str__(self) -> str:
        line = f", {len(self.moves)} moves" if self.status == WON else ""
        return f"{self.status}{line} ({self.states:,} states, {self.seconds:.2f} s)"


def _evaluator(model: Model):
    """Score of a state for the best-first order: higher is more promising.

    8 a card home, -2 a face-down card, -4 a waste card (buried there, it is hard to reach),
    +6 an empty column, -2 a card not built on the card under it, -1 a card above a lower card.
    Column values are cached: columns recur in many states.
    """
    accepts = model.accepts
    memo: dict[tuple, int] = {}

    def column_value(col: tuple) -> int:
        v = memo.get(col)
        if v is None:
            if not col:
                v = 6
            else:
                v = 0
                low = col[0] % 13
                for k in range(1, len(col)):
                    c = col[k]
                    if col[k - 1] not in accepts[c]:
                        v -= 2
                    if c % 13 > low:
                        v -= 1
                    else:
                        low = c % 13
            memo[col] = v
        return v

    def value(st: tuple) -> int:
        tab, down, found, waste, _, _ = st
        v = 8 * sum(found) - 2 * sum(down) - 4 * len(waste)
        for col in tab:
            v += column_value(col)
        return v

    return value


def search(model: Model, start: tuple, time_limit: float, max_states: int | None = None):
    """Search from ``start``; return ``(status, line of (src, dst, count), states)``."""
    deadline = time.perf_counter() + time_limit
    value = _evaluator(model)
    key, moves_of, apply = model.key, model.moves, model.apply
    seen = {key(start)}
    parents = [-1]
    via: list[tuple | None] = [None]

    def line_to(idx: int) -> list[tuple]:
        out = []
        while idx > 0:
            out.append(via[idx])
            idx = parents[idx]
        out.reverse()
        return out

    if sum(start[2]) == 104:
        return WON, [], 1
    heap = [(-value(start), 0, start)]
    pop, push = heapq.heappop, heapq.heappush
    expanded = 0
    while heap:
        _, idx, st = pop(heap)
        idx = -idx
        expanded += 1
        if not expanded & 255:
            if time.perf_counter() > deadline or (max_states is not None and len(seen) > max_states):
                return UNKNOWN, [], len(seen)
        for mv in moves_of(st):
            child = apply(st, mv)
            k = key(child)
            if k in seen:
                continue
            seen.add(k)
            parents.append(idx)
            via.append(mv)
            n = len(parents) - 1
            if sum(child[2]) == 104:
                return WON, line_to(n), len(seen)
            # negated value for the min-heap; newer states first among equals (dives deeper)
            push(heap, (-value(child), -n, child))
    return LOST, [], len(seen)


def solve(game: Game, time_limit: float = 10.0, *, max_states: int | None = None,
          prune: bool = True) -> SolveResult:
    """Solve the position of ``game`` with perfect information ("thoughtful" solitaire).

    The solver knows the stock order and every face-down card, so it answers "could this position
    be won by someone who could see every card?". It starts from the current position (any position,
    not only a fresh deal) and never changes ``game``.

    ``status`` is ``"won"`` only with a line that was replayed through the engine to a won game,
    ``"lost"`` only when the search was exhaustive under the pruning rules of
    :mod:`ft_widget.solver.rules` (each argued there and in ``docs/solver.md``), else ``"unknown"``.
    ``prune=False`` turns the pruning off (a plain exhaustive search, for tests and the curious).

    >>> from ft_widget import Game
    >>> result = solve(Game("maria", deal=1), time_limit=5)
    >>> result.status in ("won", "lost", "unknown")
    True
    """
    t0 = time.perf_counter()
    start = Model.from_game(game)
    states = 0
    status = UNKNOWN
    if prune:
        # Phase 1: a fast search that skips moves rarely needed (unsound for proofs, so its
        # running dry proves nothing; a line it finds is as good as any once replayed).
        status, line, states = search(Model(game.variant, restrict=True), start, time_limit * 0.5,
                                      max_states)
    if status != WON:
        # Phase 2: the exhaustive search (sound pruning only) with the time left.
        left = time_limit - (time.perf_counter() - t0)
        status, line, more = search(Model(game.variant, prune=prune), start, left, max_states)
        states += more
    moves = [str(Move(*m)) for m in line]
    if status == WON:
        check = game.copy()
        for m in moves:
            check.play(m)  # IllegalMove here would be a solver bug: let it surface
        if not check.is_won:
            raise AssertionError(f"solver line does not win {game!r}: {' '.join(moves)}")
    return SolveResult(status, moves, states, time.perf_counter() - t0)
