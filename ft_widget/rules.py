"""The rules of the Forty Thieves family, in one place.

Everything that knows a rule asks this module: the engine (:mod:`ft_widget.game`), the
solver's model, the policies, the pictures and, through the data the board publishes, the
browser. The games themselves are parameters (:mod:`ft_widget.variants`); the rules here
read those parameters and have no per-game branches. ``docs/rules.md`` is the contract in
words; this module is the same contract in code.

Cards are ints ``0 … 51`` (:mod:`ft_widget.cards`); the two copies of a card share one int.

Building (:class:`Build`): a card goes on a tableau card exactly one rank higher whose suit the
variant's building rule allows. A new building rule is one new :class:`Build` value::

    >>> from ft_widget.rules import Build, can_build
    >>> from ft_widget.cards import parse_card as c
    >>> colour = Build.ALTERNATE_COLOUR
    >>> can_build(c("8H"), c("9S"), colour), can_build(c("8H"), c("9D"), colour)
    (True, False)

Foundations are described by their *heights*: an 8-tuple that holds, for each suit ``s``, the
heights of its two piles, higher first (``heights[2s] >= heights[2s + 1]``). The two piles of a
suit are interchangeable, so nothing else about them matters to the rules.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .cards import KING, SUITS, Card, is_red, rank_of, suit_of
from .i18n import N_, gettext
from .limits import shown

# ---------------------------------------------------------------------- building rules


def same_suit(card: Card, onto: Card) -> bool:
    """The suit test of "build down in suit": ``card`` and ``onto`` share a suit."""
    return card // 13 == onto // 13


def other_suit(card: Card, onto: Card) -> bool:
    """The suit test of "build down in any suit but its own"."""
    return card // 13 != onto // 13


def alternate_colour(card: Card, onto: Card) -> bool:
    """The suit test of "build down in alternate colours": one red, one black."""
    return is_red(card) != is_red(onto)


#: Every building rule by its id (a new :class:`Build` adds itself).
BUILDS: dict[str, Build] = {}


@dataclass(frozen=True)
class Build:
    """A building rule: which suits may go on which, one rank down, in the tableau.

    ``id`` is stable (it is what files and the browser see), ``text`` is the rules table's
    wording, ``words`` ends a refusal ("in Maria you build down in alternate colours"), and
    ``suits_fit(card, onto)`` is the suit test (ranks are checked by :func:`can_build`).
    Making one registers it in :data:`BUILDS`, so ``Variant(build="my_rule")`` finds it.
    """

    id: str
    text: str
    words: str
    suits_fit: Callable[[Card, Card], bool]

    # The three of the family, set after the class (see below).
    SAME_SUIT = None  # type: Build
    OTHER_SUIT = None  # type: Build
    ALTERNATE_COLOUR = None  # type: Build

    def __post_init__(self) -> None:
        if not (isinstance(self.id, str) and self.id.isidentifier()):
            raise ValueError(f"a building rule's id is a name like 'same_suit', not {shown(self.id)}")
        old = BUILDS.get(self.id)
        if old is not None and old != self:
            raise ValueError(f"there is already a building rule {self.id!r}")
        BUILDS.setdefault(self.id, self)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Build.{self.id.upper()}" if getattr(Build, self.id.upper(), None) is self else \
            f"Build({self.id!r})"

    def __reduce__(self):
        # by id, so a Variant sent to a worker process comes back as the same rule
        return (get_build, (self.id,))


# The short names are marked for the catalogues: a rules table says them in its language.
Build.SAME_SUIT = Build("same_suit", N_("same suit"), "you build down in the same suit", same_suit)
Build.OTHER_SUIT = Build("other_suit", N_("any suit but its own"),
                         "you build down in any suit but the card's own", other_suit)
Build.ALTERNATE_COLOUR = Build("alternate_colour", N_("alternate colour"),
                               "you build down in alternate colours", alternate_colour)


#: Each building rule's refusal clause, whole, so a catalogue can order it as its language needs.
_RULE_WORDS = {
    "same_suit": N_("in {variant} you build down in the same suit"),
    "other_suit": N_("in {variant} you build down in any suit but the card's own"),
    "alternate_colour": N_("in {variant} you build down in alternate colours"),
}


def rule_words(build: Build, variant: str) -> str:
    """How ``variant`` (its name) builds, in the current language: "in Maria you build down in
    alternate colours". A rule made outside the family has no translation: its own ``words``."""
    said = _RULE_WORDS.get(build.id)
    return gettext(said).format(variant=variant) if said else f"in {variant} {build.words}"


def get_build(build: Build | str) -> Build:
    """A :class:`Build` from itself, its id (``"same_suit"``) or its table text (``"same suit"``)."""
    if isinstance(build, Build):
        return build
    if isinstance(build, str):
        if build in BUILDS:
            return BUILDS[build]
        for b in BUILDS.values():
            if b.text == build:
                return b
    raise ValueError(f"unknown building rule {shown(build, 40)}: choose one of {', '.join(BUILDS)}")


def can_build(card: Card, onto: Card, build: Build) -> bool:
    """May ``card`` be placed on the tableau card ``onto``? (One rank lower, suits as ``build`` says.)"""
    return rank_of(onto) == rank_of(card) + 1 and build.suits_fit(card, onto)


@functools.cache
def onto_table(build: Build) -> tuple[tuple[Card, ...], ...]:
    """For each card, the tableau cards it may be placed on (the engine's lookup table)."""
    return tuple(tuple(onto for onto in range(52) if can_build(card, onto, build)) for card in range(52))


@functools.cache
def builders_table(build: Build) -> tuple[tuple[Card, ...], ...]:
    """For each card, the cards that may be placed on it in the tableau."""
    return tuple(tuple(card for card in range(52) if can_build(card, onto, build)) for onto in range(52))


def run_length(column: Sequence[Card], down: int, build: Build, sequences: bool) -> int:
    """How many cards at the top of ``column`` may move as one: 0 if it is empty, 1 in the
    one-card games, else the built run above its ``down`` face-down cards."""
    n = len(column)
    if not n:
        return 0
    if not sequences:
        return 1
    ontos, k = onto_table(build), 1
    while n - k - 1 >= down and column[n - k - 1] in ontos[column[n - k]]:
        k += 1
    return k


# ---------------------------------------------------------------------- run shortcuts
def run_capacity(empty_columns: int, to_empty: bool) -> int:
    """In a one-card game, the longest built run that can still travel as single-card moves
    through ``empty_columns`` empty columns (counting the destination when ``to_empty``).

    With ``e`` free columns (the destination not among them) a run of ``2**e`` cards moves:
    half of it to one free column (through the others), the other half to the destination,
    then the first half on top of it (:func:`run_steps`).
    """
    free = empty_columns - (1 if to_empty else 0)
    return 1 << free if free >= 0 else 0


def run_steps(src: int, dst: int, k: int, free: Sequence[int]) -> list[tuple[int, int, int]]:
    """The single-card moves ``(src, dst, 1)`` that carry the top ``k`` cards of column ``src``
    onto ``dst`` through the empty columns ``free`` (``k <= 2 ** len(free)``): half the run to one
    empty column, the rest across with the others, then the half back on top. Every temporary
    column ends empty again."""
    if k == 1:
        return [(src, dst, 1)]
    if not free or k > 1 << len(free):
        raise ValueError(f"{k} cards cannot travel through {len(free)} empty columns")
    via, rest = free[0], list(free[1:])
    half = k // 2
    return run_steps(src, via, half, rest) + run_steps(src, dst, k - half, rest) + \
        run_steps(via, dst, half, rest)


# ---------------------------------------------------------------------- foundations
def foundation_heights(foundations: Iterable[Sequence[Card]]) -> tuple[int, ...]:
    """The 8-tuple of pile heights, per suit the higher first, from the eight piles' cards."""
    per_suit: list[list[int]] = [[] for _ in SUITS]
    for pile in foundations:
        if pile:
            per_suit[suit_of(pile[0])].append(len(pile))
    out = [0] * 8
    for s, heights in enumerate(per_suit):
        heights.sort(reverse=True)
        for k, h in enumerate(heights[:2]):
            out[2 * s + k] = h
    return tuple(out)


def fits_home(heights: Sequence[int], card: Card) -> bool:
    """Does ``card`` fit on a foundation pile? (A pile of its suit one rank lower, or any free
    pile for an Ace: eight piles for eight Aces, so an Ace always fits.)"""
    r = card % 13  # rank - 1: the height the pile must have
    s2 = 2 * (card // 13)
    return heights[s2] == r or heights[s2 + 1] == r


def foundation_for(foundations: Sequence[Sequence[Card]], card: Card) -> int | None:
    """Which of the eight piles takes ``card``: the first that accepts it (the piles are
    interchangeable, so the choice changes nothing), or ``None`` if none does."""
    for k, pile in enumerate(foundations):
        if pile:
            if pile[-1] + 1 == card and rank_of(pile[-1]) < KING:
                return k
        elif rank_of(card) == 1:
            return k
    return None


def safe_home(heights: Sequence[int], card: Card, build: Build) -> bool:
    """The two-deck safe-home rule (R4): ``card`` fits home and sending it there now can never
    turn a won game into a lost one. It holds when both

    (a) every card that could ever be built on ``card`` in the tableau (both copies of each card
        one rank lower whose suit ``build`` allows on it) is already home; and
    (b) the other copy of ``card`` could still follow it home whenever it could have gone first:
        ``card`` is an Ace (Aces always fit), or both copies of the card one rank lower in its
        suit are home, or the other copy of ``card`` is home already.

    Argument: let ``S`` be the position and ``S'`` the one after ``card`` goes home, and take any
    winning line from ``S``. By (a) no card is ever placed on this copy, so wherever the line moves
    it, it stays a top card (in the waste deals may cover it; nothing else changes). Play the same
    line from ``S'`` without the moves of this copy (a sequence move that carries it moves one card
    fewer). The two games differ only in that ``S'`` has it home instead of at a top, so every
    move of the line is still legal in ``S'``: none builds on it; a column it alone filled is empty,
    which allows more; the card under it is uncovered earlier; the foundations hold one card more,
    so every higher card fits at least as well. The one foundation move that could fit in ``S`` and
    not in ``S'`` is the *other* copy going home while this one has not: (b) rules that out. When
    the line wins from ``S``, all 104 cards are home in ``S'`` as well.

    The single-deck rule ("both cards of the other colour one rank lower are home") is *not*
    enough with two decks: without (b) the other copy can be stranded on a column until the second
    lower card of its suit comes home. From the waste, the rule holds only when the stock deals one
    card at a time (:func:`safe_from_waste`): with three a time, taking a waste card changes how
    later deals group the stock.
    """
    r = card % 13  # rank - 1: the card needs a pile of height r
    s2 = 2 * (card // 13)
    h1, h2 = heights[s2], heights[s2 + 1]
    if h1 != r and h2 != r:
        return False
    if r == 0:
        return True
    # (b): both copies of the rank below are home (both piles at least r high). Given that the
    # card fits, this also covers "the other copy is home" (heights r + 1 and r).
    if h2 < r:
        return False
    # (a): both copies of every card that could be built on it are home.
    return all(heights[2 * (b // 13) + 1] > b % 13 for b in builders_table(build)[card])


def safe_from_waste(stock_deal: int) -> bool:
    """May :func:`safe_home` send the waste's top card home? Only when the stock deals one card
    at a time (see :func:`safe_home`)."""
    return stock_deal == 1


__all__ = [
    "BUILDS", "Build", "alternate_colour", "builders_table", "can_build", "fits_home", "rule_words",
    "foundation_for", "foundation_heights", "get_build", "onto_table", "other_suit", "run_capacity",
    "run_length", "run_steps", "safe_from_waste", "safe_home", "same_suit",
]
