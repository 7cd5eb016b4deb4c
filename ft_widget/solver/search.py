"""Best-first searches over whole states, run side by side; exhaustive when the sound one ends.

Each search is a greedy best-first search: it always expands the most promising state it has seen
(more cards home, fewer cards out of sequence, more empty columns), remembering every state it has
met in a transposition table so that no state is expanded twice. Because the table stops nothing
but repeats, a sound search (pruning rules of :mod:`.rules` only) whose queue runs dry has visited
every reachable state: the deal is then proved lost.

Greedy searches are brittle: a small change in which moves are offered sends one down a different
valley. :func:`solve` therefore runs a small portfolio in turns of a few hundred expansions each:
the sound search, which alone can prove a loss, and searches under the heuristic move filters H1
and H2, which often find wins the sound one misses (and miss some it finds). The first win ends the
solve; the turns go by expansions, not by the clock, so a ``max_states`` budget gives the same
answer on any machine.
"""

from __future__ import annotations

import gc
import heapq
import time
from dataclasses import dataclass, field

from ..game import Game, Move, Outcome
from .model import Model

WON, LOST, UNKNOWN = Outcome.WON, Outcome.LOST, Outcome.UNKNOWN


@dataclass
class SolveResult:
    """What :func:`solve` found.

    ``status`` is an :class:`~ft_widget.game.Outcome` (a string): ``"won"`` (``moves`` is a winning
    line, replayed through the engine before it was returned), ``"lost"`` (every reachable state was
    searched: no win exists) or ``"unknown"`` (the time or state limit ran out first). ``moves`` are
    :class:`~ft_widget.game.Move` values (``str(move)`` is the notation), ``states`` the distinct
    states its searches met (each search counts its own), ``seconds`` the time it took.
    """

    status: Outcome
    moves: list[Move] = field(default_factory=list)
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

    class ColumnValues(dict):
        """column -> its value, computed on first use (a hit is a plain dict lookup)."""

        def __missing__(self, col: tuple) -> int:
            v = 6 if not col else 0
            low = col[0] % 13 if col else 0
            for k in range(1, len(col)):
                c = col[k]
                if col[k - 1] not in accepts[c]:
                    v -= 2
                if c % 13 > low:
                    v -= 1
                else:
                    low = c % 13
            self[col] = v
            return v

    column_value = ColumnValues().__getitem__

    def value(st: tuple) -> int:
        tab, down, found, waste, _, _ = st
        return 8 * sum(found) - 2 * sum(down) - 4 * len(waste) + sum(map(column_value, tab))

    return value


#: expansions a search makes in one turn before the next search of the portfolio runs
TURN = 256
#: Freeing a search's states when it ends takes 1-2 µs each (measured at 5 s on Forty Thieves and
#: Number Ten): the searches stop that much before the time limit, so solve returns within it.
RELEASE_SECONDS_PER_STATE = 2e-6


def best_first(model: Model, start: tuple):
    """A best-first search from ``start``, as a generator: it yields the number of states it has
    met after every :data:`TURN` expansions and returns ``(status, line, states)`` when it wins
    (``line``: the model's moves) or runs dry (``"lost"``; a proof only when ``model.sound``)."""
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
        if not expanded % TURN:
            yield len(seen)
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


def portfolio(variant, prune: bool = True) -> list[tuple[Model, int]]:
    """The searches :func:`solve` runs side by side, sound one first, each with its turns a round.

    * the sound search (R1-R4 only): the one that can prove a loss;
    * H1+H2, two turns a round: the best finder of wins in the sequence games and Indian;
    * H2 alone: it won deals of Streets and Maria that the other two missed.

    In the one-card games the two win-only searches offer run moves through empty columns. The
    sound one does not: run moves jump past the states its forced safe moves (R4) would pass
    through, which can make the space it must exhaust far larger. Measured at 10 s a deal: H1+H2
    with run moves alone won all of Indian deals 1-20; without run moves, 9 of deals 1-10 at 5 s.
    ``prune=False`` gives the plain exhaustive search alone.
    """
    if not prune:
        return [(Model(variant, prune=False), 1)]
    return [(Model(variant), 1),
            (Model(variant, run_moves=True, keep_built=True, home_first=True), 2),
            (Model(variant, run_moves=True, home_first=True), 1)]


def search(members: list[tuple[Model, int]], start: tuple, time_limit: float,
           max_states: int | None = None):
    """Run the searches ``members`` (model, turns a round) from ``start`` until one wins, the
    sound one (the first) runs dry, or the time or ``max_states`` (states met, all searches
    together) runs out.
    Returns ``(status, line of engine moves (src, dst, count), states)``."""
    deadline = time.perf_counter() + time_limit
    entries = [[m, turns, best_first(m, start), 1] for m, turns in members]  # 1: states met
    running = list(entries)
    while True:
        for entry in list(running):
            model, turns, gen, _ = entry
            try:
                for _ in range(turns):
                    entry[3] = next(gen)
            except StopIteration as done:
                status, line, entry[3] = done.value
                if status == WON:
                    return WON, _engine_line(model, start, line), sum(e[3] for e in entries)
                if model.sound:
                    return LOST, [], sum(e[3] for e in entries)
                running.remove(entry)  # a heuristic search ran dry: that proves nothing
                continue
            states = sum(e[3] for e in entries)
            if time.perf_counter() + states * RELEASE_SECONDS_PER_STATE > deadline or (
                    max_states is not None and states > max_states):
                return UNKNOWN, [], states


def _engine_line(model: Model, start: tuple, line: list[tuple]) -> list[tuple]:
    """The model's line as engine moves (run moves of one-card games become single-card moves)."""
    out, st = [], start
    for mv in line:
        out += model.expand(st, mv)
        st = model.apply(st, mv)
    return out


def solve(game: Game, time_limit: float = 10.0, *, max_states: int | None = None,
          prune: bool = True) -> SolveResult:
    """Solve the position of ``game`` with perfect information ("thoughtful" solitaire).

    The solver knows the stock order and every face-down card, so it answers "could this position
    be won by someone who could see every card?". It starts from the current position (any position,
    not only a fresh deal) and never changes ``game``.

    ``status`` is ``"won"`` only with a line that was replayed through the engine to a won game,
    ``"lost"`` only when the search was exhaustive under the pruning rules of
    :mod:`ft_widget.solver.model` (each argued there and in ``docs/solver.md``), else ``"unknown"``.
    ``prune=False`` turns the pruning off (a plain exhaustive search, for tests and the curious).
    ``max_states`` caps the states met (all searches together): the answer is then the same on
    any machine, however fast.

    >>> from ft_widget import Game
    >>> result = solve(Game("lucas", deal=3), max_states=20_000)
    >>> result.status, result.moves[0] in Game("lucas", deal=3).legal_moves()
    (Outcome.WON, True)
    """
    t0 = time.perf_counter()
    # The searches allocate millions of tuples and make no reference cycles, so the cyclic
    # garbage collector's passes over them are pure cost (about a fifth of the time, measured).
    collecting = gc.isenabled()
    gc.disable()
    try:
        status, line, states = search(portfolio(game.variant, prune), Model.from_game(game),
                                      time_limit, max_states)
    finally:
        if collecting:
            gc.enable()
    moves = [Move(*m) for m in line]
    if status == WON:
        check = game.copy()
        for m in moves:
            check.play(m)  # IllegalMove here would be a solver bug: let it surface
        if not check.is_won:
            raise AssertionError(f"solver line does not win {game!r}: {' '.join(moves)}")
    return SolveResult(status, moves, states, time.perf_counter() - t0)
