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
answer on any machine. Without a budget the win-only searches run as a relay (:data:`RELAY`): each
is let go after :data:`RELAY_STATES` states and a fresh one with another score takes its place.
"""

from __future__ import annotations

import gc
import heapq
import math
import time
from dataclasses import dataclass, field

from ..game import FOUNDATION, STOCK, WASTE, Game, Move, Outcome
from ..limits import check_count, check_time_limit
from .model import WEIGHTS, Model

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

    def __repr__(self) -> str:  # short: the line is in .moves
        return f"<SolveResult {self}>"


def evaluator(model: Model):
    """Score of a state for the best-first order: higher is more promising.

    ``model.weights`` (:data:`WEIGHTS` by default: 8 a card home, -2 a face-down card, -4 a waste
    card (buried there, it is hard to reach), +6 an empty column, -2 a card not built on the card
    under it, -1 a card above a lower card, 0 a card in the stock). Column values are cached:
    columns recur in many states.
    """
    accepts = model.accepts
    w_home, w_down, w_waste, w_empty, w_unbuilt, w_lower, w_stock = model.weights

    class ColumnValues(dict):
        """column -> its value, computed on first use (a hit is a plain dict lookup)."""

        def __missing__(self, col: tuple) -> int:
            v = w_empty if not col else 0
            low = col[0] % 13 if col else 0
            for k in range(1, len(col)):
                c = col[k]
                if col[k - 1] not in accepts[c]:
                    v += w_unbuilt
                if c % 13 > low:
                    v += w_lower
                else:
                    low = c % 13
            self[col] = v
            return v

    column_value = ColumnValues().__getitem__

    def value(st: tuple) -> int:
        tab, down, found, waste, stock, _ = st
        return (w_home * sum(found) + w_down * sum(down) + w_waste * len(waste) + w_stock * len(stock)
                + sum(map(column_value, tab)))

    return value


#: expansions a search makes in one turn before the next search of the portfolio runs
TURN = 256
#: The memory bound, in bytes: a solve's searches never hold more than this together, counting
#: room for the next doubling of each compiled search's hash table (when they fill it, the sound
#: search goes on alone on the compiled path, see ``search``). Each search counts its own bytes:
#: the compiled core every byte it has allocated (``Search.reserved``: capacities, so at least
#: what is resident), the pure path :data:`PURE_BYTES_PER_STATE` a state (and, since Python keeps
#: it, that of its searches let go). With the rest of the process (about 30 MB for Python and
#: ft_widget) a solve then peaks under 1 GB however long it runs (README, docs/solver.md and
#: data/solver_memory.csv have the measurements).
MAX_BYTES = 800_000_000
#: What a state costs the pure path (its tuples, the set of keys, the heap, the parents): the peak
#: resident memory of its searches over 200,000-400,000 states was 623 (Maria) to 947 (Little
#: Forty, whose key carries the stock) bytes a state (docs/solver.md, "Memory").
PURE_BYTES_PER_STATE = 1_000
#: A win-only search of the relay (:data:`RELAY`, :func:`relay_portfolio`) is let go once it holds
#: this many states.
RELAY_STATES = 1_000_000
#: The compiled core's bytes in use a state stays under this (88-146 measured, ``python -m
#: ft_widget.bench solver`` prints it per variant; tests/test_solver_core.py checks it).
MAX_BYTES_PER_STATE = 150
RUNNING = None


class PureSearch:
    """One best-first search in pure Python: the reference the compiled core (``_core.c``) follows.

    States are canonical (:meth:`Model.canonical`: columns sorted, R1) and are expanded in that
    form, so the order in which moves are tried, states numbered and expanded depends only on the
    position, never on how its columns happen to be laid out. ``advance(turns)`` expands states
    until ``turns`` turns of :data:`TURN` expansions are done and returns ``None``, or ``"won"`` /
    ``"lost"`` (the queue ran dry: a proof only when ``model.sound``). ``states`` counts the distinct
    states met; :meth:`line` is the winning line in canonical column numbers (see
    :func:`_engine_line`).
    """

    #: Freeing the states when the search ends takes 1-2 µs each (measured at 5 s on Forty Thieves
    #: and Number Ten): the searches stop that much before the time limit, so solve returns in time.
    release_seconds_per_state = 2e-6

    #: the pure path's memory is counted per state (PURE_BYTES_PER_STATE), with no spike of its own
    spike_bytes = 0
    #: Python keeps the memory of a search let go (in its arenas, for reuse), so the bound goes on
    #: counting it: a 600 s pure solve of Little Forty deal 166 whose sound search went on alone in
    #: the room of the others peaked at 1,222 MB (docs/solver.md)
    returns_memory = False

    def __init__(self, model: Model, start: tuple):
        self.model = model
        self.states = 1
        self.status = RUNNING
        self._line: list[tuple] = []
        self._run = self._search(model.canonical(start))

    @property
    def held_bytes(self) -> int:
        """Bytes the search holds, as the memory bound counts them."""
        return self.states * PURE_BYTES_PER_STATE

    def release(self) -> None:
        """Free the states now (a search let go): ``states`` keeps its count."""
        self._run = None

    def advance(self, turns: int):
        try:
            for _ in range(turns):
                self.states = next(self._run)
        except StopIteration as done:
            self.status, self._line, self.states = done.value
        return self.status

    def line(self) -> list[tuple]:
        return list(self._line)

    def _search(self, start: tuple):
        model = self.model
        value = evaluator(model)
        key, moves_of, apply, canonical = model.key, model.moves, model.apply, model.canonical
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
            for mv in moves_of(st):
                child = canonical(apply(st, mv))
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
            expanded += 1
            if not expanded % TURN:
                yield len(seen)
        return LOST, [], len(seen)


class CompiledSearch:
    """The same search as :class:`PureSearch`, run by the compiled core ``_core``."""

    #: the core frees its states in a few large blocks, and gives them back to the system
    release_seconds_per_state = 0.0
    returns_memory = True
    _STATUS = {0: RUNNING, 1: WON, 2: LOST}

    def __init__(self, model: Model, start: tuple):
        self.model = model
        flags = (int(model.sequences), model.stock_deal, int(model.prune), int(model.run_moves),
                 int(model.keep_built), int(model.home_first), int(model.stock_by_length), TURN,
                 int(model.key_has_down), int(model.waste_safe), int(model.deal_and_play),
                 int(model.dead_ends))
        # The rules travel as data and as the Model's own answers: the building table, and
        # home_sets (fits home / safe home, R4) asked once per foundation layout.
        self._core = _core.Search(model.accepts, model.home_sets, flags, model.weights,
                                  (WASTE, STOCK, FOUNDATION), start)
        self.status = self._STATUS[self._core.status]

    @property
    def states(self) -> int:
        return self._core.states if self._core is not None else self._released_states

    def release(self) -> None:
        """Free the states now (a search let go): ``states`` keeps its count."""
        self._released_states = self._core.states
        self._core = None

    @property
    def nbytes(self) -> int:
        """Bytes the core holds for its states (in use, not reserved)."""
        return self._core.nbytes

    @property
    def held_bytes(self) -> int:
        """Bytes the core has allocated (capacities: at least what it keeps in memory)."""
        return self._core.reserved

    @property
    def spike_bytes(self) -> int:
        """Bytes the next doubling of its hash table needs for a moment (new table, old not yet freed)."""
        return 2 * self._core.table_bytes

    def advance(self, turns: int):
        self.status = self._STATUS[self._core.advance(turns)]
        return self.status

    def line(self) -> list[tuple]:
        return self._core.line()


#: the version of the compiled core's interface this module speaks (``_core.c`` defines it too)
CORE_INTERFACE = 7

try:
    from . import _core
except ImportError:  # built without a C compiler: the pure path does the same search
    _core = None
if _core is not None and getattr(_core, "INTERFACE", None) != CORE_INTERFACE:
    # a core built from an older source (say an editable install whose rebuild failed)
    import warnings

    warnings.warn("ft_widget's compiled solver core is out of date (reinstall to rebuild it); "
                  "the solver uses its pure-Python path", RuntimeWarning, stacklevel=2)
    _core = None

#: whether the compiled core is available ("pure" otherwise)
COMPILED = _core is not None


def _search_class(core: str):
    if core == "auto":
        return CompiledSearch if COMPILED else PureSearch
    if core == "compiled":
        if not COMPILED:
            raise RuntimeError("the compiled solver core is not built here (no C compiler at install?); "
                               "use core='pure' or 'auto'")
        return CompiledSearch
    if core == "pure":
        return PureSearch
    raise ValueError(f"core must be 'auto', 'compiled' or 'pure', not {core!r}")


def portfolio(variant, prune: bool = True, deal_and_play: bool = False) -> list[tuple[Model, int]]:
    """The searches :func:`solve` runs side by side under a budget, sound one first, each with its
    turns a round.

    * the sound search (the pruning rules only; R6 with ``deal_and_play``): the one that can prove a
      loss;
    * H1+H2 with the default score, two turns a round: the best finder of wins in the sequence
      games, Indian and Little Forty, and under small budgets;
    * H2 alone with the default score: it wins late positions the others miss (three certain
      puzzles' answers within 300,000 states: docs/solver.md "Wins found sooner");
    * the first search of :data:`RELAY` (H1+H2, a waste card -12 and an empty column +3), one turn:
      the one that finds most wins from the opening on (issue 42).

    The last was added for issue 42: with it a budget leaves fewer sampled worlds unknown
    (``data/world_reach.md`` against ``data/world_reach_before.md``; docs/solver.md gives the
    figures, checked by a test). The sound search's share of the turns falls from a quarter to a
    fifth.

    In the one-card games the win-only searches offer run moves through empty columns. The
    sound one does not: run moves jump past the states its forced safe moves (R4) would pass
    through, which can make the space it must exhaust far larger. Measured at 10 s a deal: H1+H2
    with run moves alone won all of Indian deals 1-20; without run moves, 9 of deals 1-10 at 5 s.
    ``prune=False`` gives the plain exhaustive search alone.
    """
    if not prune:
        return [(Model(variant, prune=False), 1)]
    default, alone, first = (relay_search(variant, h1, w) for h1, w in (RELAY[1], RELAY[-1], RELAY[0]))
    return [(Model(variant, deal_and_play=deal_and_play), 1), (default, 2), (alone, 1), (first, 1)]


#: The relay of a solve without a budget: win-only searches, in the order they start, as (H1 or
#: not, the score's weights). All play under H2 with run moves. Chosen by the deals each won alone
#: at 1,000,000 states on deals 1-100 (data/relay_candidates_1m.csv, docs/solver.md "A relay"): the
#: best first, the default score second (Indian needs it), then by the deals each added in Forty
#: Thieves, Maria and Streets, and H2 with the default score, the budgeted portfolio's, last.
RELAY = (
    (True, (8, -2, -12, 3, -2, -1, 0)),  # waste -12, empty column +3
    (True, WEIGHTS),
    (True, (12, -2, -12, 3, -2, -1, 0)),  # and a card home 12
    (False, (8, -2, -4, 6, -2, 0, 0)),  # H2 alone, a card above a lower card 0
    (True, (8, -2, -12, 3, -2, -1, 2)),  # waste -12, empty column +3, a card in the stock +2
    (True, (8, -2, -4, 6, -2, -1, 2)),  # a card in the stock +2
    (True, (8, -2, -16, 3, -2, -1, 0)),  # waste -16, empty column +3
    (False, WEIGHTS),
)


def relay_search(variant, h1: bool, weights: tuple[int, ...]) -> Model:
    """The win-only search of one :data:`RELAY` entry: H2 and run moves, H1 when ``h1``."""
    return Model(variant, run_moves=True, keep_built=h1, home_first=True, weights=weights)


def relay_label(h1: bool, weights: tuple[int, ...]) -> str:
    """How the bench and ``data/relay_candidates_1m.csv`` name a relay search: "H1+H2 8,-2,..."."""
    return ("H1+H2 " if h1 else "H2 ") + ",".join(map(str, weights))


def relay_portfolio(variant) -> tuple[list[tuple[Model, int]], list[Model]]:
    """What :func:`solve` runs without a ``max_states`` budget: the sound search with R6, and the
    first two searches of :data:`RELAY` in two places (two turns a round and one),
    the others waiting to take over, one by one, from a search that holds :data:`RELAY_STATES`.

    A greedy search that has not won by a million states rarely wins later; a fresh one with
    another score often does, and letting the old one go gives it the memory."""
    chain = [relay_search(variant, h1, w) for h1, w in RELAY]
    sound = (Model(variant, deal_and_play=True), 1)
    return [sound, (chain[0], 2), (chain[1], 1)], chain[2:]


def search(members: list[tuple[Model, int]], start: tuple, time_limit: float | None,
           max_states: int | None = None, core: str = "auto", relay: list[Model] = (),
           relay_states: int = RELAY_STATES):
    """Run the searches ``members`` (model, turns a round) from ``start`` until one wins, the
    sound one (the first) runs dry, or the time (``time_limit`` seconds; None: no clock) or
    ``max_states`` (states met, all searches together) runs out. Without ``max_states``, once the
    searches hold :data:`MAX_BYTES` the win-only ones are let go and the sound one goes on alone
    until it holds that much itself
    (with ``max_states`` the solve then ends: a budget's answer is the whole portfolio's).
    ``relay``: win-only models waiting their turn: when a win-only search holds ``relay_states``
    states or runs dry, it is let go and the next of them starts in its place, with its turns.
    ``core``: "compiled", "pure" or "auto" (compiled when built).
    Returns ``(status, line of engine moves (src, dst, count), states)``."""
    deadline = math.inf if time_limit is None else time.perf_counter() + time_limit
    cls = _search_class(core)
    try:
        searches = [(cls(m, start), turns) for m, turns in members]
    except ValueError:  # a position beyond the core's fixed sizes (say a column of 60 cards)
        cls = PureSearch
        searches = [(cls(m, start), turns) for m, turns in members]
    running = list(searches)
    waiting = list(relay)
    release = cls.release_seconds_per_state
    dropped = 0  # states met by searches let go of
    kept = 0  # bytes of searches let go that the process still holds (the pure path)
    while True:
        if not running:  # only heuristic searches were run, and all ran dry: that proves nothing
            return UNKNOWN, [], dropped + sum(e.states for e, _ in searches)
        for entry in list(running):
            s, turns = entry
            status = s.status if s.status is not RUNNING else s.advance(turns)
            if status == WON:
                met = dropped + sum(e.states for e, _ in searches)
                return WON, _engine_line(s.model, start, s.line()), met
            if status == LOST and s.model.sound:
                return LOST, [], dropped + sum(e.states for e, _ in searches)
            if not s.model.sound and waiting and (status == LOST or s.states >= relay_states):
                # the next search of the relay takes this one's place (and its memory, freed now:
                # the bound no longer counts it)
                dropped += s.states
                kept += 0 if s.returns_memory else s.held_bytes
                s.release()
                fresh = (cls(waiting.pop(0), start), turns)
                searches[searches.index(entry)] = fresh
                running[running.index(entry)] = fresh
                continue
            if status == LOST:
                running.remove(entry)  # a heuristic search ran dry: that proves nothing
                continue
            held = sum(e.states for e, _ in searches)
            if time.perf_counter() + held * release > deadline:
                return UNKNOWN, [], dropped + held
            if max_states is not None and dropped + held > max_states:
                return UNKNOWN, [], dropped + held  # a budget counts the states of searches let go too
            spike = max(e.spike_bytes for e, _ in searches)  # one table doubles at a time
            if kept + sum(e.held_bytes for e, _ in searches) + spike > MAX_BYTES:
                sound = searches[0]
                if max_states is not None or len(searches) == 1 or not sound[0].model.sound \
                        or sound[0].status is not RUNNING:
                    return UNKNOWN, [], dropped + held
                # The memory is full but time is left: let the win-only searches go and give
                # their room to the sound search, which alone can prove a loss (and still wins
                # what it finds). A budget the caller gave (max_states) counts every state met
                # instead, so its answers stay those of the whole portfolio. (On the pure path the
                # process keeps the memory of those let go, so the bound ends the solve next turn.)
                dropped += held - sound[0].states
                kept += sum(e.held_bytes for e, _ in searches[1:] if not e.returns_memory)
                searches, running = [sound], [sound]
                break


def _engine_line(model: Model, start: tuple, line: list[tuple]) -> list[tuple]:
    """A search's line as engine moves from ``start``.

    The search numbers columns as they stand in each canonical parent state; here each move is
    renamed to the real column of ``start``'s line (the canonical order of the real state, ties
    between equal columns being immaterial), and run moves of one-card games become single-card
    moves."""
    out, st = [], start
    n = len(start[0])
    for src, dst, k in line:
        order = model.canonical_order(st)
        mv = (order[src] if src < n else src, order[dst] if dst < n else dst, k)
        out += model.expand(st, mv)
        st = model.apply(st, mv)
    return out


def shorten(variant, start: tuple, line: list[tuple], passes: int = 2) -> list[tuple]:
    """A winning line with needless back-and-forth taken out: from each position of the line, jump
    to the latest later position of the line that one legal move (or none) reaches.

    Positions are compared exactly (the same cards in the same columns), so every move after a
    jump is the line's own move from the very same position: the result is a legal line to the
    same won end, never longer. Each pass costs one move generation per position (0.1-0.4 s for a
    line of 300-800 moves); up to ``passes`` passes run while they shorten. ``solve`` replays the
    result through the engine like every line.
    """
    model = Model(variant, prune=False)  # every legal move, in the engine's columns
    for _ in range(passes):
        states = [start]
        for mv in line:
            states.append(model.apply(states[-1], mv))
        last = {}
        # (cards home, waste, stock): a cheap signature; a move changes it predictably, so most
        # moves can be seen to reach no later position of the line without playing them
        latest_sig: dict[tuple, int] = {}
        for j, st in enumerate(states):
            last[st] = j  # the latest index of each position
            latest_sig[(sum(st[2]), len(st[3]), len(st[4]))] = j
        out: list[tuple] = []
        i, n = 0, len(line)
        while i < n:
            i = last[states[i]]  # a position met again later: the loop between is cut
            if i >= n:
                break
            st = states[i]
            home, w, k = sum(st[2]), len(st[3]), len(st[4])
            best, via = i + 1, line[i]
            if max(latest_sig.get((home, w, k), -1), latest_sig.get((home + 1, w, k), -1),
                   latest_sig.get((home + 1, w - 1, k), -1), latest_sig.get((home, w - 1, k), -1)) > best:
                for mv in model.moves(st):
                    src, dst = mv[0], mv[1]
                    if src == STOCK or dst == STOCK:
                        continue  # a deal or a redeal is the line's own move or reaches nothing later
                    sig = (home + (dst == FOUNDATION), w - (src == WASTE), k)
                    if latest_sig.get(sig, -1) <= best:
                        continue
                    j = last.get(model.apply(st, mv), -1)
                    if j > best:
                        best, via = j, mv
            out.append(via)
            i = best
        if len(out) >= len(line):
            break
        line = out
    return line


def solve(game: Game, time_limit: float | None = 10.0, *, max_states: int | None = None,
          prune: bool = True, core: str = "auto", shorten_line: bool = True) -> SolveResult:
    """Solve the position of ``game`` with perfect information ("thoughtful" solitaire).

    The solver knows the stock order and every face-down card, so it answers "could this position
    be won by someone who could see every card?". It starts from the current position (any position,
    not only a fresh deal) and never changes ``game``.

    ``status`` is ``"won"`` only with a line that was replayed through the engine to a won game
    (and shortened first, see :func:`shorten`),
    ``"lost"`` only when the search was exhaustive under the pruning rules of
    :mod:`ft_widget.solver.model` (each argued there and in ``docs/solver.md``), else ``"unknown"``.
    ``prune=False`` turns the pruning off (a plain exhaustive search, for tests and the curious).
    Without ``max_states`` the sound search also folds each run of deals into the play that follows
    it (R6 of :mod:`ft_widget.solver.model`), storing half the states, and the win-only searches
    run as a relay (:func:`relay_portfolio`); under a budget neither happens (R6's many children
    per state would fill a small budget sooner), so budgeted answers stay those of :func:`portfolio`.
    ``shorten_line=False`` keeps the search's own line (for callers that only follow it, like the
    expert's sampled worlds: shortening can cost ten times the search).
    ``time_limit`` is in seconds; ``None`` means no clock: the search stops only at ``max_states``
    or at the memory bound.
    ``max_states`` caps the states met (all searches together): the answer is then the same on
    any machine, however fast, and the same with ``core="compiled"`` (the C search core, used when
    it was built at install) and ``core="pure"`` (the same search in Python) as long as neither
    path fills its memory first. The memory bound :data:`MAX_BYTES` applies to the bytes the
    searches hold: once they hold that much, the win-only ones are let go and the sound one goes
    on alone while time is left (with a budget, the solve ends there, ``unknown``).

    >>> from ft_widget import Game
    >>> result = solve(Game("lucas", deal=3), max_states=20_000)
    >>> result.status, result.moves[0] in Game("lucas", deal=3).legal_moves()
    (Outcome.WON, True)
    """
    time_limit = check_time_limit("solve", "time_limit", time_limit, optional=True)
    max_states = check_count("solve", "max_states", max_states, 1, optional=True)
    t0 = time.perf_counter()
    # The searches allocate millions of tuples and make no reference cycles, so the cyclic
    # garbage collector's passes over them are pure cost (about a fifth of the time, measured).
    collecting = gc.isenabled()
    gc.disable()
    try:
        if max_states is None and prune:
            members, waiting = relay_portfolio(game.variant)
        else:
            members, waiting = portfolio(game.variant, prune), []
        status, line, states = search(members, Model.from_game(game),
                                      time_limit, max_states, core, relay=waiting)
    finally:
        if collecting:
            gc.enable()
    if status == WON and shorten_line:
        line = shorten(game.variant, Model.from_game(game), line)
    moves = [Move(*m) for m in line]
    if status == WON:
        check = game.copy()
        for m in moves:
            check.play(m)  # IllegalMove here would be a solver bug: let it surface
        if not check.is_won:
            raise AssertionError(f"solver line does not win {game!r}: {' '.join(map(str, moves))}")
    return SolveResult(status, moves, states, time.perf_counter() - t0)
