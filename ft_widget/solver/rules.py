"""The solver's compact game model and its pruning rules, each with the argument that it is sound.

The solver does not search with :class:`~ft_widget.game.Game` (which keeps undo history and
explains illegal moves); it uses immutable tuples that hash quickly. The engine stays the judge:
every winning line is replayed through ``Game.play`` before it is reported (see ``search.py``).

A *state* is a tuple ``(tableau, down, found, waste, stock, redeals)``:

* ``tableau`` – a tuple of columns, each a tuple of card ints, bottom to top;
* ``down`` – face-down cards per column (they are the bottom ``down[i]`` cards);
* ``found`` – 8 ints: for each suit ``s`` the heights ``found[2s] >= found[2s+1]`` of its two
  foundation piles (the piles are interchangeable, so only the pair of heights matters);
* ``waste``, ``stock`` – tuples, bottom to top (the last stock card is dealt next);
* ``redeals`` – redeals left.

A move is ``(src, dst, count)`` with the engine's pile numbers.

Pruning rules (the search uses them only when ``prune=True``; ``tests/test_solver_pruning.py``
checks on hundreds of small positions that the pruned search and a plain exhaustive search agree):

R1 *Column symmetry.* Columns are interchangeable: no rule names a column, so two states that differ
   only by the order of their columns have the same outcome (a winning line for one becomes one
   for the other by renaming columns). The search therefore identifies states by a key in which the
   columns are sorted (:meth:`Model.key`).

R2 *One empty column is as good as another.* Moving cards to empty column ``j`` or to empty column
   ``k`` gives states that differ only by the order of columns (R1), so only the first empty column
   is offered as a destination.

R3 *Moving a whole column into an empty column is never needed.* It gives the same state up to the
   order of columns (R1), so the move is not generated.

R4 *Safe moves to the foundations (two decks).* Card ``X`` of rank ``r`` and suit ``s`` is at the
   top of a column (or is the waste's top card when the stock deals one card at a time) and fits
   on a foundation. Moving it home at once loses nothing when both hold:

   (a) every card that could ever be built on ``X`` in the tableau (both copies of each rank
       ``r-1`` card of the suits the variant allows on ``X``) is already on the foundations; and
   (b) the other copy of ``X`` could follow it home whenever it could have gone first: ``r`` is
       1 (Aces always fit: eight piles for eight Aces), or both copies of ``r-1`` of suit ``s`` are
       home, or the other copy of ``X`` is already home.

   Argument: let ``S`` be the state and ``S'`` the state after ``X`` goes home, and take any winning
   line from ``S``. By (a) no card is ever placed on this copy of ``X``, so wherever the line moves
   it (another column, an empty column, as the top card of a sequence), it stays a top card (in the
   waste, deals may cover it; nothing else changes). Play the same line from ``S'``, leaving out
   the moves of this copy of ``X`` (a sequence move that carries it moves one card fewer). The two
   games then differ only in that ``S'`` has ``X`` home instead of at a top: every move the line makes
   is still legal in ``S'`` (no move of the line builds on ``X``; a column that ``X`` alone filled is
   empty in ``S'``, which allows more; the card under ``X`` is uncovered, and turned up, earlier;
   the foundations hold one more ``X``, so every card of rank ``r+1`` fits at least as well). The
   one foundation move that could fit in ``S`` and not in ``S'`` is the *other* copy of ``X`` going
   home while this one has not: (b) rules that out. The waste condition keeps the stock's grouping
   unchanged (with a one-card stock, a redeal then only skips ``X``'s turn). When the line from ``S``
   wins, all 104 cards are home in ``S'`` too. Since ``S'`` is reached from ``S``, ``S`` is won exactly
   when ``S'`` is, so the search follows only this move from ``S``.

   The single-deck rule "put a card home when both cards of the opposite colour one rank lower are
   home" is *not* enough with two decks: without (b), putting ``X`` home can strand the other copy of
   ``X`` on top of a column until the second ``r-1`` of its suit comes home.

Cycles of reversible moves need no rule of their own: a state already seen is never expanded again.

Run moves (``run_moves=True``) are shortcuts, not pruning. In the one-card games a run of ``k``
built cards can still travel as ``k`` single-card moves through ``e`` empty columns when
``k <= 2**e`` (``e`` empty columns besides the destination); a run move offers that as one edge,
and :meth:`Model.expand` turns it back into the single-card moves the engine plays. It lets a
best-first search cross the dip in its score that the single-card steps make (each takes up an
empty column on the way). It only adds legal moves, so it could never make an exhaustive search
call a won position lost; but it jumps past the states where R4 would force a move home, so it can
enlarge the space a pruned search must exhaust. ``solve`` uses it in the win-only searches.

H1, H2 (``keep_built=True``, ``home_first=True``) are heuristics, not pruning rules, for the
searches that only look for wins: H1 skips moving cards off the card they are built on unless that
card can then go home; H2 plays any card that fits home as the only move. A search under them that
runs dry proves nothing, and ``solve`` never reports ``lost`` from it.
"""

from __future__ import annotations

from ..cards import suit_of
from ..game import _ACCEPTS, FOUNDATION, STOCK, WASTE
from ..variants import Variant


class Model:
    """Moves, successor states and pruning for one variant, on tuple states."""

    def __init__(self, variant: Variant, prune: bool = True, *, run_moves: bool = False,
                 keep_built: bool = False, home_first: bool = False):
        self.variant = variant
        self.prune = prune
        #: one-card games: offer runs moved through empty columns as one move (a shortcut)
        self.run_moves = run_moves and not variant.sequences
        #: H1 and H2 of docs/solver.md: *unsound* move filters, for searches that only look for wins
        self.keep_built = keep_built
        self.home_first = home_first
        self.sound = not (keep_built or home_first)
        #: found -> (cards that fit home, cards safe to send home (R4)); the foundations change
        #: far less often than the rest of the state, so this is mostly a dict hit
        self._home: dict[tuple, tuple[frozenset, frozenset]] = {}
        self.sequences = variant.sequences
        self.stock_deal = variant.stock_deal
        self.accepts = _ACCEPTS[variant.build]  # the engine's own table: one building rule
        #: builders[c]: the cards that may be built on c in the tableau
        builders: list[list[int]] = [[] for _ in range(52)]
        for c, ontos in enumerate(self.accepts):
            for onto in ontos:
                builders[onto].append(c)
        self.builders: list[tuple[int, ...]] = [tuple(b) for b in builders]
        # With no redeal, the stock only ever loses its top, so its length identifies it.
        self.stock_by_length = variant.redeals == 0
        #: whether face-down counts are part of a state's identity (R5: not in one-card games)
        self.key_has_down = variant.sequences or not prune

    # ------------------------------------------------------------------ conversion
    @staticmethod
    def from_game(game) -> tuple:
        found = [0] * 8
        per_suit: dict[int, list[int]] = {}
        for pile in game.foundations:
            if pile:
                per_suit.setdefault(suit_of(pile[0]), []).append(len(pile))
        for s, heights in per_suit.items():
            heights.sort(reverse=True)
            for k, h in enumerate(heights[:2]):
                found[2 * s + k] = h
        return (
            tuple(tuple(col) for col in game.tableau),
            tuple(game.face_down_counts),
            tuple(found),
            tuple(game.waste),
            tuple(game.stock),
            game.redeals_left,
        )

    def canonical(self, st: tuple) -> tuple:
        """The state with its columns (and their face-down counts) sorted, as the search stores and
        expands it (R1); unchanged without pruning. The compiled core sorts the same way."""
        if not self.prune:
            return st
        tab, down, found, waste, stock, redeals = st
        tab, down = zip(*sorted(zip(tab, down)))
        return (tab, down, found, waste, stock, redeals)

    def canonical_order(self, st: tuple) -> list[int]:
        """The columns of ``st`` in canonical order: position ``p`` of :meth:`canonical` is
        column ``canonical_order(st)[p]``."""
        tab, down = st[0], st[1]
        if not self.prune:
            return list(range(len(tab)))
        return sorted(range(len(tab)), key=lambda i: (tab[i], down[i]))

    def key(self, st: tuple):
        """A hashable identity of a canonical state (the stock by its length when it has no redeal).

        In the one-card games only a column's top card moves, and it is face up, so the face-down
        counts change no move of the sound search: they are left out (R5 in the module docstring).
        The compiled core keys its states the same way."""
        tab, down, found, waste, stock, redeals = st
        if not self.key_has_down:
            down = None
        if self.stock_by_length:
            return (tab, down, found, waste, len(stock))
        return (tab, down, found, waste, stock, redeals)

    # ------------------------------------------------------------------ rules
    @staticmethod
    def fits_home(found: tuple, c: int) -> bool:
        r = c % 13  # rank - 1
        s2 = 2 * (c // 13)
        return found[s2] == r or found[s2 + 1] == r

    def safe_home(self, found: tuple, c: int) -> bool:
        """R4: ``c`` fits home and moving it there now loses nothing (see the module docstring)."""
        r = c % 13  # rank - 1: c needs a pile of height r
        s2 = 2 * (c // 13)
        h1, h2 = found[s2], found[s2 + 1]
        if h1 != r and h2 != r:
            return False
        if r == 0:
            return True
        # (b): both copies of rank r-1 are home (both piles at least r high). Given that c fits,
        # this is also the case "the other copy of c is home" (heights r+1 and r).
        if h2 < r:
            return False
        # (a): both copies of every card that could be built on c are home
        for b in self.builders[c]:
            if found[2 * (b // 13) + 1] < b % 13 + 1:
                return False
        return True

    def home_sets(self, found: tuple) -> tuple[frozenset, frozenset]:
        """The cards that fit on the foundations ``found``, and those of them safe to send (R4)."""
        sets = self._home.get(found)
        if sets is None:
            fit = frozenset(c for c in range(52) if self.fits_home(found, c))
            safe = frozenset(c for c in fit if self.safe_home(found, c)) if self.prune else frozenset()
            sets = self._home[found] = (fit, safe)
        return sets

    def moves(self, st: tuple) -> list[tuple[int, int, int]]:
        """Legal moves in ``st`` (with pruning: only a safe move when there is one, R2, R3)."""
        tab, down, found, waste, stock, redeals = st
        accepts = self.accepts
        fit, safe = self.home_sets(found)
        if safe:
            for i, col in enumerate(tab):
                if col and col[-1] in safe:
                    return [(i, FOUNDATION, 1)]
            if waste and self.stock_deal == 1 and waste[-1] in safe:
                return [(WASTE, FOUNDATION, 1)]
        if self.home_first:
            # H2 (win-only searches): any card that fits home goes home, as the only move.
            for i, col in enumerate(tab):
                if col and col[-1] in fit:
                    return [(i, FOUNDATION, 1)]
            if waste and waste[-1] in fit:
                return [(WASTE, FOUNDATION, 1)]
        tops: dict[int, list[int]] = {}
        empties: list[int] = []
        for j, col in enumerate(tab):
            if col:
                t = col[-1]
                if t in tops:
                    tops[t].append(j)
                else:
                    tops[t] = [j]
            else:
                empties.append(j)
        prune = self.prune
        # Run moves: with e empty columns a run of up to 2**e cards reaches a card, 2**(e-1) an
        # empty column. Without them (or in the sequence games) the cap is 1 or no cap at all.
        seq = self.sequences
        cap_onto = 1 << len(empties) if self.run_moves else 1
        cap_empty = 1 << (len(empties) - 1) if self.run_moves and empties else 1
        if prune and empties:
            empties = empties[:1]  # R2
        out: list[tuple[int, int, int]] = []
        add = out.append
        keep_built = self.keep_built
        for i, col in enumerate(tab):
            if not col:
                continue
            n = len(col)
            lo = down[i]
            c = col[-1]
            if c in fit:
                add((i, FOUNDATION, 1))
            # k: cards moved; the run grows while the card under it is face up and accepts it
            k = 1
            deepest = c
            while True:
                under = col[n - k - 1] if n - k - 1 >= lo else -1
                built = under >= 0 and under in accepts[deepest]
                # H1 (win-only searches): moving a card off the card it is built on, when that
                # does not let the card under it go home, is rarely the way to win.
                if not (keep_built and built and under not in fit):
                    for onto in accepts[deepest]:
                        for j in tops.get(onto, ()):
                            add((i, j, k))
                    if not (prune and k == n) and (seq or k <= cap_empty):  # R3
                        for j in empties:
                            add((i, j, k))
                if not built or not (seq or k < cap_onto):
                    break
                k += 1
                deepest = under
        if waste:
            c = waste[-1]
            if c in fit:
                add((WASTE, FOUNDATION, 1))
            for onto in accepts[c]:
                for j in tops.get(onto, ()):
                    add((WASTE, j, 1))
            for j in empties:
                add((WASTE, j, 1))
        if stock:
            add((STOCK, WASTE, 1))
        elif waste and redeals:
            add((WASTE, STOCK, 1))
        return out

    def expand(self, st: tuple, move: tuple[int, int, int]) -> list[tuple[int, int, int]]:
        """The engine moves that make ``move`` in ``st``: a run move of a one-card game becomes
        single-card moves through the empty columns; any other move is itself."""
        src, dst, k = move
        if k == 1 or self.sequences:
            return [move]
        free = [j for j, col in enumerate(st[0]) if not col and j != dst]
        return _run_steps(src, dst, k, free)

    def apply(self, st: tuple, move: tuple[int, int, int]) -> tuple:
        """The state after ``move`` (which must be legal)."""
        tab, down, found, waste, stock, redeals = st
        src, dst, n = move
        if src == STOCK:
            k = min(self.stock_deal, len(stock))
            return (tab, down, found, waste + stock[:-k - 1:-1], stock[:-k], redeals)
        if dst == STOCK:
            return (tab, down, found, (), waste[::-1], redeals - 1)
        tab = list(tab)
        if src == WASTE:
            cards = waste[-1:]
            waste = waste[:-1]
        else:
            col = tab[src]
            cards = col[-n:]
            col = col[:-n]
            tab[src] = col
            if col and len(col) == down[src]:
                down = list(down)
                down[src] -= 1
                down = tuple(down)
        if dst == FOUNDATION:
            c = cards[0]
            r = c % 13
            s2 = 2 * (c // 13)
            found = list(found)
            if found[s2] == r:
                found[s2] = r + 1
            else:
                found[s2 + 1] = r + 1
            found = tuple(found)
        else:
            tab[dst] = tab[dst] + cards
        return (tuple(tab), down, found, waste, stock, redeals)


def _run_steps(src: int, dst: int, k: int, free: list[int]) -> list[tuple[int, int, int]]:
    """Single-card moves carrying the top ``k`` cards of ``src`` onto ``dst`` through the empty
    columns ``free`` (``k <= 2**len(free)``): half the run to one empty column, the rest across
    with the others, then the half back on top. Each temporary column ends empty again."""
    if k == 1:
        return [(src, dst, 1)]
    via, rest = free[0], free[1:]
    half = k // 2
    return _run_steps(src, via, half, rest) + _run_steps(src, dst, k - half, rest) + \
        _run_steps(via, dst, half, rest)
