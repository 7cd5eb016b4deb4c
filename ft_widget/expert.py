"""A fair expert: strong play from only what a player at the table can see.

The solver (:func:`ft_widget.solve`) plays with perfect information: it knows the stock's order and
the face-down cards. The expert does not. Everything it decides comes from :func:`player_view`,
the one function here that reads a :class:`~ft_widget.game.Game`:

* every face-up tableau card, the foundations, and the whole waste (the player watched each of its
  cards being dealt face up, so remembers their order even where a board shows only the top);
* how many cards each column has face down, and how many are in the stock, but not which;
* the stock's order only after a redeal (Little Forty): the stock is then the waste turned over,
  every card of which the player has watched being dealt (``PlayerView.stock``; before the first
  redeal it is ``None``). A position loaded with fewer redeals left than the variant allows is
  taken to be such a position: its stock is known;
* the deal number is *not* part of the view: it would give away every card.

Method (determinization, "perfect-information Monte Carlo"): the unseen cards (104 minus every card
in the view) are dealt at random into the hidden places (the face-down slots and, unless known, the
stock); each such *world* is a position built with ``Game.from_piles`` and solved by the solver
with a ``max_states`` budget (machine-independent: the same answer on any machine). A search tries up
to ``worlds`` worlds (it stops early when its first ``give_up`` all fail) and plays the move
that starts a win in most of the won worlds (ties: the first in ``legal_moves()`` order). The won
worlds whose line starts with that move are kept as a *plan*: after the move, a world stays in the
plan when, made consistent with what was revealed (each card the real game turned up is swapped
into the world in place of the card the world had there), its line still wins in it (replayed
through the engine). When a reveal breaks every world of the plan, those worlds (repaired) are
solved again first, and one win is enough to go on. When no world is won, the expert plays its
no-win choice (below: in most games the cautious policy's move, chosen in a world, as it reads only
visible cards), and waits for more cards to show before it searches again (the wait doubles
after each fruitless search); it gives up rather than go back to a view this game has already been
in. A game's searches stop when ``game_states`` solver states are spent: the rest is played by the
no-win choice and by the plans it has.

When no world is won (issue 21; ``Expert(no_win=...)``, :data:`NO_WIN`). The default, ``"by_game"``,
plays each game's choice from :data:`NO_WIN_BY_GAME`, the one that won most on deals nobody
judged it by later (``data/expert_candidates.md``): ``"progress_plan"`` in Maria, the fallback
(``"cautious"``) elsewhere. ``"progress"`` uses search instead of the fallback: each legal move
(except one that leads back to a view seen, in any order of its columns) is played in a few worlds
sampled from the view, a short win-only search runs after it in each, and the move whose searches
got the most cards home on average is played (:meth:`Expert._progress_choice`; a safe move home is
played unsearched). ``"progress_after_search"`` does so only right after a fruitless search;
``"progress_plan"`` also keeps a world such a search won as a plan. ``"table_plan"`` searches no
world at all: it plays the first move of the best line of table moves (no deal, nothing turned
up) by the solver's score of the face-up cards (:func:`_table_choice`).

Why Maria's choice differs and Forty Thieves' does not: in Maria (building down in alternate
colours, so every column takes two kinds of card) a move the short searches carry further is usually
a better start, and over 138 tuning deals it won 15 games the cautious move lost and lost 6 it won;
a larger budget for it (8 worlds a search, or 50,000 states a world) won no more. In Forty Thieves
no choice beat the cautious move over 40-96 tuning deals (every candidate is in
``data/expert_candidates.md``), including ones that win *more* sampled worlds: a world-solver that
wins more worlds (``world_search="win_only"``) lost more real games, the mark of strategy fusion (a
line that wins one world often starts with a move only that world's stock makes good), and checking
each voted move in every world (``cross_check=True``) did not repair it. Searching more often
(``max_wait``) and more states (``data/expert_budget.md``) did not help.

The searches' worlds come from the view and the seed only, like the main search's, so the contract
below holds for each (``tests/test_expert.py``).

Two strengths (issue 34; ``Expert(strength=...)``, :data:`STRENGTHS`). Everything above is the
*default*, the strength of hints, estimates, reviews, grades, puzzle ratings and notebook play:
fast (a hint within a second, a game within a few). ``strength="deep"`` (the policy
``"deep_expert"``) spends more, on the decisions that can lose a deal. Its rule, the *guard*,
keeps the default's decision unless sampled worlds show clearly that another is better:

* *Commitments are what can be wrong.* A move that cannot be taken back (the engine decides:
  :func:`ft_widget.game.reversible`) is the only kind that can lose a deal. The candidates at a
  decision are the commitments reachable through reversible moves (breadth first, at most
  :data:`DEEP_NODES` positions and :data:`DEEP_CANDIDATES` candidates, positions that differ only
  in the order of their columns counted once); the reversible moves are the way to a candidate.
* *The default decides first.* The default strength's decision is taken as it would be (the same
  plans, the same numbers drawn from the game's generator: the test below takes its seed without
  advancing it). It is tested only when it is a commitment, not a safe move home, and rests on no
  won world or on fewer than half of the worlds tried: a move most worlds of 20,000 states win is
  stronger evidence than the test's cheaper worlds can give, and a reversible move loses nothing.
* *Screen, then confirm on paired worlds.* The screen deals ``batch`` worlds from the view and
  plays every candidate in each, with a win-only search of ``sample_states`` states after it
  (its wins, and the cards it got home, :func:`_reach`); the best candidate other than the
  default's is the challenger, if it did better on either count. Fresh ``test_worlds`` worlds
  confirm: in each, the default's commitment and the challenger are played and the solver runs
  for ``test_states`` states (a world not won within them counts as lost). The same world after
  each move removes the luck of the deal from the comparison (the worlds where both win or both
  lose say nothing). The challenger replaces the default's move only when the worlds it won and
  the default's move lost (b) exceed those the other way round (c) by :data:`DEEP_Z` standard
  errors and by :data:`DEEP_MIN_GAIN` worlds: b - c >= max(DEEP_MIN_GAIN, DEEP_Z * sqrt(b + c))
  (McNemar's test, about 2 % one-sided when the two are equally good). The screen chose the
  challenger, so only the confirming worlds, dealt after it, are the evidence.
* *The argument.* When no test clears the bar the deep expert plays the default's game, move for
  move (``tests/test_expert.py`` checks it); it differs only at a commitment where paired worlds
  gave strong evidence, so by design it is at least about as strong as the default, and stronger
  only as far as the evidence at such decisions is right (cheap worlds favour moves that win
  quickly; the bar is there because of it). After an overturn the challenger's path is followed
  while no card shows, and the next decision is the default's again, taken afresh.
* *Budget.* The tests of a game may spend at most ``deep_game_states`` solver states (a test runs
  only when its largest cost still fits), so a game's time is bounded on any machine and the
  result is the same everywhere; no clock is read.

The first deep rule, after lonelybot's for Klondike (a bandit spending many cheap worlds on the
candidates, the commitment that won most played), was measured and superseded
(``data/deep_expert.md``, which names the last commit with its code; issue 41 removed it). It won
fewer deals than the default: a world capped at 1,000 states is won only when nearly won, so it
chose the commitments that win quickly in lucky worlds over the default's plans.

The deep expert is fair for the same reason as the default: its candidates come from the view (a
template world's hidden cards are never turned up by a reversible move, and a commitment is named
by its move, not by what it reveals), its worlds from the view and the seed, and it keeps only the
path to the commitment it chose, made from the view. ``tests/test_expert.py`` swaps unseen cards on
positions of every game and through games, for the guard as it is and with no bar (so that its
overturns are checked). Its measured strength and speed, beside the default's and the
solver's on deals nobody tuned on, with the commands and the measure of strategy fusion:
``data/deep_expert.md`` (``python data/deep_expert.py``). Its budgets were chosen on Forty Thieves
and Maria deals 1-15.

Fairness contract: for a given seed (the ``rng`` a policy is given), the choice is a function of
the player's view (and of the expert's own plans, which were made from earlier views): swapping
unseen cards among the hidden places never changes it. ``tests/test_expert.py`` checks it on many
positions of every variant.
"""

from __future__ import annotations

import gc
import heapq
import itertools
import math
import random as _random
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass

from .game import STOCK, WASTE, Choice, Game, IllegalMove, Move, reversible
from .i18n import gettext, ngettext, number
from .limits import check_count, check_time_limit, shown
from .solver.model import Model
from .solver.search import LOST, RELAY, WON, evaluator, relay_search, search, solve
from .variants import Variant
from .words import clauses


# ---------------------------------------------------------------------------------- the view
@dataclass(frozen=True)
class PlayerView:
    """What a player at the table knows about a position (see the module docstring).

    ``tableau`` holds each column's face-up cards, bottom to top, and ``face_down_counts`` how many
    cards lie face down beneath them (as ``Game.face_down_counts``). ``stock`` is the stock's order
    (bottom to top) when the player knows it (after a redeal), else ``None``; ``stock_count`` is its
    size either way.
    """

    variant: Variant
    tableau: tuple[tuple[int, ...], ...]
    face_down_counts: tuple[int, ...]
    foundations: tuple[tuple[int, ...], ...]
    waste: tuple[int, ...]
    stock_count: int
    stock: tuple[int, ...] | None
    redeals_left: int

    @property
    def key(self) -> tuple:
        """A hashable identity of the view."""
        return (self.variant.id, self.tableau, self.face_down_counts, self.foundations, self.waste,
                self.stock_count, self.stock, self.redeals_left)

    @property
    def hidden_places(self) -> int:
        """Face-down slots plus, while its order is unknown, the stock's cards."""
        return sum(self.face_down_counts) + (self.stock_count if self.stock is None else 0)

    def unseen(self) -> list[int]:
        """The cards the player has not seen, sorted (two decks minus every card in view)."""
        count = Counter({c: 2 for c in range(52)})
        for pile in (*self.tableau, *self.foundations, self.waste, self.stock or ()):
            count.subtract(pile)
        cards = sorted(count.elements())
        if len(cards) != self.hidden_places:
            raise ValueError(f"the view shows {104 - len(cards)} cards but hides "
                             f"{self.hidden_places}: not a two-deck position")
        return cards

    def world(self, hidden: list[int]) -> Game:
        """The position with ``hidden`` (a full list of unseen cards) in the hidden places: the
        face-down slots column by column, bottom to top, then (unless known) the stock, bottom to top."""
        it = iter(hidden)
        tableau = [[next(it) for _ in range(down)] + list(up)
                   for up, down in zip(self.tableau, self.face_down_counts, strict=True)]
        stock = list(self.stock) if self.stock is not None else [next(it) for _ in range(self.stock_count)]
        if next(it, None) is not None:
            raise ValueError("more hidden cards than hidden places")
        return Game.from_piles(self.variant, tableau, self.face_down_counts, self.foundations, self.waste,
                               stock, self.redeals_left)

    def sample(self, rng: _random.Random) -> Game:
        """A world: the unseen cards dealt at random into the hidden places."""
        cards = self.unseen()
        rng.shuffle(cards)
        return self.world(cards)


def player_view(game: Game) -> PlayerView:
    """What a player at the table sees of ``game``: the only thing the expert reads."""
    down = game.face_down_counts
    v = game.variant
    stock = game.stock
    known = game.redeals_left < v.redeals  # the stock is the waste turned over: all seen
    return PlayerView(
        variant=v,
        tableau=tuple(tuple(col[d:]) for col, d in zip(game.tableau, down, strict=True)),
        face_down_counts=tuple(down),
        foundations=tuple(tuple(p) for p in game.foundations),
        waste=tuple(game.waste),
        stock_count=len(stock),
        stock=tuple(stock) if known else None,
        redeals_left=game.redeals_left,
    )


def hidden_cards(game: Game) -> list[int]:
    """The cards in ``game``'s hidden places, in :meth:`PlayerView.world`'s order (for tests and
    for repairing worlds; the expert never calls it on the real game)."""
    view = player_view(game)
    cards = [c for col, d in zip(game.tableau, view.face_down_counts, strict=True) for c in col[:d]]
    if view.stock is None:
        cards += game.stock
    return cards


# ---------------------------------------------------------------------------------- the plan
@dataclass
class _World:
    game: Game  # a full-information position consistent with the view
    line: list[Move]  # a line that wins from it


@dataclass
class _Plan:
    """What the expert keeps between moves: the worlds it still believes in, and where it expects
    the game to be next (the view after its move, with the cards the move may reveal masked)."""

    expected: tuple
    mask: tuple
    worlds: list[_World]
    worlds_tried: int  # worlds tried when the plan was made
    worlds_won: int  # of them, won
    made_at: int  # hidden places when the plan was made (a failed search waits for reveals)
    age: int = 0  # moves played from the plan
    wait: int = 0  # after a search that won nothing: reveals (or moves / 2) to wait before the next
    spent: int = 0  # solver states this game has used so far
    progress_spent: int = 0  # states the no-win choice ("progress") has used this game
    visited: frozenset = frozenset()  # views this game has passed through (the player's memory)
    path: tuple = ()  # deep: the reversible moves still to play on the way to the chosen commitment
    deep_spent: int = 0  # deep: solver states its tests have used this game


@dataclass(frozen=True, repr=False)
class ExpertChoice(Choice):
    """The expert's move and why (a :class:`~ft_widget.moves.Choice`); ``worlds_won`` of ``worlds``:
    the sampled worlds its estimate rests on."""

    worlds_won: int = 0
    worlds: int = 0
    searched: bool = False  # did this decision run the solver (rather than follow a plan)?
    states: int = 0  # solver states spent on this decision
    starts: int = 0  # of the won worlds, those whose line starts with the move (0: none was won)
    no_win: Choice | None = None  # when none was won: the no-win choice (a ProgressChoice, with its figures)
    strength: str = "default"  # the expert's strength that chose it (:data:`STRENGTHS`)


@dataclass(frozen=True, repr=False)
class DeepChoice(ExpertChoice):
    """The deep expert's move (``Expert(strength="deep")``): the default strength's move, or the first
    step towards ``commitment`` when the guard found it clearly better (``overturned``). A test weighed
    the default's commitment against the others of ``candidates`` reachable through reversible moves,
    ``worlds_played`` candidate-worlds in all (screen and confirmation). For the measure of strategy
    fusion: ``compared`` confirming worlds were played with the default's commitment and the
    challenger (the same worlds for both), ``any_won`` of them won after either, and ``chosen_won``
    after the move chosen. ``followed``: the move was the next step of a path chosen earlier (no new
    card was seen since), not a new decision."""

    candidates: int = 0
    commitment: Move | None = None
    worlds_played: int = 0
    compared: int = 0
    any_won: int = 0
    chosen_won: int = 0
    followed: bool = False
    overturned: bool = False  # the guard took another commitment than the default strength's


@dataclass(frozen=True, repr=False)
class ProgressChoice(Choice):
    """The progress search's move (``no_win="progress"``) with the figures its reason states: searches
    of ``progress_states`` states in ``progress_worlds`` worlds after each of ``moves_compared`` moves put
    ``cards_home`` cards home on average after this one; or, when no other move got clearly further
    (``cards_home`` None), the fallback's move and its own reason ``fallback_reason``."""

    progress_states: int = 0
    progress_worlds: int = 0
    cards_home: float | None = None
    moves_compared: int = 0
    fallback_reason: str = ""


def _masked(view: PlayerView, mask: tuple) -> tuple:
    """The view's key with the cards at ``mask`` (places a move may turn up) replaced by -1."""
    cols = [list(c) for c in view.tableau]
    waste = list(view.waste)
    for kind, i, k in mask:
        if kind == "col":
            if k < len(cols[i]):
                cols[i][k] = -1
        elif k < len(waste):
            waste[k] = -1
    return (view.variant.id, tuple(map(tuple, cols)), view.face_down_counts, view.foundations, tuple(waste),
            view.stock_count, view.stock if view.stock is None else len(view.stock), view.redeals_left)


def _reveal_mask(before: PlayerView, move: Move) -> tuple:
    """The places whose card ``move`` may turn up, for a player who does not know it."""
    src, dst, count = move
    if src == STOCK:
        if before.stock is not None:
            return ()
        n = min(before.variant.stock_deal, before.stock_count)
        return tuple(("waste", 0, len(before.waste) + k) for k in range(n))
    if src < WASTE and before.face_down_counts[src] and len(before.tableau[src]) == count:
        return (("col", src, 0),)
    return ()


# ---------------------------------------------------------------------------------- the expert
#: What the expert plays when no sampled world is won (``Expert(no_win=...)``):
#: "cautious": the fallback's move (the cautious policy's);
#: "progress": at every such decision, the move after which short searches in sampled worlds got
#: the most cards home (:meth:`Expert._progress_choice`), while ``progress_game_states`` last;
#: "progress_after_search": the same, only right after a search that won no world (the decisions
#: that wait for more cards to show play the fallback);
#: "progress_plan": as "progress", and a world one of those searches won after the chosen move is
#: kept as a plan, followed like a world the main search won.
#: "table_plan": the first move of the best line of table moves (:func:`_table_choice`);
#: "by_game" (the default): each game's entry in :data:`NO_WIN_BY_GAME`.
NO_WIN = ("by_game", "cautious", "progress", "progress_after_search", "progress_plan", "table_plan")
#: The no-win choice ``"by_game"`` plays in each game (games not named: "cautious"), chosen on
#: tuning deals 20001-20160 (``data/expert_candidates.md``; the module docstring says why).
NO_WIN_BY_GAME = {"maria": "progress_plan"}
#: How a sampled world is solved (``Expert(world_search=...)``, :func:`_solve_world`).
WORLD_SEARCH = ("portfolio", "win_only")
#: The most worlds one search, estimate or review step may sample (``worlds``, ``progress_worlds``):
#: 125 times the defaults (5-8), and already 20 million solver states at the default 20,000 a
#: world, minutes a decision. Worlds are dealt one at a time, so the bound is on time, not memory;
#: a larger count is refused rather than left to run for days.
MAX_WORLDS = 1_000
#: The guard's bar: a challenger replaces the default's commitment only when, on the confirming worlds,
#: the worlds it won and the default's commitment lost (b) exceed those the other way round (c) by
#: ``DEEP_Z`` standard errors of a fair coin (b - c >= DEEP_Z * sqrt(b + c), McNemar's test, about 2 %
#: one-sided) and by at least :data:`DEEP_MIN_GAIN` worlds.
DEEP_Z = 2.0
DEEP_MIN_GAIN = 3
#: The expert's strengths: "default" (hints, estimates, notebooks: fast) and "deep" (tables, grades,
#: ratings: the default's commitments tested on paired sampled worlds; see the module docstring).
STRENGTHS = ("default", "deep")
#: The most positions the deep expert explores through reversible moves to find its candidates
#: (a board with empty columns can be rearranged in very many ways; a bound keeps a decision short).
DEEP_NODES = 30
#: … and the most candidates it compares, the nearest first (measured: a wide board offers over a
#: hundred, nearly all one rearrangement away from another; the screen plays each in every world).
DEEP_CANDIDATES = 8


def _one_of(name: str, value, allowed) -> None:
    """A setting that names one of ``allowed``, or a ``ValueError`` naming the setting."""
    if value not in allowed:
        raise ValueError(f"Expert: {name} must be one of {', '.join(map(repr, allowed))}, not {shown(value)}")


class Expert:
    """The fair expert as a policy: ``expert(game, rng) -> Move | None``; :meth:`choose` also says why.

    Up to ``worlds`` worlds (at most :data:`MAX_WORLDS`) are solved per search with at most
    ``max_states`` solver states each, and at most ``game_states`` in a game (see the module
    docstring for ``give_up``, ``wait_reveals`` and ``replan``). ``no_win`` (:data:`NO_WIN`) says
    what to play when no sampled world is won; the searching choices use ``progress_worlds`` worlds,
    ``progress_states`` states a search and at most ``progress_game_states`` states a game (they
    ignore ``time_limit``); with ``progress_margin`` they play the fallback's move unless another
    got that many cards further. ``table_expansions`` and ``table_weights`` (the solver's score
    weights; default its own) shape ``no_win="table_plan"``. Research options
    (``data/expert_candidates.md``): ``world_search`` (:data:`WORLD_SEARCH`) says how a world is
    solved, ``cross_check`` plays each move won lines start with in every world tried before voting,
    ``max_wait`` caps the wait (in reveals) after a fruitless search.
    ``time_limit`` (seconds) also stops a search by the clock, for hints on a busy machine;
    without it (None, the default) the expert's play is the same on any machine. An
    instance keeps its recent plans (``plans`` of them), found again by the view they expect next;
    they are made from views only, so they carry no hidden information.

    ``strength="deep"`` (:data:`STRENGTHS`) tests the default's commitments with the guard: it
    screens ``batch`` worlds of ``sample_states`` states a candidate, confirms on ``test_worlds``
    worlds of ``test_states`` states, and spends at most ``deep_game_states`` states a game on its
    tests (the module docstring).
    """

    def __init__(self, worlds: int = 5, max_states: int = 20_000, game_states: int = 2_000_000,
                 plans: int = 16, wait_reveals: int = 2, give_up: int = 5, replan: int = 1,
                 time_limit: float | None = None, fallback=None, no_win: str = "by_game",
                 progress_worlds: int = 3, progress_states: int = 2_000,
                 progress_game_states: int = 2_000_000, progress_margin: float = 0.0,
                 world_search: str = "portfolio", max_wait: int | None = None, cross_check: bool = False,
                 table_expansions: int = 200, table_weights: tuple | None = None,
                 strength: str = "default", sample_states: int = 2_000, batch: int = 4,
                 deep_game_states: int = 4_000_000, test_worlds: int = 16, test_states: int = 10_000):
        #: deep: the confirming worlds and the solver states each (the module docstring)
        self.test_worlds = check_count("Expert", "test_worlds", test_worlds, 1, MAX_WORLDS)
        self.test_states = check_count("Expert", "test_states", test_states, 1)
        _one_of("strength", strength, STRENGTHS)
        #: "default" or "deep" (:data:`STRENGTHS`)
        self.strength = strength
        #: deep: the screen's states a world and its worlds, and the states a game's tests may spend
        self.sample_states = check_count("Expert", "sample_states", sample_states, 1)
        self.batch = check_count("Expert", "batch", batch, 1, 100 * MAX_WORLDS)
        self.deep_game_states = check_count("Expert", "deep_game_states", deep_game_states, 0)
        worlds = check_count("Expert", "worlds", worlds, 1, MAX_WORLDS)
        max_states = check_count("Expert", "max_states", max_states, 1)
        game_states = check_count("Expert", "game_states", game_states, 0)
        plans = check_count("Expert", "plans", plans, 0)
        wait_reveals = check_count("Expert", "wait_reveals", wait_reveals, 0)
        give_up = check_count("Expert", "give_up", give_up, 1)
        replan = check_count("Expert", "replan", replan, 1)
        time_limit = check_time_limit("Expert", "time_limit", time_limit, optional=True)
        _one_of("no_win", no_win, NO_WIN)
        #: what to play when no sampled world is won (:data:`NO_WIN`)
        self.no_win = no_win
        _one_of("world_search", world_search, WORLD_SEARCH)
        self.world_search = world_search
        self.max_wait = check_count("Expert", "max_wait", max_wait, 0, optional=True)
        self.cross_check = bool(cross_check)
        self.table_expansions = check_count("Expert", "table_expansions", table_expansions, 1)
        if table_weights is not None and not (isinstance(table_weights, tuple) and len(table_weights) == 7
                                              and all(type(w) is int for w in table_weights)):
            raise ValueError(f"Expert: table_weights must be 7 whole numbers (the solver's score), "
                             f"not {shown(table_weights)}")
        self.table_weights = table_weights
        self.progress_worlds = check_count("Expert", "progress_worlds", progress_worlds, 1, MAX_WORLDS)
        self.progress_states = check_count("Expert", "progress_states", progress_states, 1)
        self.progress_game_states = check_count("Expert", "progress_game_states", progress_game_states, 1)
        if not (isinstance(progress_margin, int | float) and not isinstance(progress_margin, bool)
                and 0 <= progress_margin <= 104):
            raise ValueError(f"Expert: progress_margin must be a number of cards within 0..104, "
                             f"not {shown(progress_margin)}")
        #: cards home (on average over the worlds) by which a move's searches must beat the
        #: fallback's move for the progress choice to play it instead
        self.progress_margin = progress_margin
        #: ``fallback(game, rng) -> Choice | None``: the fair heuristic played when no
        #: sampled world is won (``ft_widget.policies`` gives the cautious policy's choice)
        self.fallback = fallback
        self.game_states = game_states
        #: seconds a decision may search (None: no clock, only states, the same on any machine)
        self.time_limit = time_limit
        #: worlds sampled and solved a search
        self.worlds = worlds
        self.replan = replan
        self.give_up = give_up
        self.max_states = max_states
        self.wait_reveals = wait_reveals
        self._capacity = plans
        self._plans: OrderedDict[int, _Plan] = OrderedDict()
        self._next_id = 0
        #: solver states this expert has spent, all decisions together (for benchmarks)
        self.states = 0

    def __repr__(self) -> str:
        extra = "" if self.no_win == "by_game" else f", no_win={self.no_win!r}"
        if self.strength == "deep":
            return (f"Expert(strength='deep', sample_states={self.sample_states}, "
                    f"test_worlds={self.test_worlds}, test_states={self.test_states})")
        return f"Expert(worlds={self.worlds}, max_states={self.max_states}{extra})"

    def __call__(self, game: Game, rng: _random.Random) -> Move | None:
        choice = self.choose(game, rng)
        return choice.move if choice else None

    def forget(self) -> None:
        """Drop every plan (a fresh expert)."""
        self._plans.clear()

    def choose(self, game: Game, rng: _random.Random | int | None = None) -> ExpertChoice | None:
        """The move for ``game``'s position and its reason, or ``None`` when no move is legal."""
        return self.choose_from_view(player_view(game), rng)

    def choose_from_view(self, view: PlayerView,
                         rng: _random.Random | int | None = None) -> ExpertChoice | None:
        """The move for the position ``view`` shows, and why: a move its plan's worlds still win by,
        else a move that wins in most freshly sampled worlds, else the no-win choice."""
        if not isinstance(rng, _random.Random):
            rng = _random.Random(rng)
        template = view.world(view.unseen())  # any world: legal moves depend on the view only
        if template.is_won:
            return None
        legal = template.legal_moves()
        if not legal:
            return None
        if self.strength == "deep":
            return self._deep_choice(view, template, legal, rng)
        return self._default_choice(view, template, legal, rng, self._take_plan(view))

    def _default_choice(self, view: PlayerView, template: Game, legal: list[Move], rng: _random.Random,
                        plan: _Plan | None) -> ExpertChoice | None:
        """The default strength's decision (the module docstring), from ``plan`` (None: none)."""
        worlds, broken = _plan_worlds(plan, view)
        visited = (plan.visited if plan is not None else frozenset()) | {view.key}
        spent = plan.spent if plan is not None else 0
        progress_spent = plan.progress_spent if plan is not None else 0
        searched = not worlds and not self._waiting(plan, view, spent)
        states = tried = won = 0
        if searched:
            worlds, tried, states, games = self._search(view, broken, rng)
            won = len(worlds)
            if worlds and self.cross_check:
                worlds, used = self._cross_check(worlds, games, template, legal, rng, visited)
                states += used
        elif plan is not None:
            tried, won = plan.worlds_tried, plan.worlds_won
        # a world whose line would lead back to a view this game has been in is no plan to follow
        worlds = [w for w in worlds if not _revisits(template, w.line[0], visited)]
        progress_states = 0  # states spent by the no-win choice (``no_win="progress"``)
        no_win = None
        if worlds:
            move, keep = _vote(worlds, legal)
            reason = _won_reason(len(keep), tried, won, searched)
        else:
            no_win, progress_states, keep = self._no_win_choice(view, template, legal, rng, visited,
                                                                searched, progress_spent)
            if no_win is None:
                return None
            move, reason = no_win.move, _no_win_reason(no_win.reason, tried, searched)
        made_at, age, wait = self._timing(plan, view, searched, bool(keep))
        self._store(view, move, keep, tried, won, made_at, age, wait, visited, spent + states,
                    progress_spent + progress_states, deep_spent=plan.deep_spent if plan is not None else 0)
        states += progress_states
        self.states += states
        return ExpertChoice(move, reason, won, tried, searched, states,
                            starts=len(keep) if worlds else 0, no_win=no_win)

    def no_win_in(self, variant_id: str) -> str:
        """The no-win choice this expert plays in the game ``variant_id`` (:data:`NO_WIN`)."""
        if self.no_win == "by_game":
            return NO_WIN_BY_GAME.get(variant_id, "cautious")
        return self.no_win

    def _waiting(self, plan: _Plan | None, view: PlayerView, spent: int) -> bool:
        """Is this decision one that waits instead of searching? After a search that won no world,
        it waits for cards to show (or for moves to be played): the wait doubles after each such
        search, so hopeless games stay cheap. And when the game's budget is used up."""
        waiting = (plan is not None and not plan.worlds and plan.age < 2 * plan.wait
                   and view.hidden_places > plan.made_at - plan.wait)
        return waiting or spent >= self.game_states

    def _search(self, view: PlayerView, broken: list[Game],
                rng: _random.Random) -> tuple[list[_World], int, int, list[Game]]:
        """Solve sampled worlds: the won ones (with their lines), the worlds tried, the states spent.

        Worlds of the plan that the last reveal broke are solved again first (repaired, they are as
        likely as fresh samples, and often nearly won); a plan that was working needs only
        ``replan`` of them won again. Fresh samples make up the rest."""
        srng = _random.Random(rng.getrandbits(64))
        need = self.replan if broken else self.worlds
        repaired = broken[: self.worlds]
        # dealt one at a time, as the search reaches them (the same worlds in the same order as
        # dealing them all first: srng serves nothing else), so memory does not grow with worlds
        fresh = (view.sample(srng) for _ in range(self.worlds - len(repaired)))
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        won: list[_World] = []
        games: list[Game] = []
        tried = states = 0
        worlds = itertools.chain(repaired, fresh)
        # until enough worlds are won, or the first all failed (the rest likely would too)
        while len(won) < need and (tried < self.give_up or won):
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                break
            world = next(worlds, None)  # dealt only now: a search that stops deals no more
            if world is None:
                break
            # the line is only followed, never shown: shortening it would cost more than the
            # search (measured: half an Indian game's time) and changed no result on 80 deals
            line, used = _solve_world(world, self.world_search, left, self.max_states)
            states += used
            tried += 1
            games.append(world)
            if line is not None:
                won.append(_World(world, _without_cycles(world, line)))
        return won, tried, states, games

    def _cross_check(self, won: list[_World], games: list[Game], template: Game, legal: list[Move],
                     rng: _random.Random, visited: frozenset) -> tuple[list[_World], int]:
        """Strategy fusion, checked: a line won in one world may start with a move that only that
        world's hidden cards make good (a deal the world knows to be lucky). Each move some won
        line starts with (and the fallback's move) is played in every world tried, and each world
        not yet won after it is solved; the move won in most worlds is kept, with those worlds
        as its plan. Returns the worlds won after that move, and the states spent."""
        candidates = list(dict.fromkeys(w.line[0] for w in won))
        if self.fallback is not None:
            fb = self.fallback(template, _random.Random(rng.getrandbits(64)))
            if fb is not None and fb.move not in candidates and not _revisits(template, fb.move, visited):
                candidates.append(fb.move)
        if len(candidates) == 1:
            return won, 0
        spent = 0
        best: tuple = ()
        for m in candidates:
            wins = [w for w in won if w.line[0] == m]
            have = {id(w.game) for w in wins}
            for g in games:
                if id(g) in have:
                    continue
                after = g.copy()
                after.play(m)
                line, used = _solve_world(after, self.world_search, None, self.max_states)
                spent += used
                if line is not None or after.is_won:
                    plan = _without_cycles(g, [m, *(line or [])])
                    if plan and plan[0] == m:
                        wins.append(_World(g, plan))
            key = (len(wins), sum(w.line[0] == m for w in won), -legal.index(m))
            if not best or key > best[0]:
                best = (key, wins)
        return best[1], spent

    def _no_win_choice(self, view: PlayerView, template: Game, legal: list[Move], rng: _random.Random,
                       visited: frozenset, searched: bool,
                       progress_spent: int) -> tuple[Choice | None, int, list[_World]]:
        """When no world is won: the progress choice (``no_win``) or the fallback's, the states the
        progress choice spent, and the worlds to keep as a plan (``no_win="progress_plan"``)."""
        progress, used, keep = None, 0, []
        mode = self.no_win_in(view.variant.id)
        if (mode in ("progress", "progress_plan")
                or (mode == "progress_after_search" and searched)) \
                and progress_spent < self.progress_game_states:
            progress, used, won_after = self._progress_choice(view, template, legal, rng, visited)
            if mode == "progress_plan":
                keep = won_after
        if mode == "table_plan":
            progress = _table_choice(view, template, visited, self.table_expansions, self.table_weights)
        if progress is not None:
            return progress, used, keep
        return _fallback(self.fallback, template, rng, visited), used, keep

    def _timing(self, plan: _Plan | None, view: PlayerView, searched: bool,
                planned: bool) -> tuple[int, int, int]:
        """The next plan's ``made_at``, ``age`` and ``wait`` (see :class:`_Plan`)."""
        if searched or plan is None:
            wait = 0 if planned else max(self.wait_reveals, 2 * plan.wait if plan else 0)
            if self.max_wait is not None:
                wait = min(wait, self.max_wait)
            return view.hidden_places, 0, wait
        return plan.made_at, plan.age + 1, plan.wait

    # -------------------------------------------------------------- no world won
    def _progress_choice(self, view: PlayerView, template: Game, legal: list[Move],
                         rng: _random.Random, visited: frozenset
                         ) -> tuple[Choice | None, int, list[_World]]:
        """``no_win="progress"``: the move after which budgeted searches got furthest, on average
        over ``progress_worlds`` worlds sampled from the view (and the seed): a :class:`Choice` or
        ``None`` (then the fallback plays), the solver states spent, and the worlds a search won
        after the chosen move, with their lines (for ``no_win="progress_plan"``).

        Each legal move that leads to no view this game has been in is played in each world, and a
        win-only search (H1+H2, the solver's best finder of wins) runs from there for at most
        ``progress_states`` states; the move's value in the world is the most cards it had home in
        any state it met (104 when it won). The best mean wins; ties go to the higher search score
        of the position right after the move (cards home, face-down cards, empty columns, order:
        ``search.evaluator``), then to the fallback's move, then to ``legal_moves()`` order. A safe
        move home (``Game.safe_move_home``, never wrong) and a lone candidate are played unsearched.
        """
        safe = template.safe_move_home()
        if safe is not None and not _revisits(template, safe, visited):
            return Choice(safe, gettext("it is a safe move home, never a mistake")), 0, []
        # A move that leads to a view seen before with its columns in another order goes round in
        # a circle as surely as one back to the same view (cards shuffled between empty columns).
        shapes = {_shape(k) for k in visited}
        moves = [m for m in legal if not _revisits(template, m, visited)
                 and _shape(_after(template, m).key) not in shapes]
        if not moves:
            return None, 0, []
        if len(moves) == 1:
            only = gettext("it is the only move that does not go back to a position seen before")
            return Choice(moves[0], only), 0, []
        srng = _random.Random(rng.getrandbits(64))
        worlds = [view.sample(srng) for _ in range(self.progress_worlds)]
        score = evaluator(Model(view.variant))
        fallback = self.fallback(template, _random.Random(srng.getrandbits(64))) if self.fallback else None
        preferred = fallback.move if fallback and fallback.move in moves else None
        spent = 0
        ranked = []
        won: dict[Move, list[_World]] = {}
        for i, m in enumerate(moves):
            reach = after_score = 0
            for w in worlds:
                after = w.copy()
                after.play(m)
                got, used, line = _reach(after, self.progress_states)
                reach += got
                spent += used
                after_score += score(Model.from_game(after))
                if got == 104 and _still_wins(w, [m, *line]):  # replayed through the engine
                    plan = _without_cycles(w, [m, *line])
                    if plan[0] == m:  # a line that came back to the start no longer starts with m
                        won.setdefault(m, []).append(_World(w, plan))
            ranked.append(((reach, after_score, m == preferred, -i), m))
        ranked.sort(key=lambda r: r[0], reverse=True)
        (reach, _, _, _), move = ranked[0]
        n = len(worlds)
        if preferred is not None and move != preferred and self.progress_margin:
            theirs = next(r[0][0] for r in ranked if r[1] == preferred)
            if reach - theirs < self.progress_margin * n:  # not clearly further: trust the fallback
                why = ngettext("{reason}; no other move's searches ({states} states in {n} sampled world) "
                               "got {margin} cards further on average",
                               "{reason}; no other move's searches ({states} states in {n} sampled worlds) "
                               "got {margin} cards further on average", n).format(
                    reason=fallback.reason, states=number(self.progress_states), n=n,
                    margin=number(self.progress_margin, 0 if self.progress_margin == int(self.progress_margin)
                                  else 1))
                kept = ProgressChoice(preferred, why, self.progress_states, n,
                                      fallback_reason=fallback.reason)
                return kept, spent, won.get(preferred, [])
        home = f"{reach / n:.1f}"
        why = ngettext("after it, searches of {states} states in {n} sampled world put {home} cards home "
                       "on average, the most of {moves} moves",
                       "after it, searches of {states} states in {n} sampled worlds put {home} cards home "
                       "on average, the most of {moves} moves", n).format(
            states=number(self.progress_states), n=n, home=number(float(home), 1), moves=len(moves))
        if won.get(move):
            why += " " + gettext("(won in {n})").format(n=len(won[move]))
        return (ProgressChoice(move, why, self.progress_states, n, float(home), len(moves)), spent,
                won.get(move, []))

    # -------------------------------------------------------------- deep
    def _deep_choice(self, view: PlayerView, template: Game, legal: list[Move],
                     rng: _random.Random) -> ExpertChoice | None:
        """``strength="deep"``: the next step of a path the guard chose earlier, while nothing new shows
        (reversible moves turn up no card, so nothing is learnt on the way to the commitment); else
        the guard's decision (:meth:`_guard_choice`, the module docstring's "Two strengths")."""
        plan = self._take_plan(view)
        visited = (plan.visited if plan is not None else frozenset()) | {view.key}
        spent = plan.deep_spent if plan is not None else 0
        if plan is not None and plan.path and plan.path[0] in legal:
            move = plan.path[0]
            # the default strength's counters go on unchanged
            self._store(view, move, [], 0, 0, view.hidden_places, 0, 0, visited, plan.spent,
                        plan.progress_spent, path=plan.path[1:], deep_spent=spent)
            why = gettext("it is a step towards {move}, chosen before by moves that can be taken back "
                          "(no card has shown since)").format(move=plan.path[-1])
            return DeepChoice(move, why, searched=False, strength="deep", commitment=plan.path[-1],
                              followed=True)
        return self._guard_choice(view, template, legal, rng, plan, visited, spent)

    def _guard_choice(self, view: PlayerView, template: Game, legal: list[Move], rng: _random.Random,
                      plan: _Plan | None, visited: frozenset, spent: int) -> ExpertChoice | None:
        """The guard: the default strength's decision, unless the paired test
        (:meth:`_guard_test`) finds another commitment clearly better (the module docstring)."""
        # the test's seed is read without advancing ``rng``: the default's decisions draw the same
        # numbers as the default strength's, so a game no test overturns is the default's, move for move
        state = rng.getstate()
        seed = rng.getrandbits(64)
        rng.setstate(state)
        before = self._next_id
        chosen = self._default_choice(view, template, legal, rng, plan)
        if chosen is None:
            return None
        stored = self._plans.get(before) if self._next_id != before else None
        move = chosen.move

        def keep(reason: str, states: int = 0, **figures) -> DeepChoice:
            if stored is not None:
                stored.deep_spent = spent + states
            return DeepChoice(move, reason, chosen.worlds_won, chosen.worlds, chosen.searched,
                              chosen.states + states, chosen.starts, chosen.no_win, strength="deep",
                              commitment=None if reversible(template, move) else move, **figures)
        # tested only where the default's move is a commitment that rests on no won world, or on a
        # minority of the worlds tried: a move most worlds of 20,000 states win is stronger evidence
        # than any test below can give, and a move that can be taken back loses nothing
        backed = chosen.starts > 0 and 2 * chosen.starts >= chosen.worlds
        if (stored is None or backed or reversible(template, move) or move == template.safe_move_home()):
            return keep(chosen.reason)
        mine = _shape(_after(template, move).key)
        paths = [p for p in _commitment_paths(template, visited) if p != (move,)
                 and _shape(player_view(_after_path(template, p)).key) != mine]
        cost = (len(paths) + 1) * self.batch * self.sample_states + 2 * self.test_worlds * self.test_states
        if not paths or spent + cost > self.deep_game_states:
            return keep(chosen.reason)
        test = self._guard_test(view, move, paths, _random.Random(seed))
        self.states += test.states
        if test.path is None:
            return keep(test.kept(chosen.reason), test.states, candidates=len(paths) + 1,
                        worlds_played=test.played, compared=test.compared, any_won=test.any_won,
                        chosen_won=test.mine)
        path = test.path
        del self._plans[before]  # the default's plan expects its own move
        self._store(view, path[0], [], 0, 0, view.hidden_places, 0, 0, visited, stored.spent,
                    stored.progress_spent, path=path[1:], deep_spent=spent + test.states)
        return DeepChoice(path[0], test.overturned(chosen.reason), test.theirs, test.compared, True,
                          chosen.states + test.states, strength="deep", candidates=len(paths) + 1,
                          commitment=path[-1], worlds_played=test.played, compared=test.compared,
                          any_won=test.any_won, chosen_won=test.theirs, overturned=True)

    def _guard_test(self, view: PlayerView, move: Move, paths: list[tuple[Move, ...]],
                    srng: _random.Random) -> _Test:
        """The paired test of the default's commitment ``move`` against the other commitments
        (``paths``): a screen picks one challenger, fresh worlds confirm or reject it.

        Screen: ``batch`` worlds dealt from the view; in each, every candidate (``move`` first) is
        played and a win-only search of ``sample_states`` states runs (:func:`_reach`: its wins, and
        the cards it got home). The challenger is the candidate with most wins, then most cards home
        on average; none when the default's move is as good on both. Confirmation: ``test_worlds``
        fresh worlds; in each, the default's move and the challenger are played and the solver runs
        for ``test_states`` states. The challenger is chosen only when the worlds it won and the
        default's move lost clear the bar (:data:`DEEP_Z`, :data:`DEEP_MIN_GAIN`): the screen chose it,
        so the confirming worlds, dealt after, are the evidence."""
        every = [(move,), *paths]
        used = 0
        wins = [0] * len(every)
        home = [0] * len(every)
        for _ in range(self.batch):
            world = view.sample(srng)
            for i, path in enumerate(every):
                got, states, _ = _reach(_after_path(world, path), self.sample_states)
                used += states
                wins[i] += got == 104
                home[i] += got
        best = max(range(len(every)), key=lambda i: (wins[i], home[i], -i))
        played = len(every) * self.batch
        if best == 0 or (wins[best], home[best]) <= (wins[0], home[0]):
            return _Test(None, used, played, 0, 0, 0, 0, len(every), self)
        b = c = mine = theirs = 0
        for _ in range(self.test_worlds):
            world = view.sample(srng)
            won = []
            for path in ((move,), every[best]):
                g = _after_path(world, path)
                result = solve(g, time_limit=None, max_states=self.test_states, shorten_line=False)
                used += result.states
                won.append(g.is_won or result.won)
            mine += won[0]
            theirs += won[1]
            b += won[1] and not won[0]
            c += won[0] and not won[1]
        played += 2 * self.test_worlds
        clear = b - c >= max(DEEP_MIN_GAIN, DEEP_Z * math.sqrt(b + c))
        return _Test(every[best] if clear else None, used, played, self.test_worlds, mine, theirs,
                     b + mine, len(every), self, every[best][-1], b, c)

    # -------------------------------------------------------------- plans
    def _take_plan(self, view: PlayerView) -> _Plan | None:
        for pid in reversed(self._plans):
            plan = self._plans[pid]
            if _masked(view, plan.mask) == plan.expected:
                del self._plans[pid]
                return plan
        return None

    def _store(self, view: PlayerView, move: Move, keep: list[_World], worlds: int, worlds_won: int,
               made_at: int, age: int, wait: int, visited: frozenset, spent: int,
               progress_spent: int = 0, path: tuple = (), deep_spent: int = 0) -> None:
        mask = _reveal_mask(view, move)
        after = []
        for w in keep:
            g = w.game.copy()
            g.play(move)
            after.append(_World(g, w.line[1:]))
        probe = view.world(view.unseen())
        probe.play(move)
        if probe.is_won:
            return
        expected = _masked(player_view(probe), mask)
        self._plans[self._next_id] = _Plan(expected, mask, after, worlds, worlds_won, made_at, age=age,
                                           wait=wait, spent=spent, visited=visited,
                                           progress_spent=progress_spent, path=path,
                                           deep_spent=deep_spent)
        self._next_id += 1
        while len(self._plans) > self._capacity:
            self._plans.popitem(last=False)


@dataclass
class _Test:
    """The guard's verdict (:meth:`Expert._guard_test`): the challenger's path when it is clearly
    better (None: keep the default's move) and the figures its reason states."""

    path: tuple | None
    states: int
    played: int  # candidate-worlds played, screen and confirmation together
    compared: int  # confirming worlds (0: the screen found no challenger)
    mine: int  # of them, won after the default's move
    theirs: int  # ... after the challenger
    any_won: int  # ... after either
    candidates: int
    expert: Expert
    challenger: Move | None = None
    better: int = 0  # won after the challenger, lost after the default's move
    worse: int = 0  # the other way round

    def kept(self, reason: str) -> str:
        """The default's reason, and why the test did not overturn it."""
        e = self.expert
        if self.challenger is None:
            why = ngettext("no other of the {n} moves reachable here that cannot be taken back did better in "
                           "{worlds} sampled world ({states} solver states a world)",
                           "no other of the {n} moves reachable here that cannot be taken back did better in "
                           "{worlds} sampled worlds ({states} solver states a world)", e.batch).format(
                n=self.candidates, worlds=e.batch, states=number(e.sample_states))
        else:
            why = ngettext("{other} won {better} sampled world this move lost and lost {worse} it won "
                           "({n} worlds, {states} solver states a world): not clearly better",
                           "{other} won {better} sampled worlds this move lost and lost {worse} it won "
                           "({n} worlds, {states} solver states a world): not clearly better",
                           self.better).format(other=self.challenger, better=self.better, worse=self.worse,
                                               n=self.compared, states=number(e.test_states))
        return clauses([reason, why])

    def overturned(self, reason: str) -> str:
        """Why the challenger's path is taken instead of the default's move (``reason``: its reason)."""
        e = self.expert
        why = ngettext("{other} is clearly better than the default search's move: it won {better} sampled "
                       "world that move lost and lost {worse} it won ({n} worlds, {states} solver states "
                       "a world; the default search: {reason})",
                       "{other} is clearly better than the default search's move: it won {better} sampled "
                       "worlds that move lost and lost {worse} it won ({n} worlds, {states} solver states "
                       "a world; the default search: {reason})", self.better).format(
            other=self.challenger, better=self.better, worse=self.worse, n=self.compared,
            states=number(e.test_states), reason=reason)
        if self.path is not None and len(self.path) > 1:
            why += "; " + gettext("this move, which can be taken back, is the way to it")
        return why


def _after_path(world: Game, path: tuple[Move, ...]) -> Game:
    """A copy of ``world`` with ``path`` played."""
    g = world.copy()
    for m in path:
        g.play(m)
    return g


def _commitment_paths(start: Game, visited: frozenset, limit: int = DEEP_NODES) -> list[tuple[Move, ...]]:
    """The deep expert's candidates: every commitment (a move that cannot be taken back,
    :func:`ft_widget.game.reversible`) reachable from ``start`` through reversible
    moves, each as the path of moves that reaches and plays it, shortest first (breadth first over
    at most ``limit`` positions). Positions that differ only in the order of their columns count
    once; none passes through a view this game has been in. ``start`` is a template world: the
    reversible moves turn up no card, so the paths depend on the view only."""

    seen = {_shape(player_view(start).key)}
    found: dict[tuple, tuple[Move, ...]] = {}
    frontier = [(start, ())]
    nodes = 0
    while frontier and nodes < limit:
        game, path = frontier.pop(0)
        nodes += 1
        for m in game.legal_moves():
            after = game.copy()
            after.play(m)
            key = player_view(after).key
            if key in visited:
                continue
            shape = _shape(key)
            if reversible(game, m):
                if shape not in seen:
                    seen.add(shape)
                    frontier.append((after, (*path, m)))
            elif shape not in found and len(found) < DEEP_CANDIDATES:
                found[shape] = (*path, m)
    return list(found.values())


def _solve_world(world: Game, how: str, time_limit: float | None,
                 max_states: int) -> tuple[list[Move] | None, int]:
    """A winning line for the sampled ``world`` (replayed through the engine) or ``None``, and the
    states spent (``time_limit``: seconds, None for no clock). ``how``: "portfolio" is
    :func:`solve` under a budget; "win_only" gives the whole budget to the relay's first two
    win-only searches (a loss is never proved in a budget this small, so the sound search's share
    is spent for nothing)."""
    if how == "portfolio":
        result = solve(world, time_limit=time_limit, max_states=max_states, shorten_line=False)
        return (list(result.moves) if result.won else None), result.states
    v = world.variant
    members = [(relay_search(v, *RELAY[0]), 1), (relay_search(v, *RELAY[1]), 1)]
    collecting = gc.isenabled()
    gc.disable()
    try:
        status, line, states = search(members, Model.from_game(world), time_limit, max_states)
    finally:
        if collecting:
            gc.enable()
    if status != WON:
        return None, states
    moves = [Move(*m) for m in line]
    if not _still_wins(world, moves):
        raise AssertionError(f"a search's line does not win a sampled world of {v.id}")
    return moves, states


def _table_choice(view: PlayerView, template: Game, visited: frozenset, expansions: int,
                  weights: tuple | None) -> Choice | None:
    """The first move of the best table-only line: a best-first search over moves that neither
    deal nor turn up a card (it reads only the view: the template's hidden cards are never dealt or
    turned up), for the position the search's score likes most. ``None`` when nothing beats the
    position as it is."""
    model = Model(view.variant, run_moves=True, **({"weights": weights} if weights else {}))
    score = evaluator(model)

    def value(st: tuple) -> int:
        # scored on the face-up cards only: the template's face-down cards are no real cards (a
        # card just turned up is scored as a lone card, whatever it is: 0)
        tab, down, *rest = st
        return score((tuple(col[d:] for col, d in zip(tab, down, strict=True)), down, *rest))
    start = Model.from_game(template)
    base = value(start)
    heap = [(-base, 0, start, None)]
    seen = {model.key(start)}
    best, best_first, n = base, None, 0
    while heap and n < expansions:
        _, _, st, first = heapq.heappop(heap)
        n += 1
        for mv in model.moves(st):
            src, dst, k = mv
            if src == STOCK or dst == STOCK:
                continue
            child = model.apply(st, mv)
            key = model.key(child)
            if key in seen:
                continue
            seen.add(key)
            f = first
            if f is None:
                step = Move(*model.expand(st, mv)[0])
                if _revisits(template, step, visited):
                    continue
                f = step
            v = value(child)
            if v > best:
                best, best_first = v, f
            if sum(child[1]) == sum(st[1]):  # no card turned up: go on from there
                heapq.heappush(heap, (-v, -len(seen), child, f))
    if best_first is None:
        return None
    return Choice(best_first, gettext("it starts the best line of table moves found (score {score})").format(
        score=f"{best - base:+d}"))


def _reach(game: Game, max_states: int, core: str = "auto") -> tuple[int, int, list[Move]]:
    """The most cards home in any state a win-only search (H1+H2 with run moves, as in
    :func:`~ft_widget.solver.search.portfolio`) met from ``game`` within ``max_states`` states (104
    when it won), the states it met, and the winning line (else ``[]``). The compiled core asks the
    model which cards fit home once per foundation layout it meets (the pure path asks it at every
    expansion), so the model sees every layout reached, and both paths give the same answer
    (``tests/test_expert.py``)."""
    class Reach(Model):
        best = 0

        def home_sets(self, found):
            self.best = max(self.best, sum(found))
            return super().home_sets(found)

    if game.is_won:
        return 104, 0, []
    model = Reach(game.variant, run_moves=True, keep_built=True, home_first=True)
    start = Model.from_game(game)
    collecting = gc.isenabled()
    gc.disable()  # as in solve: the search makes no reference cycles
    try:
        status, line, states = search([(model, 1)], start, None, max_states, core)
    finally:
        if collecting:
            gc.enable()
    if status == WON:
        return 104, states, [Move(*m) for m in line]
    return max(model.best, sum(start[2])), states, []


def _plan_worlds(plan: _Plan | None, view: PlayerView) -> tuple[list[_World], list[Game]]:
    """The plan's worlds that still win once made consistent with ``view`` (repaired), and the
    repaired worlds whose line no longer wins (solved again first by the next search)."""
    worlds: list[_World] = []
    broken: list[Game] = []
    for w in plan.worlds if plan is not None else ():
        if player_view(w.game) == view:  # nothing new was revealed: the line still wins
            worlds.append(w)
            continue
        repaired = _repair(w.game, view)
        if _still_wins(repaired, w.line):
            worlds.append(_World(repaired, w.line))
        else:
            broken.append(repaired)
    return worlds, broken


def _vote(worlds: list[_World], legal: list[Move]) -> tuple[Move, list[_World]]:
    """The move that starts the most won worlds' lines (ties: the first in ``legal`` order), and
    those worlds."""
    votes = Counter(w.line[0] for w in worlds)
    best = max(votes.values())
    move = min((m for m in votes if votes[m] == best), key=lambda m: legal.index(m))
    return move, [w for w in worlds if w.line[0] == move]


def _won_reason(starts: int, tried: int, won: int, searched: bool) -> str:
    """Why the expert plays a move that ``starts`` of its won worlds begin with."""
    if not searched:
        return ngettext("it follows its plan: a win in {n} sampled world that still fits every card seen",
                        "it follows its plan: a win in {n} sampled worlds that still fit every card seen",
                        starts).format(n=starts)
    text = ngettext("it starts a win in {starts} of {n} sampled world", "it starts a win in {starts} of {n} "
                    "sampled worlds", tried).format(starts=starts, n=tried)
    if won > starts:
        text += " " + gettext("({won} won, some by other moves)").format(won=won)
    return text


def _no_win_reason(why: str, tried: int, searched: bool) -> str:
    """Why the expert plays the no-win choice's move (``why``) when no sampled world was won."""
    if searched:
        return ngettext("no sampled world was won ({n} tried): {why}",
                        "no sampled world was won ({n} tried): {why}", tried).format(n=tried, why=why)
    return gettext("no sampled world was won, it waits for more cards to show: {why}").format(why=why)


def _repair(world: Game, view: PlayerView) -> Game:
    """``world`` made consistent with ``view``: the cards the real game turned up replace the ones
    the world had there; each of those goes to the hidden place where the world kept the real card."""
    hidden = hidden_cards(world)
    if player_view(world) == view:
        return world
    want = Counter(view.unseen())
    have = Counter(hidden)
    extra = sorted((have - want).elements())  # hidden in the world, but the player has seen them
    missing = sorted((want - have).elements())  # unseen by the player, but shown in the world
    for x, y in zip(extra, missing, strict=True):
        hidden[hidden.index(x)] = y
    return view.world(hidden)


def _without_cycles(world: Game, line: list[Move]) -> list[Move]:
    """``line`` with every stretch that returns to a position it passed through cut out.

    A solver line never meets a state twice, but a run shortcut of a one-card game, expanded into
    single-card moves through empty columns, can pass through a position the line met before. The
    cut line reaches the same positions in the same order, so it still wins, and a player following
    it never goes round in a circle (``play_policy`` would stop the game there).
    """
    g = world.copy()
    keys = [g.position_key()]
    index = {keys[0]: 0}  # key -> its place in keys
    out: list[Move] = []
    for m in line:
        g.play(m)
        k = g.position_key()
        j = index.get(k)
        if j is not None:
            for cut in keys[j + 1:]:
                del index[cut]
            del out[j:]
            del keys[j + 1:]
        else:
            out.append(m)
            index[k] = len(keys)
            keys.append(k)
    return out


def _still_wins(world: Game, line: list[Move]) -> bool:
    """Does ``line`` still win in the repaired ``world`` (replayed through the engine)?"""
    g = world.copy()
    try:
        for m in line:
            g.play(m)
    except IllegalMove:
        return False
    return g.is_won


def _fallback(heuristic, world: Game, rng: _random.Random, visited: frozenset) -> Choice | None:
    """The heuristic's move (the cautious policy's), chosen in a world (it reads only visible
    cards); when that would lead back to a view this game has already been in, a deal (or redeal)
    if there is one, else ``None`` (give up)."""
    choice = heuristic(world, rng) if heuristic is not None else None
    if choice is not None and not _revisits(world, choice.move, visited):
        return choice
    for m in world.legal_moves():
        if (m.is_deal or m.is_redeal) and not _revisits(world, m, visited):
            return Choice(m, gettext("going round in circles on the table: new cards from the stock instead"))
    return None


def _after(world: Game, move: Move) -> PlayerView:
    g = world.copy()
    g.play(move)
    return player_view(g)


def _shape(key: tuple) -> tuple:
    """A view's key (:attr:`PlayerView.key`) with its columns sorted: views that differ only by
    the order of their columns have the same shape (no rule names a column)."""
    variant, tableau, face_down, *rest = key
    return (variant, tuple(sorted(zip(tableau, face_down, strict=True))), *rest)


def _revisits(world: Game, move: Move, visited: frozenset) -> bool:
    g = world.copy()
    g.play(move)
    return player_view(g).key in visited


# ---------------------------------------------------------------------------------- estimates
@dataclass(frozen=True)
class Estimate:
    """What the expert estimates of one move: in ``worlds_won`` of ``worlds`` sampled worlds (the
    same worlds for every move compared) the solver found a win after it, within ``max_states``
    states each, and in ``worlds_lost`` it proved none; the rest it could not settle
    (:attr:`worlds_unsettled`), so they say nothing either way."""

    move: Move
    worlds_won: int
    worlds: int
    max_states: int
    strength: str = "default"  # estimates sample as the default strength does (:data:`STRENGTHS`)
    worlds_lost: int = 0

    @property
    def worlds_unsettled(self) -> int:
        """Worlds the solver neither won nor proved lost within ``max_states`` states."""
        return self.worlds - self.worlds_won - self.worlds_lost

    def __str__(self) -> str:
        text = f"{self.move}: a win in {self.worlds_won} of {self.worlds} sampled worlds"
        return text + (f", {self.worlds_unsettled} not settled" if self.worlds_unsettled else "")


def moves_to_judge(game: Game, moves=None) -> list[Move]:
    """``moves`` (notation or Moves; default: every legal move) as Moves, each legal in ``game``,
    else ``IllegalMove`` naming the first that is not."""
    legal = game.legal_moves()
    chosen = legal if moves is None else [Move.parse(m) if isinstance(m, str) else m for m in moves]
    for m in chosen:
        if m not in legal:
            raise IllegalMove(f"{m} is not a legal move here")
    return chosen


def estimate(game: Game, moves=None, worlds: int = 8, max_states: int = 20_000,
             rng: _random.Random | int | None = 0) -> list[Estimate]:
    """The expert's judgement of ``moves`` (default: every legal move) from what the player sees.

    ``worlds`` worlds (at most :data:`MAX_WORLDS`) are dealt from the unseen cards
    (:meth:`PlayerView.sample`, by ``rng``: a ``random.Random`` or its seed), one at a time; each
    move is played in each world and the world solved with ``max_states`` states.
    The same worlds serve every move, so the counts compare like with like. Fair: it reads only
    :func:`player_view`, so swapping unseen cards among the hidden places changes nothing.
    An estimate, not a proof: a world not won within the budget may still be winnable.

    >>> from ft_widget import Game
    >>> deal_now = estimate(Game("lucas", deal=3), ["s>w"], worlds=2, max_states=5_000)[0]
    >>> str(deal_now.move), deal_now.worlds, 0 <= deal_now.worlds_won <= 2
    ('s>w', 2, True)
    """
    worlds = check_count("estimate", "worlds", worlds, 1, MAX_WORLDS)
    max_states = check_count("estimate", "max_states", max_states, 1)
    view = player_view(game)
    moves = moves_to_judge(view.world(view.unseen()), moves)
    if not isinstance(rng, _random.Random):
        rng = _random.Random(rng)
    won = dict.fromkeys(moves, 0)
    lost = dict.fromkeys(moves, 0)
    for _ in range(worlds):  # a world at a time, every move in it: memory does not grow with worlds
        world = view.sample(rng)
        for m in won:
            after = world.copy()
            after.play(m)
            if after.is_won:
                won[m] += 1
                continue
            status = solve(after, time_limit=None, max_states=max_states,
                           shorten_line=False).status  # only the status is read: no need to shorten
            won[m] += status == WON
            lost[m] += status == LOST
    return [Estimate(m, won[m], worlds, max_states, worlds_lost=lost[m]) for m in moves]
