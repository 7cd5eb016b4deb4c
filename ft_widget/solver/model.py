"""The solver's compact game model and its pruning rules, each with the argument that it is sound.

The solver does not search with :class:`~ft_widget.game.Game` (which keeps undo history and
explains illegal moves); it uses immutable tuples that hash quickly. The rules themselves come
from :mod:`ft_widget.rules` (building tables, what fits home, the safe-home rule, run steps), and
``tests/test_solver_model.py`` checks on random positions of every variant that this model's
successors are exactly the engine's. The engine stays the judge:
every winning line is replayed through ``Game.play`` before it is reported (see ``search.py``).

A *state* is a tuple ``(tableau, down, found, waste, stock, redeals)``:

* ``tableau`` – a tuple of columns, each a tuple of card ints, bottom to top;
* ``down`` – face-down cards per column (they are the bottom ``down[i]`` cards);
* ``found`` – the foundations' heights (:func:`ft_widget.rules.foundation_heights`): for each suit
  ``s`` the heights ``found[2s] >= found[2s+1]`` of its two piles;
* ``waste``, ``stock`` – tuples, bottom to top (the last stock card is dealt next);
* ``redeals`` – redeals left.

A move is ``(src, dst, count)`` with the engine's pile numbers.

Pruning rules (the search uses them only when ``prune=True``, R6 only when asked;
``tests/test_solver_pruning.py`` checks on hundreds of small positions that the pruned search and a
plain exhaustive search agree):

R1 *Column symmetry.* Columns are interchangeable: no rule names a column, so two states that differ
   only by the order of their columns have the same outcome (a winning line for one becomes one
   for the other by renaming columns). The search therefore stores and expands every state with its
   columns sorted (:meth:`Model.canonical`), and a winning line found that way is renamed back to
   the real columns step by step (``search._engine_line``).

R2 *One empty column is as good as another.* Moving cards to empty column ``j`` or to empty column
   ``k`` gives states that differ only by the order of columns (R1), so only the first empty column
   is offered as a destination.

R3 *Moving a whole column into an empty column is never needed.* It gives the same state up to the
   order of columns (R1), so the move is not generated.

R4 *Safe moves to the foundations (two decks).* A card at the top of a column (or the waste's top
   card when the stock deals one card at a time) that :func:`ft_widget.rules.safe_home` calls safe
   is sent home as the only move: the argument that this never turns a won state into a lost one
   is written beside that rule, which the engine's ``Game.safe_move_home`` and the board's
   Auto-play use too. Since the state after it is reached from the state before, the two are won
   or lost together, so the search follows only this move.

R5 *Face-down counts do not tell states apart in the one-card games.* There only a column's top card
   ever moves (the sound search makes no run moves), and the top card is always face up, so which
   cards under it are still face down changes no move and no later move: a card turns up exactly
   when it becomes the top, whatever the count said. Two states that differ only in those counts
   have the same legal lines, so the key leaves them out (:meth:`Model.key`); in the sequence games
   they decide how much of a column may move and stay in the key. (The win-only searches share the
   key; their run moves do look at face-down cards, so there the merge is a heuristic, like H1, H2.)

R6 *Deal and play (one-card stock, no redeal).* The deal is replaced by the moves "deal ``i`` cards
   and play the ``i``-th to X" (``(STOCK, X, i)``; :meth:`Model.expand` writes it out as ``i`` deals
   and a waste move), so no state with the card just dealt still on the waste is ever stored.
   *Argument.* A move among the columns and the foundations neither reads nor changes the stock
   and the waste, and a deal neither reads nor changes the columns and the foundations; so a
   column move made right after a deal can be made right before it instead, and the position
   after both is the same. Moving every such move back past the deals before it, any line becomes
   one in which each deal is followed by another deal or by a move of the card just dealt (the
   stack order makes that card the next to leave the waste). A won line plays every card, so each
   run of deals ends in a move of its last card: one R6 move. Every winning line therefore has a
   twin made of R6 moves and the other moves, through the same positions wherever the waste's
   top is not the card dealt last. With R4: the moves are offered only when R4 forces nothing in
   the state (the state's columns and foundations are those of every card of the run), and the run
   stops at the first card R4 would send home once dealt, with that move alone, since R4 is sound
   in the state where that card lies on the waste. About half the states of a deal's sound search
   have the card just dealt on top, and R6 stores none of them (``tests/test_solver_core.py``:
   Forty Thieves deal 129 is exhausted after 592,656 states instead of 1,295,519). The moves
   of a state are more (every card of the stock that can be played somewhere), so with a small
   ``max_states`` budget those children fill it sooner; :func:`~ft_widget.solver.search.solve`
   therefore uses R6 only when no budget is given (``Model(..., deal_and_play=True)``).

R7 *Cards blocked for good (dead ends).* With ``dead_ends=True`` a state in which some card can
   never move again has no moves: it is lost, since a won game moves every card home.
   :meth:`Model.blocked` finds such cards as the largest set ``S`` of cards out of the foundations
   (in the columns, and in the waste when no redeal is left; never the stock's) that is *closed*:
   no card of ``S`` could make a move while every card of ``S`` stays where it is. A card of ``S``
   could move, with the rest of ``S`` in place, only if no card of ``S`` lies above it (a run move
   carries the cards above it along; the waste gives up its top card only) and it has somewhere
   to go: home, when some foundation pile of its suit at or below its rank could climb to it,
   each rank between needing a copy out of the foundations and not in ``S``; onto a card it may
   be built on, when a copy of that card is in the stock or has no card of ``S`` above it; or an
   empty column, when some column holds no card of ``S`` (an empty column taking any card is the
   most any variant allows). Everything else that could happen meanwhile is allowed, so this only
   over-states what can move. *Argument.* Were a card of a closed ``S`` ever to move, take the
   first move of one in a line: just before it every card of ``S`` is still in place, and that
   move is one the closure rules out. So no card of ``S`` ever moves, a non-empty ``S`` is never
   all home, and the state is lost. ``S`` is found by starting from all the cards the definition
   allows and dropping, until nothing changes, each card that could move given the rest: what
   remains is closed, and it is the largest closed set (a card dropped could move given a larger
   set, so given any closed one), whatever the order of the drops: the compiled core, which drops
   them in another order, finds the same answer. The empty column is no free pass: no column is
   empty (else nothing is blocked) and the set starts with every card, so a column is first free
   of it when its bottom card could go home or onto a card, which is how the first column ever
   to empty is emptied (``data/dead_ends.py`` measures R7 from the opening on). A redeal moves
   the whole waste, so with redeals left the waste's cards are never in ``S``.
   ``tests/test_solver_pruning.py`` checks it against the plain search. No search uses it by
   default: docs/solver.md has what it saves and costs.

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

from functools import lru_cache

from .. import rules
from ..game import FOUNDATION, STOCK, WASTE
from ..variants import Variant

#: The score's weights: a card home, a face-down card, a waste card, an empty column, a card not built
#: on the card under it, a card above a lower card, a card in the stock.
WEIGHTS = (8, -2, -4, 6, -2, -1, 0)
#: Each weight is an int within -MAX_WEIGHT..MAX_WEIGHT, on both paths: the compiled core sizes its
#: queue for the scores such weights can make (``score_bound`` in ``_core.c``, which refuses others).
MAX_WEIGHT = 64
#: Cards in play (two decks): a deal of more cards than that deals the whole stock.
CARDS = 104

@lru_cache(maxsize=1 << 16)
def _home_sets(heights: tuple, build: rules.Build, prune: bool) -> tuple[frozenset, frozenset]:
    """:meth:`Model.home_sets`, shared by every search (the expert runs thousands of small ones
    that meet the same foundation layouts): per suit, the two pile heights name the cards that fit."""
    fit = frozenset(13 * s + h for s in range(4) for h in {heights[2 * s], heights[2 * s + 1]} if h < 13)
    safe = frozenset(c for c in fit if rules.safe_home(heights, c, build)) if prune else frozenset()
    return fit, safe

class Model:
    """Moves, successor states and pruning for one variant, on tuple states."""

    def __init__(self, variant: Variant, prune: bool = True, *, run_moves: bool = False,
                 keep_built: bool = False, home_first: bool = False, deal_and_play: bool = False,
                 dead_ends: bool = False, weights: tuple[int, ...] = WEIGHTS):
        self.variant = variant
        #: the best-first score's weights (see search.evaluator); they order the search only
        self.weights = tuple(weights)
        if len(self.weights) != len(WEIGHTS) or not all(
                isinstance(w, int) and not isinstance(w, bool) and -MAX_WEIGHT <= w <= MAX_WEIGHT
                for w in self.weights):
            raise ValueError(f"weights: {len(WEIGHTS)} integers within "
                             f"-{MAX_WEIGHT}..{MAX_WEIGHT}, not {weights!r}"[:200])
        self.prune = prune
        #: one-card games: offer runs moved through empty columns as one move (a shortcut)
        self.run_moves = run_moves and not variant.sequences
        #: H1 and H2 of docs/solver.md: *unsound* move filters, for searches that only look for wins
        self.keep_built = keep_built
        self.home_first = home_first
        self.sound = not (keep_built or home_first)
        #: found -> (cards that fit home, cards safe to send home (R4)); the foundations change
        #: far less often than the rest of the state, so this is mostly a dict hit
        self.sequences = variant.sequences
        deal = variant.stock_deal
        if not isinstance(deal, int) or isinstance(deal, bool) or deal < 1:
            raise ValueError(f"the variant's stock_deal must be a whole number from 1, not {deal!r}"[:200])
        # a deal of more cards than the game holds deals the whole stock, on both paths alike
        self.stock_deal = min(deal, CARDS)
        self.build = variant.build
        self.accepts = rules.onto_table(variant.build)  # card -> the tableau cards it may go on
        self.waste_safe = rules.safe_from_waste(variant.stock_deal)
        # With no redeal, the stock only ever loses its top, so its length identifies it.
        self.stock_by_length = variant.redeals == 0
        #: whether face-down counts are part of a state's identity (R5: not in one-card games)
        self.key_has_down = variant.sequences or not prune
        #: R6 (sound search, one-card stock, no redeal): "deal i cards and play the last" replaces
        #: the deal, so no state with the card just dealt on the waste is stored
        self.deal_and_play = (deal_and_play and prune and self.sound and variant.stock_deal == 1
                              and variant.redeals == 0)

        #: R7 (sound search): a state with a card blocked for good (:meth:`blocked`) has no moves
        self.dead_ends = dead_ends and prune and self.sound

    # ------------------------------------------------------------------ conversion
    @staticmethod
    def from_game(game) -> tuple:
        return (
            tuple(tuple(col) for col in game.tableau),
            tuple(game.face_down_counts),
            rules.foundation_heights(game.foundations),
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
        tab, down = zip(*sorted(zip(tab, down, strict=True)), strict=True)
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
    def home_sets(self, found: tuple) -> tuple[frozenset, frozenset]:
        """The cards that fit on the foundations ``found``, and those of them safe to send (R4)."""
        return _home_sets(found, self.build, self.prune)

    def blocked(self, st: tuple) -> bool:
        """Whether some card of ``st`` can never move again (R7 in the module docstring): the
        largest closed set of cards is not empty. The cards of a pile that are in it always form
        its bottom (a card above one of the set never frees the one under it), so the set is kept
        as a count per pile. With an empty column every top card could move there, and in turn
        every card: nothing is blocked."""
        tab, _, found, waste, stock, redeals = st
        if not all(tab):
            return False
        piles = list(tab) if redeals else [*tab, waste]
        ncols = len(tab)
        held = [len(p) for p in piles]  # the bottom held[i] cards of pile i are in the set
        out = [0] * 52  # copies out of the foundations
        inset = [0] * 52  # copies in the set
        for p in piles:
            for c in p:
                out[c] += 1
                inset[c] += 1
        loose = set(stock) | (set(waste) if redeals else set())  # never in the set
        for c in loose:
            out[c] += stock.count(c) + (waste.count(c) if redeals else 0)
        accepts = self.accepts
        changed = True
        while changed:
            changed = False
            empty = any(not held[i] for i in range(ncols))
            # cards that could be (or are) a top: the stock's, and those with no card of the set above
            tops = set(loose)
            for i, p in enumerate(piles):
                tops.update(p[max(held[i] - 1, 0):])
            for i, p in enumerate(piles):
                while held[i]:
                    c = p[held[i] - 1]
                    if not (empty or any(u in tops for u in accepts[c])
                            or self._may_go_home(c, found, out, inset)):
                        break
                    held[i] -= 1
                    inset[c] -= 1
                    changed = True
        return any(held)

    @staticmethod
    def _may_go_home(c: int, found: tuple, out: list[int], inset: list[int]) -> bool:
        """Could card ``c`` ever go home, the cards counted in ``inset`` never moving? A pile of its
        suit at or below its rank must climb to it, each rank between needing a copy out of the
        foundations and not in the set."""
        r, s = c % 13, c // 13
        return any(h <= r and all(out[13 * s + q] > inset[13 * s + q] for q in range(h, r))
                   for h in (found[2 * s], found[2 * s + 1]))

    def moves(self, st: tuple) -> list[tuple[int, int, int]]:
        """Legal moves in ``st`` (with pruning: only a safe move when there is one, R2, R3; none
        in a dead end, R7, with ``dead_ends``)."""
        if self.dead_ends and self.blocked(st):
            return []
        tab, down, found, waste, stock, redeals = st
        accepts = self.accepts
        fit, safe = self.home_sets(found)
        if safe:
            for i, col in enumerate(tab):
                if col and col[-1] in safe:
                    return [(i, FOUNDATION, 1)]
            if waste and self.waste_safe and waste[-1] in safe:
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
        cap_onto = rules.run_capacity(len(empties), to_empty=False) if self.run_moves else 1
        cap_empty = rules.run_capacity(len(empties), to_empty=True) if self.run_moves and empties else 1
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
        if stock and self.deal_and_play:
            # R6: deal i cards and play the i-th (the stock's i-th card from the top) at once
            for i in range(1, len(stock) + 1):
                c = stock[-i]
                if c in safe and self.waste_safe:  # R4 would force it home once it is dealt
                    add((STOCK, FOUNDATION, i))
                    break
                if c in fit:
                    add((STOCK, FOUNDATION, i))
                for onto in accepts[c]:
                    for j in tops.get(onto, ()):
                        add((STOCK, j, i))
                for j in empties:
                    add((STOCK, j, i))
        elif stock:
            add((STOCK, WASTE, 1))
        elif waste and redeals:
            add((WASTE, STOCK, 1))
        return out

    def expand(self, st: tuple, move: tuple[int, int, int]) -> list[tuple[int, int, int]]:
        """The engine moves that make ``move`` in ``st``: a run move of a one-card game becomes
        single-card moves through the empty columns; any other move is itself."""
        src, dst, k = move
        if src == STOCK and dst != WASTE:  # R6: deal k cards, play the last
            return [(STOCK, WASTE, 1)] * k + [(WASTE, dst, 1)]
        if k == 1 or self.sequences:
            return [move]
        free = [j for j, col in enumerate(st[0]) if not col and j != dst]
        return rules.run_steps(src, dst, k, free)

    def apply(self, st: tuple, move: tuple[int, int, int]) -> tuple:
        """The state after ``move`` (which must be legal)."""
        tab, down, found, waste, stock, redeals = st
        src, dst, n = move
        if src == STOCK:
            if dst != WASTE:  # R6: deal n cards, then play the last of them
                waste, stock = waste + stock[:-n - 1:-1], stock[:-n]
                return self.apply((tab, down, found, waste, stock, redeals), (WASTE, dst, 1))
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
